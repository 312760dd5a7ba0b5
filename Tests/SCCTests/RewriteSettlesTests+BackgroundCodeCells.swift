import CaptionCore
import Foundation
import SCC
import Testing

/// Spaces that a background attribute code takes: the code backs over the standard space sent
/// before it and shows in its cell as a space in the new background (CEA-608-B §6.2), not in
/// the style of the text before it, which is how the layout holds a space between two styles.
extension RewriteSettlesTests {
    /// Roll-up "m █r ¡Uo", "¡Uo" on a white semi-transparent background: written, its BWS
    /// takes the space in column 4. Then paint-on " a" underlined in columns 4–5 over it. The
    /// encoder's model held that space as laid out, took it for the one the paint-on caption
    /// wants and painted only the "a" (PAC 94f2 to column 4, TO1): read back, the space kept the
    /// background and lost the underline, and the next write gave other bytes (before; the fuzz
    /// input, minimized to 68 bytes). Now the space is painted with the "a".
    @Test func aSpaceABackgroundCodeTookIsPaintedOverWhenTheCaptionWantsItOtherwise() throws {
        let options = CaptionFormatOptions(fileName: "in.scc")
        let read = try SCCReader(options: options).read(
            try Self.fixture("paint-on-over-a-background-code-cell-fuzz.scc"))
        let paintOn = try #require(read.document.captions.last)
        #expect(paintOn.runs.contains { $0.text == " a" && $0.style.underline })
        let written = try SCCWriter(options: options).write(read.document)
        let back = try SCCReader(options: options).read(written.bytes).document
        #expect(back.captions.last?.runs.map(\.text) == paintOn.runs.map(\.text))
        #expect(back.captions.last?.runs.map(\.style.underline) == paintOn.runs.map(\.style.underline))
        // The space and the "a" go together after the PAC to column 4 with underline (94f2 is
        // the same PAC without it, and 97a1 the TO1 that skipped the space).
        #expect(String(decoding: written.bytes, as: UTF8.self).contains("9473 9473 2061"))
        let again = try SCCWriter(options: options).write(back)
        #expect(again.bytes == written.bytes)
    }

    /// A roll-up line with a BWS in the space after "am", then a paint-on caption showing the
    /// same row. Read back from the first write, that space has the background, and the
    /// paint-on caption's space there too: the screen shows the caption already, so only its
    /// first word is painted again, as in the first write. Comparing the cell as shown (with
    /// the background) with the new row's space as laid out (without it) found a change and
    /// painted the whole row (a regression of the first form of the fix above, found by
    /// replaying an earlier fuzz input). The new row's space is compared as it would show.
    @Test func aSpaceThatShowsTheBackgroundTheCaptionWantsIsNoChange() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("paint-on-repeat-of-a-roll-up-line-with-a-background-code-cell-fuzz.scc"))
        #expect(first.text == second.text)
        // The paint-on caption paints "Lorem" again (9470: PAC to row 15, column 0), nothing more.
        #expect(second.text.contains("9470 9470 4cef f2e5 6d80\n"))
    }

    /// Pop-on "12 ee" (the "ee" in italics), twelve cells that show the picture and " 15", with
    /// "12" on the row below; then paint-on changes the row below to "152". Written, the pop-on
    /// row jumps the transparent cells with a PAC to column 20, whose plain pen the space there
    /// takes. The model held that space as plain, the paint-on caption has it in the italics of
    /// the text before it (as the layout gives a space), and the top row was painted again with
    /// its transparent cells: the rewrite was refused, 2 captions could not be delivered in time
    /// (before, with the first form of the fix above; the fuzz input, minimized to 86 bytes).
    /// Italics do not show on a space: only the row below is painted, at column 3 (9170, TO3).
    @Test func aSpaceThatDiffersOnlyInWhatASpaceDoesNotShowIsNoChange() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("pop-on-row-with-a-pac-space-then-painted-on-fuzz.scc"))
        #expect(first.text == second.text)
        #expect(first.text.contains("\t9170 9170 9723 9723 31b5 3280\n"))
        #expect(!first.diagnostics.contains { $0.ruleID == "608.paint-on-rows" })
    }
}

/// Spaces that show nothing in their own style (a transparent background, no underline) between
/// characters whose style would show on them.
extension RewriteSettlesTests {
    /// Paint-on (the fuzz input): "L█" italic on a transparent background at row 15, column 22,
    /// then underlined "ST@BANK ELIF" from column 8 beside it, then "02" over columns 21–22.
    /// Written, the BT that "L█" needs backs over a space in column 20 and the italics code
    /// takes column 21 (CEA-608-B §6.2): read back, columns 20–21 of the second caption and
    /// column 20 of the third are spaces on a transparent background, where the input had
    /// cells that show the picture. The layout gave such a space the style of "ELIF" before it
    /// (underlined, on the default background), so the rewrite painted column 20 again, and
    /// gave other bytes (before). A space that shows nothing is laid out as a cell that shows
    /// the picture, as it looks, and the rewrite gives the first write's bytes. The model of the
    /// screen holds the codes' cells in column 20 as the underlined space they show (the pen of
    /// "ELIF"), so the third caption clears it with a transparent space (91b9) and reads back
    /// as the input has it, column 20 showing the picture.
    @Test func aSpaceOnATransparentBackgroundBetweenUnderlinedWordsShowsThePicture() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("paint-on-space-between-underlined-words-on-a-background-code-cell-fuzz.scc"))
        #expect(second.text == first.text, "first:\n\(first.text)\nsecond:\n\(second.text)")
        #expect(first.text.contains("\t94fb 94fb 91b9 91b9 b032\n"), "\(first.text)")
        let captions = try #require(first.reread?.captions)
        #expect(captions.last?.text == "ST@BANK ELIF\u{A0}02█")
    }

    /// Pop-on row 15: underlined "AB", a space on a transparent background, underlined "CD".
    /// Given the style of "AB", the space would show an underline the caption does not have;
    /// it goes as a transparent space (0x11 0x39, 91b9, twice) between "AB" (c1c2) and "CD"
    /// (43c4), and reads back as a cell that shows the picture. Between words that are on a
    /// transparent background themselves, such a space stays a standard space (0x20).
    @Test func aSpaceThatShowsNothingBesideUnderlinedWordsIsATransparentCell() throws {
        typealias D = WriterTestDocuments
        let underlined = CaptionTextStyle(underline: true)
        let clear = CaptionTextStyle(backgroundColor: .clear)
        let document = CaptionDocument(captions: [
            D.popOn(
                [
                    CaptionRun("AB", style: underlined), CaptionRun(" ", style: clear),
                    CaptionRun("CD", style: underlined),
                ],
                row: 14, column: 0, start: 60, end: 120),
            D.popOn([CaptionRun("A B", style: clear)], row: 14, column: 0, start: 180, end: 240),
        ])
        let options = CaptionFormatOptions(fileName: "out.scc")
        let written = try SCCWriter(options: options).write(document)
        let text = String(decoding: written.bytes, as: UTF8.self)
        #expect(text.contains("c1c2 91b9 91b9 43c4"), "\(text)")
        let back = try SCCReader(options: options).read(written.bytes).document
        #expect(back.captions.map(\.text) == ["AB\u{A0}CD", "A B"])
    }
}
