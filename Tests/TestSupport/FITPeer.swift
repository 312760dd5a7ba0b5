import Foundation

/// fitdecode and fitparse (PyPI), the two most used Python FIT readers, run on a FIT file: the
/// `record` messages as another reader sees them, for expected values that do not come from our
/// `FITReader`. Each reads until the end or the first error, which it names.
public enum FITPeer: String, CaseIterable, Sendable {
    case fitdecode, fitparse

    /// One `record` message: altitude and speed are the enhanced field where the record has
    /// one (both peers expand `altitude` and `speed` into them), positions in degrees from the
    /// raw semicircles (× 180 / 2^31).
    public struct Record: Sendable {
        /// Seconds since 1970-01-01T00:00:00Z.
        public var time: Double?
        public var latitude: Double?
        public var longitude: Double?
        public var altitude: Double?
        public var speed: Double?
        public var heartRate: Double?
        public var cadence: Double?
        public var power: Double?
        public var temperature: Double?
        /// Metres, the device's odometer (`distance`).
        public var distance: Double?
    }

    /// The records read, and the error that stopped the reading (nil when it reached the end).
    public struct Reading: Sendable {
        public var records: [Record]
        public var error: String?
    }

    static let script = """
        import sys, json, calendar
        tool, path = sys.argv[1], sys.argv[2]
        def ts(v):
            return None if v is None else calendar.timegm(v.utctimetuple()) + v.microsecond / 1e6
        def deg(v):
            return None if v is None else v * (180.0 / 2**31)
        names = ['timestamp', 'position_lat', 'position_long', 'altitude', 'speed', 'heart_rate', 'cadence',
                 'power', 'temperature', 'enhanced_altitude', 'enhanced_speed', 'distance']
        rows, error = [], None
        def row(get):
            v = {f: get(f) for f in names}
            alt = v['enhanced_altitude'] if v['enhanced_altitude'] is not None else v['altitude']
            spd = v['enhanced_speed'] if v['enhanced_speed'] is not None else v['speed']
            return [ts(v['timestamp']), deg(v['position_lat']), deg(v['position_long']), alt, spd,
                    v['heart_rate'], v['cadence'], v['power'], v['temperature'], v['distance']]
        raw = ('position_lat', 'position_long')
        if tool == 'fitdecode':
            import fitdecode
            try:
                with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE) as fr:
                    for m in fr:
                        if isinstance(m, fitdecode.FitDataMessage) and m.name == 'record':
                            rows.append(row(lambda f, m=m: m.get_value(f, fallback=None, raw_value=f in raw)))
            except Exception as e:
                error = '%s: %s' % (type(e).__name__, e)
        else:
            import fitparse
            try:
                for m in fitparse.FitFile(path, check_crc=True).get_messages('record'):
                    d = {f.name: f.raw_value if f.name in raw else f.value for f in m.fields}
                    rows.append(row(lambda f, d=d: d.get(f)))
            except Exception as e:
                error = '%s: %s' % (type(e).__name__, e)
        print(json.dumps({'records': rows, 'error': error}))
        """

    /// This peer's reading of the FIT file at `path`.
    public func read(_ path: String) throws -> Reading {
        let r = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", Self.script, rawValue, path])
        guard r.status == 0 else {
            throw PeerDecoders.Failure.failed("\(rawValue) (run `make test` to install it)", r.stderr)
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any],
            let rows = object["records"] as? [[Any]]
        else {
            throw PeerDecoders.Failure.failed(rawValue, "not the expected JSON: \(r.stdout.prefix(200))")
        }
        let records = try rows.map { row in
            guard row.count == 10 else { throw PeerDecoders.Failure.failed(rawValue, "a row of \(row.count): \(row)") }
            let v = row.map { ($0 as? NSNumber)?.doubleValue }
            return Record(
                time: v[0], latitude: v[1], longitude: v[2], altitude: v[3], speed: v[4], heartRate: v[5],
                cadence: v[6], power: v[7], temperature: v[8], distance: v[9])
        }
        return Reading(records: records, error: object["error"] as? String)
    }

    /// fitdecode's `session` and `lap` messages, in file order: kind ("session" or "lap") and
    /// the values by field name (times as seconds since 1970), until the end or an error.
    public static func summaries(_ path: String) throws -> [(kind: String, values: [String: Double])] {
        let script = """
            import sys, json, calendar, datetime, fitdecode
            names = ['start_time', 'timestamp', 'total_elapsed_time', 'total_timer_time', 'total_distance',
                     'avg_speed', 'max_speed', 'enhanced_avg_speed', 'enhanced_max_speed', 'avg_heart_rate',
                     'max_heart_rate', 'avg_cadence', 'max_cadence', 'avg_power', 'max_power']
            out = []
            try:
                with fitdecode.FitReader(sys.argv[1], check_crc=fitdecode.CrcCheck.DISABLED) as fr:
                    for m in fr:
                        if isinstance(m, fitdecode.FitDataMessage) and m.name in ('session', 'lap'):
                            v = {}
                            for n in names:
                                x = m.get_value(n, fallback=None)
                                if isinstance(x, datetime.datetime): x = calendar.timegm(x.utctimetuple())
                                if isinstance(x, (int, float)): v[n] = x
                            out.append([m.name, v])
            except Exception:
                pass
            print(json.dumps(out))
            """
        let r = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script, path])
        guard r.status == 0, let rows = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[Any]] else {
            throw PeerDecoders.Failure.failed("fitdecode (run `make test` to install it)", r.stderr + r.stdout)
        }
        return rows.compactMap { row in
            guard row.count == 2, let kind = row[0] as? String, let values = row[1] as? [String: Any] else {
                return nil
            }
            return (kind, values.compactMapValues { ($0 as? NSNumber)?.doubleValue })
        }
    }
}
