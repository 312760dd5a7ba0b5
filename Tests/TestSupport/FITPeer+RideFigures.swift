import Foundation

extension FITPeer {
    /// The ride figures of Specs/timed-metadata.md ("Ride figures") worked out in Python from
    /// fitdecode's `record` messages, independently of `RideMetrics`: for each record with a
    /// time and a position or a sensor value (speed, distance, heart rate, cadence, power,
    /// temperature), in time order, its time and the distance, elapsed time, moving time,
    /// 3 s average power and heart-rate zone (for a maximum of `maximumHeartRate`).
    public struct RideFigures: Sendable {
        public var time: Double
        public var distance: Double?
        public var elapsed: Double
        public var moving: Double
        public var power3s: Double?
        public var zone: Int?
    }

    static let figuresScript = """
        import sys, json, calendar, math, fitdecode
        path, maxhr = sys.argv[1], int(sys.argv[2])
        R = 6371008.8
        sensors = ['enhanced_speed', 'speed', 'distance', 'heart_rate', 'cadence', 'power', 'temperature']
        recs = []
        with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.DISABLED) as fr:
            for m in fr:
                if not (isinstance(m, fitdecode.FitDataMessage) and m.name == 'record'):
                    continue
                g = lambda f: m.get_value(f, fallback=None)
                ts = g('timestamp')
                lat = m.get_value('position_lat', fallback=None, raw_value=True)
                lon = m.get_value('position_long', fallback=None, raw_value=True)
                pos = None if lat is None or lon is None else (lat * 180.0 / 2**31, lon * 180.0 / 2**31)
                if ts is None or (pos is None and all(g(f) is None for f in sensors)):
                    continue
                t = calendar.timegm(ts.utctimetuple()) + ts.microsecond / 1e6
                recs.append((t, pos, g('distance'), g('power'), g('heart_rate')))
        recs.sort(key=lambda r: r[0])  # stable, as a sort by time keeping file order
        def haversine(a, b):
            p1, p2 = math.radians(a[0]), math.radians(b[0])
            dp, dl = p2 - p1, math.radians(b[1] - a[1])
            h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
            return 2 * R * math.asin(min(1, math.sqrt(h)))
        out = []
        last_pos, total, odo_base, shown = None, None, None, None
        moving, prev = 0.0, None
        t0 = recs[0][0] if recs else 0
        for i, (t, pos, odo, power, hr) in enumerate(recs):
            if pos is not None:
                if last_pos is not None:
                    total = max((total or 0) + haversine(last_pos, pos), shown or 0)
                else:
                    total = shown or 0
                last_pos, odo_base, shown = pos, odo, total
            elif odo is not None:
                if odo_base is None:
                    odo_base = odo
                shown = (total or 0) + max(0, odo - odo_base)
            if prev is not None and t > prev[0] and shown is not None and prev[1] is not None \\
                    and (shown - prev[1]) / (t - prev[0]) >= 1.0:
                moving += t - prev[0]
            prev = (t, shown)
            window, j = [], i
            while j >= 0 and recs[j][0] > t - 3:
                if recs[j][3] is not None:
                    window.append(recs[j][3])
                j -= 1
            p3 = sum(window) / len(window) if window else None
            zone = None
            if hr is not None:
                zone = 0
                for z, pct in enumerate([50, 60, 70, 80, 90]):
                    if hr * 100 >= pct * maxhr:
                        zone = z + 1
            out.append([t, shown, t - t0, moving, p3, zone])
        print(json.dumps(out))
        """

    /// The figures fitdecode's records give for the FIT file at `path`.
    public static func rideFigures(_ path: String, maximumHeartRate: Int) throws -> [RideFigures] {
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("python3"), ["-c", figuresScript, path, String(maximumHeartRate)])
        guard r.status == 0, let rows = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[Any]] else {
            throw PeerDecoders.Failure.failed(
                "fitdecode (run `make test` to install it)", r.stderr + r.stdout.prefix(200))
        }
        return try rows.map { row in
            let v = row.map { ($0 as? NSNumber)?.doubleValue }
            guard v.count == 6, let t = v[0], let elapsed = v[2], let moving = v[3] else {
                throw PeerDecoders.Failure.failed("fitdecode", "a row not as expected: \(row)")
            }
            return RideFigures(
                time: t, distance: v[1], elapsed: elapsed, moving: moving, power3s: v[4], zone: v[5].map { Int($0) })
        }
    }
}
