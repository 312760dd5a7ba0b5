import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

// A control code repeated with only filler between is the redundant copy (Specs/scc.md
// "Decoding", Redundancy; CTA-608-E D.2). Witnesses: ttconv (whose reader skips 0x0000 words
// before it compares a word with the one before) and FFmpeg (whose cc_dec skips null pairs before
// it compares with the previous command) read the same files.

@Suite struct SCCRedundancyPeerTests {
    /// Three pop-on captions: "HI" shown by `EOC 8080 EOC`, "OK" by `EOC 8080 8080 EOC` (each
    /// one caption until the EDM), and "YO" by `EOC TO1 EOC` (the second EOC counts again and
    /// swaps it back out one frame later).
    static let file = """
        Scenarist_SCC V1.0

        00:00:01:00\t9420 9420 94d0 94d0 c849 942f 8080 942f

        00:00:03:00\t942c 942c

        00:00:04:00\t9420 9420 94d0 94d0 4fcb 942f 8080 8080 942f

        00:00:06:00\t942c 942c

        00:00:07:00\t9420 9420 94d0 94d0 d94f 942f 97a1 942f

        00:00:09:00\t942c 942c

        """

    /// Frames at 29.97 fps counted here: label second × 30 + word index (non-drop labels).
    static func seconds(_ frame: Int) -> Double { Double(frame) * 1001 / 30000 }

    @Test func oursAgreesWithTtconvOnTextAndTimes() throws {
        let directory = try TemporaryDirectory("scc-redundancy")
        let path = directory.path("redundancy.scc")
        try Self.file.write(toFile: path, atomically: true, encoding: .utf8)
        let theirs = try PeerDecoders.ttconv(path, in: directory)
        let ours = try SCCReader().read(Array(Self.file.utf8)).document.captions
        // Worked out by hand: the first EOC is word 5 of its line; YO leaves at the third EOC.
        let expected: [(text: String, start: Int, end: Int)] = [
            ("HI", 35, 90), ("OK", 125, 180), ("YO", 215, 217),
        ]
        #expect(ours.map(\.text) == expected.map(\.text))
        #expect(theirs.map(\.text) == expected.map(\.text))
        let frame = 1001.0 / 30000
        for (index, item) in expected.enumerated() where index < ours.count && index < theirs.count {
            #expect(abs(ours[index].timeRange.start.seconds - Self.seconds(item.start)) < frame / 2)
            #expect(abs(ours[index].timeRange.end.seconds - Self.seconds(item.end)) < frame / 2)
            #expect(abs(theirs[index].start - Self.seconds(item.start)) < frame / 2, "ttconv \(theirs[index])")
            #expect(abs(theirs[index].end - Self.seconds(item.end)) < frame / 2, "ttconv \(theirs[index])")
        }
    }

    @Test func ffmpegShowsTheCaptionsAfterFillerOnceAsWeDo() throws {
        let directory = try TemporaryDirectory("scc-redundancy")
        let path = directory.path("redundancy.scc")
        try Self.file.write(toFile: path, atomically: true, encoding: .utf8)
        let theirs = try PeerDecoders.ffmpeg(path, in: directory)
        // FFmpeg times a caption by its line's label and shows it until the next screen change:
        // HI and OK each from their line until their EDM two seconds later.
        let shown = theirs.filter { !$0.text.isEmpty }
        #expect(shown.count >= 2)
        for (cue, (text, start)) in zip(shown, [("HI", 1.0), ("OK", 4.0)]) {
            #expect(cue.text == text && abs(cue.start - start) < 0.01 && abs(cue.end - (start + 2)) < 0.01, "\(theirs)")
        }
        let ours = try SCCReader().read(Array(Self.file.utf8)).document.captions
        #expect(ours.prefix(2).map(\.text) == ["HI", "OK"])
        #expect(ours.prefix(2).map { ($0.timeRange.end - $0.timeRange.start).seconds.rounded() } == [2, 2])
    }
}
