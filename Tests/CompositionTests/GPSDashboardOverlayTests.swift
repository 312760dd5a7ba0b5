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
/// when the GPS values change and agree with gpmf-parser's GPS5 samples at each frame's time
/// (interpolated here), read back from the values the widgets were given and from the map
/// marker's pixels in the decoded output; the gpmd track is kept. Where the marker must be is
/// worked from gpmf-parser's positions and the track the map draws, by the projection
/// Specs/dashboard-layout.md names (equirectangular about the track's middle latitude, so a
/// position's place in the drawn track's box is linear in longitude × cos φ₀ and latitude),
/// not by our projection code.
@Suite struct GPSDashboardOverlayTests {
    static let movie = TestPaths.sharedFixture("media/gopro-max-heromode.mp4").path

    struct Point {
        var time, latitude, longitude, altitude, speed: Double
    }

    /// The GPS5 samples as gpmf-parser reads them: [time, latitude, longitude, altitude, 2D speed, 3D speed].
    static func peerPoints() throws -> [Point] {
        try GoProPeers.gpmfParser(movie).map { s in
            try #require(s.count >= 5, "a GPS5 sample: \(s)")
            return Point(time: s[0], latitude: s[1], longitude: s[2], altitude: s[3], speed: s[4])
        }
    }

    /// The samples interpolated linearly at `t` seconds between the points around it.
    static func expected(at t: Double, in points: [Point]) -> Point? {
        guard let i = points.lastIndex(where: { $0.time <= t + 1e-9 }) else { return nil }
        guard i + 1 < points.count else { return points[i] }
        let a = points[i], b = points[i + 1]
        let f = (t - a.time) / (b.time - a.time)
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return Point(
            time: t, latitude: mix(a.latitude, b.latitude), longitude: mix(a.longitude, b.longitude),
            altitude: mix(a.altitude, b.altitude), speed: mix(a.speed, b.speed))
    }

    struct Frame {
        var time: Double
        var values: DashboardValues?
        var speedText: String?
        var marker: (x: Double, y: Double)?
    }

