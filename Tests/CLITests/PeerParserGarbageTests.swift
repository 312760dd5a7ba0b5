import Foundation
import TestSupport
import Testing

/// The peers' parsers (Tests/TestSupport) refuse what they cannot read instead of returning an
/// empty list that an `isEmpty` or count check would accept, and a loop over fixtures refuses an
/// empty folder. Failed before: each returned [] without a word.
@Suite struct PeerParserGarbageTests {
    @Test func srtParserThrowsOnGarbageAndKeepsEmptyLinesInsideACue() throws {
        #expect(try PeerDecoders.parseSRT("").isEmpty)
        #expect(try PeerDecoders.parseSRT("\n\n").isEmpty)
        #expect(throws: PeerDecoders.Failure.self) { try PeerDecoders.parseSRT("Error: no such file\n") }
        #expect(throws: PeerDecoders.Failure.self) { try PeerDecoders.parseSRT("1\n00:00:01,000 --> soon\nHi\n") }
        // FFmpeg writes a caption's empty row as an empty line inside the cue.
        let cues = try PeerDecoders.parseSRT(
            "1\n00:00:01,000 --> 00:00:02,500\nCC\n\nDD\n\n2\n00:00:03,000 --> 00:00:04,000\n<i>EE</i>\n")
        #expect(cues.map(\.text) == ["CC\n\nDD", "EE"])
        #expect(cues.map(\.start) == [1, 3] && cues.map(\.end) == [2.5, 4])
    }

    @Test func ttmlParserThrowsOnGarbageAndOnParagraphsItCannotRead() throws {
        #expect(throws: PeerDecoders.Failure.self) { try PeerDecoders.parseTTML("Traceback (most recent call last):") }
        let unread = #"<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p>no times</p></div></body></tt>"#
        #expect(throws: PeerDecoders.Failure.self) { try PeerDecoders.parseTTML(unread) }
        let frames = #"<tt><body><div><p begin="00:00:01:02" end="00:00:02:00">x</p></div></body></tt>"#
        #expect(throws: PeerDecoders.Failure.self) { try PeerDecoders.parseTTML(frames) }
        let good = #"<tt><body><div><p begin="00:00:01.000" end="00:00:02.000">A &amp; B<br/>C</p></div></body></tt>"#
        #expect(try PeerDecoders.parseTTML(good).map(\.text) == ["A & B\nC"])
    }

    @Test func gstreamerDumpParserThrowsWhenBuffersAndDumpsDisagree() throws {
        let chain =
            "/GstPipeline:pipeline0/GstFakeSink:fakesink0: last-message = chain   ******* (fakesink0:sink) "
            + "(3 bytes, dts: none, pts: 0:00:01.000000000, duration: 0:00:01.500000000, offset: -1)"
        let dump = "00000000 (0x7f00): 48 69 00                                         Hi.             "
        let cues = try TTMLPeers.parseGStreamerDump(dump + "\n" + chain + "\n")
        #expect(cues == [TTMLPeers.Cue(start: 1, end: 2.5, text: "Hi")])
        #expect(throws: PeerDecoders.Failure.self) { try TTMLPeers.parseGStreamerDump(chain + "\n") }
        #expect(throws: PeerDecoders.Failure.self) {
            try TTMLPeers.parseGStreamerDump(dump + "\n" + dump + "\n" + chain)
        }
    }

    @Test func aLoopOverAnEmptyFixtureFolderFails() throws {
        let dir = try TemporaryDirectory("no-fixtures")
        #expect(throws: TestPaths.NoFixture.self) { try TestPaths.fixtures(in: dir.url, withExtension: "scc") }
        #expect(throws: TestPaths.NoFixture.self) {
            try TestPaths.fixtures(in: dir.url.appendingPathComponent("missing"), withExtension: "itt")
        }
        #expect(try TestPaths.fixtures(in: TestPaths.sharedFixture("itt"), withExtension: "itt").count == 3)
    }
}
