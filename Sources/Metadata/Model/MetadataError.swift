import CaptionCore
import FileSafety

/// Why timed metadata cannot be read or written: the work stops. Located where possible (file and
/// line for GPX, byte offset and key path for GPMF, box path for movies).
public typealias MetadataError = LocatedError<MetadataErrorKind, DiagnosticLocation>

/// The kinds of ``MetadataError``.
public enum MetadataErrorKind: String, Sendable, Hashable {
    /// The input is not well-formed (XML, GPMF, boxes).
    case malformed
    /// The input holds nothing usable (no points, no times, no GPS).
    case noData
    /// A bound of Specs/limits.md was passed.
    case limit
    /// Something needed is missing (a video track, a creation time).
    case missing
    /// The arguments cannot work together.
    case invalidArgument
    /// Reading or writing a file failed.
    case io
}

extension MetadataError {
    /// An error about no particular place.
    public init(_ kind: Kind, _ message: String) {
        self.init(kind, message, location: DiagnosticLocation())
    }
}
