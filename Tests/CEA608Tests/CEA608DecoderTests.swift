// The CEA-608 decoder on hand-built byte streams, one test per feature. Expected values are
// worked out from 47 CFR 15.119 (now 47 CFR 79.101) and CEA-608-B as cited in each test.

import CEA608
import CaptionCore
import Testing

@Suite struct CEA608DecoderTests {
    // MARK: - Bytes

    @Test func characterFailingParityShowsASolidBlockInItsCell() {
        // 15.119(b): odd parity. 0x41 ('A' without its parity bit) has two one bits: that byte
        // shows as the solid block 0x7F (15.119(j)(1)) in its own cell; 0xC2 ('B') is fine and
        // keeps its cell, so "C" lands in the third column. Failed before: the whole pair was
        // dropped, leaving "C" alone in column 1.
        var decoder = CEA608Decoder()
        let steps = feed(&decoder, [.twice(RDC), .code(pac(row: 15)), .raw(0x41, 0xC2), .text("C")])
        #expect(steps[3].code == .characters("\u{2588}", "B"))
        #expect(steps[3].failedParity)
        #expect(steps[3].diagnostic?.ruleID == "608.parity")
        #expect(rows(decoder.displayedMemory) == ["15:\u{2588}BC"])
    }

    @Test func characterBesideANullWithoutParityKeepsItsLetter() {
        // 6d00: 0x6D ('m', five one bits) is fine; 0x00 has none, fails, and is not printable, so
        // it stays nothing. Then É (0x1221) replaces the cell before it, the 'm' (CEA-608-B
        // §6.4.2). Failed before: the pair was dropped and É replaced the 'A' before it.
        var decoder = CEA608Decoder()
        _ = feed(&decoder, [.twice(RDC), .code(pac(row: 15)), .text("A"), .raw(0x6D, 0x00), .code(0x1221)])
        #expect(rows(decoder.displayedMemory) == ["15:AÉ"])
    }

    @Test func controlPairFailingParityIsDroppedWithADiagnostic() {
        // 0x14 0x2C (EDM) with the first byte's parity bit missing: a control pair with a bad byte
        // is dropped whole (15.119(b)); the screen stays.
        var decoder = CEA608Decoder()
        let steps = feed(&decoder, [.twice(RDC), .code(pac(row: 15)), .text("HI"), .raw(0x14, 0x2C)])
        #expect(steps[4].code == .parityError)
        #expect(steps[4].diagnostic?.ruleID == "608.parity")
        #expect(rows(decoder.displayedMemory) == ["15:HI"])
    }

    @Test func fillerBytesAreSkipped() {
        // 0x80 is 0x00 with parity: no character (15.119(i)(1)). "A" + filler is one character.
        var decoder = CEA608Decoder()
        let steps = feed(&decoder, [.twice(RDC), .code(pac(row: 15)), .text("A"), .filler])
        #expect(steps[3].code == .characters("A", nil))
        #expect(steps[4].code == .padding)
        #expect(rows(decoder.displayedMemory) == ["15:A"])
    }

    @Test func doubledControlCodesAreTakenOnce() {
        // 15.119(i): a control code is sent twice; the identical second copy is ignored, a third
        // copy counts again. This holds for special characters, PACs and mid-row codes too.
        var decoder = CEA608Decoder()
        let steps = feed(
            &decoder,
            [
                .twice(RDC), .twice(pac(row: 15)), .code(0x1137), .code(0x1137), .code(0x1137),
                .text("A"), .twice(0x112E), .text("B"),
            ])
        #expect(steps[1].code == .repeated)
        #expect(steps[3].code == .repeated)
        #expect(steps[5].code == .repeated)
        #expect(steps[6].code == .specialCharacter("♪"))
        // ♪ ♪ from three copies; one space cell from the doubled mid-row code.
        #expect(rows(decoder.displayedMemory) == ["15:♪♪A B"])
    }

    @Test func doubledExtendedCharacterReplacesOnce() {
        // CEA-608-B §6.4.2: "!" then ¡ (0x1227) sent twice: one backspace, one ¡.
        var decoder = CEA608Decoder()
        let steps = feed(&decoder, [.twice(RDC), .code(pac(row: 15)), .text("A!"), .twice(0x1227), .text("B")])
        #expect(steps[4].code == .extendedCharacter("¡"))
        #expect(steps[5].code == .repeated)
        #expect(rows(decoder.displayedMemory) == ["15:A¡B"])
    }

