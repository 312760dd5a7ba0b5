import Foundation
import Metadata

/// The GPX reader on any bytes:
/// 1. it returns a document or throws a ``MetadataError`` located in the file (never a crash:
///    libFuzzer catches those, hangs and runaway memory);
/// 2. what it keeps is what GPX allows: latitudes within ±90°, longitudes within ±180°, finite
///    numbers; every diagnostic names the file;
/// 3. the timed track points written by ``GPXWriter`` and read back are the same points: every
///    recorded field equal, latitude and longitude rounded to the 9 decimals the writer keeps
///    (Specs/timed-metadata.md, "GPX"), speeds and courses computed again where they were
///    computed; written and read once more, they are the same points exactly.
enum GPXCheck {
    static let fileName = "fuzz-input.gpx"

    static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        let document: GPXDocument
        do {
            document = try GPXReader(fileName: fileName).read(bytes)
        } catch {
            try checkLocated(error, what: "the reader's error")
            return
        }
        for p in document.waypoints + document.routes.flatMap({ $0 }) + document.trackPoints {
            try checkPoint(p)
        }
        for d in document.diagnostics where d.location.file != fileName {
            throw FuzzFinding("a diagnostic does not name the file: \(d)")
        }
        let points: [TrackPoint]
        do {
            points = try document.timedTrackPoints().points
        } catch {
            guard error.kind == .noData else { throw FuzzFinding("timedTrackPoints threw \(error)") }
            return
        }
        let reread = try writeAndRead(points)
        guard reread.count == points.count else {
            throw FuzzFinding("\(points.count) timed points written, \(reread.count) read back")
        }
        for (index, (a, b)) in zip(points, reread).enumerated() where !sameRecorded(a, b) {
            throw FuzzFinding("point \(index + 1) changed in write → read\nread:   \(a)\nreread: \(b)")
        }
        let again = try writeAndRead(reread)
        for (index, (a, b)) in zip(reread, again).enumerated() where a != b {
            throw FuzzFinding("point \(index + 1) changed in a second write → read\nfirst:  \(a)\nsecond: \(b)")
        }
    }

    static func writeAndRead(_ points: [TrackPoint]) throws(FuzzFinding) -> [TrackPoint] {
        let written = GPXWriter().write(points)
        do {
            return try GPXReader(fileName: fileName).read(Array(written.utf8)).timedTrackPoints().points
        } catch {
            throw FuzzFinding("the writer's GPX cannot be read back: \(error)\n\(written.prefix(4000))")
        }
    }

    /// Equal but for what the writer changes by design: positions rounded to 9 decimals, and
    /// so speeds and courses computed from them.
    static func sameRecorded(_ a: TrackPoint, _ b: TrackPoint) -> Bool {
        func nine(_ v: Double) -> Double { Double(String(format: "%.9f", v)) ?? v }
        var expected = a
        expected.latitude = nine(a.latitude)
        expected.longitude = nine(a.longitude)
        if a.speedIsComputed { expected.speed = b.speed }
        if a.courseIsComputed { expected.course = b.course }
        expected.sourceLocation = b.sourceLocation  // where in the file, not what the point holds
        return expected == b
    }

    static func checkPoint(_ p: TrackPoint) throws(FuzzFinding) {
        guard abs(p.latitude) <= 90, abs(p.longitude) <= 180 else {
            throw FuzzFinding("a point at \(p.latitude), \(p.longitude) was kept")
        }
        for (name, v) in [
            ("elevation", p.elevation), ("speed", p.speed), ("course", p.course), ("temperature", p.temperature),
            ("dilution of precision", p.dilutionOfPrecision),
        ] {
            if let v, !v.isFinite { throw FuzzFinding("a point's \(name) is \(v)") }
        }
        guard let location = p.sourceLocation, location.file == fileName, location.line != nil else {
            throw FuzzFinding(
                "a point's location does not name the file and line: \(String(describing: p.sourceLocation))")
        }
    }

    static func checkLocated(_ error: MetadataError, what: String) throws(FuzzFinding) {
        guard error.location.file == fileName, !error.message.isEmpty else {
            throw FuzzFinding("\(what) does not name the file or has no message: \(error)")
        }
    }
}
