import Foundation
import TestSupport
import Testing

/// `"captions": "embedded"` end to end: a clip whose captions are inside it (A/53 data written
/// by `captions export --embed sei`, or a c608 track added by `captions mux`) is composed with
/// trims, an empty range, a 2× slow segment and a second, reordered use; the output's captions
/// (A/53 or a c608 track) are decoded by ffmpeg at the retimed times, worked out by hand.
@Suite struct EmbeddedCaptionsComposeTests {
    typealias C = CompositionCommandTests

    static let srt = """
        1
        00:00:01,000 --> 00:00:02,000
        ONE

        2
        00:00:03,000 --> 00:00:04,000
        TWO

        3
        00:00:05,000 --> 00:00:05,500
        THREE

        """

    /// The clip two.mp4 (6 s, navy) with the captions above inside it, in `form`.
    static func captionedClip(_ form: String, in dir: TemporaryDirectory) throws -> String {
        try C.colourClip(dir.path("two.mp4"), "navy", seconds: 6)
        try srt.write(toFile: dir.path("two.srt"), atomically: true, encoding: .utf8)
        let out = dir.path("two-\(form).mp4")
        let arguments =
            form == "sei"
            ? [
                "export", dir.path("two.mp4"), "--captions", dir.path("two.srt"), "--embed", "sei", "-o", out,
                "--preset", "ultrafast", "--progress", "none",
            ]
            : ["mux", dir.path("two.mp4"), dir.path("two.srt"), "-o", out, "--form", "c608"]
        let r = try CLIRunner.run(arguments)
        #expect(r.status == 0, "\(arguments[0]): \(r.stderr)")
        return out
    }

    /// Captions decoded by ffmpeg from the A/53 data of the video (`sei`) or from the first
    /// subtitle track (`track`), as (text, start, end).
    static func decoded(_ path: String, _ form: String, in dir: TemporaryDirectory) throws -> [(String, Double, Double)]
    {
        let srt = dir.path("decoded-\(form)-\(UUID().uuidString).srt")
        let args =
            form == "sei"
            ? ["-f", "lavfi", "-i", "movie=\(path)[out0+subcc]", "-map", "0:1", srt]
            : ["-i", path, "-map", "0:s:0", srt]
        try MediaTools.ffmpeg(args)
        return PeerDecoders.parseSRT(try String(contentsOfFile: srt, encoding: .utf8)).map {
            (
                $0.text.replacingOccurrences(of: "<[^>]*>|\\{[^}]*\\}", with: "", options: .regularExpression)
                    .trimmingCharacters(in: .whitespacesAndNewlines), $0.start, $0.end
            )
        }
    }

    @Test(arguments: [("sei", "sei"), ("sei", "track"), ("c608", "sei"), ("c608", "track")])
    func embeddedCaptionsFollowTheEdit(_ source: String, _ output: String) throws {
        let dir = try TemporaryDirectory("compose-embedded")
        let clip = try Self.captionedClip(source, in: dir)
        // The source's captions as ffmpeg reads them: where the edit takes them from.
        let inside = try Self.decoded(clip, source == "sei" ? "sei" : "track", in: dir)
        #expect(inside.map(\.0) == ["ONE", "TWO", "THREE"], "\(inside)")
        try C.colourClip(dir.path("one.mp4"), "gray", seconds: 2)
        let json = """
            {"frameRate": "30", "clips": [
              {"source": "one.mp4", "out": "1"},
              {"empty": "0.5"},
              {"source": "\(clip)", "in": "2.5", "out": "4.5", "speed": 0.5, "captions": "embedded"},
              {"source": "\(clip)", "in": "0.5", "out": "2.5", "captions": "embedded"}
            ]}
            """
        try json.write(toFile: dir.path("c.json"), atomically: true, encoding: .utf8)
        let out = dir.path("out.mp4")
        let r = try CLIRunner.run([
            "compose", dir.path("c.json"), "-o", out, "--captions-out", output, "--preset", "ultrafast",
            "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        // Clip 1's first second, 0.5 s of nothing, source 2.5–4.5 s at half speed from 1.5 s
        // (TWO, 3–4 s in the source: 1.5 + 2 × 0.5 = 2.5 to 1.5 + 2 × 1.5 = 4.5 s), then source
        // 0.5–2.5 s from 5.5 s (ONE, 1–2 s: 6 to 7 s); THREE is trimmed away.
        let cues = try Self.decoded(out, output, in: dir)
        #expect(cues.map(\.0) == ["TWO", "ONE"], "\(cues)")
        for (c, e) in zip(cues, [(2.5, 4.5), (6.0, 7.0)]) {
            #expect(abs(c.1 - e.0) < 1.0 / 30 && abs(c.2 - e.1) < 1.0 / 30, "\(c) vs \(e)")
        }
    }
}
