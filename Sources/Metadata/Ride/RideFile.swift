import CaptionCore

/// A GPS and sensor file given beside a movie, GPX or FIT, told apart by its first bytes (a FIT
/// header's ".FIT" signature at bytes 8–11, else XML): what `metadata add`, `metadata dump` and
/// `export --overlay gps` take. Both become ``TrackPoint``s, the one GPS sample type.
public enum RideFile: Sendable {
    case gpx(GPXDocument)
    case fit(FITActivity)

    /// The largest ride file the commands read: a day of 1 Hz FIT records is ~3 MB, of GPX ~15 MB
    /// (Specs/limits.md).
    public static let maximumBytes = 512 << 20

    /// Reads `bytes` as FIT when they start with a FIT header, else as GPX.
    public static func read(_ bytes: [UInt8], fileName: String? = nil) throws(MetadataError) -> RideFile {
        if FITReader.isFIT(bytes) { return .fit(try FITReader(fileName: fileName).read(bytes)) }
        return .gpx(try GPXReader(fileName: fileName).read(bytes))
    }

    /// Whether `bytes` look like a ride file rather than a movie: a FIT header, or XML (a
    /// byte-order mark, white space, then `<`).
    public static func sniff(_ bytes: some Collection<UInt8>) -> Bool {
        if FITReader.isFIT(bytes) { return true }
        var rest = bytes.prefix(64)[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        return rest.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    }

    /// "GPX" or "FIT".
    public var formatName: String {
        switch self {
        case .gpx: return "GPX"
        case .fit: return "FIT"
        }
    }

    /// The reader's findings.
    public var diagnostics: [Diagnostic] {
        switch self {
        case .gpx(let d): return d.diagnostics
        case .fit(let a): return a.diagnostics
        }
    }

    /// Every point the file holds, in file order: a GPX's track points, a FIT's records (those
    /// without a position have NaN coordinates: ``FITActivity/Record``).
    public var allPoints: [TrackPoint] {
        switch self {
        case .gpx(let d): return d.trackPoints
        case .fit(let a): return a.records.map(\.point)
        }
    }

    /// The points to place on a movie: timed, sorted, speed and course filled in
    /// (``GPXDocument/timedTrackPoints()``, ``FITActivity/timedTrackPoints(file:keepingPositionless:)``:
    /// with `keepingPositionless`, a FIT's timed records without a position but with sensor
    /// values too; a GPX point always has a position).
    public func timedTrackPoints(file: String? = nil, keepingPositionless: Bool = false) throws(MetadataError) -> (
        points: [TrackPoint], diagnostics: [Diagnostic]
    ) {
        switch self {
        case .gpx(let d): return try d.timedTrackPoints()
        case .fit(let a): return try a.timedTrackPoints(file: file, keepingPositionless: keepingPositionless)
        }
    }

    /// One value a file's points carry, with how many points have it.
    public struct Stream: Sendable, Hashable, Encodable {
        public var name: String
        public var units: String
        public var count: Int
    }

    /// Every value `points` carry, each with the number of points that have it: time,
    /// position, altitude, speed, distance, heart rate, cadence, power, temperature, grade.
    public static func streams(_ points: [TrackPoint]) -> [Stream] {
        func count(_ has: (TrackPoint) -> Bool) -> Int { points.reduce(0) { $0 + (has($1) ? 1 : 0) } }
        return [
            Stream(name: "time", units: "UTC", count: count { $0.time != nil }),
            Stream(name: "position", units: "°", count: count { $0.latitude.isFinite && $0.longitude.isFinite }),
            Stream(name: "altitude", units: "m", count: count { $0.elevation != nil }),
            Stream(name: "speed", units: "m/s", count: count { $0.speed != nil }),
            Stream(name: "distance", units: "m", count: count { $0.distance != nil }),
            Stream(name: "heart_rate", units: "bpm", count: count { $0.heartRate != nil }),
            Stream(name: "cadence", units: "rpm", count: count { $0.cadence != nil }),
            Stream(name: "power", units: "W", count: count { $0.power != nil }),
            Stream(name: "temperature", units: "°C", count: count { $0.temperature != nil }),
            Stream(name: "grade", units: "%", count: count { $0.grade != nil }),
        ].filter { $0.count > 0 }
    }

    /// The streams of this file's points (a FIT's developer fields among them).
    public var streams: [Stream] {
        switch self {
        case .gpx(let d): return Self.streams(d.trackPoints)
        case .fit(let a): return a.streams
        }
    }
}
