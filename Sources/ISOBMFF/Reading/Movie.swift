/// A movie file's structure: its top-level boxes, its `moov` (kept in memory, parsed), the movie
/// header and the tracks with their sample tables. Sample data stays in the file and is read on
/// demand through the ``ByteSource``.
public struct Movie: Sendable {
    /// The file's size in bytes.
    public var fileSize: Int
    /// The top-level boxes with their file offsets (children not parsed).
    public var topLevelBoxes: [Box]
    /// Where `moov` starts in the file.
    public var movieOffset: Int
    /// The bytes of `moov`, header included.
    public var movieBytes: [UInt8]
    /// `moov` parsed; offsets relative to ``movieBytes``.
    public var movieBox: Box
    public var header: MovieHeader
    public var tracks: [Track]
    /// The QuickTime metadata `com.apple.quicktime.creationdate` of `moov/meta`, as written
    /// (ISO 8601 text), when present.
    public var quickTimeCreationDate: String?

    /// The track with `id`.
    public func track(id: UInt32) -> Track? { tracks.first { $0.id == id } }

    /// The first track whose handler is `handlerType`.
    public func firstTrack(handler handlerType: FourCC) -> Track? { tracks.first { $0.handlerType == handlerType } }

    /// Every sample of `track`, checked against the file's size.
    public func samples(of track: Track) throws(ISOBMFFError) -> [Sample] {
        try track.sampleTable.samples(fileSize: fileSize)
    }

    /// Reads the structure of the movie in `source`.
    public static func read(_ source: ByteSource, limits: ISOBMFFLimits = .standard) throws(ISOBMFFError) -> Movie {
        try MovieReader(source: source, limits: limits).read()
    }
}
