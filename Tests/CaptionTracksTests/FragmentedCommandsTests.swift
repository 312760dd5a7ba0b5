import Foundation
import TestSupport
import Testing

/// Every command that reads captions from a movie, run on a fragmented movie (issue 34): each
/// gives what it gives on the same movie unfragmented. The movie is our `mux`'s c608 track,
/// remuxed into fragments by FFmpeg (`-c copy`, a keyframe a second; `frag_keyframe+empty_moov`,
/// which keeps the caption track's edit list, so the captions stay on the same frames).
@Suite struct FragmentedCommandsTests {
    /// The unfragmented movie and its fragmented copy. The captions' first word is placed at the
    /// movie's start: FFmpeg's `empty_moov` fragments cannot hold the empty edit that would put a
    /// later first sample in place, and it moves that sample to time zero.
    static func movies(in dir: TemporaryDirectory) throws -> (whole: String, fragmented: String) {
        let clip = try TrackClips.make("clip.mov", in: dir, seconds: 12, extra: ["-g", "30"])
        let whole = dir.path("whole.mov")
        let words = IndependentSCC.words(try String(contentsOfFile: ExportEmbedTests.popOn, encoding: .utf8))
        let first = try #require(words.first)
        _ = try C608RoundTripTests.mux(
            ExportEmbedTests.popOn, into: clip, output: whole, start: IndependentSCC.label(first.frame))
        let fragmented = try FragmentedMovieTests.fragmented(
            whole, movflags: "frag_keyframe+empty_moov", in: dir, container: "mov")
        return (whole, fragmented)
    }

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func convertValidateAndInspectReadTheFragmentsAsTheWholeMovie() throws {
        let dir = try TemporaryDirectory("frag-commands")
        let (whole, fragmented) = try Self.movies(in: dir)
        for (name, extra) in [("captions.srt", [String]()), ("words.scc", ["--as-transmitted"])] {
            let a = try CLIRunner.run(["convert", whole, dir.path("whole-" + name)] + extra)
            let b = try CLIRunner.run(["convert", fragmented, dir.path("frag-" + name)] + extra)
            #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
            let expected = try Self.bytes(dir.path("whole-" + name))
            let got = try Self.bytes(dir.path("frag-" + name))
            #expect(!expected.isEmpty && got == expected, "\(name)")
        }
        let a = try CLIRunner.run(["validate", whole, "--json"])
        let b = try CLIRunner.run(["validate", fragmented, "--json"])
        #expect(a.status == b.status)
        #expect(
            a.stdout.replacingOccurrences(of: whole, with: "MOVIE")
                == b.stdout.replacingOccurrences(of: fragmented, with: "MOVIE"))
        let inspect = try CLIRunner.run(["inspect", fragmented])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("c608 closed captions (CC1)"), "\(inspect.stdout)")
    }

    /// `burn --captions embedded` draws the same captions on the same pictures: the decoded
    /// frames of the two outputs are equal (ffmpeg's framemd5 of the decoded pictures).
    @Test func burnDrawsTheFragmentsCaptionsOnTheSamePictures() throws {
        let dir = try TemporaryDirectory("frag-burn")
        let (whole, fragmented) = try Self.movies(in: dir)
        var md5: [[String]] = []
        for (input, output) in [(whole, dir.path("a.mp4")), (fragmented, dir.path("b.mp4"))] {
            let r = try CLIRunner.run([
                "burn", input, "--captions", "embedded", "-o", output, "--preset", "ultrafast", "--to", "6",
            ])
            #expect(r.status == 0, "\(r.stderr)")
            // Decoded pictures, not packets: the same drawing, whatever the encoder did.
            let frames = try MediaTools.ffmpeg(["-i", output, "-map", "0:v:0", "-f", "framemd5", "-"])
            md5.append(frames.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") })
        }
        #expect(md5[0].count > 100 && md5[0] == md5[1])
    }

    /// A composition whose clip's captions are "embedded": the captions written out through the
    /// edit (`--captions-out FILE`) are the same from either movie.
    @Test func composeTakesTheFragmentsCaptionsThroughTheEdit() throws {
        let dir = try TemporaryDirectory("frag-compose")
        let (whole, fragmented) = try Self.movies(in: dir)
        var written: [Data] = []
        for (index, source) in [whole, fragmented].enumerated() {
            let composition = dir.path("comp-\(index).json")
            try """
            {"renderSize": "64x48", "frameRate": "30000/1001",
             "clips": [{"source": "\(source)", "in": "2", "out": "9", "captions": "embedded"}]}
            """.write(toFile: composition, atomically: true, encoding: .utf8)
            let captions = dir.path("out-\(index).srt")
            let r = try CLIRunner.run([
                "compose", composition, "-o", dir.path("out-\(index).mp4"), "--captions-out", captions, "--preset",
                "ultrafast",
            ])
            #expect(r.status == 0, "\(r.stderr)")
            written.append(try Self.bytes(captions))
        }
        #expect(!written[0].isEmpty && written[0] == written[1])
    }
}