    @Test func extendedCharacterBacksUpEvenAfterAnotherExtendedCharacter() {
        // CEA-608-B §6.4.2: every extended character first backs up one column, also when the
        // character before it was itself extended (no fallback sent in between).
        var decoder = CEA608Decoder()
        feed(&decoder, [.twice(RDC), .code(pac(row: 15)), .text("E"), .code(0x1221), .code(0x1220)])
        #expect(rows(decoder.displayedMemory) == ["15:Á"])
        #expect(decoder.cursorColumn == 1)
        feed(&decoder, [.text("u"), .code(0x1225), .text("O"), .code(0x1332)], from: 10)
        #expect(rows(decoder.displayedMemory) == ["15:ÁüÖ"])
    }

    @Test func specialCharactersAndTheTransparentSpace() {
        // 15.119(g) special characters; 0x1139 is the transparent space, kept as U+00A0
        // (Specs/cea608/disputed-code-points.md).
        var decoder = CEA608Decoder()
        feed(&decoder, [.twice(RDC), .code(pac(row: 1)), .code(0x1130), .code(0x1139), .code(0x113F)])
        #expect(rows(decoder.displayedMemory) == ["1:®\u{A0}û"])
    }

    // MARK: - Pop-on

    @Test func popOnCaptionAppearsAtEndOfCaption() {
        // 15.119(f)(2): RCL loads non-displayed memory; EOC swaps the memories.
        var decoder = CEA608Decoder()
        let steps = feed(
            &decoder,
            [.twice(RCL), .twice(ENM), .twice(pac(row: 15, indent: 4)), .text("HELLO"), .twice(EOC), .twice(EDM)])
        // Frames 0–8 load; frame 9 is the first EOC, frame 10 its repeat.
        #expect(steps[0..<9].allSatisfy { $0.screenChange == nil })
        #expect(steps[9].screenChange?.cause == .swap)
        #expect(steps[9].screenChange?.frame == 9)
        #expect(steps[9].screenChange?.contains(row: 14) == true)
        #expect(steps[10].screenChange == nil)
        #expect(steps[11].screenChange?.cause == .erase)
        #expect(rows(decoder.displayedMemory).isEmpty)
        // After the swap the old (empty) display is the non-displayed memory.
        #expect(rows(decoder.nonDisplayedMemory).isEmpty)
    }

    @Test func endOfCaptionSwapsBothWays() {
        var decoder = CEA608Decoder()
        feed(&decoder, [.twice(RCL), .code(pac(row: 1)), .text("ONE"), .twice(EOC)])
        feed(&decoder, [.twice(RCL), .code(pac(row: 2)), .text("TWO"), .twice(EOC)], from: 10)
        // The first EOC left the old (empty) display in non-displayed memory, where TWO was
        // written; the second EOC shows TWO alone and puts ONE back out of sight.
        #expect(rows(decoder.displayedMemory) == ["2:TWO"])
        #expect(rows(decoder.nonDisplayedMemory) == ["1:ONE"])
        feed(&decoder, [.twice(ENM), .twice(EOC)], from: 20)
        #expect(rows(decoder.displayedMemory).isEmpty)
        #expect(rows(decoder.nonDisplayedMemory) == ["2:TWO"])
    }

    // MARK: - Editing

    @Test func backspaceAndDeleteToEndOfRow() {
        // 15.119 miscellaneous control codes: BS erases the cell left of the cursor; DER erases
        // from the cursor to the end of the row.
        var decoder = CEA608Decoder()
        feed(&decoder, [.twice(RDC), .code(pac(row: 4)), .text("ABC"), .twice(BS)])
        #expect(rows(decoder.displayedMemory) == ["4:AB"])
        feed(&decoder, [.text("CDEF"), .code(pac(row: 4)), .code(TO2), .twice(DER)], from: 10)
        #expect(rows(decoder.displayedMemory) == ["4:AB"])
        feed(&decoder, [.code(pac(row: 4)), .twice(DER)], from: 20)
        #expect(rows(decoder.displayedMemory).isEmpty)
    }

