import CaptionCore
import FileSafety

/// Caption files on disk, through FileSafety: inputs are regular files (or `-` for standard
/// input) read up to a size limit; outputs are written to a hidden temporary file and renamed
/// into place, never replacing an existing file unless asked, nor anything that is not a
/// regular file.
public enum FileIO {
    /// The largest caption file read by default (Specs/limits.md).
    public static let defaultReadLimit = 256 << 20

    /// The whole file's bytes.
    public static func readAll(_ path: String, limit: Int = defaultReadLimit) throws(CaptionFormatError) -> [UInt8] {
        do {
            return try InputFile.read(path, limit: limit, what: "input caption file")
        } catch {
            throw CaptionFormatError(.io, error.message, at: DiagnosticLocation(file: path))
        }
    }

    /// Checks that `path` is a readable regular file, for inputs that a library opens by name
    /// (font files for FreeType, movies for libavformat): a FIFO would block it, a device never end.
    public static func checkInput(_ path: String) throws(CaptionFormatError) {
        do {
            try InputFile.checkReadable(path)
        } catch {
            throw CaptionFormatError(.io, error.message, at: DiagnosticLocation(file: path))
        }
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool { InputFile.size(of: path) != nil || OutputFile.exists(path) }

    /// Writes `bytes` through an `OutputFile` (FileSafety): a temporary file beside `path`, flushed, then
    /// moved into place. A failure or an interruption never leaves a half-written `path`.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(CaptionFormatError) {
        do {
            let output = try OutputFile(path, overwrite: overwrite)
            try output.write(bytes)
            try output.commit()
        } catch {
            throw CaptionFormatError(.io, error.message, at: DiagnosticLocation(file: path))
        }
    }
}
