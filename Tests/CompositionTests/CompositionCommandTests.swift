import Foundation
import TestSupport
import Testing

/// `captions compose` on tiny clips made by ffmpeg, the results read back by ffmpeg and ffprobe
/// only: the seed's demo (three clips, a cross-fade, an 11 s commentary ducking the music, a
/// title) checked by pixels at the cut, mid-fade and at the title and by audio levels around the
/// ducking; captions of a clip at their retimed times after trims, reordering, an empty range
/// and a 2× slow-motion segment, decoded by ffmpeg from A/53 data and from a c608 track; and
/// every bad input with its JSON path and no output.
@Suite struct CompositionCommandTests {
    static let size = (w: 320, h: 180)

    /// A 30 fps clip of one colour, no sound.
    static func colourClip(_ path: String, _ colour: String, seconds: Int) throws {
        try MediaTools.makeClip(
            path, rate: "30", seconds: Double(seconds), video: "color=c=\(colour):size=\(size.w)x\(size.h):rate=30",
            audio: false)
    }

    /// An AAC sine of `frequency` Hz in an MP4 audio file.
    static func tone(_ path: String, frequency: Int, seconds: Int) throws {
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=48000:duration=\(seconds)", "-c:a", "aac",
            "-b:a", "128k", path,
        ])
    }

    /// Frame `n` of the movie as RGB bytes, decoded by ffmpeg.
    static func rgb(_ path: String, frame n: Int, width: Int = size.w, height: Int = size.h) throws -> [UInt8] {
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            [
                "-nostdin", "-v", "error", "-i", path, "-vf", "select=eq(n\\,\(n))", "-vsync", "0", "-frames:v", "1",
                "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
            ], binaryOutput: true)
        guard r.status == 0, r.data.count == width * height * 3 else {
            throw MediaTools.Failure.failed("frame \(n) of \(path): \(r.stderr)")
        }
        return r.data
    }

    static func pixel(_ frame: [UInt8], _ x: Int, _ y: Int, width: Int = size.w) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 3
        return (Int(frame[i]), Int(frame[i + 1]), Int(frame[i + 2]))
    }

    static func near(_ p: (r: Int, g: Int, b: Int), _ r: Int, _ g: Int, _ b: Int, within: Int = 24) -> Bool {
        abs(p.r - r) <= within && abs(p.g - g) <= within && abs(p.b - b) <= within
    }

    /// White pixels in the middle third of the picture (where the title is).
    static func whitePixelsInTheMiddle(_ frame: [UInt8]) -> Int {
        var n = 0
        for y in size.h / 3..<(2 * size.h / 3) {
            for x in size.w / 4..<(3 * size.w / 4) {
                let p = pixel(frame, x, y)
                if p.r > 200 && p.g > 200 && p.b > 200 { n += 1 }
            }
        }
        return n
    }

    /// The RMS level (dB) ffmpeg's astats measures over [start, start + duration) after `filter`.
    static func rms(_ path: String, start: Double, duration: Double, filter: String) throws -> Double {
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            [
                "-nostdin", "-v", "info", "-ss", "\(start)", "-t", "\(duration)", "-i", path, "-map", "0:a:0", "-af",
                "\(filter),astats=metadata=0", "-f", "null", "-",
            ])
        let lines = r.stderr.split(separator: "\n").filter { $0.contains("RMS level dB:") }
        guard let last = lines.last, let value = last.split(separator: ":").last else {
            throw MediaTools.Failure.failed("astats of \(path): \(r.stderr)")
        }
        let text = value.trimmingCharacters(in: .whitespaces)
        return text == "-inf" ? -200 : Double(text) ?? .nan
    }

    /// A cue's text without markup and surrounding space.
    static func plainText(_ text: String) -> String {
        text.replacingOccurrences(of: "<[^>]*>|\\{[^}]*\\}", with: "", options: .regularExpression)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Captions decoded by ffmpeg from the A/53 data of the video (`sei`) or from the first
    /// subtitle track (`track`).
    static func decodedCaptions(_ path: String, _ form: String, in dir: TemporaryDirectory) throws -> [(
        text: String, start: Double, end: Double
    )] {
        let srt = dir.path("decoded-\(form)-\(UUID().uuidString).srt")
        let args =
            form == "sei"
            ? ["-f", "lavfi", "-i", "movie=\(path)[out0+subcc]", "-map", "0:1", srt]
            : ["-i", path, "-map", "0:s:0", srt]
        try MediaTools.ffmpeg(args)
        return try PeerDecoders.parseSRT(String(contentsOfFile: srt, encoding: .utf8)).map {
            (plainText($0.text), $0.start, $0.end)
        }
    }

    static let music = "lowpass=f=800,lowpass=f=800"
    static let voice = "highpass=f=2000,highpass=f=2000"

    @Test func theSeedDemoFromAJSONFile() throws {
        let dir = try TemporaryDirectory("compose-demo")
        try Self.colourClip(dir.path("red.mp4"), "red", seconds: 6)
        try Self.colourClip(dir.path("green.mp4"), "lime", seconds: 6)
        try Self.colourClip(dir.path("blue.mp4"), "blue", seconds: 6)
        try Self.tone(dir.path("music.m4a"), frequency: 300, seconds: 20)
        try Self.tone(dir.path("talk.m4a"), frequency: 3000, seconds: 11)
        // red [0, 6); green cross-fades in over [5, 6) and plays to 11; blue from 11 (a cut) to 17.
        // Commentary 11 s from 3 s; the music ducks to 0.25 over [2.5, 3) and returns over [14, 14.5).
        let json = """
            {
              "renderSize": "320x180", "frameRate": "30",
              "clips": [
                {"source": "red.mp4"},
                {"source": "green.mp4", "transition": {"type": "crossfade", "duration": "1"}},
                {"source": "blue.mp4"}
              ],
              "tracks": [
                {"name": "music", "type": "audio", "clips": [{"source": "music.m4a", "at": "0", "out": "17"}]},
                {"name": "commentary", "type": "audio", "clips": [{"source": "talk.m4a", "at": "3"}]}
              ],
              "audioMix": [{"duck": "music", "under": "commentary", "volume": 0.25, "fade": "0.5"}],
              "titles": [{"text": "DAY ONE", "start": "1", "end": "4", "size": 0.2,
                          "keyframes": [{"time": "1", "opacity": 0}, {"time": "1.5", "opacity": 1}]}]
            }
            """
        try json.write(toFile: dir.path("demo.json"), atomically: true, encoding: .utf8)
        let out = dir.path("out.mp4")
        let r = try CLIRunner.run([
            "compose", dir.path("demo.json"), "-o", out, "--preset", "ultrafast", "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let streams = try MediaTools.streams(out)
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        #expect(video["width"] as? Int == 320 && video["height"] as? Int == 180)
        #expect(video["nb_frames"] as? String == "510", "17 s at 30 fps")
        #expect(streams.contains { $0["codec_type"] as? String == "audio" })

        // Pixels: red before the fade, half red half green mid-fade, green up to the cut, blue after.
        let corner = (8, 8)
        #expect(Self.near(Self.pixel(try Self.rgb(out, frame: 120), corner.0, corner.1), 255, 0, 0))
        #expect(Self.near(Self.pixel(try Self.rgb(out, frame: 165), corner.0, corner.1), 128, 128, 0, within: 30))
        #expect(Self.near(Self.pixel(try Self.rgb(out, frame: 329), corner.0, corner.1), 0, 255, 0))
        #expect(Self.near(Self.pixel(try Self.rgb(out, frame: 330), corner.0, corner.1), 0, 0, 255))
        // The title: white text in the middle at 2 s; none at 0.5 s (before it) or at 5 s (after).
        #expect(Self.whitePixelsInTheMiddle(try Self.rgb(out, frame: 60)) > 200)
        #expect(Self.whitePixelsInTheMiddle(try Self.rgb(out, frame: 15)) == 0)
        #expect(Self.whitePixelsInTheMiddle(try Self.rgb(out, frame: 150)) == 0)

        // Audio: the music band at full level before, 12 dB down (× 0.25) under the commentary,
        // back after; the commentary band silent before and present during.
        let before = try Self.rms(out, start: 0.5, duration: 1.5, filter: Self.music)
        let during = try Self.rms(out, start: 5, duration: 5, filter: Self.music)
        let after = try Self.rms(out, start: 15, duration: 1.5, filter: Self.music)
        #expect(abs((during - before) - (-12.04)) < 1.5, "music \(before) → \(during) dB")
        #expect(abs(after - before) < 1, "music \(before) → \(after) dB")
        let voiceBefore = try Self.rms(out, start: 0.5, duration: 1.5, filter: Self.voice)
        let voiceDuring = try Self.rms(out, start: 5, duration: 5, filter: Self.voice)
        #expect(voiceDuring - voiceBefore > 30, "commentary \(voiceBefore) → \(voiceDuring) dB")
    }

    /// Captions of clip 2 (source times: ONE 1–2 s, TWO 3–4 s, THREE 5–5.5 s) after: clip 1's
    /// first second, 0.5 s of nothing, clip 2 from 2.5 to 4.5 s at half speed (TWO at
    /// 1.5 + 2 × 0.5 = 2.5 to 1.5 + 2 × 1.5 = 4.5 s), then clip 2 again from 0.5 to 2.5 s at 5.5 s
    /// (ONE at 6 to 7 s); THREE is trimmed away. Worked out by hand from the edit, then read
    /// back by ffmpeg from the A/53 data and from the c608 track.
    /// Makes the clips, the caption file and the composition of ``captionsFollowTheEdit(_:)``;
    /// returns the composition file's path.
    /// The edit below in `dir`/c.json, with one.mp4, two.mp4 and two.srt beside it; clip 2 is
    /// `source` with `captions` ("embedded" when the clip carries them inside).
    static func captionEdit(
        in dir: TemporaryDirectory, source: String = "two.mp4", captions: String = "two.srt",
        makeClips: Bool = true
    ) throws -> String {
        if makeClips {
            try Self.colourClip(dir.path("one.mp4"), "gray", seconds: 2)
            try Self.colourClip(dir.path("two.mp4"), "navy", seconds: 6)
        }
        let srt = """
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
        try srt.write(toFile: dir.path("two.srt"), atomically: true, encoding: .utf8)
        let json = """
            {"frameRate": "30", "clips": [
              {"source": "one.mp4", "out": "1"},
              {"empty": "0.5"},
              {"source": "\(source)", "in": "2.5", "out": "4.5", "speed": 0.5, "captions": "\(captions)"},
              {"source": "\(source)", "in": "0.5", "out": "2.5", "captions": "\(captions)"}
            ]}
            """
        try json.write(toFile: dir.path("c.json"), atomically: true, encoding: .utf8)
        return dir.path("c.json")
    }

    /// Captions of clip 2 (source times: ONE 1–2 s, TWO 3–4 s, THREE 5–5.5 s) after: clip 1's
    /// first second, 0.5 s of nothing, clip 2 from 2.5 to 4.5 s at half speed (TWO at
    /// 1.5 + 2 × 0.5 = 2.5 to 1.5 + 2 × 1.5 = 4.5 s), then clip 2 again from 0.5 to 2.5 s at 5.5 s
    /// (ONE at 6 to 7 s); THREE is trimmed away. Worked out by hand from the edit, then read
    /// back by ffmpeg from the A/53 data, from the c608 track and from the SCC file written.
    @Test(arguments: ["sei", "track", "scc"]) func captionsFollowTheEdit(_ form: String) throws {
        let dir = try TemporaryDirectory("compose-captions")
        let comp = try Self.captionEdit(in: dir)
        let out = dir.path("out.mp4")
        let destination = form == "scc" ? dir.path("out.scc") : form
        let r = try CLIRunner.run([
            "compose", comp, "-o", out, "--captions-out", destination, "--preset", "ultrafast", "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let cues: [(text: String, start: Double, end: Double)]
        if form == "scc" {
            cues = try PeerDecoders.ffmpeg(destination, in: dir).map { (Self.plainText($0.text), $0.start, $0.end) }
        } else {
            cues = try Self.decodedCaptions(out, form, in: dir)
        }
        let texts = cues.map(\.text)
        #expect(texts == ["TWO", "ONE"], "\(cues)")
        let expected = [(2.5, 4.5), (6.0, 7.0)]
        for (c, e) in zip(cues, expected) {
            #expect(abs(c.start - e.0) < 1.0 / 30 && abs(c.end - e.1) < 1.0 / 30, "\(c) vs \(e)")
        }
    }

    /// Burned, the same captions are on the frames of their retimed times and on no other:
    /// TWO from frame 75 (2.5 s) to 134, ONE from 180 (6 s) to 209, nothing in between.
    @Test func burnedCaptionsShowOnTheirRetimedFrames() throws {
        let dir = try TemporaryDirectory("compose-burn")
        let comp = try Self.captionEdit(in: dir)
        let out = dir.path("out.mp4")
        let r = try CLIRunner.run([
            "compose", comp, "-o", out, "--captions-out", "burn", "--preset", "ultrafast", "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        func bright(_ n: Int) throws -> Int {
            let f = try Self.rgb(out, frame: n)
            var count = 0
            for i in stride(from: 0, to: f.count, by: 3) where f[i] > 200 && f[i + 1] > 200 && f[i + 2] > 200 {
                count += 1
            }
            return count
        }
        for n in [74, 135, 179, 210] { #expect(try bright(n) == 0, "frame \(n) has no caption") }
        for n in [75, 134, 180, 209] { #expect(try bright(n) > 5, "frame \(n) shows its caption") }
    }

    // MARK: - Bad input: a clear error with the JSON path, status 2, no output file

    static func refuse(_ json: String, _ expected: String, clips: [String] = ["a.mp4"]) throws {
        let dir = try TemporaryDirectory("compose-bad")
        for c in clips { try colourClip(dir.path(c), "red", seconds: 2) }
        try json.write(toFile: dir.path("bad.json"), atomically: true, encoding: .utf8)
        let out = dir.path("out.mp4")
        let r = try CLIRunner.run(["compose", dir.path("bad.json"), "-o", out, "--progress", "none"])
        #expect(r.status == 2)
        #expect(r.stderr.contains(expected), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "no hidden temporary file: \(left)")
    }

    @Test func aMissingSourceFile() throws {
        try Self.refuse(
            #"{"clips": [{"source": "a.mp4"}, {"source": "a.mp4"}, {"source": "gone.mov"}]}"#,
            "bad.json:1:65: $.clips[2].source: no such file \"gone.mov\"")
    }

    @Test func aSourceWithoutTheTrackNamed() throws {
        try Self.refuse(
            #"{"clips": [{"source": "a.mp4"}], "tracks": [{"name": "m", "type": "audio", "clips": [{"source": "a.mp4", "at": "0"}]}]}"#,
            "$.tracks[0].clips[0].source: \"a.mp4\" has no audio track")
    }

    @Test func aTimeRangeOutsideItsSource() throws {
        try Self.refuse(
            #"{"clips": [{"source": "a.mp4", "in": "1", "out": "3.5"}]}"#,
            "$.clips[0].out: the range 1 to 3.5 s lies outside the source's video track, which has media from 0 to 2 s")
    }

    @Test func anInstructionGapAndAnOverlap() throws {
        try Self.refuse(
            """
            {"clips": [{"source": "a.mp4"}], "video": {"instructions": [
              {"start": "0", "end": "1", "layers": [{"track": "A"}]},
              {"start": "1.5", "end": "2", "layers": [{"track": "A"}]}]}}
            """, "bad.json:3:3: $.video.instructions[1]: gap from 1 to 1.5 s")
        try Self.refuse(
            """
            {"clips": [{"source": "a.mp4"}], "video": {"instructions": [
              {"start": "0", "end": "1.5", "layers": [{"track": "A"}]},
              {"start": "1", "end": "2", "layers": [{"track": "A"}]}]}}
            """, "$.video.instructions[1]: overlaps $.video.instructions[0] from 1 to 1.5 s")
    }

    @Test func malformedJSON() throws {
        try Self.refuse(
            "{\"clips\": [\n  {\"source\": \"a.mp4\"\n]}",
            "bad.json:3:1: $: JSON syntax: expected ',' or '}' in an object")
    }

    @Test func clipsOnTheCommandLineWithACrossfade() throws {
        let dir = try TemporaryDirectory("compose-clips")
        try Self.colourClip(dir.path("a.mp4"), "red", seconds: 2)
        try Self.colourClip(dir.path("b.mp4"), "blue", seconds: 2)
        let out = dir.path("out.mp4")
        let r = try CLIRunner.run([
            "compose", dir.path("a.mp4"), dir.path("b.mp4"), "-o", out, "--crossfade", "0.5s", "--preset", "ultrafast",
            "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let video = try #require(try MediaTools.streams(out).first { $0["codec_type"] as? String == "video" })
        #expect(video["nb_frames"] as? String == "105", "3.5 s at 30 fps")
        // Mid-fade (1.75 s, frame 52 or 53): half red, half blue.
        #expect(Self.near(Self.pixel(try Self.rgb(out, frame: 52), 8, 8), 128, 0, 128, within: 40))
        #expect(Self.near(Self.pixel(try Self.rgb(out, frame: 70), 8, 8), 0, 0, 255))
        // Again without --force: the existing output is kept and the command fails.
        let again = try CLIRunner.run([
            "compose", dir.path("a.mp4"), dir.path("b.mp4"), "-o", out, "--progress", "none",
        ])
        #expect(again.status == 2, "\(again.stderr)")
        #expect(again.stderr.contains("already exists"), "\(again.stderr)")
    }

    /// A phone-style clip: coded 160x90 (left half blue, right half red) with a 90° display
    /// matrix. Composed alone it comes out 90x160 and upright: the same colours where ffmpeg's
    /// own autorotation puts them.
    @Test func aRotatedClipComesOutUpright() throws {
        let dir = try TemporaryDirectory("compose-rotation")
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i",
            "color=c=red:size=160x90:rate=30:duration=1,drawbox=x=0:y=0:w=80:h=90:color=blue:t=fill",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", dir.path("coded.mp4"),
        ])
        try MediaTools.ffmpeg([
            "-i", dir.path("coded.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=90", dir.path("phone.mp4"),
        ])
        let out = dir.path("out.mp4")
        let r = try CLIRunner.run([
            "compose", dir.path("phone.mp4"), "-o", out, "--preset", "ultrafast", "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let video = try #require(try MediaTools.streams(out).first { $0["codec_type"] as? String == "video" })
        #expect(video["width"] as? Int == 90 && video["height"] as? Int == 160)
        let ours = try Self.rgb(out, frame: 10, width: 90, height: 160)
        let theirs = try Self.rgb(dir.path("phone.mp4"), frame: 10, width: 90, height: 160)
        for (x, y) in [(45, 20), (45, 140), (10, 80), (80, 80)] {
            let a = Self.pixel(ours, x, y, width: 90)
            let b = Self.pixel(theirs, x, y, width: 90)
            #expect(Self.near(a, b.r, b.g, b.b, within: 30), "at \(x),\(y): ours \(a), ffmpeg's \(b)")
        }
        #expect(
            Self.pixel(theirs, 45, 20, width: 90).b != Self.pixel(theirs, 45, 140, width: 90).b, "the halves differ")
    }

    /// A cross-fade composes each frame anew: the first clip's A/53 captions (side data of its
    /// pictures, at its own times) must not ride along into the output unless `--captions-out`
    /// asks. ffprobe counts the frames that carry A/53 side data.
    @Test func aComposedFrameDoesNotCarryASourceClipsCaptions() throws {
        let dir = try TemporaryDirectory()
        let vtt = dir.path("hello.vtt"), scc = dir.path("hello.scc")
        let plain = dir.path("plain.mp4"), captioned = dir.path("captioned.mp4"), out = dir.path("out.mp4")
        try "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHELLO\n".write(toFile: vtt, atomically: true, encoding: .utf8)
        #expect(try CLIRunner.run(["convert", vtt, scc]).status == 0)
        try MediaTools.makeClip(plain, size: "160x120", seconds: 3, audio: false)
        let embed = try CLIRunner.run([
            "export", plain, "--captions", scc, "--embed", "sei", "-o", captioned, "--progress", "none",
        ])
        #expect(embed.status == 0, "\(embed.stderr)")
        func framesWithCaptions(_ path: String) throws -> Int {
            let r = try CLIRunner.runProcess(
                try PeerDecoders.tool("ffprobe"),
                ["-v", "error", "-select_streams", "v:0", "-show_frames", "-show_entries", "frame=side_data_list",
                 "-of", "json", path])
            guard r.status == 0 else { throw MediaTools.Failure.failed("ffprobe \(path): \(r.stderr)") }
            return r.stdout.components(separatedBy: "ATSC A53 Part 4 Closed Captions").count - 1
        }
        try #require(try framesWithCaptions(captioned) > 0, "the source clip carries A/53 captions")
        let r = try CLIRunner.run([
            "compose", captioned, plain, "-o", out, "--crossfade", "1s", "--preset", "ultrafast", "--progress", "none",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try framesWithCaptions(out) == 0)
    }
}
