import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

/// A roll-up line that leaves from the window's top before the next line starts: the writer
/// rolls it out with a CR at its end (after an RU where needed), and the lines below stay
/// (15.119(f)(1)). Decoded by FFmpeg and ttconv, which each show the window as it rolls.
extension WriterCrossCheckTests {
    /// RU2 lines "AA" (frames 30–90), "BB" (70–150) and "CC" (100–150).
    static func rolledAheadDocument(dropFrame: Bool) -> CaptionDocument {
        rollUpDocument([("AA", 30, 90), ("BB", 70, 150), ("CC", 100, 150)], rows: 2, dropFrame: dropFrame)
    }

    /// Roll-up `lines` (text, first frame, end frame) in a window of `rows` on rows 16 − `rows`
    /// to 15.
    static func rollUpDocument(_ lines: [(String, Int64, Int64)], rows: Int, dropFrame: Bool = false)
        -> CaptionDocument
    {
        let captions = lines.map { text, start, end in
            Caption(
                runs: [CaptionRun(text)],
                timeRange: TimeRange(start: rate.time(ofFrame: start), end: rate.time(ofFrame: end)),
                region: .cells(row: 15 - rows, column: 0, rows: rows, columns: 32, scroll: .rollUp(rows: rows)))
        }
        return CaptionDocument(captions: captions, frameRate: rate, dropFrame: dropFrame)
    }

    /// `document` written, checked for `words` (a line of the file, from its label) and for no
    /// `608.overlap`, and decoded by ttconv and FFmpeg, each with its reading of a frame.
    static func decodedByPeers(_ document: CaptionDocument, words: [String]) throws
        -> [(tool: String, cues: [PeerDecoders.Cue], seconds: (Int64) -> Double)]
    {
        let directory = try TemporaryDirectory("scc-crosscheck")
        let written = try SCCWriter().write(document)
        let text = String(decoding: written.bytes, as: UTF8.self)
        for line in words { #expect(text.contains("\n\(line)\n"), "\(text)") }
        #expect(!written.diagnostics.contains { $0.ruleID == "608.overlap" }, "\(written.diagnostics)")
        let path = directory.path("rolled.scc")
        try Data(written.bytes).write(to: URL(fileURLWithPath: path))
        return [
            ("ttconv", try PeerDecoders.ttconv(path, in: directory), { Self.seconds($0) }),
            ("FFmpeg", try PeerDecoders.ffmpeg(path, in: directory), { Self.ffmpegSeconds($0, dropFrame: false) }),
        ]
    }

    /// `text` with each row's spaces at its ends and empty rows at the window's bottom trimmed
    /// (ttconv keeps a rolled window's empty base row as an empty line).
    static func rows(_ text: String) -> String {
        var rows = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows.joined(separator: "\n")
    }

    /// The end of a live roll-up programme: RU2 "AA" (30–90) and "BB" (70–150), nothing after.
    /// The CR at 90 rolls "AA" out, "BB" stays until its EDM at 150; with an EDM at 90, "BB"
    /// left with "AA" (the CCExtractor episode's last line). Both tools show "BB" in the rolled
    /// window until 150 (ttconv with the empty base row as an empty line).
    @Test func theLastLineStaysWhenTheLineAboveRollsOutWithNothingAfterIt() throws {
        let document = Self.rollUpDocument([("AA", 30, 90), ("BB", 70, 150)], rows: 2)
        let frame = 1001.0 / 30000
        for (tool, cues, seconds) in try Self.decodedByPeers(
            document, words: ["00:00:03:00\t94ad 94ad", "00:00:05:00\t942c 942c"])
        {
            let upper = cues.first { Self.rows($0.text) == "AA\nBB" }
            let lower = cues.first { Self.rows($0.text) == "BB" }
            #expect(upper.map { abs($0.end - seconds(90)) <= frame } == true, "\(tool): \(cues)")
            #expect(
                lower.map { abs($0.start - seconds(90)) <= frame && abs($0.end - seconds(150)) <= frame } == true,
                "\(tool): \(cues)")
        }
    }

