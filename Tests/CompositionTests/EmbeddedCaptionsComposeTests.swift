import Foundation
import TestSupport
import Testing

/// `"captions": "embedded"` end to end: a clip whose captions are inside it (A/53 data written
/// by `captions export --embed sei`, or a c608 track added by `captions mux`) is composed with
/// trims, an empty range, a 2× slow segment and a second, reordered use; the output's captions
/// (A/53 or a c608 track) are decoded by ffmpeg at the retimed times, worked out by hand.
@Suite struct EmbeddedCaptionsComposeTests {
    typealias C = CompositionCommandTests

    /// The edit of CompositionCommandTests.captionEdit (one.mp4, two.mp4, two.srt), and
    /// two.mp4 with two.srt's captions inside it, in `form`.
    static func captionedClip(_ form: String, in dir: TemporaryDirectory) throws -> String {
        _ = try C.captionEdit(in: dir)
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

    @Test(arguments: [("sei", "sei"), ("sei", "track"), ("c608", "sei"), ("c608", "track")])
    func embeddedCaptionsFollowTheEdit(_ source: String, _ output: String) throws {
        let dir = try TemporaryDirectory("compose-embedded")
        let clip = try Self.captionedClip(source, in: dir)
        // The source's captions as ffmpeg reads them: where the edit takes them from.
        let inside = try C.decodedCaptions(clip, source == "sei" ? "sei" : "track", in: dir)
        #expect(inside.map(\.text) == ["ONE", "TWO", "THREE"], "\(inside)")
        let comp = try C.captionEdit(in: dir, source: clip, captions: "embedded", makeClips: false)
        let out = dir.path("out.mp4")
        let r = try CLIRunner.run([
            "compose", comp, "-o", out, "--captions-out", output, "--preset", "ultrafast",
            "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        // Clip 1's first second, 0.5 s of nothing, source 2.5–4.5 s at half speed from 1.5 s
        // (TWO, 3–4 s in the source: 1.5 + 2 × 0.5 = 2.5 to 1.5 + 2 × 1.5 = 4.5 s), then source
        // 0.5–2.5 s from 5.5 s (ONE, 1–2 s: 6 to 7 s); THREE is trimmed away.
        let cues = try C.decodedCaptions(out, output, in: dir)
        #expect(cues.map(\.text) == ["TWO", "ONE"], "\(cues)")
        for (c, e) in zip(cues, [(2.5, 4.5), (6.0, 7.0)]) {
            #expect(abs(c.start - e.0) < 1.0 / 30 && abs(c.end - e.1) < 1.0 / 30, "\(c) vs \(e)")
        }
    }
}
