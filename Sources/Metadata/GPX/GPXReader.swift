import CaptionCore
import Foundation
import XML

/// Reads GPX 1.0 and 1.1 (Topografix schemas) through the hardened XML reader: waypoints, routes
/// and tracks with their segments; `ele`, `time`, `fix`, `hdop`/`pdop`, GPX 1.0's `speed` and
/// `course`; Garmin's TrackPointExtension v1 and v2 (`hr`, `cad`, `atemp`, v2 `speed` and
/// `course`) and PowerExtension (`PowerInWatts`) found by namespace URI, whatever the prefix.
/// Elements with no namespace are read as GPX too (some writers omit it).
public struct GPXReader: Sendable {
    public static let gpx10 = "http://www.topografix.com/GPX/1/0"
    public static let gpx11 = "http://www.topografix.com/GPX/1/1"
    static let trackPointExtension = [
        "http://www.garmin.com/xmlschemas/TrackPointExtension/v1",
        "http://www.garmin.com/xmlschemas/TrackPointExtension/v2",
    ]
    static let powerExtension = "http://www.garmin.com/xmlschemas/PowerExtension/v1"

    public var fileName: String?

    public init(fileName: String? = nil) { self.fileName = fileName }

    /// Reads GPX from `bytes`; any byte string gives a document or a located error.
    public func read(_ bytes: [UInt8]) throws(MetadataError) -> GPXDocument {
        let tree: XMLTree
        do {
            tree = try SecureXMLParser.parse(bytes, fileName: fileName, formatName: "GPX")
        } catch {
            throw MetadataError(.malformed, error.message, location: error.location)
        }
        let root = tree.root
        guard root.localName == "gpx", Self.isGPX(root.namespace) else {
            throw MetadataError(
                .malformed, "the root element is <\(root.localName)>, not a GPX <gpx> element",
                location: tree.source.location(of: root))
        }
        var document = GPXDocument(version: root.attribute("version")?.value ?? "")
        var context = Context(tree: tree)
        for child in tree.childElements(of: root) where Self.isGPX(child.namespace) {
            switch child.localName {
            case "wpt":
                if let p = context.point(child) { document.waypoints.append(p) }
            case "rte":
                document.routes.append(
                    tree.childElements(of: child).filter { $0.localName == "rtept" && Self.isGPX($0.namespace) }
                        .compactMap { context.point($0) })
            case "trk":
                var track = GPXDocument.Track(name: nil, segments: [])
                for part in tree.childElements(of: child) where Self.isGPX(part.namespace) {
                    if part.localName == "name" {
                        track.name = context.text(part)
                    } else if part.localName == "trkseg" {
                        track.segments.append(
                            tree.childElements(of: part).filter { $0.localName == "trkpt" && Self.isGPX($0.namespace) }
                                .compactMap { context.point($0) })
                    }
                }
                document.tracks.append(track)
            default:
                break
            }
        }
        document.diagnostics = context.diagnostics
        return document
    }

    static func isGPX(_ namespace: String) -> Bool { namespace == gpx11 || namespace == gpx10 || namespace.isEmpty }

    /// Walks one document, collecting diagnostics.
    struct Context {
        let tree: XMLTree
        var diagnostics: [Diagnostic] = []

        init(tree: XMLTree) { self.tree = tree }

        func text(_ element: XMLElement) -> String {
            var s = ""
            for child in element.children { if case .text(let t) = child { s += t } }
            return s.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        mutating func number(_ element: XMLElement) -> Double? {
            let t = text(element)
            guard let v = Double(t), v.isFinite else {
                diagnostics.append(
                    Diagnostic(
                        .warning, "gpx.number", "<\(element.localName)> holds \"\(t)\", not a number; it was ignored",
                        at: tree.source.location(of: element)))
                return nil
            }
            return v
        }

        /// A point, or nil (with a located warning) when its coordinates are missing or impossible.
        mutating func point(_ element: XMLElement) -> TrackPoint? {
            let location = tree.source.location(of: element)
            guard let latText = element.attribute("lat")?.value, let lonText = element.attribute("lon")?.value,
                let lat = Double(latText.trimmingCharacters(in: .whitespaces)),
                let lon = Double(lonText.trimmingCharacters(in: .whitespaces)),
                abs(lat) <= 90, abs(lon) <= 180
            else {
                diagnostics.append(
                    Diagnostic(
                        .warning, "gpx.coordinates",
                        "a <\(element.localName)> without valid lat and lon (latitude −90…90, longitude −180…180) was skipped",
                        at: location))
                return nil
            }
            var p = TrackPoint(time: nil, latitude: lat, longitude: lon)
            p.sourceLocation = location
            var pdop: Double?
            var hdop: Double?
            for child in tree.childElements(of: element) {
                if GPXReader.isGPX(child.namespace) {
                    switch child.localName {
                    case "ele": p.elevation = number(child)
                    case "time":
                        let t = text(child)
                        if let time = UTCTime(iso8601: t) {
                            p.time = time
                        } else {
                            diagnostics.append(
                                Diagnostic(
                                    .warning, "gpx.time",
                                    "<time> holds \"\(t)\", not an ISO 8601 date and time; the point has no time",
                                    at: tree.source.location(of: child)))
                        }
                    case "speed": p.speed = number(child)
                    case "course": p.course = number(child)
                    case "hdop": hdop = number(child)
                    case "pdop": pdop = number(child)
                    case "fix":
                        switch text(child) {
                        case "none": p.fix = 0
                        case "2d": p.fix = 2
                        case "3d", "dgps", "pps": p.fix = 3
                        default: break
                        }
                    case "extensions": extensions(child, into: &p)
                    default: break
                    }
                }
            }
            p.dilutionOfPrecision = pdop ?? hdop
            return p
        }

        private mutating func extensions(_ element: XMLElement, into p: inout TrackPoint) {
            for child in tree.childElements(of: element) {
                if GPXReader.trackPointExtension.contains(child.namespace) {
                    for value in tree.childElements(of: child) where value.namespace == child.namespace {
                        switch value.localName {
                        case "hr": p.heartRate = number(value)?.safeInt
                        case "cad": p.cadence = number(value)?.safeInt
                        case "atemp": p.temperature = number(value)
                        case "speed": p.speed = p.speed ?? number(value)
                        case "course": p.course = p.course ?? number(value)
                        default: break
                        }
                    }
                } else if child.namespace == GPXReader.powerExtension && child.localName == "PowerInWatts" {
                    p.power = number(child)?.safeInt
                } else if child.localName == "power" {
                    p.power = number(child)?.safeInt
                }
            }
        }
    }
}
