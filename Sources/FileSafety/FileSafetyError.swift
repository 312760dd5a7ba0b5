/// Why a file could not be read or an output could not be written safely. The message says what
/// was wrong in words a user can act on; `path` is the file as the user named it.
public typealias FileSafetyError = LocatedError<FileSafetyErrorKind, String>

/// The kinds of ``FileSafetyError``.
public enum FileSafetyErrorKind: String, Sendable, Hashable {
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

extension FileSafetyError {
    public init(_ kind: Kind, _ message: String, path: String) {
        self.init(kind, message, location: path)
    }

    /// The file as the user named it (empty when the error is about no one file).
    public var path: String {
        get { location }
        set { location = newValue }
    }

    /// How an ``FileSafetyErrorKind/exists`` message ends: the parameter that would replace the
    /// file. A command line says its own flag instead (the `captions` CLI: `--force`).
    public static var replaceHint: String { "pass overwrite: true to replace it" }

    /// How the message about an output that is not a regular file ends.
    public static var neverReplacedHint: String { "it is never replaced, even with overwrite: true" }
}
