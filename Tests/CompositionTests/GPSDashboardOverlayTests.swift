import CaptionCore
import Composition
import Dashboard
import Foundation
import Media
import Metadata
import Render
import TestSupport
import Testing

/// A GPS dashboard exported over the GoPro Max fixture: the speed and position widgets change
/// when the GPS values change and agree with `captions metadata dump --json` at each frame's
/// time (the dump's points, interpolated here), read back from the values the widgets were
/// given and from the map marker's pixels in the decoded output; the gpmd track is kept.
@Suite struct GPSDashboardOverlayTests {
    static let movie = TestPaths.sharedFixture("media/gopro-max-heromode.mp4").path

    struct Point {
        var time, latitude, longitude, speed: Double
    }

    /// The GPS points as the metadata command dumps them.
    static func dumpedPoints() throws -> [Point] {
        let r = try CLIRunner.run(["metadata", "dump", movie, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let tracks = try #require(root["tracks"] as? [[String: Any]])
        let gps = try #require(tracks.first { $0["format"] as? String == "gpmd" }?["gps"] as? [[String: Any]])
        return gps.compactMap { p in
            guard let t = p["time"] as? Double, let lat = p["latitude"] as? Double, let lon = p["longitude"] as? Double,
                let s = p["speed2D"] as? Double
            else { return nil }
            return Point(time: t, latitude: lat, longitude: lon, speed: s)
        }
    }

    /// The dump interpolated linearly at `t` seconds between the points around it.
    static func expected(at t: Double, in points: [Point]) -> Point? {
        guard let i = points.lastIndex(where: { $0.time <= t + 1e-9 }) else { return nil }
        guard i + 1 < points.count else { return points[i] }
        let a = points[i], b = points[i + 1]
        let f = (t - a.time) / (b.time - a.time)
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return Point(
            time: t, latitude: mix(a.latitude, b.latitude), longitude: mix(a.longitude, b.longitude),
            speed: mix(a.speed, b.speed))
    }

    struct Frame {
        var time: Double
        var values: DashboardValues?
        var speedText: String?
        var marker: (x: Double, y: Double)?
    }

    @Test func widgetsFollowTheDumpedGPS() throws {
        let points = try Self.dumpedPoints()
        #expect(points.count == 191, "the Max file's GPS5 samples")
        let dir = try TemporaryDirectory()
        let output = dir.path("dashboard.mp4")
        let metadata = try MovieMetadata(path: Self.movie)
        let track = try SampleDataTrack(movie: metadata, track: try metadata.gpsTrack())
        #expect(track.trackID == 4)
        let fonts = try FontCatalog(directories: [TestPaths.fixture("render/fonts").path])
        let dashboard = GPSDashboardCompositor(track: track, layout: .standard, units: .metric, fonts: fonts)
        var frames: [Frame] = []
        var map: (rect: WidgetRect, projection: MapProjection)?
        dashboard.frameObserver = { time, values, renderer in
            frames.append(
                Frame(
                    time: time.seconds, values: values, speedText: renderer.readouts[.speed],
                    marker: renderer.mapMarkerCentre))
            if map == nil { map = renderer.mapProjection }
        }
        let asset = Asset(path: Self.movie)
        let session = ExportSession(
            asset: asset, outputPath: output, settings: ExportSettings(crf: 0, preset: "ultrafast"))
        session.timeRange = TimeRange(start: .zero, end: MediaTime(value: 3, timescale: 1))
        let duration = try #require(try asset.loadDescription().duration)
        try session.apply(
            VideoComposition.singleTrack(
                compositor: dashboard, duration: duration, videoTrackID: 1, sampleDataTrackIDs: [4]),
            sampleDataTracks: [track])
        try session.exportSynchronously()
        #expect(frames.count == 90, "3 s at 29.97 fps")

        // The values given to the widgets are the dump's, interpolated at each frame's time.
        for f in frames {
            let v = try #require(f.values, "GPS in force at \(f.time) s")
            let e = try #require(Self.expected(at: f.time, in: points))
            #expect(
                abs(v.latitude - e.latitude) < 1e-9 && abs(v.longitude - e.longitude) < 1e-9,
                "position at \(f.time) s")
            #expect(abs((v.speed ?? -1) - e.speed) < 1e-9, "speed at \(f.time) s")
            #expect(f.speedText == String(format: "%.1f", e.speed * 3.6), "the speed readout at \(f.time) s in km/h")
        }
        let texts = Set(frames.compactMap(\.speedText))
        #expect(texts.count >= 5, "the speed readout changes with the GPS: \(texts.sorted())")

        // The marker in the decoded output: the centroid of its red pixels, where the dump's
        // position projects, and moving the way the dump's positions move.
        let (rect, projection) = try #require(map)
        let pictures = try MediaTools.rawFrames(output, width: 848, height: 480, pixelFormat: "rgb24")
        #expect(pictures.count == 90)
        func marker(in picture: [UInt8]) -> (x: Double, y: Double)? {
            var sx = 0.0, sy = 0.0, n = 0.0
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    let i = (y * 848 + x) * 3
                    let (r, g, b) = (Int(picture[i]), Int(picture[i + 1]), Int(picture[i + 2]))
                    if r > 170, g < 130, b < 130, r - g > 90 {
                        sx += Double(x) + 0.5
                        sy += Double(y) + 0.5
                        n += 1
                    }
                }
            }
            return n >= 8 ? (sx / n, sy / n) : nil
        }
        var found: [(Int, (x: Double, y: Double))] = []
        for k in [0, 30, 60, 89] {
            let seen = try #require(marker(in: pictures[k]), "the marker is visible in frame \(k)")
            let e = try #require(Self.expected(at: frames[k].time, in: points))
            let p = projection.point(latitude: e.latitude, longitude: e.longitude)
            let want = (x: Double(rect.x) + p.x, y: Double(rect.y) + p.y)
            #expect(
                abs(seen.x - want.x) < 1.5 && abs(seen.y - want.y) < 1.5,
                "frame \(k): marker at \(seen), the dump puts it at \(want)")
            found.append((k, seen))
        }
        // Direction of travel from the dump (east = +x, north = −y), independent of the projection.
        let a = try #require(Self.expected(at: frames[0].time, in: points))
        let b = try #require(Self.expected(at: frames[89].time, in: points))
        let east = (b.longitude - a.longitude) * cos(a.latitude * .pi / 180), north = b.latitude - a.latitude
        let moved = (x: found[3].1.x - found[0].1.x, y: found[3].1.y - found[0].1.y)
        let angle = abs(atan2(-moved.y, moved.x) - atan2(north, east)) * 180 / .pi
        #expect(min(angle, 360 - angle) < 10, "the marker moves the way the GPS does")
        #expect((moved.x * moved.x + moved.y * moved.y).squareRoot() > 3, "and visibly")

        // The GPMF track is still there.
        let streams = try MediaTools.streams(output)
        #expect(streams.contains { $0["codec_tag_string"] as? String == "gpmd" }, "the gpmd track is kept")
    }
}
