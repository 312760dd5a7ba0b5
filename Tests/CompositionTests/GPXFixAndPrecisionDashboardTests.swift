import CaptionCore
import Composition
import Dashboard
import Foundation
import Media
import Metadata
import Render
import TestSupport
import Testing

/// With a GPX (`export --overlay gps --gpx`), the dashboard's GPS widget shows each point's fix
/// type and dilution of precision as it does for GoPro input, read against gpxpy's reading of
/// the same file (issue 35: the fix and DOP were lost on the way from the GPX to the widget).
@Suite struct GPXFixAndPrecisionDashboardTests {
    /// gpxpy's reading of each track point: [seconds after the first point, fix type or null,
    /// hdop or null, pdop or null].
    static let gpxpyScript = """
        import sys, json, gpxpy
        g = gpxpy.parse(open(sys.argv[1], encoding='utf-8'))
        points = [p for t in g.tracks for s in t.segments for p in s.points]
        t0 = points[0].time
        print(json.dumps([[(p.time - t0).total_seconds(), p.type_of_gpx_fix, p.horizontal_dilution,
                           p.position_dilution] for p in points]))
        """

    /// Six points half a second apart, with every GPX 1.1 fix type (`fixType`: none, 2d, 3d,
    /// dgps, pps), `hdop` alone, `pdop` alone, both, and neither.
    static let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="45.00000" lon="6.00000"><time>2020-01-01T00:00:00.000Z</time><fix>none</fix><hdop>9.46</hdop></trkpt>
        <trkpt lat="45.00002" lon="6.00003"><time>2020-01-01T00:00:00.500Z</time><fix>2d</fix><hdop>4.21</hdop><pdop>5.73</pdop></trkpt>
        <trkpt lat="45.00004" lon="6.00006"><time>2020-01-01T00:00:01.000Z</time><fix>3d</fix><pdop>1.23</pdop></trkpt>
        <trkpt lat="45.00006" lon="6.00009"><time>2020-01-01T00:00:01.500Z</time><fix>dgps</fix><hdop>0.87</hdop><pdop>1.61</pdop></trkpt>
        <trkpt lat="45.00008" lon="6.00012"><time>2020-01-01T00:00:02.000Z</time><fix>pps</fix></trkpt>
        <trkpt lat="45.00010" lon="6.00015"><time>2020-01-01T00:00:02.500Z</time><fix>3d</fix><hdop>2.04</hdop></trkpt>
        </trkseg></trk></gpx>

        """

    struct Reading {
        var seconds: Double
        var fix: String?
        var hdop: Double?
        var pdop: Double?
    }

    static func gpxpy(_ path: String) throws -> [Reading] {
        let r = try CLIRunner.runProcess(try PeerDecoders.tool("python3"), ["-c", gpxpyScript, path])
        guard r.status == 0 else {
            throw PeerDecoders.Failure.failed("gpxpy (run `make test` to install it)", r.stderr)
        }
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[Any]])
        return try rows.map { row in
            Reading(
                seconds: try #require(row[0] as? Double), fix: row[1] as? String, hdop: row[2] as? Double,
                pdop: row[3] as? Double)
        }
    }

    /// What the GPS widget should say for gpxpy's reading: GPX's fix types as the widget names
    /// fixes (dgps and pps are 3D fixes, corrected), then the position DOP, else the horizontal
    /// one, to one decimal (Specs/dashboard-layout.md, "gps").
    static func expectedText(_ r: Reading) -> String {
        let fix: String
        switch r.fix {
        case "none": fix = "NO FIX"
        case "2d": fix = "2D"
        case "3d", "dgps", "pps": fix = "3D"
        default: fix = "FIX"
        }
        guard let dop = r.pdop ?? r.hdop else { return fix }
        return fix + " DOP " + String(format: "%.1f", dop)
    }

    @Test func theGPSWidgetShowsEachPointsFixAndDOP() throws {
        let dir = try TemporaryDirectory("gpx-fix-dop")
        let gpxPath = dir.path("ride.gpx")
        try Self.gpx.write(toFile: gpxPath, atomically: true, encoding: .utf8)
        let theirs = try Self.gpxpy(gpxPath)
        #expect(theirs.count == 6)
        #expect(Set(theirs.compactMap(\.fix)) == ["none", "2d", "3d", "dgps", "pps"])

        // A 3-second clip, and the GPX placed on it as `--gpx FILE --sync start` places it.
        let clip = dir.path("clip.mp4")
        let ffmpeg = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            [
                "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=10:duration=3",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip,
            ])
        #expect(ffmpeg.status == 0, "\(ffmpeg.stderr)")
        let movie = try MovieMetadata(path: clip)
        let document = try GPXReader(fileName: gpxPath).read(Array(Self.gpx.utf8))
        let points = try document.timedTrackPoints().points
        let anchor = try MetadataSync.start.anchor(for: movie, points: points)
        let (placed, _) = try MetadataSync.place(
            points, anchor: anchor, offset: .zero, duration: movie.duration, timescale: 1000)
        let trackID = CompositionTrackID(truncatingIfNeeded: (movie.movie.tracks.map(\.id).max() ?? 0) + 1)
        let track = SampleDataTrack(trackID: trackID, placedPoints: placed, movieDuration: movie.duration)

        let fonts = try FontCatalog(directories: [TestPaths.fixture("render/fonts").path])
        let dashboard = GPSDashboardCompositor(track: track, layout: .standard, units: .metric, fonts: fonts)
        var shown: [(time: Double, text: String?)] = []
        dashboard.frameObserver = { time, _, renderer in shown.append((time.seconds, renderer.readouts[.gps])) }
        let asset = Asset(path: clip)
        let session = ExportSession(
            asset: asset, outputPath: dir.path("out.mp4"), settings: ExportSettings(crf: 0, preset: "ultrafast"))
        let duration = try #require(try asset.loadDescription().duration)
        try session.apply(
            VideoComposition.singleTrack(
                compositor: dashboard, duration: duration, videoTrackID: 1, sampleDataTrackIDs: [trackID]),
            sampleDataTracks: [track])
        try session.exportSynchronously()
        #expect(shown.count == 30, "3 s at 10 fps")

        // Each frame shows the fix and DOP of the point in force: the last one at or before it.
        var texts: Set<String> = []
        for frame in shown {
            let reading = try #require(theirs.last { $0.seconds <= frame.time + 1e-9 }, "a point at \(frame.time) s")
            #expect(frame.text == Self.expectedText(reading), "GPS widget at \(frame.time) s")
            texts.insert(Self.expectedText(reading))
        }
        #expect(
            texts == ["NO FIX DOP 9.5", "2D DOP 5.7", "3D DOP 1.2", "3D DOP 1.6", "3D", "3D DOP 2.0"],
            "every point's status is shown")
    }
}