    @Test func tabOffsetsMoveTheCursor() {
        // 15.119(e)(1)(ii): TO1–TO3 move the cursor 1–3 columns, never past column 32.
        var decoder = CEA608Decoder()
        feed(&decoder, [.twice(RDC), .code(pac(row: 3, indent: 4)), .code(TO2), .text("X")])
        #expect(firstColumn(decoder.displayedMemory, row: 3) == 6)
        feed(&decoder, [.code(pac(row: 5, indent: 28)), .code(TO3), .code(TO3), .text("Y")], from: 10)
        #expect(firstColumn(decoder.displayedMemory, row: 5) == 31)
    }

    @Test func textPastTheLastColumnReplacesIt() {
        // 15.119(e): characters after column 32 replace the character in column 32.
        var decoder = CEA608Decoder()
        feed(&decoder, [.twice(RDC), .code(pac(row: 1, indent: 28)), .text("ABCDEFG")])
        #expect(rows(decoder.displayedMemory) == ["1:ABCG"])
    }

    @Test func alarmCodesAreIgnored() {
        var decoder = CEA608Decoder()
        let steps = feed(&decoder, [.twice(RDC), .code(pac(row: 1)), .text("A"), .twice(AON), .twice(AOF)])
        #expect(steps[4].code == .command(.alarmOn))
        #expect(steps[4...].allSatisfy { $0.screenChange == nil })
        #expect(rows(decoder.displayedMemory) == ["1:A"])
    }

    // MARK: - Roll-up

    @Test func rollUpUsesThePACRowAsBaseRowAndRolls() {
        // 15.119(f)(1): RU2 opens a two-row window whose base row is the PAC's row; CR rolls the
        // window up, the top row leaving the screen.
        var decoder = CEA608Decoder()
        let first = feed(&decoder, [.twice(RU2), .twice(CR), .twice(pac(row: 10)), .text("ONE")])
        #expect(first[6].screenChange?.cause == .paint)
        #expect(rows(decoder.displayedMemory) == ["10:ONE"])
        let lineOne = decoder.displayedMemory.lineID(row: 9)
        let second = feed(&decoder, [.twice(CR), .text("TWO")], from: 10)
        #expect(second[0].screenChange?.cause == .roll)
        #expect(rows(decoder.displayedMemory) == ["9:ONE", "10:TWO"])
        #expect(decoder.displayedMemory.lineID(row: 8) == lineOne)
        feed(&decoder, [.twice(CR), .text("THREE")], from: 20)
        #expect(rows(decoder.displayedMemory) == ["9:TWO", "10:THREE"])
        #expect(decoder.baseRow == 9)
        // RU3 keeps the text and widens the window; the next CR keeps three rows.
        feed(&decoder, [.twice(RU3), .twice(CR), .text("FOUR")], from: 30)
        #expect(rows(decoder.displayedMemory) == ["8:TWO", "9:THREE", "10:FOUR"])
    }

    @Test func rollUpWindowFollowsANewBaseRow() {
        // 15.119(f)(1): a PAC for another row moves the base row; the window's text moves with it.
        var decoder = CEA608Decoder()
        feed(&decoder, [.twice(RU2), .code(pac(row: 15)), .text("A"), .twice(CR), .text("B")])
        #expect(rows(decoder.displayedMemory) == ["14:A", "15:B"])
        let steps = feed(&decoder, [.twice(pac(row: 5))], from: 10)
        #expect(steps[0].screenChange?.cause == .roll)
        #expect(rows(decoder.displayedMemory) == ["4:A", "5:B"])
        #expect(decoder.cursorRow == 4)
    }

    @Test func rollUpWindowMovedToTheTopErasesRowsWithNoPlace() {
        // 15.119(f)(1): moved to base row 1, a four-row window keeps only its base row; the rows
        // that would go above row 1 are erased rather than left where they were.
        var decoder = CEA608Decoder()
        let lines: [Piece] = [
            .twice(RU4), .code(pac(row: 15)), .text("A"), .twice(CR), .text("B"), .twice(CR), .text("C"), .twice(CR),
            .text("D"),
        ]
        feed(&decoder, lines)
        #expect(rows(decoder.displayedMemory) == ["12:A", "13:B", "14:C", "15:D"])
        let steps = feed(&decoder, [.twice(pac(row: 1))], from: 40)
        #expect(steps[0].screenChange?.cause == .roll)
        #expect(rows(decoder.displayedMemory) == ["1:D"])
        #expect(decoder.baseRow == 0)
    }

