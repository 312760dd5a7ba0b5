import CaptionCore
import Foundation

/// `captions metadata dump`: a movie's timed metadata as text, JSON, CSV or GPX.
public struct MetadataDump: Sendable {
    public let metadata: MovieMetadata

    public init(metadata: MovieMetadata) { self.metadata = metadata }

    // MARK: - Text

    /// Every metadata track: its keys or streams, then its groups or GPS samples, one a line.
    public func text() throws(MetadataError) -> String {
        var out = ""
        let infos = metadata.metadataTrackInfo()
        if infos.isEmpty { return "no timed-metadata track\n" }
        for (info, track) in zip(infos, metadata.metadataTracks) {
            out += "track \(info.trackID): \(info.format) \"\(info.handlerName)\", \(info.sampleCount) samples"
            if !info.describes.isEmpty {
                out += ", describes track \(info.describes.map(String.init).joined(separator: ", "))"
            }
            out += "\n"
            switch info.kind {
            case .quickTimeMetadata:
                for key in info.keys { out += "  key \(key)\n" }
                for group in try metadata.timedMetadataGroups(track) where !group.items.isEmpty {
                    out += "  \(Self.seconds(group.timeRange.start))–\(Self.seconds(group.timeRange.end))"
                    out += " " + group.items.map { "\($0.identifier.key)=\($0.value)" }.joined(separator: " ") + "\n"
                }
            case .gpmf:
                let telemetry = try metadata.goProTelemetry(track)
                for s in telemetry.streams {
                    out += "  stream \(s.key) \"\(s.name)\" \(s.units.isEmpty ? "" : "[\(s.units)] ")"
                    out += "\(s.sampleCount) samples, \(String(format: "%.2f", s.rate)) Hz\n"
                }
                if !telemetry.hasGPS { out += "  no GPS: this GPMF track carries no GPS5 or GPS9 stream\n" }
                for placed in telemetry.gps {
                    let g = placed.point
                    out += "  \(Self.seconds(placed.movieTime)) \(g.time?.iso8601 ?? "-") "
                    out += String(
                        format: "%.7f %.7f %.3f m %.3f m/s", g.latitude, g.longitude, g.elevation ?? 0, g.speed ?? 0)
                    out +=
                        " fix \(g.fix.map(String.init) ?? "-") dop \(g.dilutionOfPrecision.map { String(format: "%.2f", $0) } ?? "-")\n"
                }
                for d in telemetry.diagnostics { out += "  \(d)\n" }
            case .other:
                out += "  (not decoded)\n"
            }
        }
        return out
    }

    static func seconds(_ t: MediaTime) -> String { String(format: "%.3f", t.seconds) }

    // MARK: - JSON

    struct JSONTrack: Encodable {
        var id: UInt32
        var format: String
        var handlerName: String
        var samples: Int
        var describes: [UInt32]
        var keys: [String]
        var groups: [JSONGroup]?
        var streams: [JSONStream]?
        var hasGPS: Bool?
        var gps: [JSONGPS]?
    }
    struct JSONGroup: Encodable {
        var start: Double
        var duration: Double
        /// Exact: "value/timescale".
        var startTime: String
        var items: [String: String]
    }
    struct JSONStream: Encodable {
        var key: String
        var name: String
        var units: String
        var samples: Int
        var rate: Double
    }
    struct JSONGPS: Encodable {
        var time: Double
        var utc: String?
        var latitude: Double
        var longitude: Double
        var altitude: Double
        var speed2D: Double
        var speed3D: Double
        var fix: Int?
        var dop: Double?
        var source: String
    }

    public func json() throws(MetadataError) -> String {
        var tracks: [JSONTrack] = []
        for (info, track) in zip(metadata.metadataTrackInfo(), metadata.metadataTracks) {
            var t = JSONTrack(
                id: info.trackID, format: info.format, handlerName: info.handlerName, samples: info.sampleCount,
                describes: info.describes, keys: info.keys)
            switch info.kind {
            case .quickTimeMetadata:
                t.groups = try metadata.timedMetadataGroups(track).map { g in
                    JSONGroup(
                        start: g.timeRange.start.seconds, duration: g.timeRange.duration.seconds,
                        startTime: "\(g.timeRange.start.value)/\(g.timeRange.start.timescale)",
                        items: Dictionary(
                            g.items.map { ($0.identifier.description, $0.value.description) },
                            uniquingKeysWith: { a, _ in a }))
                }
            case .gpmf:
                let telemetry = try metadata.goProTelemetry(track)
                t.streams = telemetry.streams.map {
                    JSONStream(key: $0.key, name: $0.name, units: $0.units, samples: $0.sampleCount, rate: $0.rate)
                }
                t.hasGPS = telemetry.hasGPS
                let source = telemetry.gpsSource ?? ""
                t.gps = telemetry.gps.map { placed in
                    let g = placed.point
                    return JSONGPS(
                        time: placed.movieTime.seconds, utc: g.time?.iso8601, latitude: g.latitude,
                        longitude: g.longitude, altitude: g.elevation ?? 0, speed2D: g.speed ?? 0,
                        speed3D: g.speed3D ?? 0, fix: g.fix, dop: g.dilutionOfPrecision, source: source)
                }
            case .other:
                break
            }
            tracks.append(t)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(["tracks": tracks]) else {
            throw MetadataError(.malformed, "the dump could not be encoded as JSON (a value is not finite)")
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: - CSV and GPX of one track's points

    /// One line per point: `utc,latitude,longitude,elevation,speed,course,heart_rate,cadence,power,temperature,distance,grade`.
    public func csv(trackID: UInt32? = nil) throws(MetadataError) -> String {
        Self.csv(try metadata.trackPoints(try metadata.gpsTrack(id: trackID)))
    }

    /// `points` as CSV, one a line (an empty cell for a value a point has not: a FIT record
    /// without a position has empty coordinates).
    public static func csv(_ points: [TrackPoint]) -> String {
        var out = "utc,latitude,longitude,elevation,speed,course,heart_rate,cadence,power,temperature,distance,grade\n"
        func f(_ v: Double?) -> String { v.map { GPXWriter.number($0) } ?? "" }
        func i(_ v: Int?) -> String { v.map(String.init) ?? "" }
        func degrees(_ v: Double) -> String { v.isFinite ? String(format: "%.9f", v) : "" }
        for p in points {
            out +=
                [
                    p.time?.iso8601 ?? "", degrees(p.latitude), degrees(p.longitude), f(p.elevation), f(p.speed),
                    f(p.course), i(p.heartRate), i(p.cadence), i(p.power), f(p.temperature), f(p.distance),
                    f(p.grade),
                ].joined(separator: ",") + "\n"
        }
        return out
    }

    public func gpx(trackID: UInt32? = nil) throws(MetadataError) -> String {
        GPXWriter().write(try metadata.trackPoints(try metadata.gpsTrack(id: trackID)))
    }
}
