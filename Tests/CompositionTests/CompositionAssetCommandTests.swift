import Foundation
import TestSupport
import Testing

/// A composition file as an asset through the CLI: `captions frame comp.json` gives the frame
/// the export writes (compared with `captions compose`'s output decoded by ffmpeg, and with
/// colours worked out by hand) in a clip, mid-fade, in a slow-motion segment and at a title;
/// `captions inspect comp.json` lists what a hand reading of the Fixtures/compositions
/// examples says; a captions JSON document is still read as captions; a bad file gets the
/// errors compose gives.
@Suite struct CompositionAssetCommandTests {
    typealias C = CompositionCommandTests
    static let size = CompositionCommandTests.size

    /// red [0, 6); green cross-fades in over [5, 6) and plays to 11; a 2 s clip (blue for 1 s,
    /// then yellow) at half speed over [11, 15); a white title over [1, 4).
    static let composition = """
        {
          "renderSize": "320x180", "frameRate": "30",
          "clips": [
            {"source": "red.mp4"},
            {"source": "green.mp4", "transition": {"type": "crossfade", "duration": "1"}},
            {"source": "two.mp4", "speed": 0.5}
          ],
          "titles": [{"text": "DAY ONE", "start": "1", "end": "4", "size": 0.2}]
        }
        """

