import FileSafety

/// Why a movie file cannot be read or rewritten. Every case names where: the box path (such as
/// `moov/trak[2]/mdia/minf/stbl/stsz`) and, for reading, the byte offset in the file.
public typealias ISOBMFFError = LocatedError<ISOBMFFErrorKind, BoxLocation>

/// The kinds of ``ISOBMFFError``.
public enum ISOBMFFErrorKind: String, Sendable, Hashable {
    /// The file or a box ends before the data it announces.
    case truncated
    /// A size, count or field is impossible (larger than its parent, overflowing, zero).
    case malformed
    /// Something the operation needs is absent (no `moov`, no video track…).
    case missing
    /// A bound of Specs/limits.md was passed (box depth, sample count, `moov` size).
    case limit
    /// Reading or writing the file failed.
    case io
    /// The file is valid but uses something this module does not handle.
    case unsupported
}

/// Where in a movie an ``ISOBMFFError`` is: `file moov/trak[2] at byte 1234`, each part when known.
public struct BoxLocation: Sendable, Hashable, CustomStringConvertible {
    /// The box path, empty for the file as a whole.
    public var path: String
    /// The byte offset in the file, when known.
    public var offset: Int?
    /// The file the offset is in, when the movie is read from several (an initialization
    /// segment and media segments: ``SegmentedByteSource``); nil for one file.
    public var file: String?

    public init(path: String = "", offset: Int? = nil, file: String? = nil) {
        (self.path, self.offset, self.file) = (path, offset, file)
    }

    public var description: String {
        var s = file ?? ""
        if !path.isEmpty { s += (s.isEmpty ? "" : " ") + path }
        if let offset { s += (s.isEmpty ? "" : " ") + "at byte \(offset)" }
        return s
    }
}

extension ISOBMFFError {
    public init(_ kind: Kind, _ message: String, path: String = "", offset: Int? = nil, file: String? = nil) {
        self.init(kind, message, location: BoxLocation(path: path, offset: offset, file: file))
    }

    /// The box path, empty for the file as a whole.
    public var path: String {
        get { location.path }
        set { location.path = newValue }
    }
    /// The byte offset in the file, when known.
    public var offset: Int? {
        get { location.offset }
        set { location.offset = newValue }
    }
    /// The file the offset is in, when the movie is read from several; nil for one file.
    public var file: String? {
        get { location.file }
        set { location.file = newValue }
    }
}
