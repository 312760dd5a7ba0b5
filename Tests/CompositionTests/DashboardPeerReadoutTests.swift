import CaptionCore
import Composition
import Dashboard
import Foundation
import Media
import Metadata
import Render
import TestSupport
import Testing

/// The dashboard's speed, altitude and position readouts at each frame, against values another
/// reader gives for the same instants: GoPro's gpmf-parser for a camera's own GPS5 track, gpxpy
/// for a GPX. The rule applied to the peer's samples is Specs/dashboard-layout.md, "Values at a
/// frame": the sample in force (the last at or before the frame) moved linearly towards the next.
@Suite struct DashboardPeerReadoutTests {
    /// A peer's sample: movie time (s), latitude, longitude, altitude (m), ground speed (m/s).
    struct Sample {
        var time, latitude, longitude, altitude, speed: Double
    }

    /// The peer's values at `t`, interpolated as the spec says; nil before the first sample.
    static func expected(at t: Double, in samples: [Sample]) -> Sample? {
        guard let i = samples.lastIndex(where: { $0.time <= t + 1e-9 }) else { return nil }
        guard i + 1 < samples.count else { return samples[i] }
        let a = samples[i], b = samples[i + 1]
        let f = (t - a.time) / (b.time - a.time)
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return Sample(
            time: t, latitude: mix(a.latitude, b.latitude), longitude: mix(a.longitude, b.longitude),
            altitude: mix(a.altitude, b.altitude), speed: mix(a.speed, b.speed))
    }

    struct Shown {
        var time: Double
        var readouts: [WidgetKind: String]
    }

    /// Exports `clip`'s first `seconds` with the dashboard over `track`; each frame's readouts.
    static func run(
        clip: String, track: SampleDataTrack, units: UnitSystem, seconds: Int64, in dir: TemporaryDirectory,
        layout: DashboardLayout = .standard
    ) throws -> [Shown] {
        let fonts = try FontCatalog(directories: [TestPaths.fixture("render/fonts").path])
        let dashboard = GPSDashboardCompositor(track: track, layout: layout, units: units, fonts: fonts)
        var shown: [Shown] = []
        dashboard.frameObserver = { time, _, renderer in
            shown.append(Shown(time: time.seconds, readouts: renderer.readouts))
        }
        let asset = Asset(path: clip)
        let session = ExportSession(
            asset: asset, outputPath: dir.path("dashboard.mp4"), settings: ExportSettings(preset: "ultrafast"))
        session.timeRange = TimeRange(start: .zero, end: MediaTime(value: seconds, timescale: 1))
        let duration = try #require(try asset.loadDescription().duration)
        let video = try #require(try asset.loadDescription().tracks.first { $0.mediaType == .video })
        try session.apply(
            VideoComposition.singleTrack(
                compositor: dashboard, duration: duration, videoTrackID: CompositionTrackID(video.trackID),
                sampleDataTrackIDs: [track.trackID]),
            sampleDataTracks: [track])
        try session.exportSynchronously()
        return shown
    }