    static func makeComposition(_ dir: TemporaryDirectory) throws -> String {
        try C.colourClip(dir.path("red.mp4"), "red", seconds: 6)
        try C.colourClip(dir.path("green.mp4"), "lime", seconds: 6)
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=blue:size=\(size.w)x\(size.h):rate=30:duration=1",
            "-f", "lavfi", "-i", "color=c=yellow:size=\(size.w)x\(size.h):rate=30:duration=1",
            "-filter_complex", "[0:v][1:v]concat=n=2:v=1[v]", "-map", "[v]", "-c:v", "libx264", "-preset",
            "ultrafast", "-pix_fmt", "yuv420p", dir.path("two.mp4"),
        ])
        let path = dir.path("comp.json")
        try composition.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The mean absolute difference per channel and the share of pixels off by more than 32.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (mean: Double, far: Double) {
        guard a.count == b.count, !a.isEmpty else { return (.infinity, 1) }
        var total = 0
        var far = 0
        for i in stride(from: 0, to: a.count, by: 3) {
            var worst = 0
            for c in 0..<3 {
                let d = abs(Int(a[i + c]) - Int(b[i + c]))
                total += d
                worst = max(worst, d)
            }
            if worst > 32 { far += 1 }
        }
        return (Double(total) / Double(a.count), Double(far) / Double(a.count / 3))
    }

    @Test func framesOfACompositionAreTheExportedFrames() throws {
        let dir = try TemporaryDirectory("comp-frames")
        let comp = try Self.makeComposition(dir)
        let out = dir.path("out.mp4")
        let r = try CLIRunner.run(["compose", comp, "-o", out, "--preset", "ultrafast", "--progress", "none"])
        #expect(r.status == 0, "\(r.stderr)")
        // (time asked, output frame, the colour by hand or nil where the title is)
        let cases: [(String, Int, (Int, Int, Int)?)] = [
            ("0.5", 15, (255, 0, 0)),  // clip 1
            ("5.51", 165, (128, 128, 0)),  // mid-fade: half red, half lime (5.51 s is still frame 165)
            ("12.5", 375, (0, 0, 255)),  // slow segment: source 0.75 s, blue
            ("13.5", 405, (255, 255, 0)),  // slow segment: source 1.25 s, yellow
            ("2.5", 75, nil),  // the title over red
        ]
        for (at, n, colour) in cases {
            let png = dir.path("f\(n).png")
            let f = try CLIRunner.run(["frame", comp, "--at", at, "-o", png])
            #expect(f.status == 0, "\(f.stderr)")
            let ours = try C.rgb(png, frame: 0)
            let exported = try C.rgb(out, frame: n)
            let d = Self.difference(ours, exported)
            #expect(d.mean < 3 && d.far < 0.02, "frame at \(at) s differs from exported frame \(n): \(d)")
            if let (r, g, b) = colour {
                let p = C.pixel(ours, Self.size.w / 2, Self.size.h / 2)
                #expect(C.near(p, r, g, b, within: 20), "at \(at) s: \(p), expected about (\(r), \(g), \(b))")
            } else {
                #expect(C.whitePixelsInTheMiddle(ours) > 200, "the title at \(at) s")
                #expect(C.near(C.pixel(ours, 4, 4), 255, 0, 0, within: 20), "red around the title")
            }
        }
    }

    @Test func thumbnailsOfACompositionDrawAndCount() throws {
        let dir = try TemporaryDirectory("comp-thumbs")
        let comp = try Self.makeComposition(dir)
        let sheet = dir.path("sheet.png")
        let r = try CLIRunner.run(["thumbnails", comp, "--every", "2s", "--columns", "4", "--width", "80", "-o", sheet])
        #expect(r.status == 0, "\(r.stderr)")
        // 0, 2 … 14: 8 pictures, 4 to a row of 80 px with 4 px gaps: 2 rows of 46 px (80 × 180/320
        // = 45, made even).
        #expect(r.stderr.contains("8 pictures"), "\(r.stderr)")
        let probe = try MediaTools.streams(sheet)
        #expect(probe.first?["width"] as? Int == 4 * 80 + 5 * 4)
        #expect(probe.first?["height"] as? Int == 2 * 46 + 3 * 4)
        // The third picture (4 s, red) and the seventh (12 s, blue in the slow segment).
        let rgb = try C.rgb(sheet, frame: 0, width: 340, height: 104)
        #expect(C.near(C.pixel(rgb, 4 + 2 * 84 + 40, 4 + 23, width: 340), 255, 0, 0))
        #expect(C.near(C.pixel(rgb, 4 + 2 * 84 + 40, 4 + 50 + 23, width: 340), 0, 0, 255))
    }

    @Test func frameOfACompositionRefusesATolerance() throws {
        let dir = try TemporaryDirectory("comp-tolerance")
        let comp = try Self.makeComposition(dir)
        let r = try CLIRunner.run(["frame", comp, "--at", "1", "--tolerance", "1", "-o", dir.path("f.png")])
        #expect(r.status == 2, "a bad argument: \(r.stderr)")
        #expect(r.stderr.contains("--tolerance"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("f.png")))
    }

    // MARK: - inspect

    /// The clips the Fixtures/compositions README names, small and short, and the examples
    /// copied beside them (the fixtures are never written to).
    static func fixtureFolder() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory("comp-inspect")
        try FileManager.default.createDirectory(atPath: dir.path("clips"), withIntermediateDirectories: true)
        for c in ["red", "green", "blue"] {
            try MediaTools.makeClip(
                dir.path("clips/\(c).mp4"), rate: "30", seconds: 6, video: "color=c=\(c):size=160x90:rate=30")
        }
        try C.tone(dir.path("clips/music.m4a"), frequency: 300, seconds: 20)
        try C.tone(dir.path("clips/talk.m4a"), frequency: 3000, seconds: 11)
        try "1\n00:00:01,000 --> 00:00:02,000\nONE\n\n2\n00:00:03,000 --> 00:00:04,000\nTWO\n".write(
            toFile: dir.path("clips/green.srt"), atomically: true, encoding: .utf8)
        for name in ["demo.json", "slow-motion.json", "ken-burns.json"] {
            let text = try String(contentsOf: TestPaths.fixture("compositions/\(name)"), encoding: .utf8)
            try text.write(toFile: dir.path(name), atomically: true, encoding: .utf8)
        }
        return dir
    }

    static func inspectJSON(_ path: String) throws -> [String: Any] {
        let r = try CLIRunner.run(["inspect", path, "--json"])
        guard r.status == 0, let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        else { throw MediaTools.Failure.failed("inspect \(path): \(r.status) \(r.stderr) \(r.stdout)") }
        return object
    }

    static func segments(_ report: [String: Any], track id: Int) -> [[String: Any]] {
        let tracks = report["tracks"] as? [[String: Any]] ?? []
        return tracks.first { $0["id"] as? Int == id }?["segments"] as? [[String: Any]] ?? []
    }

    /// [target, source range, speed] of each segment, as strings.
    static func layout(_ segments: [[String: Any]]) -> [String] {
        segments.map { s in
            let target = (s["target"] as? [String] ?? []).joined(separator: "-")
            guard let source = s["source"] as? String else { return "\(target) empty" }
            let range = (s["sourceRange"] as? [String] ?? []).joined(separator: "-")
            let file = source.split(separator: "/").last.map(String.init) ?? source
            return "\(target) \(file) \(range) x\(s["speed"] as? String ?? "?")"
        }
    }

    @Test func inspectOfTheDemoListsWhatTheFileSays() throws {
        let dir = try Self.fixtureFolder()
        let report = try Self.inspectJSON(dir.path("demo.json"))
        #expect(report["kind"] as? String == "composition")
        // red 6 s, green from 5 (cross-fade 1) to 11, blue from 0.5 s (15 frames) to 6: 5.5 s to 16.5.
        #expect(report["duration"] as? String == "16.5")
        #expect(report["renderSize"] as? String == "1280x720")
        #expect(report["frameRate"] as? String == "30")
        // At the cross-fade green moves to track B, and blue (a cut) follows it there.
        #expect(Self.layout(Self.segments(report, track: 1)) == ["0-6 red.mp4 0-6 x1"])
        #expect(
            Self.layout(Self.segments(report, track: 2)) == [
                "0-5 empty", "5-11 green.mp4 0-6 x1", "11-16.5 blue.mp4 0.5-6 x1",
            ])
        #expect(Self.layout(Self.segments(report, track: 5)) == ["0-16.5 music.m4a 0-16.5 x1"])
        // The commentary's end is the AAC track's (11 s and a few samples): only its start is sure.
        #expect(Self.layout(Self.segments(report, track: 6)).first == "0-3 empty")
        #expect((Self.segments(report, track: 6).last?["target"] as? [String])?.first == "3")
        let transitions = report["transitions"] as? [[String: Any]] ?? []
        #expect(transitions.count == 1)
        #expect(transitions.first?["start"] as? String == "5" && transitions.first?["end"] as? String == "6")
        let titles = report["titles"] as? [[String: Any]] ?? []
        #expect(titles.count == 1 && titles.first?["text"] as? String == "Day one")
        #expect(titles.first?["start"] as? String == "1" && titles.first?["end"] as? String == "4")
        // The music ducks to 0.25 over the half second before the commentary (3 s) and comes back
        // over the half second after it ends (14 s).
        let mix = report["audioMix"] as? [[String: Any]] ?? []
        let music = try #require(mix.first { $0["track"] as? String == "music" })
        let ramps = (music["ramps"] as? [[String: Any]] ?? []).map {
            "\($0["start"] as? String ?? "")-\($0["end"] as? String ?? "") \($0["from"] as? Double ?? -1)→\($0["to"] as? Double ?? -1)"
        }
        #expect(ramps == ["2.5-3 1.0→0.25", "14-14.5 0.25→1.0"])
        let clips = report["clips"] as? [[String: Any]] ?? []
        let green = try #require(clips.first { ($0["source"] as? String)?.hasSuffix("green.mp4") == true })
        #expect(green["captions"] as? String == "clips/green.srt")
        #expect(clips.filter { $0["captions"] != nil }.count == 1)
    }

    /// The cross-fade's outgoing track goes back to its volume once the fade is over: a volume
    /// set from a time on (a ramp of no length, as `setVolume(_:at:)` makes) reads "1 at 6", not
    /// "1→1 over 6–6".
    @Test func inspectTextShowsAVolumeSetAtATimeAsOne() throws {
        let dir = try Self.fixtureFolder()
        let text = try CLIRunner.run(["inspect", dir.path("demo.json")])
        #expect(text.status == 0, "\(text.stderr)")
        let mix = text.stdout.split(separator: "\n").filter { $0.contains(": volume ") }
        #expect(mix.contains { $0.hasSuffix("volume 1; 1→0 over 5–6; 1 at 6") }, "\(text.stdout)")
        #expect(!text.stdout.contains("over 6–6"), "\(text.stdout)")
    }

    @Test func inspectOfSlowMotionAndKenBurns() throws {
        let dir = try Self.fixtureFolder()
        let slow = try Self.inspectJSON(dir.path("slow-motion.json"))
        // red to 1 s, half a second empty, green 2.5–4.5 at half speed (4 s), green 0.5–2.5.
        #expect(slow["duration"] as? String == "7.5")
        #expect(slow["renderSize"] as? String == "160x90", "the first clip's size")
        #expect(
            Self.layout(Self.segments(slow, track: 1)) == [
                "0-1 red.mp4 0-1 x1", "1-1.5 empty", "1.5-5.5 green.mp4 2.5-4.5 x0.5", "5.5-7.5 green.mp4 0.5-2.5 x1",
            ])
        let clips = slow["clips"] as? [[String: Any]] ?? []
        #expect(clips.filter { $0["captions"] as? String == "clips/green.srt" }.count == 2)

        let ken = try Self.inspectJSON(dir.path("ken-burns.json"))
        #expect(ken["duration"] as? String == "8")
        let instructions = ken["instructions"] as? [[String: Any]] ?? []
        #expect(instructions.count == 2)
        let zoom = try #require((instructions.first?["layers"] as? [[String: Any]])?.first)
        #expect(zoom["track"] as? String == "A")
        let ramp = try #require((zoom["transform"] as? [[String: Any]])?.first)
        #expect(ramp["from"] as? [Double] == [1, 0, 0, 1, 0, 0])
        #expect(ramp["to"] as? [Double] == [1.25, 0, 0, 1.25, -160, -90], "scale 1.25 then translate (-160, -90)")
        let fade = try #require((instructions.last?["layers"] as? [[String: Any]])?.first)
        #expect((fade["crop"] as? [String: Int]) == ["x": 320, "y": 180, "width": 640, "height": 360])
        let opacity = try #require((fade["opacity"] as? [[String: Any]])?.first)
        #expect(opacity["start"] as? String == "4" && opacity["end"] as? String == "5")
        #expect(opacity["from"] as? Double == 0 && opacity["to"] as? Double == 1)

        let text = try CLIRunner.run(["inspect", dir.path("ken-burns.json")])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("composition, 8 s, 1280x720, 30 fps"), "\(text.stdout)")
        #expect(text.stdout.contains("crop 640x360 at 320,180"), "\(text.stdout)")
    }

    @Test func aCaptionsJSONDocumentIsStillReadAsCaptions() throws {
        let dir = try TemporaryDirectory("comp-captions-json")
        // "clips" below the top level does not make a composition file.
        let doc = """
            {"format": "captions-json", "version": 1, "metadata": {"clips": "not a composition"},
             "captions": [{"start": 1, "end": 2, "text": "HELLO THERE"}]}
            """
        try doc.write(toFile: dir.path("doc.json"), atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["inspect", dir.path("doc.json")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("HELLO THERE"), "\(r.stdout)")
        #expect(!r.stdout.contains("Tracks:") && !r.stdout.contains("Instructions:"), "\(r.stdout)")
    }

    @Test func aBadCompositionFileGetsComposesErrors() throws {
        let dir = try TemporaryDirectory("comp-bad")
        try C.colourClip(dir.path("red.mp4"), "red", seconds: 2)
        let bad = """
            {
              "clips": [
                {"source": "red.mp4", "out": "9"}
              ]
            }
            """
        try bad.write(toFile: dir.path("bad.json"), atomically: true, encoding: .utf8)
        // Named .txt: content, not the extension, makes it a composition file for inspect.
        try bad.write(toFile: dir.path("bad.txt"), atomically: true, encoding: .utf8)
        let compose = try CLIRunner.run(["compose", dir.path("bad.json"), "-o", dir.path("out.mp4")])
        #expect(compose.status == 2, "\(compose.stderr)")
        let line = try #require(compose.stderr.split(separator: "\n").first { $0.contains("$.clips[0].out") })
        #expect(line.contains("bad.json:3:") && line.contains("the range 0 to 9 s lies outside"), "\(line)")
        let inspect = try CLIRunner.run(["inspect", dir.path("bad.json")])
        let frame = try CLIRunner.run(["frame", dir.path("bad.json"), "--at", "1", "-o", dir.path("f.png")])
        let thumbnails = try CLIRunner.run([
            "thumbnails", dir.path("bad.json"), "--every", "1", "-o", dir.path("s.png"),
        ])
        for r in [inspect, frame, thumbnails] {
            #expect(r.status == 2, "\(r.stderr)")
            #expect(r.stderr.contains(line), "\(r.stderr)")
        }
        let renamed = try CLIRunner.run(["inspect", dir.path("bad.txt")])
        #expect(renamed.status == 2)
        #expect(renamed.stderr.contains("bad.txt:3:") && renamed.stderr.contains("$.clips[0].out"), "\(renamed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("s.png")))
        #expect(!FileManager.default.fileExists(atPath: dir.path("f.png")))
    }
}
