import CaptionCore
import Foundation
import SCC
import Testing

/// Text that an attribute code with no spare cell moved right (`608.mid-row`) reads back with
/// the gap after it shrunk below four cells, which the writer sends as transparent spaces where
/// a gap of four went with a PAC; short of time, it jumps such a gap with a PAC too.
extension RewriteSettlesTests {
    /// Roll-up row 15 (the fuzz input, minimized to 53 bytes): "!" in column 1, italic "@e" right
    /// after it (the input's italics code took column 2, and a backspace gave it back), four
    /// transparent cells, "." in column 8; eight frames before the EDM. The writer has no cell
    /// for the italics code: "@e" moves to column 3 (`608.mid-row`) and "." goes with a PAC to
    /// column 8 (0x14 0x74, 94f4). Read back, the gap is three cells; the rewrite sent three
    /// transparent spaces and a code back to white, twelve frames: refused (before). Now it jumps
    /// them with the same PAC and sends the first write's bytes again.
    @Test func textMovedByACodeBeforeAGapOfFourSettlesInRollUp() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("roll-up-text-moved-by-a-code-shrinks-a-gap-of-four-fuzz.scc"))
        #expect(first.diagnostics.contains { $0.ruleID == "608.mid-row" })
        #expect(first.text.contains("\t94a7 9470 97a1 a180 91ae 40e5 94f4 ae80\n"), "\(first.text)")
        #expect(second.text == first.text)
        #expect(
            second.diagnostics.contains {
                $0.ruleID == "608.single-codes" && $0.message.contains("jumped with a tab offset or a PAC")
            }, "\(second.diagnostics)")
        let caption = try #require(first.reread?.captions.first)
        #expect(caption.text == "! @e\u{A0}\u{A0}\u{A0}.")
    }

    /// The same with two codes (a roll-up line of 100 bytes): a gap of five shrinks to three.
    /// The line above it leaves while its words are sent and rolls out with a CR once they are
    /// out (`608.roll-up-end`); read back with the gap of three, sent as transparent spaces,
    /// they take four frames more, and so does that CR at the rewrite. The third write is the
    /// second's (a write that reported changes settles by the third, as the scc fuzz target
    /// checks).
    @Test func textMovedByTwoCodesBeforeAGapOfFiveSettlesInRollUp() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("roll-up-text-moved-by-codes-shrinks-a-gap-of-five-fuzz.scc"))
        #expect(first.diagnostics.contains { $0.ruleID == "608.mid-row" })
        let (third, _) = try Self.rewrites(Array(second.text.utf8))
        #expect(third.text == second.text)
    }

    /// Pop-on row 15 (the fuzz input): white "e)", italic "sq interdum laciniInte" right after
    /// it, four transparent cells, " t" from column 28. The italics code moves the italic text one
    /// column right; read back, the gap before " t" is three cells, and the preload, sent with
    /// transparent spaces, needed 23 frames where 17 are free: refused (before). Now the rewrite
    /// jumps to column 28 with PAC 0x14 0x7E (94fe), as the first write did.
    @Test func textMovedByACodeBeforeAGapOfFourSettlesInPopOn() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("pop-on-text-moved-by-a-code-shrinks-a-gap-of-four-fuzz.scc"))
        #expect(first.diagnostics.contains { $0.ruleID == "608.mid-row" })
        #expect(first.text.contains(" f4e5 94fe 20f4\n"), "\(first.text)")
        #expect(second.text.contains(" f4e5 94fe 20f4\n"), "\(second.text)")
        #expect(second.diagnostics.contains { $0.message.contains("jumped with a tab offset or a PAC") })
        let (third, _) = try Self.rewrites(Array(second.text.utf8))
        #expect(third.text == second.text)
    }

    /// A pop-on caption at row 15: "ab " white, italic "cd", three cells that show the picture,
    /// white "ef" in column 8. With time to spare the gap goes as transparent spaces (0x11 0x39,
    /// 91b9), which ttconv and FFmpeg show as spaces, the last cell taken by the mid-row code
    /// back to white (9120), which shows a standard space there (15.119(h)(1)): six frames. With
    /// the preload short of time (the caption at frame 12, the first frame free being 0), a PAC
    /// to column 8 (0x14 0x74, 94f4), which sets white itself: two frames, and the caption reads
    /// back as written.
    @Test(arguments: [(start: Int64(300), jumps: false), (start: Int64(12), jumps: true)])
    func aShortGapBeforeTextInAPACStyleIsJumpedOnlyWhenShortOfTime(start: Int64, jumps: Bool) throws {
        typealias D = WriterTestDocuments
        let caption = D.popOn(
            [
                CaptionRun("ab "), CaptionRun("cd", style: CaptionTextStyle(italic: true)),
                CaptionRun("\u{A0}\u{A0}\u{A0}ef"),
            ], row: 14, column: 0, start: start, end: start + 60)
        let options = CaptionFormatOptions(fileName: "out.scc")
        let written = try SCCWriter(options: options).write(CaptionDocument(captions: [caption]))
        let text = String(decoding: written.bytes, as: UTF8.self)
        let words = jumps ? " e364 94f4 94f4 e5e6\n" : " e364 91b9 91b9 91b9 91b9 9120 9120 e5e6\n"
        #expect(text.contains(words), "\(text)")
        #expect(
            written.diagnostics.contains { $0.message.contains("jumped with a tab offset or a PAC") } == jumps,
            "\(written.diagnostics)")
        let back = try SCCReader(options: options).read(written.bytes).document
        #expect(back.captions.map(\.text) == [jumps ? "ab cd\u{A0}\u{A0}\u{A0}ef" : "ab cd\u{A0}\u{A0} ef"])
    }

    /// Roll-up "cierto AlÑa." from column 15, a cell that shows the picture, a space (not
    /// underlined: a code's cell as read back), underlined "et," from column 29, for 13 frames.
    /// A PAC to column 28 would give the space the PAC's underline, which the caption does not
    /// have: the space is sent as the mid-row code that underlines "et," (0x11 0x21, 91a1) after
    /// a transparent space (91b9), and reads back as it was. Jumped, it read back underlined,
    /// and the rewrite gave other bytes (a fuzzing finding of 2026-11-28, on a line the reader
    /// had placed at column 17: `roll-up-code-cell-after-a-gap-before-underlined-text-fuzz.scc`).
    @Test func aSpaceOpeningTheTextIsNotJumpedIntoAnotherLook() throws {
        let caption = Caption(
            runs: [
                CaptionRun("cierto AlÑa.\u{A0} "), CaptionRun("et,", style: CaptionTextStyle(underline: true)),
            ],
            timeRange: TimeRange(start: WriterTestDocuments.time(30), end: WriterTestDocuments.time(43)),
            region: .cells(row: 11, column: 15, rows: 4, columns: 17, scroll: .rollUp(rows: 4)))
        let options = CaptionFormatOptions(fileName: "out.scc")
        let written = try SCCWriter(options: options).write(CaptionDocument(captions: [caption]))
        let text = String(decoding: written.bytes, as: UTF8.self)
        #expect(text.contains(" 61ae 91b9 91a1 e5f4 2c80\n"), "\(text)")
        let back = try SCCReader(options: options).read(written.bytes).document
        #expect(back.captions.first?.runs == caption.runs)
        let again = try SCCWriter(options: options).write(back)
        #expect(again.bytes == written.bytes)
    }

    /// Pop-on "en", italic "ip" right after it, four cells that show the picture, italic "en"
    /// from column 8 (the fuzz input, minimized). The italics code moves "ip" a column right;
    /// the first write reaches column 8 with a PAC to column 4 (0x14 0x72, 94f2), TO3 (9723)
    /// and the italics code (91ae) in column 7. Read back, that is a gap of two and a space,
    /// which the rewrite sent as two transparent spaces (four frames: side by side, neither
    /// can go once) and the space: two frames more than free (before). Short of time, the gap
    /// and the space are jumped the same way again, and the rewrite gives the first write's
    /// bytes.
    @Test func textMovedByACodeBeforeAGapAndACodeCellSettles() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("pop-on-text-moved-by-a-code-leaves-a-gap-and-a-code-cell-fuzz.scc"))
        #expect(first.diagnostics.contains { $0.ruleID == "608.mid-row" })
        #expect(first.text.contains(" e970 94f2 9723 91ae e56e\n"), "\(first.text)")
        #expect(second.text == first.text)
    }

    /// Pop-on "Eiin.", then paint-on "¡" on a white semi-transparent background in column 5
    /// (the fuzz input, minimized). Its BWS (0x10 0x21, 10a1) needs a cell left of it: the
    /// writer paints from column 4, "." again and a space (ae20) after a PAC to column 4
    /// (94f2), BWS backing over the space, "¡" (its fallback "!", a180, and 92a7): "¡" moves a
    /// column right (`608.mid-row`). Read back, column 5 is a space of the new background,
    /// the change starts there and needed TO1 (9723) and the space on their own, a frame more
    /// than free (before). Changes from a column 4n + 1 now start at the indent where the cell
    /// there shows what is wanted, in a PAC's style: "." goes again with the space, as in the
    /// first write.
    @Test func changesBesideUnchangedTextStartAtTheIndent() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("paint-on-background-code-beside-unchanged-text-fuzz.scc"))
        #expect(first.text.contains("\t94f2 ae20 10a1 a180 92a7 92a7\n"), "\(first.text)")
        #expect(second.text == first.text, "first:\n\(first.text)\nsecond:\n\(second.text)")
    }

    /// Pop-on "consectetur adipiscing elit." in columns 0–27, three cells that show the picture,
    /// italic "R" in column 31, with little time for the preload (the fuzz input, minimized). The
    /// writer sent two transparent spaces and the italics code in column 30, which reads back
    /// as a space; the rewrite, short of time, jumped the two with a PAC to column 28 (94fe),
    /// TO2 (97a2) and the same code: other bytes, with no warning (before). The jump now lets
    /// the code take the last cell of the gap as the spaces' form does, so the first write
    /// jumps the same way, and reads back as what it shows: a gap of two, the code's space, "R".
    @Test func aCodeTakesTheLastCellOfAJumpedGap() throws {
        let (first, second) = try Self.rewrites(try Self.fixture("pop-on-italic-text-after-a-gap-of-three-fuzz.scc"))
        #expect(first.text.contains(" f4ae 94fe 97a2 91ae 91ae 5280\n"), "\(first.text)")
        #expect(second.text == first.text)
        #expect(first.reread?.captions.last?.text == "consectetur adipiscing elit.\u{A0}\u{A0} R")
    }

    /// Pop-on row 14: "██" from column 4, two cells that show the picture, a space in column 8,
    /// one more such cell, italic "ah" from column 10, short of time (the fuzz input, minimized).
    /// The jump stopped at the cell in column 9, so the first write sent the gap as transparent
    /// spaces and the italics code in column 9, which reads back as a space; the rewrite jumped
    /// that (other bytes, no warning; before). The cell among the spaces counts with them now:
    /// both writes send a PAC to column 8 (0x14 0x54, 9454), the space, the italics code in
    /// column 9, "ah".
    @Test func aTransparentCellAmongTheOpeningSpacesCountsWithThem() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("pop-on-space-and-transparent-cell-after-a-short-gap-fuzz.scc"))
        #expect(first.text.contains(" 7f7f 9454 9454 2080 91ae 91ae 6168\n"), "\(first.text)")
        #expect(second.text == first.text)
    }

    /// Pop-on row 15 (the fuzz input, minimized to 93 bytes): "11c█" from column 2, "09" in
    /// columns 8–9, two transparent cells, italic "ee" from column 12; a caption short of time.
    /// The jump (PAC indent 8 94f4, TO3 9723, the italics code 91ae) was weighed against two
    /// transparent spaces side by side and the code, five frames, and went; read back, column 11
    /// is the code's space and the gap one cell, which went in the spaces' form (before). The
    /// spaces' form puts the code in the gap's last cell too, and sends one transparent space:
    /// two frames, where the jump takes three. It goes at the first write: 91b9 91ae.
    @Test func aGapWhoseLastCellTakesTheCodeIsWeighedWithoutIt() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("pop-on-gap-of-two-before-italic-text-jumped-once-fuzz.scc"))
        #expect(first.text == second.text)
        #expect(first.text.contains(" 97a2 b0b9 91b9 91ae e5e5\n"), "\(first.text)")
        let caption = try #require(first.reread?.captions.first)
        #expect(caption.text == "11c█\u{A0}\u{A0}09\u{A0} ee")
    }

    /// Roll-up row 11 (the fuzz input, minimized to 60 bytes): "nz" from column 0, three
    /// transparent cells, red underlined "¿" in column 5, its block two frames late. The jump
    /// (PAC indent 4 with underline 10d3, the red code 9129 in column 4) took the gap's last cell
    /// for the code, an underlined space; read back, the layout gives a space the style of the
    /// text before it ("nz", no underline), which a PAC with underline cannot be jumped to, and
    /// the rewrite sent the spaces' form (before). A gap cell a code would take in another
    /// underline than the text before the gap is not jumped: the spaces' form goes both times.
    @Test func aGapIsNotJumpedIntoACodeCellOfAnotherUnderline() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("roll-up-gap-jumped-into-an-underlined-code-cell-fuzz.scc"))
        #expect(first.text == second.text)
        #expect(first.text.contains("\t10d0 10d0 6e7a 91b9 91b9 91b9 91b9 9129 9129 91b3 91b3\n"), "\(first.text)")
        let caption = try #require(first.reread?.captions.last)
        #expect(caption.text == "nz\u{A0}\u{A0} ¿")
    }

    /// Roll-up row 10, cyan "nt." from column 0, two transparent cells, white "ue" from column 5,
    /// short of time (the fuzz input, minimized to 58 bytes, with its parity and header mended).
    /// The jump to column 5 takes a PAC (indent 4) and TO1, no shorter than a transparent space
    /// and the white code in column 4, which went; read back, column 4 is the code's space, which
    /// a PAC to column 4 (97f2) lands on, shorter: the rewrite jumped (other bytes, no warning;
    /// before). One column short of a column of four, the PAC now lands on the gap's cell before
    /// the text and a space fills it, half a word: both writes send 97f2, the space, "ue".
    /// The line ends here at 01:03:28;12 (an EDM after the input's words), which keeps it short of
    /// time: the input's line lasts until the data ends, and once an EDM entering roll-up from
    /// pop-on went once, in the frame before the RU, the transparent spaces fitted.
    @Test func aJumpOneColumnShortOfTheTextLandsOnASpace() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("roll-up-gap-of-two-before-another-colour-jumped-to-a-space-fuzz.scc")
                + Array("\n01:03:28:12\t942c 942c\n".utf8))
        #expect(first.text == second.text)
        #expect(first.text.contains("\t9426 9426 97e6 97e6 6ef4 ae80 97f2 97f2 2075 e580\n"), "\(first.text)")
        let caption = try #require(first.reread?.captions.last)
        #expect(caption.text == "nt.\u{A0} ue")
    }

    /// Pop-on row 15: "oy" on a semi-transparent white background (BWS) from column 4, three
    /// cells that show the picture, italic "id" from column 9, short of time (the fuzz input,
    /// minimized to 75 bytes, with its parity, header and skipped words mended and two frames
    /// more). The jump (PAC indent 8, the italics code in column 8) took the gap's last cell for
    /// the code; read back, the layout gives that space the background of "oy", which a jump
    /// cannot land on, and the rewrite sent the spaces' form (other bytes; with two frames less,
    /// a rewrite that did not fit; before). A gap cell a code would take is not taken after text
    /// on a background: both writes send a transparent space, the black background code (10ae)
    /// on a space and the italics code (91ae) in column 8.
    @Test func aGapIsNotJumpedIntoACodeCellAfterTextOnABackground() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("pop-on-gap-after-text-on-a-background-jumped-into-a-code-cell-fuzz.scc"))
        #expect(first.text == second.text)
        #expect(first.text.contains("\t942f 9420 9470 9723 2080 10a1 ef79 91b9 2080 10ae 91ae e964\n"), "\(first.text)")
    }

    /// The roll-up row of `aJumpOneColumnShortOfTheTextLandsOnASpace` with "t." on a
    /// semi-transparent white background (a space and BWS in column 0; found in review, not by
    /// the fuzzer). A PAC to column 4 and a space there, read back, is a space the layout gives
    /// the background of "t.", which a jump cannot land on: the rewrite went another way
    /// (before). After text on a background the jump keeps the tab offset: both writes send a
    /// PAC to column 4 (97f2), TO1 (97a1), "ue".
    /// The line ends at 01:03:28;15, for the same reason.
    @Test func aJumpOneColumnShortOfTheTextAfterABackgroundKeepsTheTabOffset() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("roll-up-gap-after-text-on-a-background-jumped-with-a-tab-offset.scc")
                + Array("\n01:03:28:15\t942c 942c\n".utf8))
        #expect(first.text == second.text)
        #expect(
            first.text.contains("\t9426 9426 97e6 97e6 2080 10a1 10a1 f4ae 97f2 97f2 97a1 97a1 75e5\n"),
            "\(first.text)")
    }
}
