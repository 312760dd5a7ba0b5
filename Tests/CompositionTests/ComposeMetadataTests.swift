import Foundation
import TestSupport
import Testing

/// A GoPro clip's GPS track follows the edit into a mebx track of the composed movie: read back
/// by exiftool (positions and sample times) and compared with the source's GPS5 points as
/// GoPro's own parser reads them.
@Suite struct ComposeMetadataTests {
    static let movie = TestPaths.sharedFixture("media/gopro-max-heromode.mp4").path

    @Test func gpsFollowsTrimsAndAnEmptyRange() throws {
        let dir = try TemporaryDirectory("compose-gps")
        // Source 2–4 s at 0–2 s, nothing for 1 s, source 6–7 s at 3–4 s.
        let json = """
            {"clips": [
              {"source": "\(Self.movie)", "in": "2", "out": "4", "metadata": "embedded"},
              {"empty": "1"},
              {"source": "\(Self.movie)", "in": "6", "out": "7", "metadata": "embedded"}]}
            """
        try json.write(toFile: dir.path("gps.json"), atomically: true, encoding: .utf8)
        let out = dir.path("out.mp4")
        let r = try CLIRunner.run([
            "compose", dir.path("gps.json"), "-o", out, "--metadata-out", "track", "--preset", "ultrafast",
            "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let streams = try MediaTools.streams(out)
        #expect(streams.contains { $0["codec_tag_string"] as? String == "mebx" }, "a mebx track")
        let docs = try GoProPeers.exiftool(out).filter { $0["GPSCoordinates"] != nil }
        let source = try GoProPeers.gpmfParser(Self.movie)
        // GPS5 at 18 Hz: about 2 s + 1 s of points.
        #expect(docs.count > 40 && docs.count < 70, "\(docs.count) positions")
        // gpmf-parser rows: [time, latitude, longitude, altitude, …], times spread over each payload.
        var firstOfPart: Set<Int> = []
        for (i, doc) in docs.enumerated() {
            let time = doc["SampleTime"] as? Double ?? -1
            #expect((0..<2).contains(time) || (3..<4).contains(time), "a position at \(time) s")
            if i == 0 || ((doc["SampleTime"] as? Double ?? 0) >= 3 && (docs[i - 1]["SampleTime"] as? Double ?? 0) < 3) {
                firstOfPart.insert(i)
            }
            let parts = String(describing: doc["GPSCoordinates"] ?? "").split(separator: " ").compactMap { Double($0) }
            let match = source.first { p in
                parts.count >= 2 && p.count >= 3 && abs(p[1] - parts[0]) < 1e-6 && abs(p[2] - parts[1]) < 1e-6
            }
            #expect(match != nil, "position \(parts) at \(time) s is one of the source's")
            // Where it plays in the source: output 0–2 s is source 2–4 s, output 3–4 s source 6–7 s.
            // The first group of each part began before the in point and is cut to start there.
            // gpmf-parser spreads each payload's points evenly over the payload's time, while the
            // metadata reader times them as the camera's track does; they differ by up to 0.13 s
            // (about two samples at 18 Hz) on this file, so 0.2 s: a wrong cut or offset moves
            // points by a second or more.
            let sourceTime = time < 2 ? time + 2 : time + 3
            if let match, !firstOfPart.contains(i) {
                #expect(abs(match[0] - sourceTime) < 0.2, "position at \(time) s is the source's at \(match[0]) s")
            }
        }
        // Time order is kept: each part's points are the source's in order.
        let first = docs.filter { ($0["SampleTime"] as? Double ?? -1) < 2 }
        #expect(first.count > 25)
    }
}

/// `--captions-out track` with `--metadata-out track`: one output with a c608 track and a mebx
/// track, the captions decoded by ffmpeg at their retimed times, the positions read by exiftool,
/// each track with as many samples as when it is written alone, and no temporary file left.
@Suite struct ComposeCaptionsAndMetadataTests {
    @Test func bothTracksInOneOutput() throws {
        let dir = try TemporaryDirectory("compose-both")
        // Source times: ONE 2.5–3.5 s (clip 1 plays source 2–4 s at 0–2 s: ONE at 0.5–1.5 s),
        // TWO 6.2–6.8 s (clip 2 plays source 6–7 s at 3–4 s: TWO at 3.2–3.8 s).
        let srt = """
            1
            00:00:02,500 --> 00:00:03,500
            ONE

            2
            00:00:06,200 --> 00:00:06,800
            TWO

            """
        try srt.write(toFile: dir.path("gopro.srt"), atomically: true, encoding: .utf8)
        let movie = ComposeMetadataTests.movie
        let json = """
            {"renderSize": "320x180", "clips": [
              {"source": "\(movie)", "in": "2", "out": "4", "metadata": "embedded", "captions": "gopro.srt"},
              {"empty": "1"},
              {"source": "\(movie)", "in": "6", "out": "7", "metadata": "embedded", "captions": "gopro.srt"}]}
            """
        try json.write(toFile: dir.path("both.json"), atomically: true, encoding: .utf8)
        func compose(_ name: String, _ options: [String]) throws -> String {
            let out = dir.path(name)
            let r = try CLIRunner.run(
                ["compose", dir.path("both.json"), "-o", out, "--preset", "ultrafast", "--progress", "none"] + options)
            #expect(r.status == 0, "\(name): \(r.stderr)")
            return out
        }
        let both = try compose("both.mp4", ["--captions-out", "track", "--metadata-out", "track"])
        let captionsOnly = try compose("captions.mp4", ["--captions-out", "track"])
        let metadataOnly = try compose("metadata.mp4", ["--metadata-out", "track"])

        func track(_ path: String, _ tag: String) throws -> [String: Any]? {
            try MediaTools.streams(path).first { $0["codec_tag_string"] as? String == tag }
        }
        let c608 = try #require(try track(both, "c608"), "a c608 track")
        let mebx = try #require(try track(both, "mebx"), "a mebx track")
        #expect(try track(both, "avc1") != nil)
        #expect(c608["nb_frames"] as? String == (try track(captionsOnly, "c608"))?["nb_frames"] as? String)
        #expect(mebx["nb_frames"] as? String == (try track(metadataOnly, "mebx"))?["nb_frames"] as? String)
        #expect(Int(mebx["nb_frames"] as? String ?? "") ?? 0 > 0)

        // ffmpeg's 608 decoder on the c608 track: the two captions at their retimed times.
        let cues = try CompositionCommandTests.decodedCaptions(both, "track", in: dir)
        let texts = cues.map(\.text)
        #expect(texts == ["ONE", "TWO"], "\(cues)")
        for (c, e) in zip(cues, [(0.5, 1.5), (3.2, 3.8)]) {
            #expect(abs(c.start - e.0) < 1.0 / 29.97 && abs(c.end - e.1) < 1.0 / 29.97, "\(c) vs \(e)")
        }

        // exiftool -ee: the same positions at the same times as the metadata track written alone,
        // all inside the clips' ranges (0–2 s and 3–4 s).
        func positions(_ path: String) throws -> [String] {
            try GoProPeers.exiftool(path).filter { $0["GPSCoordinates"] != nil }.map {
                "\($0["SampleTime"] ?? "?") \($0["GPSCoordinates"] ?? "?")"
            }
        }
        let ours = try positions(both)
        #expect(ours.count > 40, "\(ours.count) positions")
        #expect(ours == (try positions(metadataOnly)))
        for doc in try GoProPeers.exiftool(both) where doc["GPSCoordinates"] != nil {
            let time = doc["SampleTime"] as? Double ?? -1
            #expect((0..<2).contains(time) || (3..<4).contains(time), "a position at \(time) s")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "temporary files left: \(left)")
    }
}
