import Foundation
import TestSupport
import Testing

/// `captions metadata add` with `--hide-near`, `--max-dop` and `--max-speed`, run as a user runs
/// it, and read back by exiftool and GoPro's gpmf-parser, never by our own readers. The expected
/// points are gpxpy's reading of the input, filtered here by the rule Specs/timed-metadata.md
/// states ("Sync and filters"): DOP is `pdop`, else `hdop`; a zone holds the points whose
/// haversine distance (mean Earth radius 6,371,008.8 m) is at most its radius; a point reached
/// from the last kept point faster than the limit is dropped; speed and course missing from the
/// GPX are computed from the point kept before.
@Suite struct GPSFilterWitnessTests {
    struct Zone {
        var latitude, longitude, radius: Double
        var argument: String

        func contains(_ latitude: Double, _ longitude: Double) -> Bool {
            GPXPeer.haversine(self.latitude, self.longitude, latitude, longitude) <= radius
        }
    }

    /// Two zones, the second in kilometres: a path heading north at 0.0001° a second (11.1 m/s)
    /// crosses the first for points 2–8 (at most 34.3 m from its centre, the next ones 44.5 m;
    /// inside it, points 2 and 8 step 0.0001° east, so that a speed or course worked out from
    /// point 8 would differ from one worked out from point 1) and passes 23.2 m east of the
    /// second's centre, which hides points 14–16 (25.7 m; 13 and 17 are 32.1 m away).
    static let zones = [
        Zone(latitude: 46.0005, longitude: 7.0, radius: 40, argument: "46.0005,7.0,40m"),
        Zone(latitude: 46.0015, longitude: 7.0003, radius: 30, argument: "46.0015,7.0003,0.03km"),
    ]
    static let maxDOP = 5.0
    static let maxSpeed = 30.0

    /// 30 points a second from 10:00:01Z (the clip's creation time is 10:00:00Z). Point 10 has
    /// `pdop` 7.5, point 12 `hdop` 6 alone, point 13 `hdop` 9 but `pdop` 2 (kept: pdop wins),
    /// point 2 (in a zone) both high; point 11 jumps 0.01° (1.1 km) off the path and back.
    static func gpx() -> String {
        var s = #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">"#
        s += "<trk><trkseg>\n"
        for k in 0..<30 {
            let lat = 46.0 + Double(k) * 0.0001 + (k == 11 ? 0.01 : 0)
            var extra = ""
            switch k {
            case 2: extra = "<hdop>8</hdop><pdop>9</pdop>"
            case 10: extra = "<pdop>7.5</pdop>"
            case 12: extra = "<hdop>6</hdop>"
            case 13: extra = "<hdop>9</hdop><pdop>2</pdop>"
            case 20: extra = "<hdop>1.5</hdop>"
            default: break
            }
            let lon = 7.0 + (k == 2 || k == 8 ? 0.0001 : 0)
            s += String(format: #"<trkpt lat="%.7f" lon="%.7f"><ele>%.3f</ele>"#, lat, lon, 400 + Double(k) * 0.5)
            s += String(format: "<time>2024-05-01T10:00:%02d.000Z</time>", k + 1) + extra + "</trkpt>\n"
        }
        return s + "</trkseg></trk></gpx>\n"
    }

    /// gpxpy's points, filtered by the rule in Specs (the indices kept, in order).
    static func expectedKept(_ points: [GPXPeer.Point]) -> [Int] {
        var kept: [Int] = []
        for (i, p) in points.enumerated() {
            if let dop = p.pdop ?? p.hdop, dop > maxDOP { continue }
            if zones.contains(where: { $0.contains(p.latitude, p.longitude) }) { continue }
            if let last = kept.last, let t0 = points[last].time, let t1 = p.time {
                let metres = GPXPeer.haversine(points[last].latitude, points[last].longitude, p.latitude, p.longitude)
                if metres / (t1 - t0) > maxSpeed { continue }
            }
            kept.append(i)
        }
        return kept
    }

    /// Speed (m/s) of `points[kept[j]]` from the kept point before it (the first from the one
    /// after it), by the haversine rule.
    static func expectedSpeed(_ points: [GPXPeer.Point], _ kept: [Int], _ j: Int) -> Double {
        let (a, b) = j > 0 ? (points[kept[j - 1]], points[kept[j]]) : (points[kept[0]], points[kept[1]])
        return GPXPeer.haversine(a.latitude, a.longitude, b.latitude, b.longitude) / ((b.time ?? 0) - (a.time ?? 0))
    }

    @Test func filtersRunThroughTheCLIAndNoHiddenPointSurvivesInAnyTrack() throws {
        let dir = try TemporaryDirectory("gps-filters")
        let clip = try MetadataRoundTripTests.clip("clip.mp4", in: dir, seconds: 32, faststart: false)
        let gpxPath = dir.path("ride.gpx"), output = dir.path("out.mp4")
        try Self.gpx().write(toFile: gpxPath, atomically: true, encoding: .utf8)

        let input = try GPXPeer.trackPoints(gpxPath)
        #expect(input.count == 30)
        let kept = Self.expectedKept(input)
        // Worked by hand from the comments above: the rule and gpxpy's reading agree with it.
        #expect(kept == [0, 1, 9, 13, 17] + Array(18..<30), "\(kept)")
        let hidden = input.indices.filter { i in
            Self.zones.contains { $0.contains(input[i].latitude, input[i].longitude) }
        }
        #expect(hidden == [2, 3, 4, 5, 6, 7, 8, 14, 15, 16])

        var args = ["metadata", "add", clip, gpxPath, "-o", output]
        for z in Self.zones { args += ["--hide-near", z.argument] }
        args += ["--max-dop", "\(Self.maxDOP)", "--max-speed", "\(Self.maxSpeed)"]
        let r = try CLIRunner.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("\(kept.count) of 30 points written as mebx and gpmf"), "\(r.stderr)")

        try Self.checkExiftool(output, input: input, kept: kept)
        try Self.checkGPMFParser(output, input: input, kept: kept)
    }

