import CaptionCore

/// What a GoPro GPMF track holds: GPS samples (from `GPS9` when present, HERO11 and later,
/// otherwise `GPS5` with `GPSU`, `GPSF` and `GPSP`) and a list of every sensor stream with its
/// rate (GoPro's GPMF format, "Standard Units" and per-camera stream tables).
public struct GoProTelemetry: Sendable {
    /// One sensor stream (`ACCL`, `GYRO`, `GRAV`, `CORI`, `GPS5`…).
    public struct Stream: Sendable, Hashable {
        public var key: String
        /// `STNM`.
        public var name: String
        /// `SIUN` or `UNIT`, joined.
        public var units: String
        public var sampleCount: Int
        /// Samples per second over the payloads that carry the stream.
        public var rate: Double
    }

    /// One payload: its time range in the movie and its parsed entries.
    public struct Payload: Sendable {
        public var timeRange: TimeRange
        public var entries: [GPMFEntry]

        public init(timeRange: TimeRange, entries: [GPMFEntry]) {
            self.timeRange = timeRange
            self.entries = entries
        }
    }

    public var payloadCount: Int
    public var streams: [Stream]
    /// The GPS samples on the movie's timeline (``TrackPoint`` converted from `GPS5` or `GPS9`,
    /// in SI units): samples are evenly spaced within a payload, as GoPro's parser assumes; UTC
    /// is `GPS9`'s own days and seconds, or the payload's `GPSU` plus the same share.
    public var gps: [PlacedPoint]
    /// Which stream the GPS samples come from: `GPS9` when the track has it, else `GPS5`; nil
    /// without GPS.
    public var gpsSource: String?
    /// The end of the payload that starts last: where the last GPS sample stops being in force.
    public var end: MediaTime?
    /// Diagnostics for payloads that could not be read (the others are still used).
    public var diagnostics: [Diagnostic]

    public var hasGPS: Bool { !gps.isEmpty }

    static let metadataKeys: Set<String> = [
        "STMP", "TSMP", "STNM", "SIUN", "UNIT", "SCAL", "TYPE", "MTRX", "ORIN", "ORIO", "TMPC", "GPSF", "GPSU", "GPSP",
        "GPSA", "VPTS", "TIMO", "EMPT", "RMRK", "DVID", "DVNM", "TICK", "TOCK", "QUAN",
    ]

    /// Decodes payloads already parsed.
    public init(payloads: [Payload], diagnostics: [Diagnostic] = []) {
        var accumulator = Accumulator()
        for payload in payloads { accumulator.add(payload) }
        self = accumulator.telemetry(diagnostics: diagnostics)
    }

    /// Gathers telemetry one payload at a time, so that a long recording's payloads never need
    /// to be in memory together.
    public struct Accumulator: Sendable {
        private var counts: [String: (name: String, units: String, samples: Int, seconds: Double, order: Int)] = [:]
        private var gps5: [PlacedPoint] = []
        private var gps9: [PlacedPoint] = []
        private var payloadCount = 0
        private var last: TimeRange?

        public init() {}

        public mutating func add(_ payload: Payload) {
            payloadCount += 1
            cover(payload.timeRange)
            var seenInPayload: Set<String> = []
            for devc in payload.entries where devc.key == "DEVC" {
                for strm in devc.children where strm.key == "STRM" {
                    guard
                        let data = strm.children.first(where: {
                            !GoProTelemetry.metadataKeys.contains($0.key.description) && !$0.isNest
                        })
                    else { continue }
                    let key = data.key.description
                    let samples = strm.children.filter { $0.key == data.key }.reduce(0) { $0 + $1.repeatCount }
                    var entry =
                        counts[key] ?? (GoProTelemetry.name(strm), GoProTelemetry.units(strm), 0, 0, counts.count)
                    entry.samples += samples
                    if !seenInPayload.contains(key) {
                        entry.seconds += payload.timeRange.duration.seconds
                        seenInPayload.insert(key)
                    }
                    counts[key] = entry
                    if key == "GPS5" { gps5 += GoProTelemetry.gps5(strm, data, payload.timeRange) }
                    if key == "GPS9" { gps9 += GoProTelemetry.gps9(strm, data, payload.timeRange) }
                }
            }
        }

