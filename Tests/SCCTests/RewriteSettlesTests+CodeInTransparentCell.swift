import CaptionCore
import Foundation
import SCC
import Testing

/// Paint-on changes whose opening attribute code would take a cell the caption wants
/// transparent: the code's cell shows a standard space (15.119(h)(1)) inside the text.
extension RewriteSettlesTests {
    /// Roll-up "m ", three transparent cells, " ®Õ" on a white semi-transparent background (BWS
    /// in column 5), then paint-on over it with "r" in column 30 on that background, column 29
    /// transparent (the fuzz input, minimized to 134 bytes). Painting only the "r" needs a space
    /// and BWS in column 29 (CEA-608-B §6.2), which shows a space there; that was the fallback
    /// when the whole row did not fit with every code sent twice. Read back with the space, the
    /// whole row was shorter, fitted, and went instead: other bytes (before). Now the changes are
    /// no form of this caption, and the whole row goes with codes sent once: read back, the
    /// caption is the input's, column 29 transparent.
    @Test func changesWhoseCodeWouldShowInATransparentCellAreNotAFallback() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("paint-on-changes-with-a-code-in-a-transparent-cell-fuzz.scc"))
        #expect(first.text == second.text)
        let paintOn = try #require(first.reread?.captions.last)
        let gaps = { (count: Int) in String(repeating: "\u{A0}", count: count) }
        #expect(paintOn.text == "m " + gaps(3) + " ®Õ" + gaps(22) + "r")
        #expect(paintOn.animation == .characterReveal)
    }

    /// Roll-up "WH" at 13;07, then paint-on "io" at column 0 on a transparent background from
    /// 13;11 (the fuzz input, minimized to 48 bytes). BT needed a space before "io" (CEA-608-B
    /// §6.2), which at column 0 moved it to column 1 (reported): PAC, space and BT in column 0
    /// over the "W", "io" over "H" and beyond. Read back at column 1, the "W"'s cell was taken
    /// for one the caption leaves behind: an EDM two frames before the start, which the roll-up
    /// line's words left no room for (before). The code's cell covered it (before 2026-11-29).
    /// Now BT right after the PAC to column 0, without the space, takes no cell (CTA-608-E §6.2;
    /// Specs/scc.md "Background attribute codes after a PAC"): "io" stays in column 0 over "WH",
    /// nothing moves and nothing is reported; the rewrite sends the same, RDC ahead (9429 at 13;10).
    @Test func aCellTheOpeningCodeTakesIsNoCellLeftBehind() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("paint-on-background-code-over-the-cell-of-a-roll-up-line-fuzz.scc"))
        #expect(first.text == second.text)
        #expect(
            first.text.contains("\t9425 9470 57c8 9429\n\n00:00:13;11\t9470 9470 97ad 97ad e9ef\n"), "\(first.text)")
        #expect(!first.diagnostics.contains { $0.ruleID == "608.mid-row" }, "\(first.diagnostics)")
        #expect(!second.diagnostics.contains { $0.severity == .error })
        #expect(first.reread?.captions.map(\.text) == ["WH", "io"])
    }

    /// Roll-up "IN" on row 15 at 34;25, then paint-on from 35;02: "IN", columns 2–3 transparent,
    /// "fc" on a white semi-transparent background from column 4 (the fuzz input, minimized to 63
    /// bytes). BWS before "fc" takes column 3 (CEA-608-B §6.2) whichever form goes: the whole row
    /// (PAC, "IN" again, a transparent space, a space and BWS, "fc") or only the changes (PAC,
    /// TO3 9723, a space and BWS, "fc"). The changes were refused as a fallback for a code in a
    /// transparent cell, so the whole row went with its codes sent once; read back with the
    /// space in column 3, the changes were allowed, and the rewrite sent them (before). Both
    /// forms show the same cells, and the changes go at the first write too, BWS sent twice.
    @Test func changesWhoseCodeTakesTheCellTheWholeRowsCodeTakesAreAFallback() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("paint-on-changes-after-a-cleared-cell-rewritten-with-a-tab-offset-fuzz.scc"))
        #expect(first.text == second.text)
        #expect(first.text.contains("\n00:00:35;02\t9470 9723 2080 10a1 10a1 e6e3\n"), "\(first.text)")
        let captions = try #require(first.reread?.captions)
        #expect(captions.map(\.text) == ["IN", "IN\u{A0} fc", "IN\u{A0} fcff"])
    }

    /// Paint-on "Uooy!" from column 0, then a transparent cell in column 5 and "¡" on a white
    /// semi-transparent background in column 6 (the fuzz input, minimized to 64 bytes). BWS takes
    /// column 5 in either form. The changes went to column 5 with PAC indent 4 and TO1 (frames
    /// enough only for the whole row, codes sent once); read back, column 5 is a space of the new
    /// background, and the changes from it started at the indent, "!" sent again. The PAC now goes
    /// where the changes' first code goes: from column 5, the indent of column 4 (94f2) and "!"
    /// again, at the first write too.
    @Test func changesWhoseCodeTakesAColumnOneRightOfAnIndentStartAtTheIndent() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("paint-on-code-in-a-gap-at-an-indent-plus-one-fuzz.scc"))
        #expect(first.text == second.text)
        #expect(first.text.contains("\n00:02:53:19\t94f2 a120 10a1 10a1 a180 92a7 92a7\n"), "\(first.text)")
        let captions = try #require(first.reread?.captions)
        #expect(captions.map(\.text).prefix(2) == ["Uooy!", "Uooy! ¡"])
    }

    /// Paint-on italic "ng" in columns 8–9 (its italics code in column 7), then "!" in column 6 with
    /// column 7 transparent, then the same with a space in column 7 (the fuzz input, minimized to
    /// 72 bytes). The second caption paints only "!" (PAC indent 4, TO2): column 7 still shows the
    /// code's space. The model of the screen held it transparent, so the third caption's space
    /// was a change and the whole row went again; read back, the second caption has the space,
    /// and the rewrite sent "!" alone (before). The model holds the space: "!" alone at once.
    @Test func aCodeInATransparentCellLeavesASpaceOnScreen() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("paint-on-space-over-a-code-in-a-transparent-cell-fuzz.scc"))
        #expect(first.text == second.text)
        #expect(first.text.contains("\n00:00:35;10\t94f2 94f2 97a2 97a2 a180\n"), "\(first.text)")
        let captions = try #require(first.reread?.captions)
        #expect(captions.map(\.text) == ["ng", "! ng", "! ng"])
    }

    /// Pop-on row 1: flashing "cc" in columns 7–8, four transparent cells, a space in column 13,
    /// six more, "ib" from column 20 (the fuzz input, minimized to 66 bytes). The space, laid
    /// out in the flash of "cc", went after a PAC to column 12 with FON, which took column 12
    /// and read back as a space: a gap of three, sent as transparent spaces (before). Flash does
    /// not show on a space: a run of spaces alone now takes the PAC's pen, and goes with PAC
    /// indent 12 (0x11 0x56 → 91d6) and TO1 (97a1), column 12 left transparent.
    @Test func aRunOfSpacesAloneAfterAGapTakesThePACsPen() throws {
        let (first, second) = try Self.rewrites(try Self.fixture("pop-on-flashing-space-after-a-gap-of-four-fuzz.scc"))
        #expect(first.text == second.text)
        #expect(first.text.contains(" e3e3 91d6 91d6 97a1 97a1 2080 91da 91da e962\n"), "\(first.text)")
        let caption = try #require(first.reread?.captions.first)
        let gaps = { (count: Int) in String(repeating: "\u{A0}", count: count) }
        #expect(caption.text == "cc" + gaps(4) + " " + gaps(6) + "ib")
    }
}