    /// exiftool -ee: every position in every timed sample (mebx groups, GPS5 samples), none in
    /// a zone, the kept ones with their values; speed and course (mebx) from the kept points.
    static func checkExiftool(_ path: String, input: [GPXPeer.Point], kept: [Int]) throws {
        let docs = try GoProPeers.exiftool(path)
        var mebx: [[Double]] = [], gpmd: [[Double]] = []
        var speeds: [Double] = [], courses: [Double] = []
        for doc in docs {
            if let text = doc["GPSCoordinates"] {
                mebx.append(String(describing: text).split(separator: " ").compactMap { Double($0) })
                speeds.append((doc.first { $0.key.hasSuffix("GpsSpeed") }?.value as? Double) ?? .nan)
                courses.append((doc.first { $0.key.hasSuffix("GpsCourse") }?.value as? Double) ?? .nan)
            } else if let lat = doc["GPSLatitude"] as? Double, let lon = doc["GPSLongitude"] as? Double {
                gpmd.append([lat, lon, doc["GPSAltitude"] as? Double ?? .nan])
            }
        }
        for p in mebx + gpmd where p.count >= 2 {
            #expect(!zones.contains { $0.contains(p[0], p[1]) }, "a point inside a privacy zone: \(p)")
        }
        guard mebx.count == kept.count, gpmd.count == kept.count else {
            Issue.record("\(mebx.count) mebx and \(gpmd.count) GPS5 positions; \(kept.count) kept")
            return
        }
        for (j, i) in kept.enumerated() {
            let e = input[i]
            #expect(mebx[j].count == 3, "\(mebx[j])")
            if mebx[j].count == 3 {
                #expect(abs(mebx[j][0] - e.latitude) < 1e-9 && abs(mebx[j][1] - e.longitude) < 1e-9, "point \(i)")
                #expect(abs(mebx[j][2] - (e.elevation ?? .nan)) < 1e-6, "point \(i) elevation")
            }
            // GPS5 stores degrees × 10⁷ and millimetres.
            #expect(abs(gpmd[j][0] - e.latitude) <= 0.5e-7 && abs(gpmd[j][1] - e.longitude) <= 0.5e-7, "point \(i)")
            #expect(abs(gpmd[j][2] - (e.elevation ?? .nan)) <= 0.0005, "point \(i) elevation")
            // A point after a hidden one carries no distance or bearing to it: speed and course
            // come from the kept point before (the path heads due north: course 0).
            #expect(abs(speeds[j] - expectedSpeed(input, kept, j)) < 1e-6, "point \(i) speed \(speeds[j])")
            #expect(abs(courses[j]) < 1e-6, "point \(i) course \(courses[j])")
        }
    }

