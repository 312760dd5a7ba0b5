import CaptionCore

/// What a GPX file holds that the suite uses: waypoints, routes and tracks of points, in file
/// order, with the reader's diagnostics. Each `wpt`, `rtept` and `trkpt` is a ``TrackPoint``
/// with its element's location; its time is optional here: a point without one is kept for
/// inspection but never placed on a movie's timeline.
public struct GPXDocument: Sendable {
    public struct Track: Sendable {
        public var name: String?
        public var segments: [[TrackPoint]]
    }

    /// "1.0", "1.1", or empty when the root has no version.
    public var version: String
    public var waypoints: [TrackPoint] = []
    public var routes: [[TrackPoint]] = []
    public var tracks: [Track] = []
    public var diagnostics: [Diagnostic] = []

    /// Every track point, tracks and segments in order.
    public var trackPoints: [TrackPoint] { tracks.flatMap { $0.segments.flatMap { $0 } } }

    /// The timed track points, sorted by time (a stable sort: equal times keep their order),
    /// with speed and course computed where the file has none. Points without a time get a
    /// located warning each; a file whose track points have no time at all is an error, since
    /// nothing could be placed on a timeline.
    public func timedTrackPoints() throws(MetadataError) -> (points: [TrackPoint], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let all = trackPoints
        guard !all.isEmpty else {
            throw MetadataError(.noData, "the GPX file has no track points (trk/trkseg/trkpt)")
        }
        var points: [(time: UTCTime, point: TrackPoint)] = []
        points.reserveCapacity(all.count)
        for p in all {
            guard let time = p.time else {
                diagnostics.append(
                    Diagnostic(
                        .warning, "gpx.no-time", "a track point without a time was skipped",
                        at: p.sourceLocation ?? DiagnosticLocation(file: nil)))
                continue
            }
            points.append((time, p))
        }
        guard !points.isEmpty else {
            throw MetadataError(
                .noData,
                "none of the GPX file's \(all.count) track points has a time (<time>), so none can be synced to a movie",
                location: all[0].sourceLocation ?? DiagnosticLocation(file: nil))
        }
        let sorted = points.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element.point)
        if sorted != points.map(\.point) {
            diagnostics.append(
                Diagnostic(.info, "gpx.order", "track points were not in time order; they are sorted by time"))
        }
        var filled = sorted
        Geodesy.fillSpeedAndCourse(&filled)
        return (filled, diagnostics)
    }
}
