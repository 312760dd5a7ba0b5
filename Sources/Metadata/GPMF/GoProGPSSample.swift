import CaptionCore

/// One GPS sample of a GoPro GPMF track (`GPS5` or `GPS9`), scaled to SI units.
public struct GoProGPSSample: Sendable, Hashable {
    /// When it plays in the movie: its payload's start plus its share of the payload's duration
    /// (samples are evenly spaced within a payload, as GoPro's parser assumes).
    public var movieTime: MediaTime
    /// UTC: `GPS9`'s own days and seconds, or the payload's `GPSU` plus the same share.
    public var utc: UTCTime?
    public var latitude: Double
    public var longitude: Double
    /// Metres above the WGS 84 ellipsoid.
    public var altitude: Double
    /// Metres per second.
    public var speed2D: Double
    public var speed3D: Double
    /// 0 none, 2 2D, 3 3D (`GPSF`, or `GPS9`'s own field).
    public var fix: Int?
    /// Dilution of precision (`GPSP` ÷ 100, or `GPS9`'s own field).
    public var dilutionOfPrecision: Double?
    /// `GPS5` or `GPS9`.
    public var source: String
}
