import Foundation

/// gpxpy (PyPI), run on a GPX file: the track points as another GPX reader sees them, for
/// expected values that do not come from our `GPXReader`.
public enum GPXPeer {
    /// One track point as gpxpy reads it.
    public struct Point: Sendable {
        public var latitude: Double
        public var longitude: Double
        public var elevation: Double?
        /// Seconds since 1970-01-01T00:00:00Z.
        public var time: Double?
        /// GPX 1.0 `<speed>` (m/s), as recorded.
        public var speed: Double?
        public var hdop: Double?
        public var pdop: Double?
    }

    static let script = """
        import sys, json, gpxpy, calendar
        g = gpxpy.parse(open(sys.argv[1], encoding='utf-8'))
        out = []
        for t in g.tracks:
            for s in t.segments:
                for p in s.points:
                    when = None
                    if p.time is not None:
                        when = calendar.timegm(p.time.utctimetuple()) + p.time.microsecond / 1e6
                    out.append([p.latitude, p.longitude, p.elevation, when, p.speed,
                                p.horizontal_dilution, p.position_dilution])
        print(json.dumps(out))
        """

    /// Every track point of every track and segment, in file order.
    public static func trackPoints(_ path: String) throws -> [Point] {
        let r = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script, path])
        guard r.status == 0 else {
            throw PeerDecoders.Failure.failed("gpxpy (run `make test` to install it)", r.stderr)
        }
        guard let rows = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[Any]] else {
            throw PeerDecoders.Failure.failed("gpxpy", "not a JSON list: \(r.stdout.prefix(200))")
        }
        return try rows.map { row in
            guard row.count == 7, let lat = row[0] as? Double, let lon = row[1] as? Double else {
                throw PeerDecoders.Failure.failed("gpxpy", "a point without a position: \(row)")
            }
            return Point(
                latitude: lat, longitude: lon, elevation: row[2] as? Double, time: row[3] as? Double,
                speed: row[4] as? Double, hdop: row[5] as? Double, pdop: row[6] as? Double)
        }
    }

    /// Great-circle distance in metres by the haversine formula on a sphere of the mean Earth
    /// radius 6,371,008.8 m, the rule Specs/timed-metadata.md states for the filters; written
    /// here from the formula, not taken from `Metadata.Geodesy`.
    public static func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let r = 6_371_008.8
        let rad = Double.pi / 180
        let dLat = (lat2 - lat1) * rad, dLon = (lon2 - lon1) * rad
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * rad) * cos(lat2 * rad) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * r * asin(min(1, a.squareRoot()))
    }
}
