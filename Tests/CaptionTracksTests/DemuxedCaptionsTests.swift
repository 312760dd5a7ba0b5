import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import TestSupport
import Testing

/// Movies whose captions only libavformat's demuxer reaches: MPEG-2 video (picture user data) in
/// a transport stream and in MP4, H.264 in a transport stream (Annex B) and in Matroska. The
/// captions go in through `export --embed sei`; FFmpeg turns that movie into the others (its
/// decoders pass the A/53 data on to its mpeg2video encoder, which writes it as user data, with
/// B-frames so that pictures are stored out of order). `captions convert` hands these movies to
/// captions-media, which reads each picture's packet without decoding it; FFmpeg's
/// `movie=…[out0+subcc]` path, which decodes every picture, is the peer.
@Suite struct DemuxedCaptionsTests {
    /// The pop-on fixture's words in the pictures of an H.264 MP4 (`export --embed sei`).
    static func seiMovie(in dir: TemporaryDirectory) throws -> String {
        let out = dir.path("sei.mp4")
        let r = try ExportEmbedTests.export([
            try ExportEmbedTests.clip(in: dir), "-o", out, "--captions", ExportEmbedTests.popOn, "--embed", "sei",
            "--start-timecode", ExportEmbedTests.start,
        ])
        guard r.status == 0 else { throw PeerDecoders.Failure.failed("captions export", r.stderr) }
        return out
    }

    static let forms: [String: [String]] = [
        "mpeg2.ts": ["-c:v", "mpeg2video", "-bf", "2", "-f", "mpegts"],
        "mpeg2.mp4": ["-c:v", "mpeg2video", "-bf", "2"],
        "h264.ts": ["-c", "copy", "-f", "mpegts"],
        "h264.mkv": ["-c", "copy"],
    ]

    static func remux(_ movie: String, to name: String, in dir: TemporaryDirectory) throws -> String {
        let path = dir.path(name)
        try TrackClips.run(
            "ffmpeg", ["-loglevel", "error", "-y", "-i", movie, "-map", "0:v"] + (forms[name] ?? []) + [path])
        return path
    }

    /// Every word on its frame, and the captions FFmpeg's decoding path shows.
    @Test(arguments: ["mpeg2.ts", "mpeg2.mp4", "h264.ts", "h264.mkv"])
    func wordsOnTheirFramesAndFFmpegsTexts(form: String) throws {
        let dir = try TemporaryDirectory("demuxed-\(form)")
        let movie = try Self.remux(try Self.seiMovie(in: dir), to: form, in: dir)
        let raw = dir.path("raw.scc")
        let r = try CLIRunner.run([
            "convert", movie, raw, "--as-transmitted", "--start-timecode", ExportEmbedTests.start,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let origin = try #require(IndependentSCC.frame(of: ExportEmbedTests.start))
        let back = IndependentSCC.words(try String(contentsOfFile: raw, encoding: .utf8)).map {
            IndependentSCC.Word(frame: $0.frame - origin, word: $0.word)
        }.filter { $0.word != 0x8080 }
        #expect(back == (try ExportEmbedTests.sentWords()))

        let srt = dir.path("ours.srt")
        let converted = try CLIRunner.run(["convert", movie, srt])
        #expect(converted.status == 0, "\(converted.stderr)")
        let ours = try PeerDecoders.parseSRT(String(contentsOfFile: srt, encoding: .utf8))
        let peer = dir.path("subcc.srt")
        try TrackClips.run(
            "ffmpeg",
            ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "movie=\(movie)[out0+subcc]", "-map", "0:1", peer])
        let theirs = try PeerDecoders.parseSRT(String(contentsOfFile: peer, encoding: .utf8))
        #expect(theirs.count == 7 && ours.count == 7)
        for (t, o) in zip(theirs, ours) {
            #expect(abs(t.start - o.start) < 0.0015 && abs(t.end - o.end) < 0.0015, "\(t) vs \(o)")
            #expect(TrackClips.comparable(ffmpeg: t.text) == SubtitlePeers.comparable(o.text), "\(t) vs \(o)")
        }
    }

    /// `inspect` lists the captions of a transport stream's MPEG-2 video by its PID: CEA-608 CC1
    /// and CEA-708 service 1, which `export --embed sei` writes beside it, each with its captions.
    @Test func inspectListsTheVideosCaptions() throws {
        let dir = try TemporaryDirectory("demuxed-inspect")
        let movie = try Self.remux(try Self.seiMovie(in: dir), to: "mpeg2.ts", in: dir)
        let r = try CLIRunner.run(["inspect", movie])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains(
                "track 256: CEA-608/708 in the mpeg2video video's picture user data (A/53) (CC1, service 1), language und (--source sei)"
            ),
            "\(r.stdout)")
        #expect(r.stdout.contains("CC1: 7 captions; CEA-708 service 1: 7 captions"), "\(r.stdout)")
        let json = try CLIRunner.run(["inspect", movie, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let captions = try #require(object?["captions"] as? [[String: Any]])
        #expect(captions.count == 1)
        #expect(captions.first?["kind"] as? String == "sei")
        #expect(captions.first?["channels"] as? [String] == ["CC1"])
        let services = captions.first?["services"] as? [[String: Any]]
        #expect(services?.map { $0["service"] as? Int } == [1] && services?.first?["captions"] as? Int == 7)
    }

    /// Sources that a stream does not have are refused by name; without captions it says so.
    @Test func aSourceTheStreamLacksIsAClearError() throws {
        let dir = try TemporaryDirectory("demuxed-source")
        let movie = try Self.remux(try Self.seiMovie(in: dir), to: "h264.ts", in: dir)
        let r = try CLIRunner.run(["convert", movie, dir.path("x.srt"), "--source", "track"])
        #expect(r.status == 2)
        #expect(
            r.stderr.contains("--source track: this movie's captions are in its video (--source sei)"), "\(r.stderr)")
    }
}
