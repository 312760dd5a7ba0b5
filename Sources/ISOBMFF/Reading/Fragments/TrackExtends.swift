/// A track's defaults for its movie fragments: the track extends box `trex` in `moov/mvex`
/// (ISO/IEC 14496-12 §8.8.3), which a fragment's `tfhd` may override (§8.8.7).
public struct TrackExtends: Sendable, Hashable {
    public var trackID: UInt32
    /// 1-based index into the track's `stsd`.
    public var defaultSampleDescriptionIndex: UInt32
    public var defaultSampleDuration: UInt32
    public var defaultSampleSize: UInt32
    /// §8.8.3.1 sample flags (dependency and sync information); kept as stored.
    public var defaultSampleFlags: UInt32

    public init(
        trackID: UInt32, defaultSampleDescriptionIndex: UInt32 = 1, defaultSampleDuration: UInt32 = 0,
        defaultSampleSize: UInt32 = 0, defaultSampleFlags: UInt32 = 0
    ) {
        self.trackID = trackID
        self.defaultSampleDescriptionIndex = defaultSampleDescriptionIndex
        self.defaultSampleDuration = defaultSampleDuration
        self.defaultSampleSize = defaultSampleSize
        self.defaultSampleFlags = defaultSampleFlags
    }

    /// Reads `trex`: version and flags, then five 32-bit fields.
    init(trex: Box, in bytes: [UInt8], baseOffset: Int) throws(ISOBMFFError) {
        var r = BigEndianReader(bytes, box: trex, baseOffset: baseOffset)
        try r.skip(4, "the version and flags")
        trackID = try r.u32("track_ID")
        defaultSampleDescriptionIndex = try r.u32("default_sample_description_index")
        defaultSampleDuration = try r.u32("default_sample_duration")
        defaultSampleSize = try r.u32("default_sample_size")
        defaultSampleFlags = try r.u32("default_sample_flags")
    }
}
