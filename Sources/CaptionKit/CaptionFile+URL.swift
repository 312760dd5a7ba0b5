import CaptionCore
import FoundationEssentials

extension CaptionFile {
    /// Reads the file at the file URL `url`, as ``read(_:format:options:registry:)`` reads a path.
    public static func read(
        _ url: URL, format name: String? = nil, options: CaptionFormatOptions = .init(),
        registry: CaptionFormatRegistry = .standard
    ) throws -> (CaptionReadResult, CaptionFormat) {
        try read(try path(url), format: name, options: options, registry: registry)
    }

    /// Writes `document` to the file URL `url`, as ``write(_:to:format:options:overwrite:registry:)``
    /// writes a path.
    @discardableResult
    public static func write(
        _ document: CaptionDocument, to url: URL, format name: String? = nil,
        options: CaptionFormatOptions = .init(), overwrite: Bool = false,
        registry: CaptionFormatRegistry = .standard
    ) throws -> (CaptionWriteResult, CaptionFormat) {
        try write(
            document, to: try path(url), format: name, options: options, overwrite: overwrite, registry: registry)
    }

    /// The path of a file URL; a URL of another scheme is an error that says so.
    static func path(_ url: URL) throws(CaptionFormatError) -> String {
        guard url.isFileURL else {
            throw CaptionFormatError(
                .io, "only file URLs are read and written (a local file), not \(url.scheme ?? "this") URLs",
                at: .init(file: url.absoluteString))
        }
        return url.path
    }
}
