import CaptionCore

/// Why timed metadata cannot be read or written: the work stops. Located where possible (file and
/// line for GPX, byte offset and key path for GPMF, box path for movies).
public struct MetadataError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
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

    public var kind: Kind
    public var message: String
    public var location: DiagnosticLocation

    public init(_ kind: Kind, _ message: String, location: DiagnosticLocation = .init()) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    public var description: String {
        let at = location.description
        return at.isEmpty ? message : at + ": " + message
    }
}