    @Test func enteringRollUpErasesThePopOnScreen() {
        // 15.119(f)(1): switching to roll-up from pop-on or paint-on erases the display.
        var decoder = CEA608Decoder()
        feed(&decoder, [.twice(RCL), .code(pac(row: 1)), .text("POP"), .twice(EOC)])
        let steps = feed(&decoder, [.twice(RU3)], from: 10)
        #expect(steps[0].screenChange?.cause == .erase)
        #expect(rows(decoder.displayedMemory).isEmpty)
        #expect(decoder.mode == .rollUp(rows: 3))
    }

    @Test func carriageReturnOutsideRollUpDoesNothing() {
        var decoder = CEA608Decoder()
        let steps = feed(&decoder, [.twice(RDC), .code(pac(row: 2)), .text("A"), .twice(CR)])
        #expect(steps[4].screenChange == nil)
        #expect(rows(decoder.displayedMemory) == ["2:A"])
    }

    // MARK: - Paint-on

    @Test func paintOnWritesStraightToTheScreen() {
        // 15.119(f)(3): RDC; characters appear as they arrive.
        var decoder = CEA608Decoder()
        let steps = feed(&decoder, [.twice(RDC), .code(pac(row: 1)), .text("HI")])
        #expect(steps[3].screenChange == CEA608ScreenChange(frame: 3, cause: .paint, rows: 1))
        #expect(rows(decoder.displayedMemory) == ["1:HI"])
        #expect(rows(decoder.nonDisplayedMemory).isEmpty)
    }

    // MARK: - Attributes

