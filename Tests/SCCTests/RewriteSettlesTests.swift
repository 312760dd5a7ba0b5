import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

/// What the scc fuzz target found when its "rewrite settles" check was turned back on: reading
/// what the writer wrote and writing it again must give the same file (property 3 of
/// FuzzTargets.CaptionRoundTrip). Each input is kept in Fixtures/fuzz/scc/ and failed before its
/// fix; the expected values come from 47 CFR 15.119 and Specs/scc.md, not from the writer.
@Suite struct RewriteSettlesTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: TestPaths.fixture("fuzz/scc/" + name)))
    }

    /// Writes what `bytes` read as, reads that and writes it again.
    static func rewrites(_ bytes: [UInt8]) throws -> (first: SCCWriteResultText, second: SCCWriteResultText) {
        let options = CaptionFormatOptions(fileName: "in.scc")
        let read = try SCCReader(options: options).read(bytes)
        let first = try SCCWriter(options: options).write(read.document)
        let reread = try SCCReader(options: options).read(first.bytes)
        let second = try SCCWriter(options: options).write(reread.document)
        return (
            SCCWriteResultText(first.bytes, first.diagnostics, reread.document),
            SCCWriteResultText(second.bytes, second.diagnostics, nil)
        )
    }

    struct SCCWriteResultText {
        let text: String
        let diagnostics: [Diagnostic]
        let reread: CaptionDocument?
        init(_ bytes: [UInt8], _ diagnostics: [Diagnostic], _ reread: CaptionDocument?) {
            text = String(decoding: bytes, as: UTF8.self)
            self.diagnostics = diagnostics
            self.reread = reread
        }
    }

    @Test(arguments: [
        "roll-up-start-moves-on-each-rewrite.scc",
        "roll-up-background-code-before-first-character.scc",
        "flash-code-after-transparent-cells.scc",
        "style-change-after-transparent-cells-in-roll-up.scc",
        "style-change-after-three-transparent-cells.scc",
        "paint-on-mid-row-space-before-the-text.scc",
        "paint-on-mid-row-space-before-the-text-minimal.scc",
        "paint-on-over-a-pop-on-caption-repaints-its-rows.scc",
        "paint-on-over-a-pop-on-caption-adds-to-its-last-row.scc",
        "style-code-in-a-gap-of-four.scc",
        "style-code-in-a-gap-of-four-rewritten-too-long.scc",
        "space-before-italic-text-kept-with-an-italics-pac-fuzz.scc",
        "paint-on-correction-then-delete-to-end-of-row.scc",
        "paint-on-correction-then-delete-to-end-of-row-fuzz.scc",
        "paint-on-clears-old-text-left-of-new-text.scc",
        "paint-on-clears-old-text-left-of-new-text-fuzz.scc",
        "italic-text-after-a-gap-of-four-fuzz.scc",
        "paint-on-extended-character-over-the-one-before.scc",
        "paint-on-extended-character-over-the-one-before-fuzz.scc",
        "space-and-transparent-cell-before-italic-text.scc",
        "space-and-transparent-cell-before-italic-text-fuzz.scc",
        "paint-on-rewrite-cannot-be-delivered.scc",
        "italic-text-after-a-short-gap-and-a-code-cell.scc",
        "italic-text-after-a-short-gap-and-a-code-cell-fuzz.scc",
        "roll-up-line-rolled-up-then-paint-on-below.scc",
        "roll-up-line-rolled-up-then-paint-on-below-fuzz.scc",
        "paint-on-space-over-a-code-cell.scc",
        "paint-on-space-over-a-code-cell-fuzz.scc",
        "paint-on-beside-a-roll-up-line-on-its-row-fuzz.scc",
        "paint-on-clear-cell-before-a-coded-style-fuzz.scc",
        "roll-up-gap-of-three-after-a-style-code-fuzz.scc",
        "gap-space-gap-before-a-style-change-fuzz.scc",
        "roll-up-text-moved-then-painted-over-fuzz.scc",
        "paint-on-repaint-of-an-unchanged-row-fuzz.scc",
        "extended-character-after-a-flash-code-over-a-roll-up-line-fuzz.scc",
        "paint-on-style-codes-left-of-the-change-over-text.scc",
        "paint-on-repaint-of-a-row-with-gaps-in-short-time-fuzz.scc",
        "roll-up-lines-above-a-shallower-window.scc",
        "paint-on-repeat-of-a-row-with-a-code-in-a-transparent-cell-fuzz.scc",
        "paint-on-block-changed-in-one-row-fuzz.scc",
        "paint-on-italic-text-beside-a-roll-up-line-fuzz.scc",
        "paint-on-change-after-text-that-needs-a-code-cell.scc",
        "paint-on-over-a-background-code-cell-fuzz.scc",
        "paint-on-repeat-of-a-roll-up-line-with-a-background-code-cell-fuzz.scc",
        "pop-on-row-with-a-pac-space-then-painted-on-fuzz.scc",
        "paint-on-change-of-a-row-that-sent-whole-would-move-fuzz.scc",
        "paint-on-text-after-older-text-it-clears-fuzz.scc",
        "black-italic-text-one-space-after-white-text-fuzz.scc",
        "paint-on-changes-right-of-text-that-stays-fuzz.scc",
        "paint-on-changes-with-a-code-in-a-transparent-cell-fuzz.scc",
        "paint-on-background-code-over-the-cell-of-a-roll-up-line-fuzz.scc",
        "pop-on-flashing-space-after-a-gap-of-four-fuzz.scc",
        "roll-up-text-moved-by-a-code-shrinks-a-gap-of-four-fuzz.scc",
        "roll-up-text-moved-by-codes-shrinks-a-gap-of-five-fuzz.scc",
        "pop-on-text-moved-by-a-code-shrinks-a-gap-of-four-fuzz.scc",
        "paint-on-space-between-underlined-words-on-a-background-code-cell-fuzz.scc",
        "roll-up-code-cell-after-a-gap-before-underlined-text-fuzz.scc",
        "pop-on-text-moved-by-a-code-leaves-a-gap-and-a-code-cell-fuzz.scc",
        "paint-on-background-code-beside-unchanged-text-fuzz.scc",
        "pop-on-italic-text-after-a-gap-of-three-fuzz.scc",
        "pop-on-preload-after-a-caption-with-a-short-gap-fuzz.scc",
        "pop-on-space-and-transparent-cell-after-a-short-gap-fuzz.scc",
        "paint-on-changes-after-a-cleared-cell-rewritten-with-a-tab-offset-fuzz.scc",
        "roll-up-row-past-column-32-loses-a-character-at-each-write-fuzz.scc",
        "paint-on-code-in-a-gap-at-an-indent-plus-one-fuzz.scc",
        "paint-on-space-over-a-code-in-a-transparent-cell-fuzz.scc",
        "pop-on-gap-of-two-before-italic-text-jumped-once-fuzz.scc",
        "roll-up-gap-jumped-into-an-underlined-code-cell-fuzz.scc",
        "roll-up-gap-of-two-before-another-colour-jumped-to-a-space-fuzz.scc",
        "pop-on-gap-after-text-on-a-background-jumped-into-a-code-cell-fuzz.scc",
        "roll-up-gap-after-text-on-a-background-jumped-with-a-tab-offset.scc",
        "roll-up-window-moved-after-a-carriage-return-ahead-fuzz.scc",
    ])
    func writingWhatWasReadBackGivesTheSameFile(_ name: String) throws {
        let bytes = try Self.fixture(name)
        // The writer may refuse what it was given, saying why (the fuzz target allows it: a
        // caption too short for its words), but never what it wrote itself, read back.
        let options = CaptionFormatOptions(fileName: "in.scc")
        do {
            _ = try SCCWriter(options: options).write(try SCCReader(options: options).read(bytes).document)
        } catch {
            #expect(error.kind == .cannotWrite, "\(error)")
            return
        }
        let (first, second) = try Self.rewrites(bytes)
        guard first.text != second.text else { return }
        // As the fuzz target allows: after a write that reported a change (a warning), reading
        // it back may change the document once more; the next write is then the fixed point.
        #expect(
            first.diagnostics.contains { $0.severity >= .warning }, "first:\n\(first.text)\nsecond:\n\(second.text)")
        let (third, _) = try Self.rewrites(Array(second.text.utf8))
        #expect(third.text == second.text, "second:\n\(second.text)\nthird:\n\(third.text)")
    }

    /// Paint-on, written by the writer from the fuzz input: "b" on a blue semi-transparent
    /// background at row 15, column 9 (PAC 94f4 to column 8, a space, then BBS 1025, which backs
    /// over the space and takes column 8, CEA-608-B §6.2), "us" at column 4 four frames later
    /// (94f2 7573: only the cells that change, as there is no time for more), then the whole row
    /// again with "." after "us". Read back, the code's cell in column 8 is a standard space
    /// before the blue "b" of captions 2 and 3. The writer compared caption 2 with caption 1
    /// cell by cell, and as caption 1's row holds no cell in column 8, it took that space for a
    /// change and painted columns 4–8, which left caption 3 no time: it refused to write what it
    /// had written (before). A space where an old code's cell is shows already; the file's own
    /// bytes come back.
    @Test func aSpaceWhereAnOldCodeTookTheCellIsNotPaintedAgain() throws {
        let bytes = try Self.fixture("paint-on-space-over-a-code-cell.scc")
        let options = CaptionFormatOptions(fileName: "in.scc")
        let read = try SCCReader(options: options).read(bytes).document
        #expect(read.captions.map(\.text) == ["b", "us\u{A0}\u{A0} b", "us.\u{A0} b"])
        let written = try SCCWriter(options: options).write(read)
        #expect(String(decoding: written.bytes, as: UTF8.self) == String(decoding: bytes, as: UTF8.self))
    }

    /// Paint-on "EF" at row 14, column 4, while pop-on "AB" stays in columns 0–1 of that row.
    /// A decoder shows one row and keeps no caption boundaries in it (15.119(f)(3)): read back,
    /// the paint-on caption holds the row ("AB", two cells that show the picture, "EF") from its
    /// start, where "AB" ends, and the next write paints the whole row. The first write changed
    /// the document without a warning, and the rewrite gave other bytes (before; the fuzz input,
    /// `paint-on-beside-a-roll-up-line-on-its-row-fuzz.scc`, has a roll-up line there). Now the
    /// first write says so, and the second is the fixed point.
    @Test func paintOnBesideACaptionThatStaysOnItsRowIsReported() throws {
        typealias D = WriterTestDocuments
        var paint = D.popOn([CaptionRun("EF")], row: 13, column: 4, start: 90, end: 150)
        paint.animation = .characterReveal
        let document = CaptionDocument(captions: [
            D.popOn([CaptionRun("AB")], row: 13, column: 0, start: 30, end: 150), paint,
        ])
        let options = CaptionFormatOptions(fileName: "out.scc")
        let written = try SCCWriter(options: options).write(document)
        #expect(
            written.diagnostics.filter { $0.ruleID == "608.rows" }.map(\.message) == [
                "caption 2 painted on row 14 beside caption 1, which stays: a decoder shows one row, read back as one "
                    + "caption from the start of caption 2"
            ])
        let back = try SCCReader(options: options).read(written.bytes).document
        #expect(back.captions.map(\.text) == ["AB", "AB\u{A0}\u{A0}EF"])
        #expect(back.captions.first?.timeRange.end == back.captions.last?.timeRange.start)
        let second = try SCCWriter(options: options).write(back)
        #expect(!second.diagnostics.contains { $0.ruleID == "608.rows" })
        let third = try SCCWriter(options: options).write(try SCCReader(options: options).read(second.bytes).document)
        #expect(third.bytes == second.bytes)
    }

    /// The fuzz input, minimized: paint-on "█R" on a transparent background (BT, 0x172D, CEA-608-B
    /// §6.2) at row 15, column 1, over a roll-up line "½" in column 0 that leaves. Painting only
    /// what changes, the writer clears column 0 with a transparent space, which took the new
    /// text's style; a style that needs BT before it at column 0 has no cell for its code, so
    /// the text moved one column right, and again at each rewrite: three writes, three outputs
    /// (before). The cleared cell keeps a PAC's style now, and BT takes its place: PAC row 15
    /// column 0 (9470), a space for decoders without BT, BT backing over it (97ad), "█R" (7f52).
    @Test func aClearedCellBeforeACodedStyleHoldsTheCode() throws {
        let (first, second) = try Self.rewrites(try Self.fixture("paint-on-clear-cell-before-a-coded-style-fuzz.scc"))
        #expect(first.text == second.text)
        #expect(first.text.contains("\t9470 9470 2080 97ad 97ad 7f52\n"), "\(first.text)")
        #expect(!first.diagnostics.contains { $0.ruleID == "608.mid-row" }, "\(first.diagnostics)")
        let painted = try #require(first.reread?.captions.last)
        #expect(painted.text == "█R")
        #expect(painted.region?.origin?.x == .cells(1))
    }

    /// Pop-on row 15 (the fuzz input, minimized): black "██" in columns 1–2, two cells that show
    /// the picture, a space in column 5, one more such cell, then black italic "aa" in 7–8.
    /// The mid-row italics code took the cell in column 6, which read back as a space; the
    /// rewrite, seeing a gap of two and two spaces before text that needs two codes after a
    /// PAC, jumped there (a gap of four, as after a PAC's codes), and sent other words with no
    /// warning before (before). The cell among the spaces counts with them now. Black italic
    /// text after a PAC needs one cell since 2026-11-28 (italics, then FA backing over its cell,
    /// CEA-608-B §6.2), so the gap of two, the space and that cell are three, and go as they
    /// are. Since 2026-11-29 the input's FA, first in the row with nothing before it, takes no
    /// cell (CTA-608-E §6.2; Specs/scc.md "Background attribute codes after a PAC"): "██" is in
    /// columns 0–1 and everything after it a column left. The writer sends FA (0x17 0x2E → 97ae)
    /// right after the PAC to column 0 without a space, so it takes no cell there either, then
    /// "██" (7f7f), two transparent spaces (91b9), the space (2080), italics (0x11 0x2E → 91ae)
    /// in the cell before "aa"; the rewrite sends the same.
    @Test func aTransparentCellAmongSpacesBeforeAStyleChangeCountsWithThem() throws {
        let (first, second) = try Self.rewrites(try Self.fixture("gap-space-gap-before-a-style-change-fuzz.scc"))
        #expect(first.text == second.text)
        #expect(
            first.text.contains(" 9470 9470 97ae 97ae 7f7f 91b9 91b9 91b9 91b9 2080 91ae 91ae 6161\n"),
            "\(first.text)")
    }

    @Test func aBackgroundCodeBeforeARollUpLinesFirstCharacterKeepsItsStart() throws {
        // RU2 RU2 PAC PAC at 00:00:02:27–03:00, a standard space, BMS (background magenta
        // semi-transparent, CEA-608-B §6.2: it backs over the space and takes its cell) twice,
        // then "." at 03:04. The attribute code shows no text, so the run that prepares the line
        // goes on and the line starts at RU2 (Specs/scc.md, "Start of a roll-up line"), where
        // ttconv starts its paragraph too. Before: the code ended the run, the line started at
        // the "." (03:04), and the writer, which puts RU2 on the start, moved it 7 frames later
        // at every rewrite.
        let read = try SCCReader().read(try Self.fixture("roll-up-background-code-before-first-character.scc"))
        let first = try #require(read.document.captions.first)
        #expect(first.timeRange.start == time("00:00:02:27"))
        #expect(first.text == ".")
    }

    @Test func aMidRowCodesSpaceBeforePaintOnTextStartsNoCaption() throws {
        // Paint-on "nsr sit amet," from column 4 (PAC at 00:00:01:02). At 02:00 a PAC to column 0
        // (white underline), TO3, mid-row yellow underline (its cell, column 3, an underlined
        // space in the old attributes, 15.119(h)(1)), the transparent space over the "n", then
        // "AB " over "sr ". The mid-row code's space lies outside the row's text, so the caption
        // on screen goes on until the new run changes its text, and the new caption starts at
        // that run's PAC (Specs/scc.md "Start of a roll-up line or paint-on caption"). Before:
        // the space ended the caption and began a copy of it (02:00–02:04), which the writer
        // could not send in time when it rewrote what it read.
        let read = try SCCReader().read(try Self.fixture("paint-on-mid-row-space-before-the-text-minimal.scc"))
        #expect(
            summaries(read, dropFrame: false) == [
                "00:00:01:02 00:00:02:00 15-15:4 paint nsr sit amet,",
                "00:00:02:00 00:00:03:00 15-15:5 paint AB sit amet,",
            ])
    }

    @Test func paintOnOverAPopOnCaptionPaintsOnlyTheRowsThatChange() throws {
        // A two-row pop-on caption (EOC at 00:00:01:28), then RDC and "Hello" painted after its
        // last row (from 03:02). Written back, the paint-on caption's first row is already on
        // screen as wanted: repainting it shows nothing (15.119(f)(3)) and put the new text a
        // row's worth of frames (13) after the caption's start, and the reread caption started
        // there, 13 frames later at each rewrite. Now only row 15 is painted, from the start.
        let (first, second) = try Self.rewrites(
            try Self.fixture("paint-on-over-a-pop-on-caption-adds-to-its-last-row.scc"))
        #expect(first.text == second.text)
        #expect(!first.text.contains("\t94ce"), "row 14's PAC is sent again:\n\(first.text)")
        let read = try #require(first.reread)
        #expect(
            read.captions.map { summary($0, dropFrame: false) } == [
                "00:00:01:28 00:00:03:02 14-15:0 WHO HAD NEARLY FOUGHT\nTHE DRAGON OF ANGNOR,",
                "00:00:03:02 00:00:05:00 14-15:0 paint WHO HAD NEARLY FOUGHT\nTHE DRAGON OF ANGNOR,Hello",
            ])
    }

    @Test func aStyleCodeInAGapIsJumpedToAgain() throws {
        // Pop-on row 15: red underlined "entesque int" in columns 10–21, cells 22–24 never
        // written, then PAC indent 24, TO1, mid-row italics (its cell, column 25, a space) and
        // "rem i." in 26–31. The gap of three and the code's space are jumped again with the PAC
        // and TO (4 words); before, the three cells went as transparent spaces (6 words) and a
        // white mid-row code, so the caption needed 2 more frames, and in a tight file (the fuzz
        // input) the rewrite could not be delivered.
        let (first, second) = try Self.rewrites(try Self.fixture("style-code-in-a-gap-of-four.scc"))
        #expect(first.text == second.text)
        #expect(first.text.contains("6ef4 947c 947c 97a1 97a1 91ae 91ae f2e5"), "\(first.text)")
        #expect(!first.text.contains("91b9"), "\(first.text)")
    }

    @Test func spacesBeforeItalicTextAreSentWhenAnItalicsPACSetsTheStyle() throws {
        // Paint-on "B" at column 0, then "B  B" (the last B italic) for 3 frames: so tight that
        // only what changes is painted, from column 1. An italics PAC at column 0 and TO1 set the
        // style with no code, so both spaces must be sent (with --shift the caption is lengthened
        // for them); before, the first was dropped as if a code would take its cell, and column 1
        // read back as never written (U+00A0), a different caption, without a word.
        let region = CaptionRegion(
            origin: CaptionPoint(x: .cells(0), y: .cells(14)), size: CaptionSize(width: .cells(4), height: .cells(1)))
        var first = Caption(
            runs: [CaptionRun("B")], timeRange: TimeRange(start: time("00:00:01:27"), end: time("00:00:02:04")),
            region: region)
        first.animation = .characterReveal
        var second = Caption(
            runs: [CaptionRun("B  "), CaptionRun("B", style: CaptionTextStyle(italic: true))],
            timeRange: TimeRange(start: time("00:00:02:04"), end: time("00:00:02:07")), region: region)
        second.animation = .characterReveal
        var options = CaptionFormatOptions(fileName: "out.scc")
        options.applyShifts = true
        let written = try SCCWriter(options: options).write(
            CaptionDocument(captions: [first, second], frameRate: .fps29_97, dropFrame: false))
        let read = try SCCReader(options: options).read(written.bytes)
        #expect(
            read.document.captions.map(\.text) == ["B", "B  B"], "\(String(decoding: written.bytes, as: UTF8.self))")
    }

    @Test func aPaintOnCorrectionThatErasesOldCellsIsOneCaption() throws {
        // Paint-on "ABAB" (PAC at 00:00:01:02), then one run corrects it to "AA": PAC, TO1, "A"
        // over the first "B" (02:04), DER erasing "AB" (02:05). A paint-on caption is what one
        // run paints; the run's erasing of old cells is part of it (as its painting over them
        // is), so the correction is one caption from its PAC. Before, the frame between the
        // "A" and the DER ("AAAB") was a caption of its own, which the writer, painting the
        // same change, could not fit when it rewrote what it read.
        let read = try SCCReader().read(try Self.fixture("paint-on-correction-then-delete-to-end-of-row.scc"))
        #expect(
            summaries(read, dropFrame: false) == [
                "00:00:01:02 00:00:02:00 15-15:0 paint ABAB",
                "00:00:02:00 00:00:03:00 15-15:0 paint AA",
            ])
    }

    @Test func aPaintOnRunClearingOldTextOnTheLeftIsOneCaption() throws {
        // Paint-on "ABCDEF" (PAC at 00:00:01:02), then one run: PAC, four transparent spaces
        // clearing "ABCD" (02:02–02:09, each doubled), "XY" over "EF" (02:10). The run's caption
        // follows its text to column 4 as the old cells on its left are cleared; before, each
        // transparent space made a caption ("BCDEF", "CDEF", "DEF"), which a rewrite sending the
        // same words could not fit.
        let read = try SCCReader().read(try Self.fixture("paint-on-clears-old-text-left-of-new-text.scc"))
        #expect(
            summaries(read, dropFrame: false) == [
                "00:00:01:02 00:00:02:00 15-15:0 paint ABCDEF",
                "00:00:02:00 00:00:03:00 15-15:4 paint XY",
            ])
    }

    @Test func italicTextAfterAGapOfFourIsSentTheSameWayTwice() throws {
        // Italic "ABCD", four cells that show the picture, italic "EF" (a document from another
        // format can have that). The first write jumps the gap with a PAC and puts the italics
        // code in its last cell (a decoder's PAC resets the style), which reads back as a gap of
        // three and a space. The rewrite must not send that space with a tab offset in the italic
        // pen (fewer words, but other words than the first write, without a warning): the run
        // opening with a code's cell goes with its PAC and code again.
        let region = CaptionRegion(
            origin: CaptionPoint(x: .cells(5), y: .cells(14)), size: CaptionSize(width: .cells(10), height: .cells(1)))
        let caption = Caption(
            runs: [CaptionRun("ABCD\u{A0}\u{A0}\u{A0}\u{A0}EF", style: CaptionTextStyle(italic: true))],
            timeRange: TimeRange(start: time("00:00:02:00"), end: time("00:00:04:00")), region: region)
        let options = CaptionFormatOptions(fileName: "out.scc")
        let first = try SCCWriter(options: options).write(CaptionDocument(captions: [caption], frameRate: .fps29_97))
        #expect(!first.diagnostics.contains { $0.severity >= .warning })
        let reread = try SCCReader(options: options).read(first.bytes)
        let second = try SCCWriter(options: options).write(reread.document)
        #expect(
            String(decoding: second.bytes, as: UTF8.self) == String(decoding: first.bytes, as: UTF8.self),
            "\(String(decoding: first.bytes, as: UTF8.self))\n\(String(decoding: second.bytes, as: UTF8.self))")
    }

    @Test func aPaintOnExtendedCharacterOverOlderTextStartsWithItsRun() throws {
        // Paint-on "‘" (0x1226 over its fallback) at column 0 from the PAC at 00:00:01:02; then a
        // run: PAC at 02:00, a space (the next character's fallback, 02:02) over the "‘", and
        // "^" (0x132c, 02:03) replacing it. The space erases the old text a frame before the new
        // character shows, but the run's caption still starts with the run, at its PAC (Specs/
        // scc.md); before it started at the "^" (02:03), and the rewrite inserted an EDM.
        let read = try SCCReader().read(try Self.fixture("paint-on-extended-character-over-the-one-before.scc"))
        #expect(
            read.document.captions.map { summary($0, dropFrame: false) } == [
                "00:00:01:02 00:00:02:00 15-15:0 paint \u{2018}",
                "00:00:02:00 00:00:03:00 15-15:0 paint ^",
            ])
    }

    @Test func spacesOpeningARunAfterAGapLeaveTheirLastCellToTheStyleCode() throws {
        // Pop-on row 14: "03aa" in columns 5–8, cells 9–20 never written, a space in 21, cell 22
        // transparent (a transparent space over a mid-row code's cell), italic "10ee" in 23–26.
        // The first write jumps the gap with a PAC (column 20) and TO1, sends the space and puts
        // the italics code in cell 22 (15.119(h)(1): the code shows as a space there), which
        // reads back as two spaces before the text. Those spaces open the run after a gap: they
        // take a PAC's style (white, roman), so the code again goes to the last of them. Before,
        // they took the text's italics, the code went first and the space after it: other words
        // than the first write, without a warning.
        let (first, second) = try Self.rewrites(try Self.fixture("space-and-transparent-cell-before-italic-text.scc"))
        #expect(first.text == second.text, "first:\n\(first.text)\nsecond:\n\(second.text)")
        #expect(first.text.contains("94da 94da 97a1 97a1 2080 91ae 91ae 31b0 e5e5"), "\(first.text)")
        let caption = try #require(first.reread?.captions.first)
        #expect(caption.text == "03aa" + String(repeating: "\u{A0}", count: 12) + "  10ee")
    }

    @Test func aRunOpeningWithACodesCellGoesWithItsPACAfterPlainText() throws {
        // Pop-on row 15: plain "ABCDEF" in columns 0–5, cells 6–9 never written (a transparent
        // space over the cell of a mid-row code), italic "GH" in 10–11. The first write jumps the
        // gap of four with a PAC (column 8) and TO1 and puts the italics code in cell 9, which
        // reads back as a gap of three and a space. The rewrite must send that run the same way
        // again, not reach it with TO3 because the pen is already white and roman: fewer words,
        // but other words than the first write, without a warning. Before, the check that sent
        // the run with its PAC looked at the style of its opening space, which is now a PAC's.
        let (first, second) = try Self.rewrites(try Self.fixture("italic-text-after-a-short-gap-and-a-code-cell.scc"))
        #expect(first.text == second.text, "first:\n\(first.text)\nsecond:\n\(second.text)")
        #expect(first.text.contains("4546 94f4 94f4 97a1 97a1 91ae 91ae c7c8"), "\(first.text)")
    }

    @Test func attributeCodesAfterTransparentCellsTakeTheSpacesBeforeTheText() throws {
        // Pop-on row 1: "12d" from column 3, FON, "cc" (flashing), cells 9–15 never written,
        // then PAC column 16, FON, mid-row italics, "12ee" from column 18. Columns 16 and 17 are
        // the spaces FON and the mid-row code leave (15.119(h)(1)); 9–15 stay transparent.
        // Before: the writer put the codes left of column 16, turning column 15 into a space,
        // and the text moved on every rewrite.
        let (first, _) = try Self.rewrites(try Self.fixture("flash-code-after-transparent-cells.scc"))
        let caption = try #require(first.reread?.captions.first)
        let cells = Array(caption.text)
        // The caption starts at column 3: column c is cells[c − 3].
        #expect(String(cells[15 - 3...18 - 3]) == "\u{A0}  1", "\(caption.text.debugDescription)")
        #expect(!first.diagnostics.contains { $0.ruleID == "608.mid-row" })
    }

    @Test func aStyleChangeAfterTransparentCellsMovesNoText() throws {
        // "consectetur ad", italic "rem ipsumÁ" to column 24, cells 25–27 never written, then a
        // PAC to column 28 (plain) and "ent," in 28–31. Rewritten, the change back to plain needs
        // a mid-row code: it takes the last transparent cell (27), not a cell of "ent,". Before:
        // the text moved one column right, past column 32, and the "t" was lost.
        let (first, _) = try Self.rewrites(try Self.fixture("style-change-after-three-transparent-cells.scc"))
        #expect(!first.diagnostics.contains { $0.ruleID == "608.mid-row" }, "\(first.diagnostics)")
        let caption = try #require(first.reread?.captions.first)
        #expect(caption.text.hasSuffix("ent,"), "\(caption.text.debugDescription)")
        #expect(caption.region?.origin?.x == .cells(0) && caption.region?.size?.width == .cells(32))
    }

    @Test func aRollUpLineRolledUpByACarriageReturnStaysAbovePaintOnText() throws {
        // RU2 (00:00:14:10), CR, PAC row 15, "♪♪", CR: the window rolls up one row, "♪♪" on
        // row 14 and row 15 empty (15.119(f)(1)). At 20:00 RDC (which erases nothing), a PAC
        // to row 15 column 8, TO3 and italics (its cell, column 11, 15.119(h)(1)), then "cing"
        // from 20:02 on row 15. ttconv shows the same: "♪♪" alone, then from 20:02 "♪♪" above
        // " cing". Two captions: the roll-up line until the EDM at 25:00, and the paint-on text
        // from its PAC. Before, the writer sent no CR after "♪♪", so the paint-on text went
        // beside it on row 15, which read back as one paint-on caption holding the whole row
        // (and the line's caption cut at 20:02), and the second write painted the row again
        // from column 0: write → read → write did not settle.
        let bytes = try Self.fixture("roll-up-line-rolled-up-then-paint-on-below.scc")
        let read = try SCCReader().read(bytes)
        let expected = [
            "00:00:14:12 00:00:25:00 14-15:0 RU2 ♪♪",
            "00:00:20:02 00:00:25:00 15-15:12 paint cing",
        ]
        #expect(summaries(read, dropFrame: false) == expected)
        let (first, second) = try Self.rewrites(bytes)
        #expect(first.text == second.text, "first:\n\(first.text)\nsecond:\n\(second.text)")
        let reread = try #require(first.reread)
        #expect(reread.captions.map { summary($0, dropFrame: false) } == expected, "\(first.text)")
        #expect(reread.captions == read.document.captions)
        // The window rolls (CR) before the mode changes to paint-on, on the caption's start.
        #expect(first.text.contains("00:00:20:02\t94ad 94ad 9429 9429 94f4 94f4"), "\(first.text)")
        #expect(!first.diagnostics.contains { $0.severity >= .warning }, "\(first.diagnostics)")
        // ttconv decodes what we wrote to the screen it decodes from the original: "♪♪" above
        // the paint-on text at the end.
        let directory = try TemporaryDirectory("scc-rolled-up-line")
        let original = directory.path("original.scc")
        let written = directory.path("written.scc")
        try Data(bytes).write(to: URL(fileURLWithPath: original))
        try Data(first.text.utf8).write(to: URL(fileURLWithPath: written))
        let cues = try PeerDecoders.ttconv([original, written], in: directory)
        #expect(cues[0].last?.text == "♪♪\n cing", "\(cues[0])")
        #expect(cues[1].last?.text == "♪♪\n cing", "\(cues[1])")
    }

    @Test func aStyleCodePushingTextPastColumn32SaysWhatIsLost() throws {
        // 32 cells on row 15: "I'M " from column 0, italic text, then plain "t)" right after an
        // italic ">" (no space between for the mid-row code). The code pushes the row one column
        // right, past column 32, where a decoder writes each character over the last column
        // (15.119(e)(1)): one character is lost. Before, the warning only said the text moved.
        let runs = [
            CaptionRun("I'M "),
            CaptionRun("exists throughout program>", style: CaptionTextStyle(italic: true)),
            CaptionRun("t)"),
        ]
        let region = CaptionRegion(
            origin: CaptionPoint(x: .cells(0), y: .cells(14)), size: CaptionSize(width: .cells(32), height: .cells(1)))
        let caption = Caption(
            runs: runs, timeRange: TimeRange(start: time("00:00:01:00"), end: time("00:00:03:00")), region: region)
        let written = try SCCWriter(options: CaptionFormatOptions(fileName: "out.scc"))
            .write(CaptionDocument(captions: [caption], frameRate: .fps29_97))
        let note = try #require(written.diagnostics.first { $0.ruleID == "608.mid-row" })
        #expect(
            note.message.contains("1 column(s) right, past column 32: 1 character(s) at the end of the row are lost"))
    }

    @Test func paintOnOverRollUpTextThatACodeMovedPaintsWhereTheTextShows() throws {
        // RU4, PAC row 15 red underline, "ntey", PAC row 15 indent 4 white, "co": the screen shows
        // "nteyco". Then RDC, PAC row 15 indent 4, "c s": "nteyc s" (15.119(f)(3): paint-on writes
        // over the cells it reaches). Written back, the roll-up line sends the white "co" after
        // the red text with a mid-row code and no space for it, so "co" moves to columns 5–6
        // (reported, 608.mid-row). Before, the encoder's model of the screen kept "co" at 4–5:
        // the paint-on caption painted only " s" at columns 5–6, the "c" was lost without a
        // word ("ntey  s"), and the rewrite of that could not be delivered (a fuzzing finding).
        // Now the paint starts at column 4 with the changed cells, where a PAC sets white
        // itself (painting the whole row would need the mid-row code again and move the text).
        let (first, second) = try Self.rewrites(try Self.fixture("roll-up-text-moved-then-painted-over-fuzz.scc"))
        #expect(first.text == second.text, "first:\n\(first.text)\nsecond:\n\(second.text)")
        let reread = try #require(first.reread)
        #expect(reread.captions.map(\.text) == ["ntey co", "nteyc s"], "\(first.text)")
        #expect(first.diagnostics.contains { $0.ruleID == "608.mid-row" })
        // PAC row 15 indent 4 (94f2), then "c " and "s" with odd parity (e3 20, 73 80).
        #expect(first.text.contains("00:00:12;14\t94f2 e320 7380\n"), "\(first.text)")
        // ttconv, which builds paint-on text from the characters sent, shows "c s" too.
        let directory = try TemporaryDirectory("scc-moved-then-painted")
        let written = directory.path("written.scc")
        try Data(first.text.utf8).write(to: URL(fileURLWithPath: written))
        let cues = try PeerDecoders.ttconv([written], in: directory)
        #expect(cues[0].last?.text == "c s", "\(cues[0])")
    }

    @Test func aPaintOnCaptionTheScreenShowsAlreadyRepaintsOnlyWhatLeavesItAsItIs() throws {
        // Paint-on "in" at column 0; at 02:56:25 a PAC to row 15 indent 4 with underline and
        // "In" (columns 2–3 never written: they show the picture); at 02:56:27 the same PAC and
        // "In" again, a new caption with the screen unchanged; then ".". Written back, the third
        // caption must still start with a word on its start frame, so its row is painted again.
        // Sent whole, the underline's mid-row code took column 3, which then showed a space
        // instead of the picture (15.119(h)(1)): read back, that caption differed from the one
        // before at column 3, and the rewrite painted only that cell, other words (a fuzzing
        // finding). Now the repaint is the row's first word, up to the first cell that shows the
        // picture here: PAC row 15 column 0 (9470) and "in" (e9 6e with odd parity), which
        // leaves the screen as it is.
        let bytes = try Self.fixture("paint-on-repaint-of-an-unchanged-row-fuzz.scc")
        let read = try SCCReader().read(bytes)
        let (first, second) = try Self.rewrites(bytes)
        #expect(first.text == second.text, "first:\n\(first.text)\nsecond:\n\(second.text)")
        #expect(first.text.contains("00:02:56:27\t9470 9470 e96e\n"), "\(first.text)")
        let reread = try #require(first.reread)
        #expect(reread.captions.count == 4)
        #expect(Array(reread.captions.prefix(3)) == Array(read.document.captions.prefix(3)))
    }

    @Test func aRollUpLinePaintedOverEndsWhereThePaintOnCaptionStarts() throws {
        // Roll-up "Dt" on row 15, then RDC, a mid-row code, FON and "℠" (an extended character,
        // CEA-608-B §6.4.2) painted beside it. Written back, the paint-on caption is PAC (its
        // start, 00:00:00:06), TO2, FON, a space and "℠" replacing it: the spaces show nothing
        // (Specs/scc.md, "Start of a roll-up line or paint-on caption"), and the extended
        // character is the first thing the run shows. The roll-up line it paints over must end
        // where the paint-on caption starts, its PAC, as it does for a basic character; before,
        // a character that replaced another ended it at its own frame (00:00:00:13), the two
        // overlapped, and the rewrite differed (a fuzzing finding).
        let bytes = try Self.fixture("extended-character-after-a-flash-code-over-a-roll-up-line-fuzz.scc")
        let (first, second) = try Self.rewrites(bytes)
        #expect(first.text == second.text, "first:\n\(first.text)\nsecond:\n\(second.text)")
        #expect(first.text.contains("00:00:00:06\t946b 946b 97a2 97a2 94a8 94a8 2080 922c 922c"), "\(first.text)")
        let reread = try #require(first.reread)
        #expect(reread.captions.count == 2)
        #expect(reread.captions.first?.timeRange.end == time("00:00:00:06"))
        #expect(reread.captions.last?.timeRange.start == time("00:00:00:06"))
    }

    @Test func styleCodesBeforePaintedChangesDoNotTakeCellsOfTextOnScreen() throws {
        // Roll-up "ger STOR" (columns 0–7), then paint-on: a mid-row code (yellow underline) in
        // column 8, FON and "ü" in column 9, flashing. Painting only the changes (a space and
        // "ü" from column 8), the space took the style of the "ü", whose two codes went in the
        // cells left of the "ü", columns 7 and 8: the "R" in column 7 became a space without a
        // word (a fuzzing finding). Codes must not go over cells the screen shows: the changes
        // now start at the row's first cell, and the one code with no spare cell moves the "ü"
        // one column right, which is reported (608.mid-row).
        let bytes = try Self.fixture("paint-on-style-codes-left-of-the-change-over-text.scc")
        let read = try SCCReader().read(bytes)
        #expect(read.document.captions.last?.text == "ger STOR ü")
        let (first, second) = try Self.rewrites(bytes)
        #expect(first.text == second.text, "first:\n\(first.text)\nsecond:\n\(second.text)")
        let reread = try #require(first.reread)
        #expect(reread.captions.last?.text == "ger STOR  ü", "\(first.text)")
        #expect(first.diagnostics.contains { $0.ruleID == "608.mid-row" })
    }

    @Test func aRollUpLineAboveAShallowerWindowLeavesWithTheRU() throws {
        // RU3 lines "AA", "BB", "CC" (from 1:00, 2:00, 3:00), then RU2 at 4:00 and CR at 4:02
        // for "DD". The RU of the shallower window takes "AA" (above it) at 4:00, the CR takes
        // "BB" at 4:02 (15.119(f)(1); CEA608Decoder): read, "AA" ends at 4:00. Written back, the
        // window goes on as the file has it: RU2 two frames before the line's start, CR on it,
        // no erase and no warning. Before, a line ending before the next line's start made the
        // writer erase the window (EDM, "CC" cut short) and start a new one.
        let bytes = try Self.fixture("roll-up-lines-above-a-shallower-window.scc")
        let read = try SCCReader().read(bytes)
        #expect(
            read.document.captions.map { summary($0, dropFrame: false) }.prefix(2) == [
                "00:00:01:00 00:00:04:00 13-15:0 RU3 AA", "00:00:02:00 00:00:04:02 13-15:0 RU3 BB",
            ])
        let (first, second) = try Self.rewrites(bytes)
        #expect(first.text == second.text)
        #expect(first.text.contains("00:00:04:00\t9425 9425\n\n00:00:04:02\t94ad 94ad c4c4\n"), "\(first.text)")
        #expect(!first.diagnostics.contains { $0.severity >= .warning }, "\(first.diagnostics)")
        #expect(try #require(first.reread).captions == read.document.captions)
    }

    @Test func aRollUpLineMeantToStayUntilTheStartIsReportedWhenTheRUTakesIt() throws {
        // The same lines, "AA" meant to stay until "DD" starts (4:02): the RU2 in the two frames
        // before takes it at 4:00, two frames early, which the writer now reports (608.overlap)
        // instead of leaving it to the reader to find.
        let read = try SCCReader().read(try Self.fixture("roll-up-lines-above-a-shallower-window.scc"))
        var document = read.document
        document.captions[0].timeRange = TimeRange(start: time("00:00:01:00"), end: time("00:00:04:02"))
        let written = try SCCWriter(options: CaptionFormatOptions(fileName: "out.scc")).write(document)
        let early = written.diagnostics.filter { $0.ruleID == "608.overlap" }
        #expect(
            early.count == 1 && early[0].message.hasPrefix("caption 1 leaves the screen 2 frame(s) early")
                && early[0].message.contains("the roll-up window shrinks to 2 rows"), "\(early)")
        // Labelled with the file's timecode of the RU's frame.
        #expect(early.first?.location.timecode == "00:00:04:00", "\(early)")
    }

    @Test func aRepaintOfARowWithGapsInShortTimeSendsItsFirstWords() throws {
        // Roll-up "E", then "ud" (the writer rolls "E" up, 608.roll-up-end), then paint-on "ll"
        // on row 14 beside "E", the same again for 3 frames (a new caption, the screen
        // unchanged), then "N". Read back, the 3-frame caption is the row "E   ll" (a decoder keeps
        // no boundaries within a row, 608.rows); repainted whole, its three transparent cells go
        // as transparent spaces, two frames each, and it could not be delivered (a fuzzing
        // finding). When time is short only the cells before the first transparent one go
        // again: PAC row 14 column 0 (94d0), "E" (45 80).
        let bytes = try Self.fixture("paint-on-repaint-of-a-row-with-gaps-in-short-time-fuzz.scc")
        let (first, second) = try Self.rewrites(bytes)
        // The first write warns (the line kept until it rolls out, the rows shared), so the
        // second is the fixed point.
        let reread = try #require(first.reread)
        let third = try SCCWriter(options: CaptionFormatOptions(fileName: "in.scc"))
            .write(try SCCReader().read(Array(second.text.utf8)).document)
        #expect(String(decoding: third.bytes, as: UTF8.self) == second.text)
        #expect(reread.captions.count == 5)
        #expect(second.text.contains("00:00:13;23\t94d0 94d0 4580\n"), "\(second.text)")
        // A line kept until it rolls out is reported as such, not as leaving "early" by a
        // number of frames that means nothing (it once said 9223372036854775330).
        #expect(!first.diagnostics.contains { $0.message.contains("922337") }, "\(first.diagnostics)")
        #expect(first.diagnostics.contains { $0.ruleID == "608.roll-up-end" })
    }

    @Test func aRepaintSendsTheFirstWordHoweverTheRowWasSent() throws {
        // A 32-cell roll-up line, "Lorem ipm dolor se", a cell never written (TO1), then
        // underlined text; then RDC and "T." written over the last column, which leaves the
        // screen as it was: a paint-on caption repeating the row. Written back, the line's
        // mid-row code takes the transparent cell (it shows a space, 15.119(h)(1)), so read back
        // the row has a space there. The repeat repainted the row up to its first transparent
        // cell ("Lorem ipm dolor se") at the first write, and whole at the rewrite (the reread row
        // has none): other bytes (a fuzzing finding). Now it repaints the first word, "Lorem"
        // (PAC row 15 column 0, 9470; "Lo", "re", "m" with odd parity), both times.
        let (first, second) = try Self.rewrites(
            try Self.fixture("paint-on-repeat-of-a-row-with-a-code-in-a-transparent-cell-fuzz.scc"))
        #expect(first.text == second.text, "first:\n\(first.text)\nsecond:\n\(second.text)")
        #expect(first.text.contains("00:02:57;00\t9470 9470 4cef f2e5 6d80\n"), "\(first.text)")
        let reread = try #require(first.reread)
        #expect(reread.captions.count == 2)
        #expect(reread.captions.map(\.text).allSatisfy { $0 == "Lorem ipm dolor se ¡U!\"'Vá iciñ." })
    }

    @Test func aPaintOnCaptionOfSeveralRowsIsPaintedByItsChanges() throws {
        // A pop-on caption "K█" / "th" (rows 2 and 3), then paint-on text on row 3 of it, the last
        // cell "," at column 31; then " " written over that cell: the two-row block loses its
        // comma. The comma must go, and nothing stays, so the writer erased the screen (EDM) and
        // painted both rows again, each after its PAC: read back, row 2 came back as a caption of
        // its own, then row 3 three frames later (a fuzzing finding). A caption of several rows
        // is now painted by its changes: PAC row 3 column 28 (925e), TO3, DER (94a4) in the
        // comma's cell. Read back, it is the caption read from the original.
        let bytes = try Self.fixture("paint-on-block-changed-in-one-row-fuzz.scc")
        let read = try SCCReader().read(bytes)
        let (first, second) = try Self.rewrites(bytes)
        #expect(first.text == second.text, "first:\n\(first.text)\nsecond:\n\(second.text)")
        #expect(first.text.contains("00:00:03;00\t925e 925e 9723 9723 94a4 94a4\n"), "\(first.text)")
        #expect(!first.text.contains("00:00:02;28\t942c"), "\(first.text)")
        let reread = try #require(first.reread)
        #expect(
            reread.captions.map { summary($0, dropFrame: true) }
                == read.document.captions.map { summary($0, dropFrame: true) })
    }

    @Test func aPaintOnCaptionPaintedRowByRowIsReported() throws {
        // Two rows painted on one after the other each show when their PAC and text arrive
        // (15.119(f)(3)); read back, each is a caption of its own, which the writer says.
        let region = CaptionRegion(
            origin: CaptionPoint(x: .cells(0), y: .cells(12)), size: CaptionSize(width: .cells(10), height: .cells(2)))
        let caption = Caption(
            runs: [CaptionRun("Hello\nWorld")],
            timeRange: TimeRange(start: time("00:00:01;00"), end: time("00:00:04;00")),
            region: region, animation: .characterReveal)
        let written = try SCCWriter(options: CaptionFormatOptions(fileName: "out.scc"))
            .write(CaptionDocument(captions: [caption], frameRate: .fps29_97))
        let notes = written.diagnostics.filter { $0.ruleID == "608.paint-on-rows" }.map(\.message)
        #expect(
            notes == [
                "caption 1 painted row by row: read back, each of its 2 rows is a caption of its own from when it is painted"
            ])
        let reread = try SCCReader().read(written.bytes)
        #expect(reread.document.captions.map(\.text) == ["Hello", "World"])
    }

    @Test func italicTextAPACReachesWithoutACodeIsPaintedFromItsOwnCell() throws {
        // Roll-up "L" and "♪" (the writer keeps "L" until it rolls out and paints beside "♪",
        // both reported), then paint-on italic "ns" at column 2 of row 15. Read back, that
        // caption is the row "♪ ns"; its changes start at the "n", which an italics PAC at
        // column 0 and TO2 reach with no attribute code (15.119(e)(1)). Before, any change in a
        // style other than a plain PAC's was painted from the row's first cell, the "♪" and the
        // transparent cell too, which did not fit in 3 frames (a fuzzing finding). The rewrite
        // sends PAC row 15 italics (946e), TO2 (97a2), "ns" as the first write does.
        let bytes = try Self.fixture("paint-on-italic-text-beside-a-roll-up-line-fuzz.scc")
        let (first, second) = try Self.rewrites(bytes)
        #expect(first.diagnostics.contains { $0.ruleID == "608.rows" })
        let third = try SCCWriter(options: CaptionFormatOptions(fileName: "in.scc"))
            .write(try SCCReader().read(Array(second.text.utf8)).document)
        #expect(String(decoding: third.bytes, as: UTF8.self) == second.text)
        #expect(first.text.contains("00:00:35;09\t946e 97a2 6e73\n"), "\(first.text)")
        #expect(second.text.contains("00:00:35;09\t946e 97a2 6e73\n"), "\(second.text)")
    }

    @Test func codesBeforeAChangeMoveItLeftOnlyAsFarAsNeeded() throws {
        // Paint-on "AB", an italics code and "," (columns 0–3), then italic "xy" after the comma
        // in 6 frames, which only the changes fit in. The italics code for "xy" alone would take
        // the comma's cell; starting at the comma, an italics PAC and TO3 reach it with no code,
        // as the file does: 946e, 9723, ",x", "y". Before, such changes started at the row's first
        // cell (hand-made from a fuzzing finding, where that took 31 frames of 22).
        let bytes = try Self.fixture("paint-on-change-after-text-that-needs-a-code-cell.scc")
        let (first, second) = try Self.rewrites(bytes)
        #expect(first.text == second.text)
        #expect(first.text.contains("00:00:02:00\t946e 946e 9723 9723 2cf8 7980\n"), "\(first.text)")
        #expect(try #require(first.reread).captions.map(\.text) == ["AB ,", "AB ,xy"])
    }
}
