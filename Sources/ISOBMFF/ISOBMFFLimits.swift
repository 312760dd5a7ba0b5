/// Bounds that keep a hostile or broken movie from using unbounded time or memory
/// (Specs/limits.md). Real camera files stay far inside them: a GoPro's `moov` is a few MB, its
/// boxes nest eight deep, a 1-hour 60 fps track has about 216,000 samples.
public struct ISOBMFFLimits: Sendable, Hashable {
    /// The deepest box nesting parsed.
    public var maximumDepth = 32
    /// The largest `moov` box read into memory.
    public var maximumMovieHeaderBytes = 256 << 20
    /// The most top-level boxes in a file. A fragmented movie has two or three per fragment
    /// (`moof`, `mdat`, sometimes `styp`/`sidx`): a day of one-second fragments is about 260,000.
    public var maximumTopLevelBoxes = 4_000_000
    /// The largest `moof` box read into memory (each is read, parsed and dropped in turn): a
    /// 10-second fragment of 60 fps video with every per-sample field is about 10 KB.
    public var maximumFragmentHeaderBytes = 64 << 20
    /// The most samples in one track (each costs about 40 bytes once read).
    public var maximumSamplesPerTrack = 20_000_000
    /// The largest single sample read for decoding (a metadata sample, a GPMF payload).
    public var maximumSampleBytes = 64 << 20

    public static let standard = ISOBMFFLimits()

    public init() {}
}
