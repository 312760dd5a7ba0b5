import CaptionCore
import Foundation

/// `captions metadata dump ride.fit` (or `ride.gpx`): every sensor stream of a GPX or FIT file as
/// text, JSON, CSV or GPX, as ``MetadataDump`` prints a movie's.
public struct RideDump: Sendable {
    public let ride: RideFile

    public init(ride: RideFile) { self.ride = ride }

    // MARK: - Text

    /// What the file holds (a FIT's files, devices, sessions, laps, pauses and developer
    /// fields), its streams with their counts, then every point, one a line.
    public func text() -> String {
        var out = ""
        switch ride {
        case .gpx(let d):
            out += "GPX \(d.version): \(d.waypoints.count) waypoints, \(d.routes.count) routes, "
            out += "\(d.tracks.count) tracks, \(d.trackPoints.count) track points\n"
        case .fit(let a):
            out += "FIT: \(a.fileCount) file\(a.fileCount == 1 ? "" : "s"), \(a.records.count) records\n"
            for f in a.fileIDs {
                out += "  file_id type \(Self.text(f.type)) manufacturer \(Self.text(f.manufacturer)) "
                out += "product \(Self.text(f.product)) serial \(Self.text(f.serialNumber)) "
                out += "created \(f.timeCreated?.iso8601 ?? "-")\(f.productName.map { " \"\($0)\"" } ?? "")\n"
            }
            for d in a.devices {
                out += "  device_info \(d.time?.iso8601 ?? "-") index \(Self.text(d.deviceIndex)) "
                out += "type \(Self.text(d.deviceType)) manufacturer \(Self.text(d.manufacturer)) "
                out += "product \(Self.text(d.product)) serial \(Self.text(d.serialNumber))"
                out += " software \(d.softwareVersion.map { GPXWriter.number($0) } ?? "-")"
                out += "\(d.productName.map { " \"\($0)\"" } ?? "")\n"
            }
            for (kind, list) in [("session", a.sessions), ("lap", a.laps)] {
                for s in list { out += "  \(kind) " + Self.summary(s) + "\n" }
            }
            for p in a.pauses { out += "  pause \(p.start.iso8601) – \(p.end?.iso8601 ?? "end")\n" }
            for f in a.developerFields {
                out += "  developer field \(f.developerDataIndex).\(f.fieldNumber) \"\(f.name)\""
                out += f.units.isEmpty ? "\n" : " [\(f.units)]\n"
            }
        }
        for s in ride.streams { out += "  stream \(s.name) [\(s.units)] \(s.count) samples\n" }
        for d in ride.diagnostics { out += "  \(d)\n" }
        switch ride {
        case .gpx(let d):
            for p in d.trackPoints { out += "  " + Self.line(p) + "\n" }
        case .fit(let a):
            for r in a.records {
                out += "  " + Self.line(r.point)
                for (k, v) in r.developerValues.sorted(by: { $0.key < $1.key }) {
                    out += " \(k)=\(GPXWriter.number(v))"
                }
                out += "\n"
            }
        }
        return out
    }

    static func text(_ v: (some BinaryInteger)?) -> String { v.map { String($0) } ?? "-" }

    static func summary(_ s: FITActivity.Summary) -> String {
        func n(_ v: Double?, _ unit: String) -> String { v.map { GPXWriter.number($0) + unit } ?? "-" }
        return "\(s.startTime?.iso8601 ?? "-") – \(s.endTime?.iso8601 ?? "-") elapsed \(n(s.totalElapsedTime, " s")) "
            + "timer \(n(s.totalTimerTime, " s")) distance \(n(s.totalDistance, " m")) "
            + "speed avg \(n(s.averageSpeed, " m/s")) max \(n(s.maximumSpeed, " m/s")) "
            + "hr avg \(text(s.averageHeartRate)) max \(text(s.maximumHeartRate)) "
            + "cadence avg \(text(s.averageCadence)) max \(text(s.maximumCadence)) "
            + "power avg \(text(s.averagePower)) max \(text(s.maximumPower))"
    }

    /// One point: time, position (`-` for none), then each value it has, named.
    static func line(_ p: TrackPoint) -> String {
        var s = p.time?.iso8601 ?? "-"
        s += p.latitude.isFinite ? String(format: " %.7f %.7f", p.latitude, p.longitude) : " - -"
        let values: [(String, Double?)] = [
            ("alt", p.elevation), ("speed", p.speed), ("dist", p.distance), ("hr", p.heartRate.map(Double.init)),
            ("cad", p.cadence.map(Double.init)), ("power", p.power.map(Double.init)), ("temp", p.temperature),
            ("grade", p.grade),
        ]
        for (k, v) in values { if let v { s += " \(k)=\(GPXWriter.number(v))" } }
        return s
    }

    // MARK: - JSON

    /// One point as the dump writes it: the point's values under their own names (`utc` for its
    /// time), those it lacks and a position it lacks left out, then the FIT developer fields.
    struct JSONPoint: Encodable {
        var point: TrackPoint
        var developer: [String: Double] = [:]

        init(_ point: TrackPoint, developer: [String: Double] = [:]) {
            (self.point, self.developer) = (point, developer)
        }

        enum CodingKeys: String, CodingKey {
            case utc, latitude, longitude, elevation, speed, course, distance, heartRate, cadence, power, temperature
            case grade, developer
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(point.time, forKey: .utc)
            if point.latitude.isFinite, point.longitude.isFinite {
                try c.encode(point.latitude, forKey: .latitude)
                try c.encode(point.longitude, forKey: .longitude)
            }
            let p = point
            let measures: [(CodingKeys, Double?)] = [
                (.elevation, p.elevation), (.speed, p.speed), (.course, p.course), (.distance, p.distance),
                (.temperature, p.temperature), (.grade, p.grade),
            ]
            for (key, value) in measures { try c.encodeIfPresent(value, forKey: key) }
            for (key, value) in [(CodingKeys.heartRate, p.heartRate), (.cadence, p.cadence), (.power, p.power)] {
                try c.encodeIfPresent(value, forKey: key)
            }
            if !developer.isEmpty { try c.encode(developer, forKey: .developer) }
        }
    }

    struct JSONRide: Encodable {
        var format: String
        var streams: [RideFile.Stream]
        var files: Int?
        var fileIDs: [FITActivity.FileID]?
        var devices: [FITActivity.Device]?
        var sessions: [FITActivity.Summary]?
        var laps: [FITActivity.Summary]?
        var events: [FITActivity.Event]?
        var pauses: [FITActivity.Pause]?
        var developerFields: [FITActivity.DeveloperField]?
        var points: [JSONPoint]
        var diagnostics: [String]
    }

    public func json() throws(MetadataError) -> String {
        var r = JSONRide(
            format: ride.formatName, streams: ride.streams, points: [],
            diagnostics: ride.diagnostics.map(\.description))
        switch ride {
        case .gpx(let d):
            r.points = d.trackPoints.map { JSONPoint($0) }
        case .fit(let a):
            r.files = a.fileCount
            (r.fileIDs, r.devices, r.sessions, r.laps) = (a.fileIDs, a.devices, a.sessions, a.laps)
            (r.events, r.pauses, r.developerFields) = (a.events, a.pauses, a.developerFields)
            r.points = a.records.map { JSONPoint($0.point, developer: $0.developerValues) }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(r) else {
            throw MetadataError(.malformed, "the dump could not be encoded as JSON (a value is not finite)")
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: - CSV and GPX

    /// Every point, one a line (``MetadataDump/csv(_:)``'s columns).
    public func csv() -> String { MetadataDump.csv(ride.allPoints) }

    /// The points that have a position, as GPX 1.1 (GPX has no point without one).
    public func gpx() -> String { GPXWriter().write(ride.allPoints.filter { $0.latitude.isFinite }) }
}