    /// A 3-second 25 fps clip with the dashboard of the GPX at `gpxPath`, placed as `export --gpx
    /// FILE --sync start` places it (the first point at zero); each frame's readouts.
    static func runGPX(
        _ gpxPath: String, units: UnitSystem, in dir: TemporaryDirectory, layout: DashboardLayout = .standard
    ) throws -> [Shown] {
        let clip = dir.path("clip.mp4")
        try MediaTools.makeClip(clip, rate: "25", size: "320x240", seconds: 3, audio: false)
        let movie = try MovieMetadata(path: clip)
        let document = try GPXReader(fileName: gpxPath).read(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: gpxPath))))
        let placedIn = try document.timedTrackPoints().points
        let anchor = try MetadataSync.start.anchor(for: movie, points: placedIn)
        let (placed, _) = try MetadataSync.place(
            placedIn, anchor: anchor, offset: .zero, duration: movie.duration, timescale: 1000)
        let id = CompositionTrackID(truncatingIfNeeded: (movie.movie.tracks.map(\.id).max() ?? 0) + 1)
        let track = SampleDataTrack(trackID: id, placedPoints: placed, movieDuration: movie.duration)
        return try run(clip: clip, track: track, units: units, seconds: 3, in: dir, layout: layout)
    }

    /// A readout's number ("12.3", "-22", "33.12677° -117.32734°" gives both).
    static func numbers(_ text: String?) -> [Double] {
        (text ?? "").replacingOccurrences(of: "°", with: "").split(separator: " ").compactMap { Double($0) }
    }

    /// Checks one frame's speed, altitude and position readouts against `e` in `units`: each
    /// within half its last shown digit (the readout rounds) of the peer's value.
    static func check(_ frame: Shown, against e: Sample, units: UnitSystem) {
        // 1 km/h = 1/3.6 m/s; 1 mph = 0.44704 m/s and 1 ft = 0.3048 m (international yard, 1959).
        let speed = units == .imperial ? e.speed / 0.44704 : e.speed * 3.6
        let altitude = units == .imperial ? e.altitude / 0.3048 : e.altitude
        let at = String(format: "%.4f s", frame.time)
        let s = numbers(frame.readouts[.speed]), a = numbers(frame.readouts[.altitude])
        let p = numbers(frame.readouts[.coordinates])
        #expect(s.count == 1 && abs((s.first ?? .nan) - speed) <= 0.05 + 1e-6, "speed at \(at): \(s), peer \(speed)")
        #expect(
            a.count == 1 && abs((a.first ?? .nan) - altitude) <= 0.5 + 1e-6, "altitude at \(at): \(a), peer \(altitude)"
        )
        #expect(
            p.count == 2 && abs(p[0] - e.latitude) <= 0.5e-5 + 1e-9 && abs(p[1] - e.longitude) <= 0.5e-5 + 1e-9,
            "position at \(at): \(p), peer \(e.latitude) \(e.longitude)")
    }

    /// The Max file's own GPS5 track: gpmf-parser's samples at the frames' times.
    @Test func goProGPS5ReadoutsMatchGPMFParser() throws {
        let movie = TestPaths.sharedFixture("media/gopro-max-heromode.mp4").path
        let theirs = try GoProPeers.gpmfParser(movie).map {
            Sample(time: $0[0], latitude: $0[1], longitude: $0[2], altitude: $0[3], speed: $0[4])
        }
        #expect(theirs.count == 191, "the Max file's GPS5 samples")
        let metadata = try MovieMetadata(path: movie)
        let track = try SampleDataTrack(movie: metadata, track: try metadata.gpsTrack())
        let dir = try TemporaryDirectory("dashboard-gpmf")
        let frames = try Self.run(clip: movie, track: track, units: .metric, seconds: 3, in: dir)
        #expect(frames.count == 90, "3 s at 29.97 fps")
        for frame in frames {
            let e = try #require(Self.expected(at: frame.time, in: theirs), "a GPS5 sample at \(frame.time) s")
            Self.check(frame, against: e, units: .metric)
        }
        #expect(Set(frames.compactMap { $0.readouts[.speed] }).count >= 5, "the speed changes over the 3 s")
    }

    /// A GPX 1.0 file with recorded `<speed>`, placed as `export --gpx FILE --sync start` places
    /// it: gpxpy's values, the first point at zero, in metric and imperial units. Points every
    /// 0.45 s, so that 25 fps frames never fall half-way (a tie the readout's rounding could take
    /// either way); the last, at 3.15 s, is past the 3-second clip and left out (Specs/timed-
    /// metadata.md): from 2.7 s the dashboard holds the 2.7 s point's values.
    @Test(arguments: [UnitSystem.metric, .imperial])
    func gpxReadoutsMatchGpxpy(units: UnitSystem) throws {
        let dir = try TemporaryDirectory("dashboard-gpx")
        let gpxPath = dir.path("ride.gpx")
        var text = #"<?xml version="1.0"?><gpx version="1.0" creator="test" xmlns="http://www.topografix.com/GPX/1/0">"#
        text += "<trk><trkseg>\n"
        for k in 0..<8 {
            let ms = 450 * k
            text += String(
                format: #"<trkpt lat="%.7f" lon="%.7f"><ele>%.2f</ele><time>2021-06-01T08:00:%02d.%03dZ</time>"#,
                45.1 + Double(k) * 0.00007, 6.2 + Double(k) * 0.00011, 812.4 + Double(k * k) * 1.7, ms / 1000,
                ms % 1000)
            text += String(format: "<speed>%.2f</speed></trkpt>\n", 4.2 + Double(k) * 1.85)
        }
        try (text + "</trkseg></trk></gpx>\n").write(toFile: gpxPath, atomically: true, encoding: .utf8)
        let points = try GPXPeer.trackPoints(gpxPath)
        #expect(points.count == 8 && points.allSatisfy { $0.speed != nil && $0.elevation != nil })
        let start = try #require(points.first?.time)
        let theirs = try points.filter { ($0.time ?? .infinity) - start < 3 }.map { p in
            Sample(
                time: try #require(p.time) - start, latitude: p.latitude, longitude: p.longitude,
                altitude: try #require(p.elevation), speed: try #require(p.speed))
        }


        let frames = try Self.runGPX(gpxPath, units: units, in: dir)
        #expect(frames.count == 75, "3 s at 25 fps")
        #expect(theirs.count == 7, "the points inside the clip")
        for frame in frames {
            let e = try #require(Self.expected(at: frame.time, in: theirs))
            Self.check(frame, against: e, units: units)
        }
    }

    /// A GPX 1.1 ride with Garmin's TrackPointExtension (heart rate, cadence, air temperature)
    /// and PowerExtension: the heart-rate, cadence, power, temperature, distance and date-time
    /// readouts at each frame against gpxpy's reading of the same points, interpolated as the
    /// spec says (Specs/dashboard-layout.md, "Values at a frame"). The distance is gpxpy's own
    /// haversine steps, summed, on the sphere our Geodesy names (mean radius 6,371,008.8 m,
    /// IUGG; gpxpy's function takes 6,378,137 m, so its steps are scaled by the ratio), shown in
    /// metres; the date-time is the interpolated UTC time to the second.
    @Test func gpxExtensionReadoutsMatchGpxpy() throws {
        let dir = try TemporaryDirectory("dashboard-gpx-extensions")
        let gpxPath = dir.path("ride.gpx")
        var text = #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1" "#
        text += #"xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" "#
        text += #"xmlns:gpxpx="http://www.garmin.com/xmlschemas/PowerExtension/v1"><trk><trkseg>"#
        for k in 0..<8 {
            // From 08:59:58.5, so that the clock turns a minute and an hour within the clip.
            let ms = 58_500 + 450 * k
            text += String(
                format: #"<trkpt lat="%.7f" lon="%.7f"><ele>%.2f</ele><time>2021-06-01T%02d:%02d:%02d.%03dZ</time>"#,
                45.1 + Double(k) * 0.00009, 6.2 + Double(k) * 0.00013, 812.4 + Double(k) * 0.6, 8 + ms / 60_000,
                ms / 60_000 == 0 ? 59 : 0, ms % 60_000 / 1000, ms % 1000)
            text += "<extensions><gpxtpx:TrackPointExtension>"
            text += "<gpxtpx:atemp>\(String(format: "%.1f", 18.2 + Double(k) * 0.37))</gpxtpx:atemp>"
            text += "<gpxtpx:hr>\(128 + 3 * k)</gpxtpx:hr><gpxtpx:cad>\(84 + (k % 3) * 5)</gpxtpx:cad>"
            text += "</gpxtpx:TrackPointExtension><gpxpx:PowerInWatts>\(210 + 17 * k)</gpxpx:PowerInWatts>"
            text += "</extensions></trkpt>\n"
        }
        try (text + "</trkseg></trk></gpx>\n").write(toFile: gpxPath, atomically: true, encoding: .utf8)

        // gpxpy's reading: time, the extension values, and its haversine step from the point before.
        let script = """
            import sys, json, calendar, gpxpy, gpxpy.geo
            g = gpxpy.parse(open(sys.argv[1], encoding='utf-8'))
            out = []
            prev = None
            for p in g.tracks[0].segments[0].points:
                v = {}
                for e in p.extensions:
                    for c in list(e) + [e]:
                        name = c.tag.split('}')[-1]
                        if name in ('hr', 'cad', 'atemp', 'PowerInWatts'): v[name] = float(c.text)
                step = 0.0 if prev is None else gpxpy.geo.haversine_distance(prev.latitude, prev.longitude, p.latitude, p.longitude)
                prev = p
                when = calendar.timegm(p.time.utctimetuple()) + p.time.microsecond / 1e6
                out.append([when, v['hr'], v['cad'], v['atemp'], v['PowerInWatts'], step])
            print(json.dumps(out))
            """
        let r = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script, gpxPath])
        try #require(r.status == 0, "gpxpy: \(r.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[Double]])
        try #require(rows.count == 8)
        let start = rows[0][0]
        var travelled = 0.0
        // [time from the first point, hr, cad, atemp, power, metres travelled, UTC seconds]
        // The last point, at 3.15 s, is past the 3-second clip and left out (Specs/timed-
        // metadata.md): from 2.7 s the dashboard holds the 2.7 s point's values.
        let theirs: [[Double]] = rows.map { row in
            travelled += row[5] * 6_371_008.8 / 6_378_137
            return [row[0] - start, row[1], row[2], row[3], row[4], travelled, row[0]]
        }.filter { $0[0] < 3 }
        #expect(theirs.count == 7, "the points inside the clip")
        func at(_ t: Double) -> [Double]? {
            guard let i = theirs.lastIndex(where: { $0[0] <= t + 1e-9 }) else { return nil }
            guard i + 1 < theirs.count else { return theirs[i] }
            let a = theirs[i], b = theirs[i + 1], f = (t - a[0]) / (b[0] - a[0])
            return zip(a, b).map { $0 + ($1 - $0) * f }
        }

        var layout = DashboardLayout.standard
        for i in layout.widgets.indices where layout.widgets[i].kind == .distance { layout.widgets[i].units = "m" }
        let frames = try Self.runGPX(gpxPath, units: .metric, in: dir, layout: layout)
        #expect(frames.count == 75, "3 s at 25 fps")

        let clock = DateFormatter()
        clock.locale = Locale(identifier: "en_US_POSIX")
        clock.timeZone = TimeZone(identifier: "UTC")
        clock.dateFormat = "yyyy-MM-dd HH:mm:ss"
        for frame in frames {
            let e = try #require(at(frame.time), "a point at \(frame.time) s")
            let when = String(format: "%.4f s", frame.time)
            // Each within half its last shown digit (the readouts round half away from zero).
            for (kind, value, half) in [
                (WidgetKind.heartRate, e[1], 0.5), (.cadence, e[2], 0.5), (.temperature, e[3], 0.05),
                (.power, e[4], 0.5), (.distance, e[5], 0.005),
            ] {
                let shown = Self.numbers(frame.readouts[kind])
                #expect(
                    shown.count == 1 && abs((shown.first ?? .nan) - value) <= half + 1e-6,
                    "\(kind) at \(when): \(frame.readouts[kind] ?? "-"), gpxpy \(value)")
            }
            // To the second, cut (not rounded) as ISO 8601 text is; a time a microsecond from a
            // whole second may fall either side.
            let utc = e[6]
            let accepted = Set([utc - 1e-6, utc + 1e-6].map { clock.string(from: Date(timeIntervalSince1970: $0.rounded(.down))) })
            #expect(accepted.contains(frame.readouts[.datetime] ?? "-"), "date-time at \(when): \(frame.readouts[.datetime] ?? "-"), gpxpy \(accepted)")
        }
        #expect(Set(frames.compactMap { $0.readouts[.heartRate] }).count >= 5, "the heart rate changes over the 3 s")
    }

    /// The compass: GPX 1.0 `<course>` read by gpxpy, turning through north (350° → 10°): each
    /// frame's heading readout within half a degree of gpxpy's courses interpolated the short way
    /// round (Specs/dashboard-layout.md, "Values at a frame"), 0–359.
    @Test func headingReadoutMatchesGpxpyTheShortWayRound() throws {
        let dir = try TemporaryDirectory("dashboard-heading")
        let gpxPath = dir.path("turn.gpx")
        let courses = [340.0, 347.3, 353.9, 2.6, 9.1, 17.8, 21.4, 30.0]
        var text = #"<?xml version="1.0"?><gpx version="1.0" creator="test" xmlns="http://www.topografix.com/GPX/1/0">"#
        text += "<trk><trkseg>\n"
        for (k, course) in courses.enumerated() {
            let ms = 450 * k
            text += String(
                format: #"<trkpt lat="%.7f" lon="%.7f"><time>2021-06-01T08:00:%02d.%03dZ</time>"#,
                45.1 + Double(k) * 0.00007, 6.2 + Double(k) * 0.00001, ms / 1000, ms % 1000)
            text += String(format: "<course>%.1f</course><speed>5</speed></trkpt>\n", course)
        }
        try (text + "</trkseg></trk></gpx>\n").write(toFile: gpxPath, atomically: true, encoding: .utf8)
        let script = """
            import sys, json, calendar, gpxpy
            g = gpxpy.parse(open(sys.argv[1], encoding='utf-8'))
            print(json.dumps([[calendar.timegm(p.time.utctimetuple()) + p.time.microsecond / 1e6, p.course]
                              for p in g.tracks[0].segments[0].points]))
            """
        let r = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script, gpxPath])
        try #require(r.status == 0, "gpxpy: \(r.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[Double]])
        let start = try #require(rows.first?[0])
        // Inside the 3-second clip (the 3.15 s point is left out, as above).
        let theirs = rows.map { [$0[0] - start, $0[1]] }.filter { $0[0] < 3 }
        #expect(theirs.count == 7)
        func heading(at t: Double) -> Double? {
            guard let i = theirs.lastIndex(where: { $0[0] <= t + 1e-9 }) else { return nil }
            guard i + 1 < theirs.count else { return theirs[i][1] }
            let a = theirs[i], b = theirs[i + 1], f = (t - a[0]) / (b[0] - a[0])
            var turn = (b[1] - a[1]).truncatingRemainder(dividingBy: 360)
            if turn > 180 { turn -= 360 } else if turn < -180 { turn += 360 }
            let c = (a[1] + turn * f).truncatingRemainder(dividingBy: 360)
            return c < 0 ? c + 360 : c
        }

        let frames = try Self.runGPX(gpxPath, units: .metric, in: dir)
        #expect(frames.count == 75)
        for frame in frames {
            let e = try #require(heading(at: frame.time))
            let shown = Self.numbers(frame.readouts[.heading]?.replacingOccurrences(of: "°", with: ""))
            // The readout rounds to a whole degree; 359.6° shows as 360 or 0.
            let off = abs((shown.first ?? .nan) - e)
            #expect(
                shown.count == 1 && min(off, 360 - off) <= 0.5 + 1e-6,
                "heading at \(String(format: "%.4f s", frame.time)): \(frame.readouts[.heading] ?? "-"), gpxpy \(e)")
        }
        #expect(Set(frames.compactMap { $0.readouts[.heading] }).count >= 20, "the heading turns through north")
    }

    /// The gradient on a climb of constant slope: each point's elevation set from gpxpy's
    /// haversine distance along the track (scaled to our sphere's radius) so that the road
    /// rises 8 m in 100 m; whatever stretch the gradient is taken over, it is 8 %, shown as
    /// 8.0 once the rider has covered enough ground (hand-worked, Specs/dashboard-layout.md).
    @Test func gradientOfAConstantClimbIsItsSlope() throws {
        let dir = try TemporaryDirectory("dashboard-gradient")
        let positions: [(Double, Double)] = (0..<8).map { k in
            let step = Double(k)
            return (45.1 + step * 0.00004, 6.2 + step * 0.00003)
        }
        let script = """
            import sys, json, gpxpy.geo
            pts = json.loads(sys.argv[1])
            out, total = [0.0], 0.0
            for a, b in zip(pts, pts[1:]):
                total += gpxpy.geo.haversine_distance(a[0], a[1], b[0], b[1])
                out.append(total)
            print(json.dumps(out))
            """
        let argument = "[" + positions.map { "[\($0.0), \($0.1)]" }.joined(separator: ",") + "]"
        let r = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", script, argument])
        try #require(r.status == 0, "gpxpy: \(r.stderr)")
        let along = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [Double]).map {
            $0 * 6_371_008.8 / 6_378_137
        }
        #expect(along.count == 8 && along[7] > 20, "enough ground for a gradient: \(along)")
        let gpxPath = dir.path("climb.gpx")
        var text = #"<?xml version="1.0"?><gpx version="1.0" creator="test" xmlns="http://www.topografix.com/GPX/1/0">"#
        text += "<trk><trkseg>\n"
        for (k, p) in positions.enumerated() {
            let ms = 450 * k
            let elevation: Double = 300 + 0.08 * along[k]
            let point = String(
                format: #"<trkpt lat="%.7f" lon="%.7f"><ele>%.4f</ele><time>2021-06-01T08:00:%02d.%03dZ</time></trkpt>"#,
                p.0, p.1, elevation, ms / 1000, ms % 1000)
            text += point + "\n"
        }
        try (text + "</trkseg></trk></gpx>\n").write(toFile: gpxPath, atomically: true, encoding: .utf8)

        let frames = try Self.runGPX(gpxPath, units: .metric, in: dir)
        let shown = frames.compactMap { frame in Self.numbers(frame.readouts[.gradient]).first.map { (frame.time, $0) } }
        #expect(shown.count >= 25, "the gradient is shown on most frames: \(frames.map { $0.readouts[.gradient] ?? "-" })")
        for (time, value) in shown {
            #expect(abs(value - 8) <= 0.05 + 0.01, "gradient at \(String(format: "%.4f s", time)): \(value) %, the climb is 8 %")
        }
    }
}
