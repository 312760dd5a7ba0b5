import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

/// A roll-up line that leaves before the next line starts, at the top of a full window: the
/// writer rolls it out with a CR at its end, and the line below stays (15.119(f)(1)). Decoded by
/// FFmpeg and ttconv, which each show the window as it rolls.
extension WriterCrossCheckTests {
    /// RU2 lines "AA" (frames 30–90), "BB" (70–150) and "CC" (100–150).
    static func rolledAheadDocument(dropFrame: Bool) -> CaptionDocument {
        let lines: [(String, Int64, Int64)] = [("AA", 30, 90), ("BB", 70, 150), ("CC", 100, 150)]
        let captions = lines.map { text, start, end in
            Caption(
                runs: [CaptionRun(text)],
                timeRange: TimeRange(start: rate.time(ofFrame: start), end: rate.time(ofFrame: end)),
                region: .cells(row: 13, column: 0, rows: 2, columns: 32, scroll: .rollUp(rows: 2)))
        }
        return CaptionDocument(captions: captions, frameRate: rate, dropFrame: dropFrame)
    }

    /// The window as each tool shows it: "AA" with "BB" below it until the CR at frame 90, then
    /// "BB" with "CC" below it until the EDM at 150. With an EDM at 90 instead, "BB" left with
    /// "AA" and "CC" showed alone. Both tools open the cue of "BB" and "CC" at the CR, ten
    /// frames before "CC" comes (a decoder shows the rolled window with "BB" alone until then,
    /// as our reader has it): each starts a roll-up paragraph at the CR and adds the text that
    /// follows, however much later (measured; FFmpeg starts it there in the EDM form too).
    @Test func aLineLeavingAheadOfTheNextRollsOutAndTheLineBelowStays() throws {
        let directory = try TemporaryDirectory("scc-crosscheck")
        let written = try SCCWriter().write(Self.rolledAheadDocument(dropFrame: false))
        let text = String(decoding: written.bytes, as: UTF8.self)
        // CR, CR at 00:00:03:00 (frame 90); "CC" (0x43 0x43, odd parity) alone at 00:00:03:10.
        #expect(text.contains("00:00:03:00\t94ad 94ad\n\n00:00:03:10\t4343\n"), "\(text)")
        #expect(!written.diagnostics.contains { $0.ruleID == "608.overlap" }, "\(written.diagnostics)")
        let path = directory.path("rolled.scc")
        try Data(written.bytes).write(to: URL(fileURLWithPath: path))
        let frame = 1001.0 / 30000
        let decoded: [(String, [PeerDecoders.Cue], (Int64) -> Double)] = [
            ("ttconv", try PeerDecoders.ttconv(path, in: directory), { Self.seconds($0) }),
            ("FFmpeg", try PeerDecoders.ffmpeg(path, in: directory), { Self.ffmpegSeconds($0, dropFrame: false) }),
        ]
        for (tool, cues, seconds) in decoded {
            let upper = cues.first { $0.text == "AA\nBB" }
            let lower = cues.first { $0.text == "BB\nCC" }
            #expect(upper.map { abs($0.end - seconds(90)) <= frame } == true, "\(tool): \(cues)")
            #expect(
                lower.map { abs($0.start - seconds(90)) <= frame && abs($0.end - seconds(150)) <= frame } == true,
                "\(tool): \(cues)")
            #expect(!cues.contains { $0.text == "CC" }, "\(tool): \(cues)")
        }
    }
}
