/// `mvhd` (ISO/IEC 14496-12 §8.2.2; QuickTime's movie header atom has the same layout).
public struct MovieHeader: Sendable, Hashable {
    /// Seconds since 1904-01-01 00:00 UTC (0 when the writer did not set it).
    public var creationTime: UInt64
    public var modificationTime: UInt64
    public var timescale: UInt32
    public var duration: UInt64
    public var nextTrackID: UInt32

    /// Seconds from 1904-01-01 to 1970-01-01 (66 years, 17 of them leap years).
    public static let secondsFrom1904To1970: UInt64 = 2_082_844_800

    /// The creation time as seconds since 1970 (Unix time), nil when unset or beyond what an
    /// Int64 holds (a version 1 `mvhd` has 64 bits from the file; `Int64(_:)` trapped on them).
    public var creationUnixTime: Int64? {
        creationTime > Self.secondsFrom1904To1970 ? Int64(exactly: creationTime - Self.secondsFrom1904To1970) : nil
    }
}