        /// Counts a payload's time in the track's extent (also for one that could not be read).
        mutating func cover(_ range: TimeRange) {
            if last.map({ $0.start <= range.start }) ?? true { last = range }
        }

        public func telemetry(diagnostics: [Diagnostic]) -> GoProTelemetry {
            GoProTelemetry(
                payloadCount: payloadCount,
                streams: counts.sorted { $0.value.order < $1.value.order }.map {
                    Stream(
                        key: $0.key, name: $0.value.name, units: $0.value.units, sampleCount: $0.value.samples,
                        rate: $0.value.seconds > 0 ? Double($0.value.samples) / $0.value.seconds : 0)
                },
                gps: gps9.isEmpty ? gps5 : gps9,
                gpsSource: !gps9.isEmpty ? "GPS9" : gps5.isEmpty ? nil : "GPS5", end: last?.end,
                diagnostics: diagnostics)
        }
    }

    init(
        payloadCount: Int, streams: [Stream], gps: [PlacedPoint], gpsSource: String?, end: MediaTime?,
        diagnostics: [Diagnostic]
    ) {
        self.payloadCount = payloadCount
        self.streams = streams
        self.gps = gps
        self.gpsSource = gpsSource
        self.end = end
        self.diagnostics = diagnostics
    }

    static func name(_ strm: GPMFEntry) -> String { strm.child("STNM")?.text ?? "" }

    static func units(_ strm: GPMFEntry) -> String {
        guard let u = strm.child("SIUN") ?? strm.child("UNIT") else { return "" }
        guard u.structureSize > 0 else { return "" }
        var parts: [String] = []
        for i in 0..<u.repeatCount {
            let slice = Array(u.data[(i * u.structureSize)..<min(u.data.count, (i + 1) * u.structureSize)])
            parts.append(
                GPMFEntry(key: "UNIT", type: u.type, structureSize: u.structureSize, repeatCount: 1, data: slice).text)
        }
        return parts.joined(separator: ",")
    }

    /// The scale of each of `count` elements: `SCAL` gives one per element or one for all.
    static func scales(_ strm: GPMFEntry, count: Int) -> [Double] {
        guard let s = strm.child("SCAL"), let size = GPMFType.size(of: s.type) else {
            return Array(repeating: 1, count: count)
        }
        let values = (0..<(s.data.count / size)).compactMap { GPMFType.number(s.data, type: s.type, at: $0 * size) }
        if values.count == count { return values.map { $0 == 0 ? 1 : $0 } }
        return Array(repeating: values.first.map { $0 == 0 ? 1 : $0 } ?? 1, count: count)
    }

    /// The movie time of sample `index` of `count` evenly spread over `range`.
    static func time(_ index: Int, of count: Int, in range: TimeRange) -> MediaTime {
        guard count > 0, index > 0 else { return range.start }
        let offset = (try? range.duration.checkedMultiplying(by: Int64(index), dividingBy: Int64(count))) ?? .invalid
        return offset.isValid
            ? range.start + offset
            : range.start
                + MediaTime(
                    value: Int64((range.duration.seconds * Double(index) / Double(count)) * 1e6), timescale: 1_000_000)
    }

    static func gps5(_ strm: GPMFEntry, _ data: GPMFEntry, _ range: TimeRange) -> [PlacedPoint] {
        guard data.type == UInt8(ascii: "l"), data.structureSize == 20 else { return [] }
        let scale = scales(strm, count: 5)
        let fix = strm.child("GPSF").flatMap { GPMFType.number($0.data, type: $0.type, at: 0) }.flatMap(\.safeInt)
        let dop = strm.child("GPSP").flatMap { GPMFType.number($0.data, type: $0.type, at: 0) }.map { $0 / 100 }
        let utc = strm.child("GPSU").flatMap { parseGPSU($0.text) }
        var result: [PlacedPoint] = []
        let n = data.repeatCount
        result.reserveCapacity(n)
        for i in 0..<n {
            var v = [Double](repeating: 0, count: 5)
            for e in 0..<5 { v[e] = (GPMFType.number(data.data, type: data.type, at: i * 20 + e * 4) ?? 0) / scale[e] }
            let t = time(i, of: n, in: range)
            let sampleUTC = utc.map { UTCTime(sinceEpoch: $0.sinceEpoch + (t - range.start)) }
            result.append(
                PlacedPoint(
                    movieTime: t,
                    point: point(
                        sampleUTC, v[0], v[1], altitude: v[2], speed2D: v[3], speed3D: v[4], fix: fix, dop: dop)))
        }
        return result
    }

