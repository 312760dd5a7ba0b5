/// Bounds that keep a hostile or broken movie from using unbounded time or memory
/// (Specs/limits.md). Real camera files stay far inside them: a GoPro's `moov` is a few MB, its
/// boxes nest eight deep, a 1-hour 60 fps track has about 216,000 samples.
public struct ISOBMFFLimits: Sendable, Hashable {
    /// The deepest box nesting parsed.
    public var maximumDepth = 32
    /// The largest `moov` box read into memory.
    public var maximumMovieHeaderBytes = 256 << 20
    /// The most top-level boxes in a file.
    public var maximumTopLevelBoxes = 100_000
    /// The most samples in one track (each costs about 40 bytes once read).
    public var maximumSamplesPerTrack = 20_000_000
    /// The largest single sample read for decoding (a metadata sample, a GPMF payload).
    public var maximumSampleBytes = 64 << 20

    public static let standard = ISOBMFFLimits()

    public init() {}
}