    /// gpmf-parser: GPS5 and GPS9 values (not only their count) and GPS9's own time and DOP.
    static func checkGPMFParser(_ path: String, input: [GPXPeer.Point], kept: [Int]) throws {
        let gps5 = try GoProPeers.gpmfParser(path)
        let gps9 = try GoProPeers.gpmfParser(path, key: "GPS9")
        for sample in gps5 + gps9 where sample.count >= 3 {
            #expect(!zones.contains { $0.contains(sample[1], sample[2]) }, "a point inside a privacy zone: \(sample)")
        }
        guard gps5.count == kept.count, gps9.count == kept.count else {
            Issue.record("\(gps5.count) GPS5 and \(gps9.count) GPS9 samples; \(kept.count) kept")
            return
        }
        for (j, i) in kept.enumerated() {
            let e = input[i]
            let speed = expectedSpeed(input, kept, j)
            let five = gps5[j], nine = gps9[j]
            try #require(five.count == 6 && nine.count == 10, "\(five) \(nine)")
            // Placed at its UTC minus the creation time: point k at k + 1 s.
            #expect(abs(five[0] - (Double(i) + 1)) < 1e-6 && abs(nine[0] - (Double(i) + 1)) < 1e-6, "point \(i) time")
            for s in [five, nine] {
                #expect(abs(s[1] - e.latitude) <= 0.5e-7 && abs(s[2] - e.longitude) <= 0.5e-7, "point \(i): \(s)")
                #expect(abs(s[3] - (e.elevation ?? .nan)) <= 0.0005, "point \(i) altitude \(s[3])")
                // 2D speed in mm/s, 3D speed in cm/s (SCAL 1000 and 100); GPX has no climb: 3D = 2D.
                #expect(abs(s[4] - speed) <= 0.0005 && abs(s[5] - speed) <= 0.005, "point \(i) speed: \(s)")
            }
            // GPS9: days since 2000-01-01, seconds since midnight (ms, SCAL 1000), DOP (SCAL
            // 100: pdop, else hdop, else 1.0), fix 3.
            let utc = try #require(e.time)
            let days = (utc / 86_400).rounded(.down) - 10_957
            #expect(nine[6] == days, "point \(i) days \(nine[6])")
            #expect(abs(nine[7] - (utc - (days + 10_957) * 86_400)) < 1e-6, "point \(i) seconds \(nine[7])")
            #expect(abs(nine[8] - (e.pdop ?? e.hdop ?? 1)) < 1e-9, "point \(i) DOP \(nine[8])")
            #expect(nine[9] == 3, "point \(i) fix")
        }
    }

    // MARK: - --sync gps

