import Foundation
import TestSupport
import Testing

/// `export --captions FILE` and `burn MOVIE FILE` are one route: the same options give the same
/// pixels (the frames read back by ffmpeg, byte for byte), and a caption option `burn` takes is
/// never ignored by `export`.
@Suite struct ExportBurnSamePixelsTests {
    static let font = TestPaths.fixture("render/fonts/DejaVuSans.ttf").path

    /// A 2-second 160x120 clip and a WebVTT file whose two captions show in its first second
    /// once moved by `--offset 0.5`.
    static func inputs(in dir: TemporaryDirectory) throws -> (movie: String, captions: String) {
        let movie = dir.path("clip.mp4"), captions = dir.path("captions.vtt")
        try MediaTools.makeClip(movie, rate: "25", size: "160x120", seconds: 2, audio: false)
        try "WEBVTT\n\n00:00:00.000 --> 00:00:00.400\nHELLO THERE\n\n00:00:00.400 --> 00:00:01.000\nSECOND LINE\n"
            .write(toFile: captions, atomically: true, encoding: .utf8)
        return (movie, captions)
    }

    /// What both commands are given: every drawing option `burn` has, and a lossless encode.
    static let drawing = [
        "--offset", "0.5", "--look", "itt", "--font-family", "DejaVu Sans", "--font-size", "1.5", "--box", "#20408080",
        "--outline", "0.1", "--shadow", "0.05", "--font", font, "--crf", "0", "--preset", "ultrafast", "--progress",
        "none",
    ]

    @Test func exportCaptionsAndBurnGiveTheSamePixels() throws {
        let dir = try TemporaryDirectory()
        let (movie, captions) = try Self.inputs(in: dir)
        let burned = dir.path("burned.mp4"), exported = dir.path("exported.mp4"), plain = dir.path("plain.mp4")
        let b = try CLIRunner.run(["burn", movie, captions, "-o", burned] + Self.drawing)
        #expect(b.status == 0, "\(b.stderr)")
        let e = try CLIRunner.run(["export", movie, "--captions", captions, "-o", exported] + Self.drawing)
        #expect(e.status == 0, "\(e.stderr)")
        let p = try CLIRunner.run(["export", movie, "-o", plain, "--crf", "0", "--preset", "ultrafast"])
        #expect(p.status == 0, "\(p.stderr)")
        let burnedFrames = try MediaTools.rawFrames(burned, width: 160, height: 120)
        let exportedFrames = try MediaTools.rawFrames(exported, width: 160, height: 120)
        let plainFrames = try MediaTools.rawFrames(plain, width: 160, height: 120)
        try #require(burnedFrames.count == 50 && exportedFrames.count == 50 && plainFrames.count == 50)
        for n in 0..<50 { #expect(burnedFrames[n] == exportedFrames[n], "frame \(n)") }
        // The captions were drawn where the offset puts them (0.5–1.5 s: frames 12 to 37), and
        // only there.
        let drawn = (0..<50).filter { burnedFrames[$0] != plainFrames[$0] }
        #expect(drawn == Array(13...37) || drawn == Array(12...37), "\(drawn)")
    }

    /// `frame --captions` draws as `burn` does: the picture of the original with the captions
    /// drawn is the picture of the burned movie (lossless), PNG byte for byte.
    @Test func frameDrawsAsBurnDoes() throws {
        let dir = try TemporaryDirectory()
        let (movie, captions) = try Self.inputs(in: dir)
        let burned = dir.path("burned.mp4")
        let b = try CLIRunner.run(["burn", movie, captions, "-o", burned] + Self.drawing)
        #expect(b.status == 0, "\(b.stderr)")
        let style = Array(Self.drawing.prefix(while: { $0 != "--crf" }))
        let drawn = dir.path("drawn.png"), fromBurned = dir.path("from-burned.png"), bare = dir.path("bare.png")
        let f = try CLIRunner.run(["frame", movie, "--at", "0.8", "--captions", captions, "-o", drawn] + style)
        #expect(f.status == 0, "\(f.stderr)")
        let g = try CLIRunner.run(["frame", burned, "--at", "0.8", "-o", fromBurned])
        #expect(g.status == 0, "\(g.stderr)")
        let h = try CLIRunner.run(["frame", movie, "--at", "0.8", "-o", bare])
        #expect(h.status == 0, "\(h.stderr)")
        let pictures = try [drawn, fromBurned, bare].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(pictures[0] == pictures[1], "frame --captions draws what burn burned")
        #expect(pictures[0] != pictures[2], "and something was drawn at 0.8 s")
    }

    /// A caption option given to `export` changes its pixels as it changes `burn`'s: without
    /// `--box`, `export` draws something else than with it.
    @Test func theDrawingOptionsReachExport() throws {
        let dir = try TemporaryDirectory()
        let (movie, captions) = try Self.inputs(in: dir)
        let boxed = dir.path("boxed.mp4"), bare = dir.path("bare.mp4")
        let withBox = try CLIRunner.run(["export", movie, "--captions", captions, "-o", boxed] + Self.drawing)
        #expect(withBox.status == 0, "\(withBox.stderr)")
        var noBox = Self.drawing
        noBox.removeSubrange(8..<10)
        #expect(!noBox.contains("--box"))
        let without = try CLIRunner.run(["export", movie, "--captions", captions, "-o", bare] + noBox)
        #expect(without.status == 0, "\(without.stderr)")
        let a = try MediaTools.rawFrames(boxed, width: 160, height: 120)
        let b = try MediaTools.rawFrames(bare, width: 160, height: 120)
        #expect(a[20] != b[20], "the box is drawn")
        #expect(a[0] == b[0], "before the captions, nothing differs")
    }

    /// `--channel 3` of a file that has only CC1 captions: both commands read CC3, find nothing
    /// and refuse the same way (before, `export` drew CC1 whatever the channel).
    @Test func theChannelIsReadByBothCommands() throws {
        let dir = try TemporaryDirectory()
        let (movie, _) = try Self.inputs(in: dir)
        let vtt = dir.path("later.vtt"), scc = dir.path("captions.scc")
        // A second in, so that the 608 words have time to be sent before the caption shows.
        try "WEBVTT\n\n00:00:01.000 --> 00:00:01.800\nHELLO\n".write(toFile: vtt, atomically: true, encoding: .utf8)
        let convert = try CLIRunner.run(["convert", vtt, scc])
        #expect(convert.status == 0, "\(convert.stderr)")
        let b = try CLIRunner.run(["burn", movie, scc, "-o", dir.path("b.mp4"), "--channel", "3"])
        let e = try CLIRunner.run(["export", movie, "--captions", scc, "-o", dir.path("e.mp4"), "--channel", "3"])
        #expect(b.status == 1 && e.status == 1, "burn \(b.status): \(b.stderr)\nexport \(e.status): \(e.stderr)")
        #expect(b.stderr.contains("no captions read from \(scc)"), "\(b.stderr)")
        #expect(e.stderr.contains("no captions read from \(scc)"), "\(e.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("e.mp4")))
        let one = try CLIRunner.run(["export", movie, "--captions", scc, "-o", dir.path("one.mp4"), "--channel", "1"])
        #expect(one.status == 0, "\(one.stderr)")
    }
}
