import CaptionCore
import ISOBMFF

/// Why captions cannot be read from or written into a movie. The message says what and where
/// (file, track, sample or box path); the CLI shows it and exits with status 2.
public struct CaptionTracksError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The movie or the captions cannot be read.
        case unreadable
        /// Nothing to read: no caption source, or not the one asked for.
        case missing
        /// The captions cannot be written into this movie (no video, frame rate, times).
        case cannotWrite
        /// An option's value is wrong.
        case invalidArgument
    }

    public var kind: Kind
    public var message: String
    /// The file the message is about, when there is one.
    public var file: String?

    public init(_ kind: Kind, _ message: String, file: String? = nil) {
        self.kind = kind
        self.message = message
        self.file = file
    }

    /// A box reader's or writer's error, located in `file`.
    public init(_ error: ISOBMFFError, file: String?) {
        self.init(.unreadable, error.description, file: file)
    }

    public var description: String { file.map { "\($0): \(message)" } ?? message }

    /// The same failure as the caption formats report it (for `CaptionFile.read`).
    public var formatError: CaptionFormatError {
        CaptionFormatError(
            kind == .cannotWrite ? .cannotWrite : .unreadable, message, at: DiagnosticLocation(file: file))
    }
}
