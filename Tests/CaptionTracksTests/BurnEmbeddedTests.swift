import Foundation
import TestSupport
import Testing

/// `captions burn IN --captions embedded`: the movie's own captions burned in, exactly as the
/// same captions from their file are.
@Suite struct BurnEmbeddedTests {
    /// The decoded pictures' MD5s (`ffmpeg -f framemd5`), one per frame.
    static func pictureHashes(_ movie: String) throws -> [String] {
        let r = try TrackClips.run("ffmpeg", ["-loglevel", "error", "-i", movie, "-map", "0:v", "-f", "framemd5", "-"])
        return r.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            String($0.split(separator: ",").last ?? "")
        }
    }

    @Test(arguments: ["sei", "track"])
    func embeddedCaptionsBurnAsTheirFileDoes(source: String) throws {
        let dir = try TemporaryDirectory("burn-embedded")
        // Four seconds hold the first caption whole (shown 0.73–3.27 s from the movie's start).
        let clip = try TrackClips.make("clip.mp4", in: dir, seconds: 4, extra: ["-s", "160x120"])
        let movie = dir.path("captioned.mp4")
        let embedded = try ExportEmbedTests.export([
            clip, "-o", movie, "--captions", ExportEmbedTests.popOn, "--embed", "both", "--start-timecode",
            ExportEmbedTests.start,
        ])
        #expect(embedded.status == 0, "\(embedded.stderr)")
        func burn(_ args: [String], _ name: String) throws -> [String] {
            let out = dir.path(name)
            let r = try CLIRunner.run(["burn"] + args + ["-o", out, "--progress", "none", "--preset", "ultrafast"])
            #expect(r.status == 0, "\(r.stderr)")
            return try Self.pictureHashes(out)
        }
        let fromMovie = try burn([movie, "--captions", "embedded", "--source", source], "a.mp4")
        // The file's labels count from 00:00:00:00; the movie starts at its 00:00:09:00.
        let fromFile = try burn([movie, ExportEmbedTests.popOn, "--offset", "-00:00:09:00"], "b.mp4")
        let nothing = try burn([movie, ExportEmbedTests.popOn], "c.mp4")
        #expect(fromMovie.count == 120)
        #expect(fromMovie == fromFile)
        // Captions were drawn, from frame 22 (0.734 s, where the first caption's EOC arrives);
        // the frames before it are those of a burn that draws nothing.
        #expect(fromMovie.prefix(22) == nothing.prefix(22))
        #expect(fromMovie[22] != nothing[22])
    }
}