    @Test func widgetsFollowGPMFParsersGPS() throws {
        let points = try Self.peerPoints()
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
        var chart: WidgetRect?
        dashboard.frameObserver = { time, values, renderer in
            if chart == nil { chart = renderer.placements.first { $0.kind == .chart }?.rect }
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

        // The values given to the widgets are gpmf-parser's, interpolated at each frame's time
        // (its times are the payloads' spread evenly, as ours: Specs/timed-metadata.md).
        for f in frames {
            let v = try #require(f.values, "GPS in force at \(f.time) s")
            let e = try #require(Self.expected(at: f.time, in: points))
            #expect(
                abs(v.latitude - e.latitude) < 1e-7 && abs(v.longitude - e.longitude) < 1e-7,
                "position at \(f.time) s: \(v.latitude) \(v.longitude), gpmf-parser \(e.latitude) \(e.longitude)")
            #expect(abs((v.speed ?? -1) - e.speed) < 1e-3, "speed at \(f.time) s")
        }
        let texts = Set(frames.compactMap(\.speedText))
        #expect(texts.count >= 5, "the speed readout changes with the GPS: \(texts.sorted())")

        // The map in the decoded output: the drawn track's box (its near-white pixels, the
        // marker and its halo left out) and the marker (the centroid of its red pixels).
        let rect = try #require(map?.rect)
        let pictures = try MediaTools.rawFrames(output, width: 848, height: 480, pixelFormat: "rgb24")
        #expect(pictures.count == 90)
        func pixel(_ picture: [UInt8], _ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = (y * 848 + x) * 3
            return (Int(picture[i]), Int(picture[i + 1]), Int(picture[i + 2]))
        }
        func marker(in picture: [UInt8]) -> (x: Double, y: Double)? {
            var sx = 0.0, sy = 0.0, n = 0.0
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    let (r, g, b) = pixel(picture, x, y)
                    if r > 170, g < 130, b < 130, r - g > 90 {
                        sx += Double(x) + 0.5
                        sy += Double(y) + 0.5
                        n += 1
                    }
                }
            }
            return n >= 8 ? (sx / n, sy / n) : nil
        }
        // Specs/dashboard-layout.md, "The map": the marker's radius is 3.5 % of the map's
        // smaller side u, its white halo 1.5 px more, so pixels within that of the marker are not
        // the track's; the track is fitted 2 × radius + 2 px inside each side, its line 1.2 % of
        // u wide, so nothing of it lies within `inset` of a side, where the panel's rounded
        // corners (radius 0.12 u) show the bright picture through their antialiased rim.
        let u = Double(min(rect.width, rect.height))
        let clear = u * 0.035 + 3
        let inset = Int((u * 0.035 * 2 + 2 - u * 0.006 - 2).rounded(.down))
        func trackBox(in picture: [UInt8], away from: (x: Double, y: Double)) -> (
            minX: Double, maxX: Double, minY: Double, maxY: Double
        )? {
            var box: (minX: Double, maxX: Double, minY: Double, maxY: Double)?
            for y in (rect.y + inset)..<(rect.maxY - inset) {
                for x in (rect.x + inset)..<(rect.maxX - inset) {
                    let (r, g, b) = pixel(picture, x, y)
                    // White at alpha 210 over the panel: at least 210 in each channel, grey.
                    guard min(r, g, b) > 190, max(r, g, b) - min(r, g, b) < 30 else { continue }
                    let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
                    if (cx - from.x) * (cx - from.x) + (cy - from.y) * (cy - from.y) < clear * clear { continue }
                    box =
                        box.map { (min($0.minX, cx), max($0.maxX, cx), min($0.minY, cy), max($0.maxY, cy)) }
                        ?? (cx, cx, cy, cy)
                }
            }
            return box
        }
        // The track's extent by gpmf-parser, and the middle latitude's cosine.
        let (minLat, maxLat) = (points.map(\.latitude).min() ?? 0, points.map(\.latitude).max() ?? 0)
        let (minLon, maxLon) = (points.map(\.longitude).min() ?? 0, points.map(\.longitude).max() ?? 0)
        let cosine = cos((minLat + maxLat) / 2 * .pi / 180)
        // The track is drawn once and the same on every frame; its box is taken from the last
        // frame, where the marker has left the start (at frame 0 it covers the track's end).
        let last = try #require(marker(in: pictures[89]), "the marker is visible in frame 89")
        let drawn = try #require(trackBox(in: pictures[89], away: last), "the track is drawn in frame 89")
        #expect(
            [last.x - drawn.minX, drawn.maxX - last.x, last.y - drawn.minY, drawn.maxY - last.y].allSatisfy {
                $0 > clear
            },
            "the marker \(last) hides none of the track's box \(drawn)")
        // The box's edges are the extreme positions' centres; the line's half width (1.2 % of
        // the smaller side, at least 0.75 px) lies outside them.
        let half = max(0.75, u * 0.006)
        let inner = (minX: drawn.minX + half, maxX: drawn.maxX - half, minY: drawn.minY + half, maxY: drawn.maxY - half)
        // One scale both ways: the box's sides in the ratio of the track's spans.
        let ratio = (inner.maxX - inner.minX) / (inner.maxY - inner.minY)
        let spans = (maxLon - minLon) * cosine / (maxLat - minLat)
        #expect(abs(ratio / spans - 1) < 0.06, "the track's box is \(inner), its spans' ratio \(spans)")
        var found: [(Int, (x: Double, y: Double))] = []
        for k in [0, 30, 60, 89] {
            let seen = try #require(marker(in: pictures[k]), "the marker is visible in frame \(k)")
            let e = try #require(Self.expected(at: frames[k].time, in: points))
            let want = (
                x: inner.minX + (e.longitude - minLon) / (maxLon - minLon) * (inner.maxX - inner.minX),
                y: inner.maxY - (e.latitude - minLat) / (maxLat - minLat) * (inner.maxY - inner.minY)
            )
            #expect(
                abs(seen.x - want.x) < 2 && abs(seen.y - want.y) < 2,
                "frame \(k): marker at \(seen), gpmf-parser's position in the drawn track puts it at \(want)")
            found.append((k, seen))
        }
        // Direction of travel (east = +x, north = −y), independent of the projection.
        let a = try #require(Self.expected(at: frames[0].time, in: points))
        let b = try #require(Self.expected(at: frames[89].time, in: points))
        let east = (b.longitude - a.longitude) * cos(a.latitude * .pi / 180), north = b.latitude - a.latitude
        let moved = (x: found[3].1.x - found[0].1.x, y: found[3].1.y - found[0].1.y)
        let angle = abs(atan2(-moved.y, moved.x) - atan2(north, east)) * 180 / .pi
        #expect(min(angle, 360 - angle) < 10, "the marker moves the way the GPS does")
        #expect((moved.x * moved.x + moved.y * moved.y).squareRoot() > 3, "and visibly")

        try Self.checkAltitudeChart(
            try #require(chart, "the standard layout has a chart"), pictures: pictures, times: frames.map(\.time),
            points: points)

        // The GPMF track is still there.
        let streams = try MediaTools.streams(output)
        #expect(streams.contains { $0["codec_tag_string"] as? String == "gpmd" }, "the gpmd track is kept")
    }
}