    /// A full RU3 window whose top two lines time out before the next line: "AA" (30–90), "BB"
    /// (50–120), "CC" (70–200), "DD" (160–200). CR at 90; RU3 (0x14 0x26 → 9426) at 118 and CR
    /// at 120, so that the second CR does not follow the first with nothing between; "DD" on the
    /// empty base row with no CR. FFmpeg shows "BB" and "CC" from 90, "CC" (with an empty row and
    /// "DD") from 120 (it opens the cue at the CR, as above). ttconv, measured, shows nothing
    /// after a second CR that follows a CR with no text between, and then "DD" alone, with or
    /// without the RU (also on hand-made files); a decoder keeps "CC" (15.119(f)(1)), as ours
    /// and FFmpeg do: ttconv's reading is not checked here (Specs/scc.md, "Roll-up").
    @Test func twoLinesTimingOutRollOutOneByOneAndTheThirdStays() throws {
        let document = Self.rollUpDocument(
            [("AA", 30, 90), ("BB", 50, 120), ("CC", 70, 200), ("DD", 160, 200)], rows: 3)
        let frame = 1001.0 / 30000
        let words = ["00:00:03:00\t94ad 94ad", "00:00:03:28\t9426 9426", "00:00:04:00\t94ad 94ad", "00:00:05:10\tc4c4"]
        for (tool, cues, seconds) in try Self.decodedByPeers(document, words: words) where tool == "FFmpeg" {
            let two = cues.first { Self.rows($0.text) == "BB\nCC" }
            // FFmpeg's SRT has "CC", an empty line and "DD" in one cue: PeerDecoders.parseSRT
            // keeps the empty line inside the cue, whose text starts with "CC".
            let last = cues.first { Self.rows($0.text).hasPrefix("CC") }
            #expect(
                two.map { abs($0.start - seconds(90)) <= frame && abs($0.end - seconds(120)) <= frame } == true,
                "\(tool): \(cues)")
            #expect(
                last.map { abs($0.start - seconds(120)) <= frame && abs($0.end - seconds(200)) <= frame } == true,
                "\(tool): \(cues)")
        }
    }

    /// RU3 with two lines, "AA" (30–90) on the middle row and "BB" (60–200), then "CC" (150–200).
    /// RU2 (9425) at 88 makes the middle row the window's top, the CR at 90 rolls "AA" out; "CC"
    /// opens with RU3 (9426) on its start frame, on the empty base row. Both tools show "AA" and
    /// "BB" until 90, then "BB" and "CC" (the cue opened at the CR) until 200, and never "BB"
    /// leaving early.
    @Test func theTopLineOfAWindowNotYetFullRollsOutAndTheLineBelowStays() throws {
        let document = Self.rollUpDocument([("AA", 30, 90), ("BB", 60, 200), ("CC", 150, 200)], rows: 3)
        let frame = 1001.0 / 30000
        let words = ["00:00:02:28\t9425 9425", "00:00:03:00\t94ad 94ad", "00:00:05:00\t9426 9426 4343"]
        for (tool, cues, seconds) in try Self.decodedByPeers(document, words: words) {
            let upper = cues.first { Self.rows($0.text) == "AA\nBB" }
            let lower = cues.first { Self.rows($0.text) == "BB\nCC" }
            #expect(upper.map { abs($0.end - seconds(90)) <= frame } == true, "\(tool): \(cues)")
            #expect(
                lower.map { abs($0.start - seconds(90)) <= frame && abs($0.end - seconds(200)) <= frame } == true,
                "\(tool): \(cues)")
        }
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

    /// RU2 "AA" (30–90) and "BB" (70–200) on base row 15, then "CC" (120–200) in a window on base
    /// row 8. The CR at 90 rolls "AA" out and leaves the base row empty, so "CC" has no CR of its
    /// own; the window still moves, which only a PAC does (15.119(f)(1)): row 8, column 0 is
    /// 0x16 0x70 (15.119, the PAC table; odd parity leaves both bytes as they are). Without it
    /// "CC" went on row 15 with no warning (a fuzzing finding of 2026-11-29,
    /// Fixtures/fuzz/scc/roll-up-window-moved-after-a-carriage-return-ahead-fuzz.scc). ttconv
    /// moves the window, as 15.119(f)(1) has it, and shows "BB" above "CC" until 200; FFmpeg
    /// (measured) leaves "BB" on row 14 and puts "CC" on row 8, above it: either way "CC" is no
    /// longer on row 15 below "BB", where it went without the PAC.
    @Test func aLineOnAnotherBaseRowAfterACarriageReturnAheadMovesTheWindow() throws {
        var document = Self.rollUpDocument([("AA", 30, 90), ("BB", 70, 200), ("CC", 120, 200)], rows: 2)
        document.captions[2].region = .cells(row: 6, column: 0, rows: 2, columns: 32, scroll: .rollUp(rows: 2))
        let frame = 1001.0 / 30000
        let words = ["00:00:03:00\t94ad 94ad", "00:00:04:00\t1670 1670 4343"]
        for (tool, cues, seconds) in try Self.decodedByPeers(document, words: words) {
            let moved = cues.first { Self.rows($0.text) == (tool == "FFmpeg" ? "CC\nBB" : "BB\nCC") }
            #expect(moved.map { abs($0.end - seconds(200)) <= frame } == true, "\(tool): \(cues)")
            #expect(!cues.contains { Self.rows($0.text) == "CC" }, "\(tool): \(cues)")
        }
        let written = try SCCWriter().write(document)
        let reread = try SCCReader().read(written.bytes).document
        #expect(reread.captions.map(\.text) == ["AA", "BB", "CC"])
        #expect(reread.captions.last?.region?.origin == document.captions[2].region?.origin)
        #expect(reread.captions.last?.region?.scroll == .rollUp(rows: 2))
    }
}
