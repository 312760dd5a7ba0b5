import CaptionCore
import Foundation
import TestSupport
import Testing

/// `captions mux` and the movie side of `captions convert` and `inspect`, run as a user runs them.
@Suite struct MuxCommandTests {
    static let popOn = TestPaths.sharedFixture("scc/pycaption/sample_scc_pop_on.scc").path

    @Test func muxThenConvertBackAsTransmittedAndAsCaptions() throws {
        let dir = try TemporaryDirectory("cli-mux")
        let clip = try TrackClips.make("clip.mov", in: dir)
        let out = dir.path("out.mov")
        let mux = try CLIRunner.run(["mux", clip, Self.popOn, "-o", out, "--form", "both", "--language", "fr"])
        #expect(mux.status == 0, "\(mux.stderr)")
        #expect(mux.stderr.contains("c608 track 2 and tx3g track 3 written"))
        // An existing output is kept without --force.
        let again = try CLIRunner.run(["mux", clip, Self.popOn, "-o", out])
        #expect(again.status == 2)
        #expect(again.stderr.contains("exists"), "\(again.stderr)")

        let raw = dir.path("raw.scc")
        let transmitted = try CLIRunner.run(["convert", out, raw, "--as-transmitted"])
        #expect(transmitted.status == 0, "\(transmitted.stderr)")
        let sent = IndependentSCC.words(try String(contentsOfFile: Self.popOn, encoding: .utf8))
        #expect(IndependentSCC.words(try String(contentsOfFile: raw, encoding: .utf8)) == sent)

        // `inspect` of a movie describes it (captions-media): both new tracks are listed.
        let inspect = try CLIRunner.run(["inspect", out])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("eia_608 [c608]"), "\(inspect.stdout)")
        #expect(inspect.stdout.contains("mov_text [tx3g]"), "\(inspect.stdout)")
        let captions = try CLIRunner.run(["convert", out, dir.path("cc.srt")])
        #expect(captions.status == 0, "\(captions.stderr)")
        #expect(try String(contentsOfFile: dir.path("cc.srt"), encoding: .utf8).contains("( clock ticking )"))
        #expect(captions.stderr.contains("also present: track 3: tx3g subtitles"), "\(captions.stderr)")
        let subtitle = try CLIRunner.run(["convert", out, dir.path("sub.srt"), "--source", "subtitle"])
        #expect(subtitle.status == 0, "\(subtitle.stderr)")
        #expect(try String(contentsOfFile: dir.path("sub.srt"), encoding: .utf8).contains("( clock ticking )"))
    }

    /// `mux --as wvtt`: a WebVTT file with overlapping cues as a WebVTT track (ISO/IEC 14496-30),
    /// read back by `convert` to what `convert` makes of the .vtt itself, and read by GStreamer's
    /// qtdemux (an independent wvtt reader) with every cue's text; with `--form tx3g,wvtt` both
    /// tracks are added in one alternate group and only the first is enabled (ffprobe).
    @Test func muxAsWebVTTThenConvertBack() throws {
        let dir = try TemporaryDirectory("cli-mux-wvtt")
        let clip = try TrackClips.make("clip.mp4", in: dir)
        let vtt = dir.path("in.vtt")
        try """
        WEBVTT

        one
        00:00:00.100 --> 00:00:00.600 line:80%
        First <i>cue</i>

        00:00:00.400 --> 00:00:00.900
        Second, overlapping
        two lines
        """.write(toFile: vtt, atomically: true, encoding: .utf8)
        let out = dir.path("out.mp4")
        let mux = try CLIRunner.run(["mux", clip, vtt, "-o", out, "--as", "wvtt"])
        #expect(mux.status == 0, "\(mux.stderr)")
        #expect(mux.stderr.contains("wvtt track 2 written"), "\(mux.stderr)")
        #expect(try CLIRunner.run(["convert", vtt, dir.path("direct.vtt")]).status == 0)
        let back = try CLIRunner.run(["convert", out, dir.path("back.vtt")])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(
            try String(contentsOfFile: dir.path("back.vtt"), encoding: .utf8)
                == String(contentsOfFile: dir.path("direct.vtt"), encoding: .utf8))
        let peer = try WebVTTPeers.gstreamer(out, in: dir).map(\.text)
        #expect(peer.contains("First <i>cue</i>") && peer.contains("Second, overlapping\ntwo lines"), "\(peer)")

        let both = dir.path("both.mp4")
        let r = try CLIRunner.run(["mux", clip, vtt, "-o", both, "--form", "tx3g,wvtt"])
        #expect(r.status == 0, "\(r.stderr)")
        let streams = try MediaTools.streams(both)
        let enabled = streams.filter { ($0["codec_type"] as? String) != "video" }.map {
            "\($0["codec_tag_string"] ?? "?") \(($0["disposition"] as? [String: Any])?["default"] ?? "?")"
        }
        #expect(enabled == ["tx3g 1", "wvtt 0"], "\(enabled)")
    }

    /// Each bad request: exit status 2 (1 for a movie without the captions asked for), a message
    /// that says what is wrong, and no output file.
    @Test(arguments: ["no-video", "channel", "no-sei", "as-transmitted-to-srt", "transport-stream", "form"])
    func badRequestsAreClearErrorsWithNoOutput(kind: String) throws {
        let dir = try TemporaryDirectory("cli-mux-bad")
        var args: [String]
        var expected: String
        switch kind {
        case "no-video":
            let sound = dir.path("sound.m4a")
            try TrackClips.run(
                "ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", sound])
            args = ["mux", sound, Self.popOn, "-o", dir.path("out.m4a")]
            expected = "no video track"
        case "channel":
            args = [
                "mux", try TrackClips.make("clip.mp4", in: dir), Self.popOn, "-o", dir.path("out.mp4"), "--channel",
                "5",
            ]
            expected = "--channel must be 1, 2, 3 or 4"
        case "no-sei":
            let clip = try TrackClips.make("clip.mp4", in: dir)
            args = ["convert", clip, dir.path("out.scc"), "--source", "sei"]
            expected = "no sei caption source"
        case "as-transmitted-to-srt":
            let clip = try TrackClips.make("clip.mp4", in: dir)
            args = ["convert", clip, dir.path("out.srt"), "--as-transmitted"]
            expected = "--as-transmitted writes SCC"
        case "transport-stream":
            let ts = dir.path("clip.ts")
            try TrackClips.run(
                "ffmpeg",
                ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:duration=1", "-c:v", "mpeg2video", ts])
            args = ["convert", ts, dir.path("out.scc")]
            expected = "no captions: none of the 25 pictures of its MPEG-2 video carries A/53 caption data"
        default:
            args = [
                "mux", try TrackClips.make("clip.mp4", in: dir), Self.popOn, "-o", dir.path("out.mp4"), "--form", "708",
            ]
            expected = "--form must be c608, c708, tx3g, wvtt or both"
        }
        let r = try CLIRunner.run(args)
        // A movie without the captions asked for is readable and gives nothing: a finding,
        // status 1 (issue 34: never a silent empty result); the rest are bad requests, status 2.
        let status: Int32 = ["no-sei", "transport-stream"].contains(kind) ? 1 : 2
        #expect(r.status == status, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains(expected), "\(r.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.contains("out") }
        #expect(left.isEmpty, "\(left)")
    }
}
