import CEA608
import CaptionCore
import Testing

/// Black text after a mid-row code: FA (0x17 0x2E → 97ae) backs over the cell before it
/// (CEA-608-B §6.2), which may be the mid-row code's own cell (a space either way, 15.119(h)(1)):
/// both codes take one cell, where the text has one space.
extension EncoderTests {
    /// "Hi " then "yo" in black italics at column 0: PAC row 15 (0x14 0x70 → 9470), "Hi" (c8e9),
    /// the italics code (0x11 0x2E → 91ae) in the space's cell, FA backing over it, "yo" (79ef)
    /// from column 3, where the caption has it: no text moved, nothing reported.
    @Test func blackItalicTextAfterASpaceTakesOneCellForItsTwoCodes() {
        let runs = [
            CaptionRun("Hi "), CaptionRun("yo", style: CaptionTextStyle(textColor: .black, italic: true)),
        ]
        let result = CEA608Encoder().transmissionPlans(
            for: [Self.caption(runs, start: 90, end: 120)], rate: Self.rate)
        #expect(
            Self.hex(result.plans[0].preload) == [
                "9420", "9420", "9470", "9470", "c8e9", "91ae", "91ae", "97ae", "97ae", "79ef",
            ])
        #expect(result.diagnostics.isEmpty)
    }

    /// Italic "ab " (italics PAC, 0x14 0x6E → 946e) then black roman "cd": the white mid-row code
    /// (0x11 0x20 → 9120) turns italics off (15.119(h)(1)(ii)) in the space's cell, FA backs over
    /// it, "cd" (e364) from column 3.
    @Test func blackRomanTextAfterItalicsSharesTheColourCodesCell() {
        let runs = [
            CaptionRun("ab ", style: CaptionTextStyle(italic: true)),
            CaptionRun("cd", style: CaptionTextStyle(textColor: .black)),
        ]
        let result = CEA608Encoder().transmissionPlans(
            for: [Self.caption(runs, start: 90, end: 120)], rate: Self.rate)
        #expect(
            Self.hex(result.plans[0].preload) == [
                "9420", "9420", "946e", "946e", "6162", "9120", "9120", "97ae", "97ae", "e364",
            ])
        #expect(result.diagnostics.isEmpty)
    }
}
