// From the screen to captions on hand-built files (Specs/scc.md "From the screen to captions"):
// the block rule, regions, styles and the three caption modes.

import CaptionCore
import SCC
import Testing

@Suite struct SCCCaptionTests {
    static func file(_ lines: [(String, [SCCPiece])]) -> String {
        "Scenarist_SCC V1.0\n\n" + lines.map { "\($0.0)\t\(sccWords($0.1))\n\n" }.joined()
    }

    @Test func blocksSplitByColumnAndByGaps() throws {
        // PACs (15.119 PAC table): 0x1372 is row 13 indent 4, 0x1452 row 14 indent 4, 0x1470
        // row 15 indent 0 + TO2 = column 2, 0x1752 row 9 indent 4.
        // Rows 13–14 start at column 4: one caption. Row 15 starts at column 2: its own. Row 9
        // is not next to them: its own.
        let text = Self.file([
            (
                "00:00:01:00",
                [
                    .code(0x1420), .code(0x1372), .text("AB"), .code(0x1452), .text("CD"), .code(0x1470),
                    .code(0x1722), .text("EF"), .code(0x1752), .text("GH"), .code(0x142F),
                ]
            ),
            ("00:00:03:00", [.code(0x142C)]),
        ])
        let result = try readSCC(text)
        // The EOC is word 10: 00:00:01:10.
        #expect(
            summaries(result, dropFrame: false) == [
                "00:00:01:10 00:00:03:00 9-9:4 GH",
                "00:00:01:10 00:00:03:00 13-14:4 AB\nCD",
                "00:00:01:10 00:00:03:00 15-15:2 EF",
            ])
        #expect(result.document.captions[1].region == .cells(row: 12, column: 4, rows: 2, columns: 2))
    }

    @Test func stylesBecomeRuns() throws {
        // A, mid-row red (a space in the old style), B, " " + BBS (semi-transparent blue from that
        // cell, CEA-608-B §6.2), C, FON (a space), D (flashing), " " + BT, E, " " + FA, F (black).
        let text = Self.file([
            (
                "00:00:01:00",
                [
                    .code(0x1420), .code(0x1470), .text("A"), .code(0x1128), .text("B "), .code(0x1025),
                    .text("C"), .code(0x1428), .text("D "), .code(0x172D), .text("E "), .code(0x172E),
                    .text("F"), .code(0x142F),
                ]
            ),
            ("00:00:03:00", [.code(0x142C)]),
        ])
        let caption = try #require(try readSCC(text).document.captions.first)
        let semiBlue = CaptionColor.blue.withAlpha(SCCReader.semiTransparentAlpha)
        #expect(caption.text == "A B C D E F")
        #expect(
            caption.runs == [
                CaptionRun("A "),
                CaptionRun("B", style: CaptionTextStyle(textColor: .red)),
                CaptionRun(" C ", style: CaptionTextStyle(textColor: .red, backgroundColor: semiBlue)),
                CaptionRun("D", style: CaptionTextStyle(textColor: .red, backgroundColor: semiBlue, flash: true)),
                CaptionRun(" E ", style: CaptionTextStyle(textColor: .red, backgroundColor: .clear, flash: true)),
                CaptionRun("F", style: CaptionTextStyle(textColor: .black, backgroundColor: .clear, flash: true)),
            ])
    }

    @Test func pacColoursItalicsAndUnderline() throws {
        // 0x1443: row 14, green, underlined; 0x146e: row 15, white italics. Both rows start at
        // column 0, so they are one caption; styles do not split blocks, they make runs.
        let text = Self.file([
            (
                "00:00:01:00",
                [.code(0x1420), .code(0x1443), .text("GU"), .code(0x146E), .text("IT"), .code(0x142F)]
            )
        ])
        let caption = try #require(try readSCC(text).document.captions.first)
        #expect(
            caption.runs == [
                CaptionRun("GU\n", style: CaptionTextStyle(textColor: .green, underline: true)),
                CaptionRun("IT", style: CaptionTextStyle(italic: true)),
            ])
    }

    @Test func rollUpLinesAreCaptionsInTheirWindow() throws {
        // RU3 on base row 12 (PAC 0x1350): window rows 10–12. Each line from its CR (the first
        // line's CR, word 1, restarts the run RU3 began; Specs/scc.md "Start of a roll-up line or
        // paint-on caption") to the CR that rolls it off the top (the third CR after it).
        let lines: [(String, [SCCPiece])] = [
            ("00:00:01:00", [.code(0x1426), .code(0x142D), .code(0x1350), .text("ONE")]),
            ("00:00:02:00", [.code(0x142D), .code(0x1350), .text("TWO")]),
            ("00:00:03:00", [.code(0x142D), .code(0x1350), .text("THREE")]),
            ("00:00:04:00", [.code(0x142D), .code(0x1350), .text("FOUR")]),
            ("00:00:05:00", [.code(0x142C)]),
        ]
        let result = try readSCC(Self.file(lines))
        #expect(
            summaries(result, dropFrame: false) == [
                "00:00:01:01 00:00:04:00 10-12:0 RU3 ONE",
                "00:00:02:00 00:00:05:00 10-12:0 RU3 TWO",
                "00:00:03:00 00:00:05:00 10-12:0 RU3 THREE",
                "00:00:04:00 00:00:05:00 10-12:0 RU3 FOUR",
            ])
        #expect(result.document.captions.allSatisfy { $0.animation == .none })
    }

    @Test func aPauseAfterTheCarriageReturnLeavesTheLineToItsText() throws {
        // The same window, but the CR of the second line comes at the end of the first line's
        // SCC line, and its text a second later: the run that prepares the line ends at the
        // pause, so the line starts with its text (Specs/scc.md "Start of a roll-up line or
        // paint-on caption"). The first line still rolls up at the CR's frame (01:04).
        let lines: [(String, [SCCPiece])] = [
            ("00:00:01:00", [.code(0x1426), .code(0x1350), .text("ONE"), .code(0x142D)]),
            ("00:00:02:00", [.text("TWO")]),
            ("00:00:03:00", [.code(0x142C)]),
        ]
        let result = try readSCC(Self.file(lines))
        #expect(
            summaries(result, dropFrame: false) == [
                "00:00:01:00 00:00:03:00 10-12:0 RU3 ONE",
                "00:00:02:00 00:00:03:00 10-12:0 RU3 TWO",
            ])
    }

    @Test func paintOnTextIsACaptionFromWhenItIsSent() throws {
        // RDC PAC row 14 (frame 31), "HEL" (32–33); a second later "LO" (60), PAC row 15 (61),
        // "WORLD" (62–64); BS (90); EDM (120). Characters appear when they are sent
        // (15.119(f)(3)), so each run of words paints a caption of its own from its first code:
        // "HEL" from its PAC; "LO" after a pause repaints row 14, so "HEL" ends at 60 and row 14
        // is "HELLO" from 60; row 15 is "WORLD" from its PAC (61). RDC erases nothing, so row 14
        // stays up. BS erases row 15's last cell: "WORLD" ends and "WORL" remains from the BS.
        // Failed before: one caption "HELLO\nWORLD" from frame 31, showing "LO" and "WORLD" up to
        // a second before they were sent.
        let lines: [(String, [SCCPiece])] = [
            ("00:00:01:00", [.code(0x1429), .code(0x1440), .text("HEL")]),
            ("00:00:02:00", [.text("LO"), .code(0x1460), .text("WORLD")]),
            ("00:00:03:00", [.code(0x1421)]),
            ("00:00:04:00", [.code(0x142C)]),
        ]
        let result = try readSCC(Self.file(lines))
        #expect(
            summaries(result, dropFrame: false) == [
                "00:00:01:01 00:00:02:00 14-14:0 paint HEL",
                "00:00:02:00 00:00:04:00 14-14:0 paint HELLO",
                "00:00:02:01 00:00:03:00 15-15:0 paint WORLD",
                "00:00:03:00 00:00:04:00 15-15:0 paint WORL",
            ])
    }

    @Test func extendedCharacterCorrectionKeepsAPaintOnCaption() throws {
        // "E" then É (0x1221) replaces it (CEA-608-B §6.4.2): still one caption, from its PAC.
        let lines: [(String, [SCCPiece])] = [
            ("00:00:01:00", [.code(0x1429), .code(0x1440), .text("CAF"), .text("E"), .code(0x1221)]),
            ("00:00:02:00", [.code(0x142C)]),
        ]
        let result = try readSCC(Self.file(lines))
        #expect(summaries(result, dropFrame: false) == ["00:00:01:01 00:00:02:00 14-14:0 paint CAFÉ"])
    }

    @Test func disassembly() throws {
        let text = Self.file([
            ("00:00:01:00", [.code(0x1420), .code(0x1420), .code(0x1470), .text("HI"), .code(0x142F)])
        ])
        let (entries, diagnostics) = try SCCDisassembler().disassemble(Array(text.utf8))
        #expect(diagnostics.isEmpty)
        #expect(entries.map(\.meaning) == ["RCL", "(repeat, ignored)", "PAC row 15 col 0 white", "\"HI\"", "EOC"])
        #expect(entries.last?.screen == ["15:0 HI"])
        let lines = SCCDisassembler.text(entries).split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("00:00:01:00  9420  CC1") == true)
        #expect(lines.last == "    screen 15:0 HI")
    }
}