    /// `--sync gps` on the GoPro Max file: a GPX whose points start 1.25 s after the camera's
    /// GPS time (the median over gpmf-parser's payloads of `GPSU` − payload start; the first
    /// payload's `GPSU` is 1.47 s stale) plays from 1.25 s; a point 2 s before that time is left
    /// out. The movie's creation time is the camera's local time (8 h off), so any other anchor
    /// puts every point outside the movie.
    @Test func syncGPSPlacesTheGPXAtTheCamerasGPSTime() throws {
        let movie = TestPaths.sharedFixture("media/gopro-max-heromode.mp4").path
        let gpsu = try GoProPeers.gpsUTC(movie)
        #expect(gpsu.count == 11, "one GPSU a payload")
        let payloadOffsets = gpsu.map { $0[1] - $0[0] }.sorted()
        let anchor = payloadOffsets[(payloadOffsets.count - 1) / 2]
        #expect(abs(payloadOffsets[0] - anchor) > 1.4, "the first payload is the stale one: \(payloadOffsets)")
        let dir = try TemporaryDirectory("gps-sync")
        var s = #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">"#
        s += "<trk><trkseg>\n"
        let offsets = [-2.0] + (0..<8).map { 1.25 + Double($0) }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for (k, offset) in offsets.enumerated() {
            let time = formatter.string(from: Date(timeIntervalSince1970: anchor + offset))
            s += String(
                format: #"<trkpt lat="%.6f" lon="-117.3"><time>%@</time></trkpt>"#, 33.1 + Double(k) * 1e-4, time)
            s += "\n"
        }
        try (s + "</trkseg></trk></gpx>\n").write(toFile: dir.path("ride.gpx"), atomically: true, encoding: .utf8)
        let times = try GPXPeer.trackPoints(dir.path("ride.gpx")).compactMap(\.time)
        #expect(times.count == 9)

        let output = dir.path("synced.mp4")
        let r = try CLIRunner.run([
            "metadata", "add", movie, dir.path("ride.gpx"), "-o", output, "--sync", "gps", "--form", "mebx",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("8 of 9 points written"), "\(r.stderr)")
        let placed = try GoProPeers.exiftool(output).filter { $0["GPSCoordinates"] != nil }
        #expect(placed.count == 8)
        for (doc, utc) in zip(placed, times.dropFirst()) {
            let at = try #require(doc["SampleTime"] as? Double)
            #expect(
                abs(at - (utc - anchor)) < 0.0005, "placed at \(at) s, the camera's GPS time gives \(utc - anchor) s")
        }
    }

    /// A GoPro file whose own GPS lies inside the zone: the points added are filtered, and the
    /// camera's track, copied byte for byte, is named in a warning (it still holds its points,
    /// as gpmf-parser shows), so the user does not believe the place hidden.
    @Test func aCamerasOwnGPSTrackInsideTheZoneIsNamed() throws {
        let movie = TestPaths.sharedFixture("media/gopro-max-heromode.mp4").path
        let camera = try GoProPeers.gpmfParser(movie)
        let gpsu = try #require(try GoProPeers.gpsUTC(movie).first)
        let anchor = gpsu[1] - gpsu[0]
        let start = try #require(camera.first)
        let zone = Zone(
            latitude: start[1], longitude: start[2], radius: 500, argument: "\(start[1]),\(start[2]),0.5km")
        #expect(
            camera.count == 191 && camera.allSatisfy { zone.contains($0[1], $0[2]) }, "the camera stays in the zone")
        let dir = try TemporaryDirectory("gps-camera-zone")
        var s = #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">"#
        s += "<trk><trkseg>\n"
        let formatter = ISO8601DateFormatter()
        for k in 0..<6 {
            // Three points 11 m apart from the camera's start, then three 1.1 km north.
            let lat = start[1] + (k < 3 ? Double(k) * 1e-4 : 0.01 + Double(k) * 1e-4)
            let time = formatter.string(from: Date(timeIntervalSince1970: anchor + 2 + Double(k)))
            s += String(format: #"<trkpt lat="%.7f" lon="%.7f"><time>%@</time></trkpt>"#, lat, start[2], time) + "\n"
        }
        try (s + "</trkseg></trk></gpx>\n").write(toFile: dir.path("ride.gpx"), atomically: true, encoding: .utf8)
        let input = try GPXPeer.trackPoints(dir.path("ride.gpx"))
        let outside = input.filter { !zone.contains($0.latitude, $0.longitude) }
        #expect(outside.count == 3)

        let output = dir.path("out.mp4")
        let r = try CLIRunner.run([
            "metadata", "add", movie, dir.path("ride.gpx"), "-o", output, "--sync", "gps", "--hide-near", zone.argument,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("3 of 6 points written"), "\(r.stderr)")
        #expect(
            r.stderr.contains("warning[metadata.privacy-zone-source]: the movie's own GPS track 4 (gpmd, 191 points)"),
            "\(r.stderr)")
        let added = try GoProPeers.exiftool(output).compactMap { doc -> [Double]? in
            doc["GPSCoordinates"].map { String(describing: $0).split(separator: " ").compactMap { Double($0) } }
        }
        #expect(added.count == 3 && added.allSatisfy { $0.count >= 2 && !zone.contains($0[0], $0[1]) }, "\(added)")
        #expect(zip(added, outside).allSatisfy { abs($0[0] - $1.latitude) < 1e-9 }, "\(added)")
        // The camera's moov/udta/©xyz names the ride's start, inside the zone: exiftool finds it in
        // the input and not in the copy, and the user is told.
        let inputTag = try Self.containerCoordinates(movie)
        #expect(inputTag.count >= 2 && zone.contains(inputTag[0], inputTag[1]), "\(inputTag)")
        #expect(try Self.containerCoordinates(output).isEmpty)
        #expect(r.stderr.contains("the movie's location tags (moov/udta/"), "\(r.stderr)")
    }

    /// exiftool's container-level `GPSCoordinates` (QuickTime `©xyz` or the `mdta` location
    /// key; no embedded samples), as latitude, longitude[, altitude]; empty when there is none.
    static func containerCoordinates(_ path: String) throws -> [Double] {
        let r = try CLIRunner.runProcess(try PeerDecoders.tool("exiftool"), ["-j", "-n", "-GPSCoordinates", path])
        #expect(r.status == 0, "\(r.stderr)")
        let list = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]
        guard let value = list?.first?["GPSCoordinates"] else { return [] }
        return String(describing: value).split(separator: " ").compactMap { Double($0) }
    }
}
