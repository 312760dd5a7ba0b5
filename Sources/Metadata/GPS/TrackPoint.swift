import CaptionCore

/// One GPS fix with the sensor values recorded with it: the suite's one GPS sample type. Every
/// source is converted to it here, in Metadata (Specs/timed-metadata.md, "One GPS sample type"):
/// a GPX `wpt`, `rtept` or `trkpt` (``GPXReader``), a GoPro GPMF `GPS5` or `GPS9` sample
/// (``GoProTelemetry``), a FIT `record` message (``FITReader``), and a timed-metadata group of a
/// QuickTime `mebx` track or of a composition (``init(_:)``). A point on a movie's timeline is a
/// ``PlacedPoint``.
public struct TrackPoint: Sendable, Hashable {
    /// When it was measured (UTC); nil when the source does not say: a GPX point without
    /// `<time>`, a GoPro `GPS5` payload without `GPSU`, a group without a date item.
    public var time: UTCTime?
    /// WGS 84 degrees.
    public var latitude: Double
    public var longitude: Double
    /// Metres (GPX: above mean sea level; GoPro GPS5: above the WGS 84 ellipsoid).
    public var elevation: Double?
    /// Metres per second over ground (GoPro: the 2D speed).
    public var speed: Double?
    /// Metres per second including the vertical component (GoPro `GPS5`/`GPS9`'s 3D speed).
    public var speed3D: Double?
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
    /// Metres travelled since the start, as the device counted it (FIT `distance`).
    public var distance: Double?
    /// Gradient in percent, rise over run × 100, as the device recorded it (FIT `grade`).
    public var grade: Double?
    /// GPS fix: 0 none, 2 2D, 3 3D (GoPro GPSF; GPX `fix` none/2d/3d).
    public var fix: Int?
    /// Dilution of precision (GPX `pdop`, else `hdop`; GoPro GPSP ÷ 100).
    public var dilutionOfPrecision: Double?
    /// The ride's figures at this point, counted from the ride's first point (``RideMetrics``),
    /// when the point was taken from a whole ride (a GPX or FIT placed on a movie) rather than
    /// from what a movie holds; nil otherwise.
    public var ride: RideFigures?
    /// Whether speed and course were computed from the positions, not recorded.
    public var speedIsComputed = false
    public var courseIsComputed = false
    /// Where the point was read in a text file (a GPX element's start), for diagnostics; nil
    /// for a point read from a movie.
    public var sourceLocation: DiagnosticLocation?

    public init(time: UTCTime?, latitude: Double, longitude: Double, elevation: Double? = nil) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
    }

    /// Distance travelled, elapsed time and moving time at a point of a ride, from its first
    /// point (Specs/timed-metadata.md, "Ride figures").
    public struct RideFigures: Sendable, Hashable {
        /// Metres; nil before the first position or odometer reading.
        public var distance: Double?
        /// Seconds.
        public var elapsedTime: Double?
        public var movingTime: Double?

        public init(distance: Double?, elapsedTime: Double?, movingTime: Double?) {
            (self.distance, self.elapsedTime, self.movingTime) = (distance, elapsedTime, movingTime)
        }
    }

    /// Whether the point has a position: a FIT record without one (no GPS fix yet, an indoor
    /// ride) has NaN coordinates, never 0° 0°.
    public var hasPosition: Bool { latitude.isFinite && longitude.isFinite }

    /// Whether the point carries something a dashboard shows besides its position: speed,
    /// distance, heart rate, cadence, power or temperature.
    public var hasSensorValue: Bool {
        speed != nil || distance != nil || heartRate != nil || cadence != nil || power != nil || temperature != nil
    }
}
