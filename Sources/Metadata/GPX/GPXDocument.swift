import CaptionCore

/// What a GPX file holds that the suite uses: waypoints, routes and tracks of points, in file
/// order, with the reader's diagnostics.
public struct GPXDocument: Sendable {
    /// One `wpt`, `rtept` or `trkpt`. Time is optional here: a point without one is kept for
    /// inspection but never placed on a movie's timeline.
    public struct Point: Sendable, Hashable {
        public var time: UTCTime?
        public var latitude: Double
        public var longitude: Double
        public var elevation: Double?
        public var speed: Double?
        public var course: Double?
        public var heartRate: Int?
        public var cadence: Int?
        public var power: Int?
        public var temperature: Double?
        public var fix: Int?
        public var dilutionOfPrecision: Double?
        /// Where the point's element starts.
        public var location: DiagnosticLocation
    }

    public struct Track: Sendable {
        public var name: String?
        public var segments: [[Point]]
    }

    /// "1.0", "1.1", or empty when the root has no version.
    public var version: String
    public var waypoints: [Point] = []
    public var routes: [[Point]] = []
    public var tracks: [Track] = []
    public var diagnostics: [Diagnostic] = []

    /// Every track point, tracks and segments in order.
    public var trackPoints: [Point] { tracks.flatMap { $0.segments.flatMap { $0 } } }

    /// The timed track points as ``TrackPoint`` values, sorted by time (a stable sort: equal times
    /// keep their order), with speed and course computed where the file has none. Points
    /// without a time get a located warning each; a file whose track points have no time at all
    /// is an error, since nothing could be placed on a timeline.
    public func timedTrackPoints() throws(MetadataError) -> (points: [TrackPoint], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let all = trackPoints
        guard !all.isEmpty else {
            throw MetadataError(.noData, "the GPX file has no track points (trk/trkseg/trkpt)")
        }
        var points: [TrackPoint] = []
        points.reserveCapacity(all.count)
        for p in all {
            guard let time = p.time else {
                diagnostics.append(
                    Diagnostic(.warning, "gpx.no-time", "a track point without a time was skipped", at: p.location))
                continue
            }
            var t = TrackPoint(time: time, latitude: p.latitude, longitude: p.longitude, elevation: p.elevation)
            t.speed = p.speed
            t.course = p.course
            t.heartRate = p.heartRate
            t.cadence = p.cadence
            t.power = p.power
            t.temperature = p.temperature
            t.fix = p.fix
            t.dilutionOfPrecision = p.dilutionOfPrecision
            points.append(t)
        }
        guard !points.isEmpty else {
            throw MetadataError(
                .noData,
                "none of the GPX file's \(all.count) track points has a time (<time>), so none can be synced to a movie",
                location: all[0].location)
        }
        let sorted = points.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
        if sorted != points {
            diagnostics.append(
                Diagnostic(.info, "gpx.order", "track points were not in time order; they are sorted by time"))
        }
        var filled = sorted
        Geodesy.fillSpeedAndCourse(&filled)
        return (filled, diagnostics)
    }
}
