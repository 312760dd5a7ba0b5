import Foundation
import XML

/// Writes track points as GPX 1.1 with Garmin's TrackPointExtension v2 for heart rate, cadence,
/// temperature, speed and course (GPX 1.1 has no speed element), one track and one segment.
public struct GPXWriter: Sendable {
    public var creator: String

    public init(creator: String = "captions") { self.creator = creator }

    /// The points in order; a point without a time is written without `<time>`.
    public func write(_ points: [TrackPoint], name: String? = nil) -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<gpx version="1.1" creator=""#
        XMLEscaping.appendAttribute(creator, to: &out)
        out += #"" xmlns="http://www.topografix.com/GPX/1/1""#
        out += #" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2""#
        out += #" xmlns:gpxpx="http://www.garmin.com/xmlschemas/PowerExtension/v1">"# + "\n"
        out += "  <trk>\n"
        if let name {
            out += "    <name>"
            XMLEscaping.appendText(name, to: &out)
            out += "</name>\n"
        }
        out += "    <trkseg>\n"
        for p in points {
            // 9 decimals: a value read from GPX with up to 9 decimals is written digit for digit.
            out += String(format: "      <trkpt lat=\"%.9f\" lon=\"%.9f\">", p.latitude, p.longitude)
            if let e = p.elevation { out += "<ele>" + Self.number(e) + "</ele>" }
            if let t = p.time { out += "<time>" + t.iso8601 + "</time>" }
            switch p.fix {
            case 0: out += "<fix>none</fix>"
            case 2: out += "<fix>2d</fix>"
            case 3: out += "<fix>3d</fix>"
            default: break
            }
            if let d = p.dilutionOfPrecision { out += "<pdop>" + Self.number(d) + "</pdop>" }
            var ext = ""
            if let t = p.temperature { ext += "<gpxtpx:atemp>" + Self.number(t) + "</gpxtpx:atemp>" }
            if let h = p.heartRate { ext += "<gpxtpx:hr>\(h)</gpxtpx:hr>" }
            if let c = p.cadence { ext += "<gpxtpx:cad>\(c)</gpxtpx:cad>" }
            if let s = p.speed, !p.speedIsComputed { ext += "<gpxtpx:speed>" + Self.number(s) + "</gpxtpx:speed>" }
            if let c = p.course, !p.courseIsComputed { ext += "<gpxtpx:course>" + Self.number(c) + "</gpxtpx:course>" }
            if !ext.isEmpty || p.power != nil {
                out += "<extensions>"
                if !ext.isEmpty { out += "<gpxtpx:TrackPointExtension>" + ext + "</gpxtpx:TrackPointExtension>" }
                if let w = p.power { out += "<gpxpx:PowerInWatts>\(w)</gpxpx:PowerInWatts>" }
                out += "</extensions>"
            }
            out += "</trkpt>\n"
        }
        out += "    </trkseg>\n  </trk>\n</gpx>\n"
        return out
    }

    /// The shortest decimal that reads back as the same Double.
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        let s = "\(v)"
        return s.contains("e") ? String(format: "%.9f", v) : s
    }
}