    static func gps9(_ strm: GPMFEntry, _ data: GPMFEntry, _ range: TimeRange) -> [PlacedPoint] {
        guard data.type == UInt8(ascii: "?"), let typeText = strm.child("TYPE")?.text else { return [] }
        let types = Array(typeText.utf8)
        guard types.count >= 9 else { return [] }
        var offsets: [Int] = []
        var size = 0
        for t in types {
            guard let s = GPMFType.size(of: t) else { return [] }
            offsets.append(size)
            size += s
        }
        guard size == data.structureSize else { return [] }
        let scale = scales(strm, count: types.count)
        let n = data.repeatCount
        var result: [PlacedPoint] = []
        result.reserveCapacity(n)
        let epoch2000: Int64 = 946_684_800
        for i in 0..<n {
            let base = i * size
            func value(_ e: Int) -> Double {
                (GPMFType.number(data.data, type: types[e], at: base + offsets[e]) ?? 0) / scale[e]
            }
            let days = value(5).safeInteger ?? 0
            // Seconds since midnight, exact to the scale's unit (milliseconds on HERO11).
            let rawSeconds = GPMFType.number(data.data, type: types[6], at: base + offsets[6]) ?? 0
            let secondsScale = scale[6].safeInteger ?? 0
            var utc: UTCTime?
            if secondsScale > 0, secondsScale <= 1_000_000_000, let raw = rawSeconds.safeInteger, abs(days) < 1_000_000
            {
                let whole = MediaTime(value: raw, timescale: Int32(secondsScale))
                utc = UTCTime(sinceEpoch: MediaTime(value: epoch2000 + days * 86_400, timescale: 1) + whole)
            }
            result.append(
                PlacedPoint(
                    movieTime: time(i, of: n, in: range),
                    point: point(
                        utc, value(0), value(1), altitude: value(2), speed2D: value(3), speed3D: value(4),
                        fix: value(8).safeInt, dop: value(7))))
        }
        return result
    }

    /// A GPS sample as the suite's GPS point: GoPro's altitude (above the WGS 84 ellipsoid) as
    /// its elevation, the 2D speed as its ground speed.
    static func point(
        _ utc: UTCTime?, _ latitude: Double, _ longitude: Double, altitude: Double, speed2D: Double, speed3D: Double,
        fix: Int?, dop: Double?
    ) -> TrackPoint {
        var p = TrackPoint(time: utc, latitude: latitude, longitude: longitude, elevation: altitude)
        p.speed = speed2D
        p.speed3D = speed3D
        p.fix = fix
        p.dilutionOfPrecision = dop
        return p
    }

    /// `GPSU`: `yymmddhhmmss.sss` in UTC (GoPro's GPMF format, GPS5 stream).
    static func parseGPSU(_ text: String) -> UTCTime? {
        let b = Array(text.utf8)
        guard b.count >= 12 else { return nil }
        let d = b[0..<12].map { Character(Unicode.Scalar($0)) }
        func pair(_ i: Int) -> String { String(d[i...(i + 1)]) }
        let fraction: String = b.count > 12 ? String(decoding: b[12...], as: UTF8.self) : ""
        var iso = "20" + pair(0) + "-" + pair(2) + "-" + pair(4)
        iso += "T" + pair(6) + ":" + pair(8) + ":" + pair(10) + fraction + "Z"
        return UTCTime(iso8601: iso)
    }
}
