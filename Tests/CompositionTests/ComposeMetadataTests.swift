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
