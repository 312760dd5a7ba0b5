import CaptionKit
import Foundation
import TestSupport
import Testing

@testable import WebVTT

/// Our WebVTT readings against pycaption's and FFmpeg's on the same files; our WebVTT output read
/// by FFmpeg and ttconv (the peers are installed by `make test`).
@Suite struct WebVTTCrossCheckTests {
    static let sample = """
        WEBVTT
        Kind: captions

        intro
        00:00:01.000 --> 00:00:02.500 line:10% position:20%,line-left size:50% align:left
        <i>Hello</i> there, <c.yellow>friend</c>
        second line

        00:04.200 --> 00:06.000 align:right
        <v Ann>Up</v> &amp; down &lt;3

        NOTE a comment

        3
        00:00:07.000 --> 00:00:09.750
        Café — ünïcödé

        """

    func ours(_ path: String) throws -> [PeerDecoders.Cue] {
        SubtitlePeers.cues(try WebVTTReader().read([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))).document)
    }

    func expectSame(_ a: [PeerDecoders.Cue], _ b: [PeerDecoders.Cue], _ what: String) {
        let differences = SubtitlePeers.differences(a, b)
        #expect(differences.isEmpty, "\(what): \(differences)")
    }

    @Test func readingsAgreeWithPycaptionAndFFmpeg() throws {
        let dir = try TemporaryDirectory("vtt-peers")
        let sample = dir.path("sample.vtt")
        try Self.sample.write(toFile: sample, atomically: true, encoding: .utf8)
        let fixtures = TestPaths.files(in: TestPaths.sharedFixture("webvtt"), withExtension: "vtt").map(\.path)
            .filter { !$0.contains("/wpt/") }
        #expect(fixtures.count == 2)
        for path in fixtures + [sample] {
            // pycaption writes a voice into the text ("Ann: Up"); WebVTT keeps it apart (§4.2.2), as we do.
            let peer = try SubtitlePeers.pycaption(path, kind: "vtt").map {
                PeerDecoders.Cue(ours: $0.start, end: $0.end, text: $0.text.replacing(#/^Ann: /#, with: ""))
            }
            expectSame(try ours(path), peer, "pycaption, \(path)")
        }
        // FFmpeg 5.1's WebVTT demuxer stops at a STYLE block (both fixtures have one): the sample only.
        expectSame(try ours(sample), try PeerDecoders.ffmpeg(sample, in: dir), "ffmpeg, sample")
    }

    /// Documents from SRT and SCC written as WebVTT, read back by FFmpeg and ttconv: the same
    /// cues (times to the millisecond, texts).
    @Test func ourOutputReadByFFmpegAndTTConv() throws {
        let dir = try TemporaryDirectory("vtt-out")
        let sources = [
            TestPaths.sharedFixture("srt/sandflow_ttconv__alignment.srt"),
            TestPaths.sharedFixture("scc/ttconv/mix-rows-roll-up.scc"),
            TestPaths.sharedFixture("srt/cdown_srt__monsters-bad-newline.srt"),
        ]
        for source in sources {
            let (read, _) = try CaptionFile.read(source.path)
            let out = dir.path(source.deletingPathExtension().lastPathComponent + ".vtt")
            try CaptionFile.write(read.document, to: out, overwrite: true)
            let expected = read.document.captions.map {
                PeerDecoders.Cue(
                    ours: ($0.timeRange.start.seconds * 1000).rounded() / 1000,
                    end: ($0.timeRange.end.seconds * 1000).rounded() / 1000, text: $0.text)
            }
            expectSame(try PeerDecoders.ffmpeg(out, in: dir), expected, "ffmpeg, \(out)")
            expectSame(try PeerDecoders.ttconv(out, in: dir), expected, "ttconv, \(out)")
        }
    }
}
