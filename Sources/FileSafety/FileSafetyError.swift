/// Why a file could not be read or an output could not be written safely. The message says what
/// was wrong in words a user can act on; `path` is the file as the user named it.
public struct FileSafetyError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The output exists and replacing it was not asked for (`overwrite: true`).
        case exists
        /// The path names something that is not a regular file (a device, a FIFO, a folder…).
        case notRegularFile
        /// The folder the output goes in is missing, not a folder, or not writable.
        case folder
        /// The input is larger than the limit for its kind (Specs/limits.md).
        case tooLarge
        /// The input does not exist.
        case missing
        /// A system call failed (read, write, disk full, rename…).
        case io
    }

    public var kind: Kind
    public var path: String
    public var message: String

    public init(_ kind: Kind, _ message: String, path: String) {
        self.kind = kind
        self.message = message
        self.path = path
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// How an ``Kind/exists`` message ends: the parameter that would replace the file. A
    /// command line says its own flag instead (the `captions` CLI: `--force`).
    public static let replaceHint = "pass overwrite: true to replace it"

    /// How the message about an output that is not a regular file ends.
    public static let neverReplacedHint = "it is never replaced, even with overwrite: true"
}