    @Test func midRowCodesTakeASpaceAndChangeStyle() {
        // 15.119(h)(1)(i)–(ii): a mid-row code is a space; a colour turns italics off, italics
        // keeps the colour; bit 0 underlines.
        var decoder = CEA608Decoder()
        feed(
            &decoder,
            [
                .twice(RDC), .code(pac(row: 1)), .text("A"), .twice(0x112E), .text("B"), .twice(0x1128),
                .text("C"), .twice(0x112F), .text("D"),
            ])
        let memory = decoder.displayedMemory
        #expect(memory.text(row: 0) == "A B C D")
        #expect(memory.cell(row: 0, column: 1).style == .default)  // the space keeps the old style
        #expect(memory.cell(row: 0, column: 2).style == CEA608CellAttributes(italic: true))
        #expect(memory.cell(row: 0, column: 4).style == CEA608CellAttributes(foreground: .red))
        #expect(
            memory.cell(row: 0, column: 6).style
                == CEA608CellAttributes(foreground: .red, italic: true, underline: true))
    }

    @Test func flashOnTakesASpaceAndMidRowEndsIt() {
        // 15.119(h)(1)(iii): Flash On is a spacing attribute; a mid-row code turns flash off.
        var decoder = CEA608Decoder()
        feed(
            &decoder,
            [.twice(RDC), .code(pac(row: 5)), .text("A"), .twice(FON), .text("B"), .twice(0x1120), .text("C")])
        let memory = decoder.displayedMemory
        #expect(memory.text(row: 4) == "A B C")
        #expect(memory.cell(row: 4, column: 2).style.flash)
        #expect(!memory.cell(row: 4, column: 4).style.flash)
    }

    @Test func backgroundAndBlackForegroundAttributes() {
        // CEA-608-B §6.2: each code backs over the standard space sent before it and takes that
        // cell: BBS (0x1025) semi-transparent blue, BT (0x172D) transparent, FAU (0x172F) black
        // underlined text.
        var decoder = CEA608Decoder()
        feed(
            &decoder,
            [
                .twice(RDC), .code(pac(row: 2)), .text("A "), .twice(0x1025), .text("B "), .twice(0x172D),
                .text("C "), .twice(0x172F), .text("D"),
            ])
        let memory = decoder.displayedMemory
        #expect(memory.text(row: 1) == "A B C D")
        #expect(memory.cell(row: 1, column: 1).style.background == .semiTransparent(.blue))
        #expect(memory.cell(row: 1, column: 2).style.background == .semiTransparent(.blue))
        #expect(memory.cell(row: 1, column: 4).style.background == .transparent)
        let d = memory.cell(row: 1, column: 6).style
        #expect(d.foreground == .black && d.underline && d.background == .transparent)
    }

    @Test func anAttributeCodeInTheFirstColumnWithNothingBeforeItTakesNoCell() {
        // CTA-608-E §6.2: the code's automatic backspace cannot happen in column 1 when nothing
        // was written since the PAC (or CR) put the cursor there: the code changes the pen and
        // takes no cell, so the text starts in column 1, as on a decoder without attribute codes
        // ("text formatting shall be the same on all decoders"; Specs/scc.md "Background
        // attribute codes after a PAC"). Before, the code's space took column 1 and a row of 32
        // characters lost its 31st. BGO 0x1022, FA 0x172E.
        let row32 = "I'm doing so as enthusiastically"
        var decoder = CEA608Decoder()
        feed(&decoder, [.twice(RDC), .code(pac(row: 14)), .twice(0x1022), .text(row32)])
        #expect(rows(decoder.displayedMemory) == ["14:" + row32])
        #expect(decoder.displayedMemory.cell(row: 13, column: 0).style.background == .opaque(.green))
        #expect(decoder.displayedMemory.cell(row: 13, column: 31).style.background == .opaque(.green))
        // After a CR in roll-up, the same; black text from the first column.
        var rollUp = CEA608Decoder()
        feed(&rollUp, [.twice(RU2), .text("AB"), .twice(CR), .twice(0x172E), .text("CD")])
        #expect(rows(rollUp.displayedMemory) == ["14:AB", "15:CD"])
        #expect(rollUp.displayedMemory.cell(row: 14, column: 0).style.foreground == .black)
        // And at the start of a text-mode row (CEA-608-B §7.4).
        var text = CEA608Decoder()
        feed(&text, [.twice(TR), .twice(0x1022), .text("HI"), .twice(CR)])
        #expect(text.textLines.map(\.text) == ["HI"])
    }

    @Test func anAttributeCodeAfterASpaceOrATabInTheFirstColumnsBacksOverIt() {
        // Everywhere else §6.2's backspace holds: after a standard space in column 1 the code
        // takes that cell (its space in the new background) and the text starts in column 2;
        // after a PAC to column 1 and TO1 the code backs into column 1 likewise.
        var spaced = CEA608Decoder()
        feed(&spaced, [.twice(RDC), .code(pac(row: 14)), .text(" "), .twice(0x1022), .text("AB")])
        #expect(rows(spaced.displayedMemory) == ["14: AB"])
        #expect(spaced.displayedMemory.cell(row: 13, column: 0).style.background == .opaque(.green))
        var tabbed = CEA608Decoder()
        feed(&tabbed, [.twice(RDC), .code(pac(row: 14)), .twice(TO1), .twice(0x1022), .text("AB")])
        #expect(rows(tabbed.displayedMemory) == ["14: AB"])
        #expect(firstColumn(tabbed.displayedMemory, row: 14) == 0)
    }

    @Test func everyPreambleAddressCode() {
        // 47 CFR 15.119 PAC table, written out here rather than taken from PreambleAddressCode:
        // per row the first byte and the base of the second (channel 1); the second byte's low
        // five bits are the attribute × 2 + underline: white, green, blue, cyan, red, yellow,
        // magenta, white italics (0x00–0x0E), then indents 0, 4, … 28 in white (0x10–0x1E).
        let rows: [(row: Int, first: UInt8, base: UInt8)] = [
            (1, 0x11, 0x40), (2, 0x11, 0x60), (3, 0x12, 0x40), (4, 0x12, 0x60), (5, 0x15, 0x40),
            (6, 0x15, 0x60), (7, 0x16, 0x40), (8, 0x16, 0x60), (9, 0x17, 0x40), (10, 0x17, 0x60),
            (11, 0x10, 0x40), (12, 0x13, 0x40), (13, 0x13, 0x60), (14, 0x14, 0x40), (15, 0x14, 0x60),
        ]
        let colors: [CEA608Color] = [.white, .green, .blue, .cyan, .red, .yellow, .magenta, .white]
        var checked = 0
        for (row, first, base) in rows {
            for attribute in 0..<16 {
                for underline in [false, true] {
                    let second = base | UInt8(attribute * 2) | (underline ? 1 : 0)
                    var decoder = CEA608Decoder()
                    let steps = feed(&decoder, [.twice(RDC), .code(UInt16(first) << 8 | UInt16(second)), .text("A")])
                    guard case .preambleAddress(let pac) = steps[2].code else {
                        Issue.record("\(first) \(second) did not decode as a PAC: \(steps[2].code)")
                        continue
                    }
                    #expect(pac.row == row)
                    let column = attribute < 8 ? 0 : (attribute - 8) * 4
                    let cell = decoder.displayedMemory.cell(row: row - 1, column: column)
                    #expect(cell.character == "A", "row \(row) attribute \(attribute)")
                    #expect(cell.style.foreground == (attribute < 8 ? colors[attribute] : .white))
                    #expect(cell.style.italic == (attribute == 7))
                    #expect(cell.style.underline == underline)
                    checked += 1
                }
            }
        }
        #expect(checked == 15 * 16 * 2)
    }

    // MARK: - Text mode

    @Test func textModeIsKeptApartFromCaptions() {
        // CEA-608-B §7.4: TR starts text mode; CR ends a row; RCL returns to captions.
        var decoder = CEA608Decoder()
        feed(
            &decoder, [.twice(TR), .text("HELLO"), .twice(CR), .text("WORLD"), .twice(RCL), .text("CAP"), .twice(EOC)])
        #expect(decoder.textLines.map(\.text) == ["HELLO", "WORLD"])
        #expect(decoder.textLines.first?.startFrame == 2)
        #expect(decoder.textLines.first?.endFrame == 5)
        #expect(rows(decoder.displayedMemory) == ["15:CAP"])
    }

    // MARK: - Channels

    @Test func dataChannelTwoIsIgnoredByCC1AndReadByCC2() {
        // 15.119(c): two data channels; data channel 2 sets bit 3 of the first byte.
        let stream: [Piece] = [.twice(0x1C20), .twice(0x1C70), .text("XY"), .twice(0x1C2F)]
        var cc1 = CEA608Decoder(channel: .cc1)
        let steps = feed(&cc1, stream)
        #expect(rows(cc1.displayedMemory).isEmpty)
        #expect(steps[0].channel == .cc2 && !steps[0].accepted)
        var cc2 = CEA608Decoder(channel: .cc2)
        feed(&cc2, stream)
        #expect(rows(cc2.displayedMemory) == ["15:XY"])
    }

    @Test func fieldTwoCodesSelectCC3() {
        // Specs/cea608/channels.md: in field 2 the miscellaneous codes use 0x15.
        let stream: [Piece] = [.twice(0x1520), .twice(pac(row: 15)), .text("F2"), .twice(0x152F)]
        var cc3 = CEA608Decoder(channel: .cc3)
        feed(&cc3, stream)
        #expect(rows(cc3.displayedMemory) == ["15:F2"])
        var cc1 = CEA608Decoder(channel: .cc1)
        let steps = feed(&cc1, stream)
        #expect(rows(cc1.displayedMemory).isEmpty)
        #expect(steps[0].diagnostic?.ruleID == "608.other-field")
    }

    @Test func xdsIsKeptOutOfCaptions() {
        // CTA-608-E §8.6: 0x01–0x0E start or continue an XDS packet, 0x0F ends it; this one's
        // checksum (0x40, not 0x62) fails (§8.6.3).
        var cc3 = CEA608Decoder(channel: .cc3)
        let steps = feed(
            &cc3,
            [
                .raw(0x01, 0x83), .text("ABCD"), .raw(0x8F, 0x40), .twice(0x1529), .twice(pac(row: 1)),
                .text("OK"),
            ])
        #expect(steps[0].code == .xds(0x01, 0x03))
        #expect(steps[1].code == .xds(0x41, 0x42))
        #expect(steps[3].diagnostic?.ruleID == "608.xds-checksum")
        #expect(cc3.xdsPackets.isEmpty)
        #expect(rows(cc3.displayedMemory) == ["1:OK"])
    }
}
