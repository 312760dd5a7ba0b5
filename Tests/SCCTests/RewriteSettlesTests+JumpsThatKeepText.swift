import CaptionCore
import Foundation
import SCC
import Testing

/// A style change after one transparent cell whose attribute codes need more cells than the gap
/// has: sent with codes, the text after it moves right (past column 32 it is lost, 15.119(e)(1));
/// a PAC over the gap sets white and underline with no code, and leaves the text where it is.
extension RewriteSettlesTests {
    /// Roll-up "Pe" on a white opaque background from column 1 (BWO in column 0), column 3
    /// transparent, underlined "Pell interdum lanillitudinG%" in columns 4–31, then "G" on the
    /// next line: the reading of a fuzz input, minimized to 156 bytes, before 2026-11-29
    /// (Fixtures/fuzz/scc/roll-up-row-past-column-32-loses-a-character-at-each-write-fuzz.scc,
    /// whose BWO right after a CR now takes no cell, CTA-608-E §6.2: "Pe" reads from column 0
    /// and the gap is two cells, which the codes fill). The codes' form needs BAO and the
    /// underline code (10ae 91a1) in column 3 alone: the text moves a column and "G" is lost.
    /// The PAC to column 4 with underline (0x14 0x73, 9473) went only when the next caption did
    /// not fit; read back, the first write's line ends where the next caption starts, which then
    /// fitted, and the codes went: three writes, three outputs (before). The PAC goes in any case.
    /// The line above ("ì") leaves at 1:25, three frames before "G": a CR at 1:25 rolls it out
    /// and "G" goes on the empty base row, so the long line stays to its end (an EDM there erased
    /// it too, and "G" needed a new window in the three frames left, with codes sent once).
    @Test func aPACOverAShortGapGoesWhereCodesWouldMoveTheRollUpLine() throws {
        let window = { (column: Int, columns: Int) in
            CaptionRegion.cells(row: 13, column: column, rows: 2, columns: columns, scroll: .rollUp(rows: 2))
        }
        let time = { (frame: Int64) in FrameRate.fps29_97.time(ofFrame: frame) }
        let captions = [
            Caption(
                runs: [CaptionRun("ì")], timeRange: TimeRange(start: time(25), end: time(55)),
                region: window(0, 1)),
            Caption(
                runs: [
                    CaptionRun("Pe\u{A0}", style: CaptionTextStyle(backgroundColor: .white)),
                    CaptionRun("Pell interdum lanillitudinG%", style: CaptionTextStyle(underline: true)),
                ], timeRange: TimeRange(start: time(30), end: time(60)), region: window(1, 31)),
            Caption(
                runs: [CaptionRun("G")], timeRange: TimeRange(start: time(58), end: time(60)),
                region: window(0, 1)),
        ]
        let options = CaptionFormatOptions(fileName: "in.scc", dropFrame: false)
        let written = try SCCWriter(options: options).write(CaptionDocument(captions: captions))
        let (first, second) = try Self.rewrites(written.bytes)
        let text = String(decoding: written.bytes, as: UTF8.self)
        #expect(first.text == text)
        #expect(first.text == second.text)
        #expect(
            first.text.contains(
                "\t94ad 94ad 2080 1020 1020 d0e5 9473 9473 d0e5 ecec 20e9 6ef4 e5f2 6475 6d20 ec61 6ee9 ecec e9f4 7564 "
                    + "e96e c725\n\n00:00:01:25\t94ad 94ad\n\n00:00:01:28\tc780\n"),
            "\(first.text)")
        #expect(!written.diagnostics.contains { $0.ruleID == "608.overlap" }, "\(written.diagnostics)")
        #expect(!written.diagnostics.contains { $0.ruleID == "608.mid-row" }, "\(written.diagnostics)")
        let line = try #require(first.reread?.captions.dropFirst().first)
        #expect(line.text == "Pe\u{A0}Pell interdum lanillitudinG%")
    }

    /// The same row as a pop-on caption on row 14: the preload goes with PAC 94d3 (row 14,
    /// column 4, underline) over column 3 even with time to spare, and every character shows.
    @Test func aPACOverAShortGapGoesWhereCodesWouldMoveThePopOnRow() throws {
        let caption = Caption(
            runs: [
                CaptionRun("Pe\u{A0}", style: CaptionTextStyle(backgroundColor: .white)),
                CaptionRun("Pell interdum lanillitudinG%", style: CaptionTextStyle(underline: true)),
            ],
            timeRange: TimeRange(start: WriterTestDocuments.time(30), end: WriterTestDocuments.time(60)),
            region: .cells(row: 13, column: 1, rows: 1, columns: 31))
        let options = CaptionFormatOptions(fileName: "out.scc")
        let written = try SCCWriter(options: options).write(CaptionDocument(captions: [caption]))
        let text = String(decoding: written.bytes, as: UTF8.self)
        #expect(text.contains(" 94d0 94d0 2080 1020 1020 d0e5 94d3 94d3 d0e5 "), "\(text)")
        #expect(!written.diagnostics.contains { $0.ruleID == "608.mid-row" }, "\(written.diagnostics)")
        let back = try SCCReader(options: options).read(written.bytes).document
        #expect(back.captions.first?.text == caption.text)
        let again = try SCCWriter(options: options).write(back)
        #expect(again.bytes == written.bytes)
    }
}
