import Foundation
import TestSupport
import Testing

/// `captions export --overlay gps` as a user runs it: with the movie's own GPMF track, with a
/// GPX synced to the movie and captions stacked on top in imperial units, and with a bad layout
/// file (a located error and no output).
@Suite struct ExportOverlayCommandTests {
    static let movie = TestPaths.sharedFixture("media/gopro-max-heromode.mp4").path

    /// A GPX with a point every half second heading north-east, from 2020-01-01T00:00:00Z.
    static func gpx(points: Int) -> String {
        var s =
            "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        for i in 0..<points {
            let lat = 45.0 + Double(i) * 2e-5, lon = 6.0 + Double(i) * 3e-5
            let ms = i * 500
            let time = String(format: "2020-01-01T00:00:%02d.%03dZ", ms / 1000, ms % 1000)
            s += "<trkpt lat=\"\(lat)\" lon=\"\(lon)\"><ele>\(1000 + i)</ele><time>\(time)</time></trkpt>\n"
        }
        return s + "</trkseg></trk></gpx>\n"
    }

    @Test func gpxAndCaptionsStackAndTheGPMFTrackIsKept() throws {
        let dir = try TemporaryDirectory()
        let gpx = dir.path("ride.gpx"), out = dir.path("out.mp4")
        try Self.gpx(points: 10).write(toFile: gpx, atomically: true, encoding: .utf8)
        let srt = TestPaths.sharedFixture("srt/sandflow_ttconv__alignment.srt").path
        let r = try CLIRunner.run([
            "export", Self.movie, "-o", out, "--overlay", "gps", "--gpx", gpx, "--sync", "start", "--units", "imperial",
            "--captions", srt, "--to", "1.5", "--preset", "ultrafast", "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let streams = try MediaTools.streams(out)
        #expect(streams.contains { $0["codec_tag_string"] as? String == "gpmd" }, "the source's GPMF track is kept")
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        #expect(video["nb_frames"] as? String == "45")
    }

    /// A movie with no creation time and no GPS clock, and a GPX synced by it (`--sync auto`, and
    /// `creation-time`): the error names export's own flags (`--gpx-offset`, not `metadata
    /// add`'s `--offset`), and nothing is written.
    @Test func aGPXThatCannotBeSyncedNamesExportsFlags() throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("clip.mp4"), gpx = dir.path("ride.gpx"), out = dir.path("out.mp4")
        try MediaTools.makeClip(clip, rate: "25", size: "160x120", seconds: 1, audio: false)
        try Self.gpx(points: 4).write(toFile: gpx, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["export", clip, "-o", out, "--overlay", "gps", "--gpx", gpx])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(
            r.stderr.contains("neither a GPS time (GPMF) nor a creation time")
                && r.stderr.contains("use --sync start with --gpx-offset"), "\(r.stderr)")
        let byCreation = try CLIRunner.run([
            "export", clip, "-o", out, "--overlay", "gps", "--gpx", gpx, "--sync", "creation-time",
        ])
        #expect(byCreation.status == 2, "\(byCreation.stderr)")
        #expect(
            byCreation.stderr.contains("use --sync gps for a GoPro file, or --sync start with --gpx-offset"),
            "\(byCreation.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// `export --overlay gps --hide-near`: the dashboard leaves out exactly the camera's points
    /// that gpmf-parser puts inside the zone (the count the filter reports against the count
    /// worked out here by the haversine rule of Specs/timed-metadata.md), and the output keeps
    /// no data track and no location tag that would show them anyway (ffprobe).
    @Test func aPrivacyZoneHidesTheDashboardsPointsAndTheTracksThatHoldThem() throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("out.mp4")
        let gps = try GoProPeers.gpmfParser(Self.movie)
        try #require(gps.count > 10)
        // A zone around the first point, 3 m across: some of the camera's points in, some out.
        let (lat, lon) = (gps[0][1], gps[0][2])
        let radius = 3.0
        let inside = gps.filter { GPXPeer.haversine(lat, lon, $0[1], $0[2]) <= radius }.count
        try #require(inside > 0 && inside < gps.count, "\(inside) of \(gps.count) inside")
        let r = try CLIRunner.run([
            "export", Self.movie, "-o", out, "--overlay", "gps", "--hide-near", "\(lat),\(lon),\(radius)m",
            "--to", "1", "--preset", "ultrafast", "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("\(inside) points inside a privacy zone were left out"), "\(r.stderr)")
        #expect(r.stderr.contains("metadata.privacy-zone-source"), "\(r.stderr)")
        let streams = try MediaTools.streams(out)
        // No metadata track is kept (the timecode track the muxer makes from the timecode tag is
        // no position).
        let metadataTags: Set<String> = ["gpmd", "mebx", "fdsc"]
        #expect(
            !streams.contains { metadataTags.contains($0["codec_tag_string"] as? String ?? "") },
            "no GPS or other metadata track is kept: \(streams)")
        let probe = try MediaTools.probe(out)
        let tags = ((probe["format"] as? [String: Any])?["tags"] as? [String: Any]) ?? [:]
        #expect(!tags.keys.contains { $0.lowercased().contains("location") }, "\(tags)")
        // Without a zone the same export keeps the camera's GPMF track.
        let kept = dir.path("kept.mp4")
        let k = try CLIRunner.run([
            "export", Self.movie, "-o", kept, "--overlay", "gps", "--to", "1", "--preset", "ultrafast", "--progress",
            "none",
        ])
        #expect(k.status == 0, "\(k.stderr)")
        #expect(try MediaTools.streams(kept).contains { $0["codec_tag_string"] as? String == "gpmd" })
    }

    /// A zone that hides every point of the GPX is said as such (status 2, no output), not as a
    /// GPX without points.
    @Test func filtersThatLeaveNoPointAreSaidAsSuch() throws {
        let dir = try TemporaryDirectory()
        let gpx = dir.path("ride.gpx"), out = dir.path("out.mp4")
        try Self.gpx(points: 10).write(toFile: gpx, atomically: true, encoding: .utf8)
        let clip = dir.path("clip.mp4")
        try MediaTools.makeClip(clip, rate: "25", size: "160x120", seconds: 1, audio: false)
        let r = try CLIRunner.run([
            "export", clip, "-o", out, "--overlay", "gps", "--gpx", gpx, "--sync", "start", "--hide-near", "45,6,5km",
        ])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("leave none of its 10 points (10 points inside a privacy zone were left out)"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aBadLayoutIsALocatedErrorAndNoOutput() throws {
        let dir = try TemporaryDirectory()
        let layout = dir.path("dash.json"), out = dir.path("out.mp4")
        try "{\"widgets\": [\n  {\"type\": \"speed\", \"units\": \"furlongs\"}\n]}\n".write(
            toFile: layout, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["export", Self.movie, "-o", out, "--overlay", "gps", "--layout", layout])
        #expect(r.status == 2, "bad input: \(r.stderr)")
        #expect(r.stderr.contains("dash.json:2:30: widgets[0].units: expected one of km/h"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
