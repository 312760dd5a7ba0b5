import CaptionCore
import FoundationEssentials

/// Reading and writing caption files on disk through the registry.
public enum CaptionFile {
    /// Reads `path` with the format picked by `format` name, extension or probe.
    public static func read(
        _ path: String, format name: String? = nil, options: CaptionFormatOptions = .init(),
        registry: CaptionFormatRegistry = .standard
    ) throws -> (CaptionReadResult, CaptionFormat) {
        // A movie is read piece by piece from its file, never whole (CaptionFile+Movies.swift).
        if let movie = try readMovie(path, format: name, options: options) { return movie }
        let bytes = try FileIO.readAll(path)
        let format = try registry.inputFormat(path: path, bytes: bytes, name: name)
        guard let reader = format.reader else {
            throw CaptionFormatError(.unknownFormat, "the \(format.name) format cannot be read", at: .init(file: path))
        }
        var opts = options
        if opts.fileName == nil { opts.fileName = path }
        return (try reader(bytes, opts), format)
    }

    /// Writes `document` to `path` atomically (temporary file, then rename). An existing file is
    /// replaced only when `overwrite` is true.
    @discardableResult
    public static func write(
        _ document: CaptionDocument, to path: String, format name: String? = nil,
        options: CaptionFormatOptions = .init(), overwrite: Bool = false,
        registry: CaptionFormatRegistry = .standard
    ) throws -> (CaptionWriteResult, CaptionFormat) {
        let format = try registry.outputFormat(path: path, name: name)
        guard let writer = format.writer else {
            throw CaptionFormatError(
                .unknownFormat, "the \(format.name) format cannot be written", at: .init(file: path))
        }
        var opts = options
        if opts.fileName == nil { opts.fileName = path }
        let result = try writer(document, opts)
        try FileIO.writeAtomically(result.bytes, to: path, overwrite: overwrite)
        return (result, format)
    }
}
