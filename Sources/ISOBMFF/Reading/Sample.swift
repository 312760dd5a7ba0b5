/// One sample of a track: where its bytes are in the file and when it plays, in the track's
/// media timescale (ISO/IEC 14496-12 §8.6.1 decoding time; no composition offsets for the
/// tracks this module writes or decodes).
public struct Sample: Sendable, Hashable {
    /// The byte offset in the file.
    public var offset: Int
    public var size: Int
    /// The decode time in media timescale units.
    public var time: Int64
    public var duration: Int64
    /// The 1-based index of its sample entry in `stsd`.
    public var descriptionIndex: Int

    public init(offset: Int, size: Int, time: Int64, duration: Int64, descriptionIndex: Int = 1) {
        self.offset = offset
        self.size = size
        self.time = time
        self.duration = duration
        self.descriptionIndex = descriptionIndex
    }
}
