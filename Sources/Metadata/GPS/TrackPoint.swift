/// One GPS fix with the sensor values recorded with it: what a GPX `trkpt`, a GoPro GPS sample
/// or a timed-metadata group holds.
public struct TrackPoint: Sendable, Hashable {
    /// When it was measured (UTC).
    public var time: UTCTime
    /// WGS 84 degrees.
    public var latitude: Double
    public var longitude: Double
    /// Metres (GPX: above mean sea level; GoPro GPS5: above the WGS 84 ellipsoid).
    public var elevation: Double?
    /// Metres per second over ground.
    public var speed: Double?
    /// Degrees clockwise from true north.
    public var course: Double?
    /// Beats per minute.
    public var heartRate: Int?
    /// Revolutions or steps per minute.
    public var cadence: Int?
    /// Watts.
    public var power: Int?
    /// Degrees Celsius.
    public var temperature: Double?
    /// GPS fix: 0 none, 2 2D, 3 3D (GoPro GPSF; GPX `fix` none/2d/3d).
    public var fix: Int?
    /// Dilution of precision (GPX `hdop`/`pdop`, GoPro GPSP ÷ 100).
    public var dilutionOfPrecision: Double?
    /// Whether speed and course were computed from the positions, not recorded.
    public var speedIsComputed = false
    public var courseIsComputed = false

    public init(time: UTCTime, latitude: Double, longitude: Double, elevation: Double? = nil) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
    }
}
