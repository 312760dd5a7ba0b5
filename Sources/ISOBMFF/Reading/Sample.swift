/// One sample of a track: where its bytes are in the file and when it plays, in the track's
/// media timescale (ISO/IEC 14496-12 §8.6.1: decoding time, and the composition offset of
/// `ctts` that puts a B-frame's picture later than its decoding).
public struct Sample: Sendable, Hashable {
    /// The byte offset in the file.
    public var offset: Int
    public var size: Int
    /// The decode time in media timescale units.
    public var time: Int64
    public var duration: Int64
    /// The 1-based index of its sample entry in `stsd`.
    public var descriptionIndex: Int
    /// Composition time minus decoding time (`ctts`, §8.6.1.3); 0 without `ctts`.
    public var compositionOffset: Int64

    /// The composition (presentation) time in media timescale units.
    public var compositionTime: Int64 { time + compositionOffset }

    public init(
        offset: Int, size: Int, time: Int64, duration: Int64, descriptionIndex: Int = 1, compositionOffset: Int64 = 0
    ) {
        self.offset = offset
        self.size = size
        self.time = time
        self.duration = duration
        self.descriptionIndex = descriptionIndex
        self.compositionOffset = compositionOffset
    }
}
