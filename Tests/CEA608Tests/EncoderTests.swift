import CEA608
import CaptionCore
import Testing

/// The encoder's words, derived by hand from 47 CFR 15.119 (now 47 CFR 79.101) and CEA-608-B.
/// Parity (15.119(b)): bit 7 is set when the seven data bits have an even number of ones, so
/// 0x14 (two ones) is sent as 0x94 and 0x20 (one) as 0x20.
@Suite struct EncoderTests {
    static let rate = FrameRate.fps29_97

    static func caption(
        _ runs: [CaptionRun], row: Int = 14, column: Int = 0, start: Int64, end: Int64,
        scroll: CaptionRegion.Scroll = .none, paint: Bool = false
    ) -> Caption {
        var caption = Caption(
            runs: runs, timeRange: TimeRange(start: rate.time(ofFrame: start), end: rate.time(ofFrame: end)),
            region: .cells(row: row, column: column, rows: 1, columns: 32 - column, scroll: scroll))
        if paint { caption.animation = .characterReveal }
        return caption
    }

    /// Words as hex, each doubled code written twice, for comparison with hand-derived lists.
    static func hex(_ units: [TransmissionUnit]) -> [String] {
        units.flatMap { unit in
            let text = String(unit.word, radix: 16)
            let padded = String(repeating: "0", count: 4 - text.count) + text
            return Array(repeating: padded, count: unit.count)
        }
    }

    static func plans(_ captions: [Caption], channel: CaptionChannel = .cc1) -> [CaptionTransmissionPlan] {
        CEA608Encoder(channel: channel).transmissionPlans(for: captions, rate: rate).plans
    }

    @Test func transparentCellsAreJumpedOverOrSentAsTheTransparentSpace() {
        // "ab", four cells that show the picture (U+00A0, the transparent space), "cd": the second
        // run gets its own PAC (row 15 indent 4 = 0x14 0x72 → 94f2) and TO2 (0x17 0x22 → 97a2)
        // to column 6: 4 frames instead of 8 for four transparent spaces (15.119(e)(1)).
        let four = Self.plans([Self.caption([CaptionRun("ab\u{A0}\u{A0}\u{A0}\u{A0}cd")], start: 60, end: 90)])
        #expect(
            Self.hex(four[0].preload) == [
                "9420", "9420", "9470", "9470", "6162", "94f2", "94f2", "97a2", "97a2", "e364",
            ])
        // One such cell is the transparent space itself (0x11 0x39 → 91b9), which costs what TO1
        // costs and which FFmpeg and ttconv show as a space.
        let one = Self.plans([Self.caption([CaptionRun("ab\u{A0}cd")], start: 60, end: 90)])
        #expect(Self.hex(one[0].preload) == ["9420", "9420", "9470", "9470", "6162", "91b9", "91b9", "e364"])
        // Two or three too, each transparent space twice: ttconv shows nothing for a tab offset,
        // which would run "ab" and "cd" together.
        let three = Self.plans([Self.caption([CaptionRun("ab\u{A0}\u{A0}\u{A0}cd")], start: 60, end: 90)])
        #expect(
            Self.hex(three[0].preload) == ["9420", "9420", "9470", "9470", "6162"] + Array(repeating: "91b9", count: 6)
                + ["e364"])
    }

    @Test func aRollUpLineThatDoesNotFitJumpsGapsOfTwoOrThreeWithATabOffset() {
        // Roll-up "ab", three cells that show the picture, "cd": RU2 (9425), PAC row 15 (9470),
        // "ab", three transparent spaces (91b9) twice each, "cd": 11 frames. The line has 8
        // frames before the next caption's EDM, so its gap goes as TO3 (0x17 0x23 → 9723): as
        // a gap of four that a style code shortened to three, whose rewrite did not fit (the
        // fuzz input roll-up-gap-of-three-after-a-style-code-fuzz.scc).
        let scroll = CaptionRegion.Scroll.rollUp(rows: 2)
        let line = Self.caption([CaptionRun("ab\u{A0}\u{A0}\u{A0}cd")], row: 13, start: 100, end: 300, scroll: scroll)
        let plans = Self.plans([line])
        #expect(
            Self.hex(plans[0].anchored) == ["9425", "9425", "9470", "9470", "6162"] + Array(repeating: "91b9", count: 6)
                + ["e364"])
        #expect(
            Self.hex(plans[0].tabbedAnchored ?? []) == ["9425", "9425", "9470", "9470", "6162", "9723", "9723", "e364"])
        // Two lines one frame apart a few frames later: the first must be done by the second's start.
        let next = Self.caption([CaptionRun("x")], row: 13, start: 108, end: 300, scroll: scroll)
        let (reduced, reductions) = RedundancyReducer().reduce(Self.plans([line, next]))
        #expect(Self.hex(reduced[0].anchored) == ["9425", "9425", "9470", "9470", "6162", "9723", "9723", "e364"])
        #expect(reductions.first?.jumpsShortGaps == true && reductions.first?.codes == 0)
    }

    @Test func paintOnOverAShorterRowPaintsOnlyTheChangesWhenTight() {
        // "Hello, world, and more" (row 15, 100–130) becomes "Hello, world" on 130, and "Bye"
        // must start on row 5 at 136. Whole rows (EDM on 128–129, PAC, six words) run to 137;
        // painting only the change — PAC row 15 indent 12 (0x14 0x76 → 9476) and DER (0x14 0x24
        // → 94a4), which erases ", and more" — needs no EDM and is done by 133.
        var long = Self.caption([CaptionRun("Hello, world, and more")], start: 100, end: 130, paint: true)
        long.region = .cells(row: 14, column: 0, rows: 1, columns: 32)
        var short = Self.caption([CaptionRun("Hello, world")], start: 130, end: 300, paint: true)
        short.region = .cells(row: 14, column: 0, rows: 1, columns: 32)
        var bye = Self.caption([CaptionRun("Bye")], row: 4, start: 136, end: 300, paint: true)
        bye.region = .cells(row: 4, column: 0, rows: 1, columns: 32)
        let plans = Self.plans([long, short, bye])
        #expect(Self.hex(plans[1].anchored).first == "942c")
        #expect(Self.hex(plans[1].leanAnchored ?? []) == ["9476", "9476", "94a4", "94a4"])
        let (reduced, reductions) = RedundancyReducer().reduce(plans)
        #expect(reductions.contains { $0.planIndex == 1 && $0.paintsChangesOnly })
        #expect(Self.hex(reduced[1].anchored) == ["9476", "9476", "94a4", "94a4"])
        #expect(reduced[1].anchorOffset == 0)
        #expect(TransmissionScheduler().schedule(reduced).isDeliverable)
    }

    @Test func popOnCaption() {
        let plans = Self.plans([Self.caption([CaptionRun("Hi")], start: 60, end: 90)])
        #expect(plans.count == 1)
        // RCL twice; PAC row 15 indent 0 = 0x14 0x70; "Hi" = 0x48 → c8, 0x69 → e9.
        #expect(Self.hex(plans[0].preload) == ["9420", "9420", "9470", "9470", "c8e9"])
        // EOC 0x142F twice, on the start frame.
        #expect(Self.hex(plans[0].anchored) == ["942f", "942f"])
        #expect(plans[0].startFrame == 60 && plans[0].anchorOffset == 0)
        // Nothing replaces it: EDM (0x142C → 942c) at its end.
        #expect(plans[0].end == .erase(atFrame: 90))
        #expect(plans[0].endWord == 0x942C)
    }

    @Test func extremeFrameIsRefusedWithoutTrapping() {
        // Int64.min frames: its magnitude does not fit Int64, so the range check must not use abs.
        let start = MediaTime(value: .min, timescale: 30)
        let caption = Caption(
            runs: [CaptionRun("Hi")], timeRange: TimeRange(start: start, end: MediaTime(value: 0, timescale: 30)),
            region: .cells(row: 14, column: 0, rows: 1, columns: 32, scroll: .none))
        let result = CEA608Encoder().transmissionPlans(for: [caption], rate: .fps30)
        #expect(result.plans.isEmpty)
        #expect(result.diagnostics.map(\.ruleID) == ["608.time"])
    }

    @Test func tabOffsetAndMidRowCodeTakingTheSpace() {
        let runs = [CaptionRun("Hello "), CaptionRun("world", style: CaptionTextStyle(italic: true))]
        let result = CEA608Encoder().transmissionPlans(
            for: [Self.caption(runs, column: 5, start: 90, end: 120)], rate: Self.rate)
        // Column 5: PAC indent 4 (0x14 0x72 → 94f2) and TO1 (0x17 0x21 → 97a1). The italics
        // mid-row code (0x11 0x2E → 91ae) takes the space's cell, so "world" stays in column 11.
        #expect(
            Self.hex(result.plans[0].preload) == [
                "9420", "9420", "94f2", "94f2", "97a1", "97a1", "c8e5", "ecec", "ef80", "91ae", "91ae", "f7ef",
                "f2ec", "6480",
            ])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func styleChangeInsideAWordAddsACellAndSaysSo() {
        let runs = [CaptionRun("ab"), CaptionRun("cd", style: CaptionTextStyle(textColor: .red))]
        let result = CEA608Encoder().transmissionPlans(
            for: [Self.caption(runs, column: 4, start: 90, end: 120)], rate: Self.rate)
        #expect(result.diagnostics.map(\.ruleID) == ["608.mid-row"])
    }

    @Test func rowStartStyleUsesTheCellsBeforeTheText() {
        // Yellow at column 6: PAC indent 4, TO1 → column 5, yellow mid-row code (0x11 0x2A → 912a)
        // in column 5, text from column 6.
        let runs = [CaptionRun("Go", style: CaptionTextStyle(textColor: .yellow))]
        let plans = Self.plans([Self.caption(runs, column: 6, start: 90, end: 120)])
        #expect(Self.hex(plans[0].preload) == ["9420", "9420", "94f2", "94f2", "97a1", "97a1", "912a", "912a", "c7ef"])
        // At column 0 the colour PAC (row 15 yellow = 0x14 0x6A, four ones → 94ea) does it without a cell.
        let atZero = Self.plans([Self.caption(runs, column: 0, start: 90, end: 120)])
        #expect(Self.hex(atZero[0].preload) == ["9420", "9420", "94ea", "94ea", "c7ef"])
    }

    @Test func extendedCharacterFollowsItsFallback() {
        // É: fallback E (0x45), then 0x12 0x21 (→ 92a1) twice; ♪: 0x11 0x37 (→ 9137) twice.
        let plans = Self.plans([Self.caption([CaptionRun("É♪")], start: 90, end: 120)])
        #expect(Self.hex(plans[0].preload).suffix(5) == ["4580", "92a1", "92a1", "9137", "9137"])
    }

    @Test func enmOnlyWhenNonDisplayedMemoryMayHoldText() {
        let captions = [
            Self.caption([CaptionRun("A")], start: 60, end: 90),
            Self.caption([CaptionRun("B")], start: 90, end: 120),
            Self.caption([CaptionRun("C")], start: 120, end: 150),
        ]
        let plans = Self.plans(captions)
        // A loads into empty memory; its EOC swaps an empty screen out, so B needs no ENM either.
        // B's EOC swaps A out into non-displayed memory: C starts with RCL, ENM (0x142E → 94ae).
        #expect(Self.hex(plans[0].preload).prefix(4) == ["9420", "9420", "9470", "9470"])
        #expect(Self.hex(plans[1].preload).prefix(4) == ["9420", "9420", "9470", "9470"])
        #expect(Self.hex(plans[2].preload).prefix(4) == ["9420", "9420", "94ae", "94ae"])
        // A and B leave when the next EOC replaces them: no EDM.
        #expect(plans[0].end == .replaced(byPlan: 1))
        #expect(plans[1].end == .replaced(byPlan: 2))
        #expect(plans[2].end == .erase(atFrame: 150))
    }

    @Test func channelsChangeTheControlCodes() {
        let captions = [Self.caption([CaptionRun("A")], start: 60, end: 90)]
        // CC2: data channel 2 sets bit 3 of the first byte: RCL 0x1C 0x20 (→ 1c20), PAC 0x1C 0x70.
        #expect(Self.hex(Self.plans(captions, channel: .cc2)[0].preload).prefix(4) == ["1c20", "1c20", "1c70", "1c70"])
        // CC3: field 2 moves the miscellaneous codes to 0x15 (→ 1520); PACs stay 0x14 (→ 9470).
        #expect(Self.hex(Self.plans(captions, channel: .cc3)[0].preload).prefix(4) == ["1520", "1520", "9470", "9470"])
        // CC4: both: 0x1D 0x20 (→ 9d20); PAC 0x1C 0x70.
        #expect(Self.hex(Self.plans(captions, channel: .cc4)[0].preload).prefix(4) == ["9d20", "9d20", "1c70", "1c70"])
    }

    @Test func rollUpLinesRollEachOtherOut() {
        let scroll = CaptionRegion.Scroll.rollUp(rows: 2)
        let captions = [
            Self.caption([CaptionRun("one")], row: 13, start: 100, end: 200, scroll: scroll),
            Self.caption([CaptionRun("two")], row: 13, start: 150, end: 300, scroll: scroll),
            Self.caption([CaptionRun("three")], row: 13, start: 200, end: 300, scroll: scroll),
        ]
        let plans = Self.plans(captions)
        // First line: RU2 (0x1425 → 9425), PAC base row 15 (9470), "on" (0x6F → ef, 0x6E → 6e); the RU opens the window
        // on the start frame (Specs/scc.md, "Start of a roll-up line or paint-on caption"), the text follows.
        #expect(Self.hex(plans[0].anchored) == ["9425", "9425", "9470", "9470", "ef6e", "e580"])
        #expect(plans[0].anchorOffset == 0 && plans[0].preload.isEmpty)
        // Later lines: CR (0x142D → 94ad) rolls the window and puts the cursor at column 0 of the
        // base row with plain attributes (15.119(f)(1)): the text follows without a PAC.
        #expect(Self.hex(plans[1].anchored) == ["94ad", "94ad", "f4f7", "ef80"])
        // "one" rolls out of the two-row window with the CR of "three", on 200: the start of "three".
        #expect(plans[0].end == .replaced(byPlan: 2))
        #expect(plans[2].blockStartFrame == 200 && plans[2].anchorOffset == 0)
        // The last two leave together: one EDM, sent by the later one.
        #expect(plans[2].end == .erase(atFrame: 300))
        #expect(plans[1].end == .erased(atFrame: 300, byPlan: 2))
    }

    @Test func paintOnSendsRDCAheadAndPaintsFromTheStart() {
        let captions = [Self.caption([CaptionRun("Hi")], column: 4, start: 100, end: 160, paint: true)]
        let plans = Self.plans(captions)
        // RDC (0x1429 → 9429) ahead; the PAC indent 4 (94f2) on the start frame, the letters after it.
        #expect(Self.hex(plans[0].preload) == ["9429", "9429"])
        #expect(Self.hex(plans[0].anchored) == ["94f2", "94f2", "c8e9"])
        #expect(plans[0].anchorOffset == 0)
        #expect(plans[0].end == .erase(atFrame: 160))
    }

    @Test func paintOnAfterACaptionThatLeavesErasesItFirst() {
        let captions = [
            Self.caption([CaptionRun("Up")], row: 2, start: 40, end: 100),
            Self.caption([CaptionRun("Hi")], column: 4, start: 100, end: 160, paint: true),
            Self.caption([CaptionRun("Yo")], column: 4, start: 200, end: 260, paint: true),
        ]
        let plans = Self.plans(captions)
        // From pop-on, "Up" leaves where "Hi" starts and "Hi" does not paint over it: EDM
        // (0x142C → 942c) on 98 clears it, RDC (9429) follows on 99 (FFmpeg loses a caption shown
        // when RDC arrives), each once so "Up" leaves 2 frames early rather than 4; the PAC
        // starts "Hi" on 100 (where ttconv starts it too), its letters on 102.
        #expect(Self.hex(plans[1].preload).isEmpty)
        #expect(Self.hex(plans[1].anchored) == ["942c", "9429", "94f2", "94f2", "c8e9"])
        #expect(plans[1].anchorOffset == 2 && plans[1].blockStartFrame == 98)
        #expect(plans[0].end == .replaced(byPlan: 1))
        // Already in paint-on, "Hi" gone (its own EDM at 160): PAC on 200, no RDC, no EDM.
        #expect(plans[1].end == .erase(atFrame: 160))
        #expect(Self.hex(plans[2].anchored) == ["94f2", "94f2", "d9ef"])
        #expect(plans[2].anchorOffset == 0)
    }

    @Test func paintOnBesideACaptionThatStaysErasesNothing() {
        // "Up" (pop-on, row 2) stays until 200 while "Hi" is painted on row 15 from 100: RDC does
        // not change the screen (15.119(f)(3)), so RDC goes ahead and the PAC lands on 100 with
        // no EDM. Failed before: EDM on 96 erased "Up" 104 frames early.
        let captions = [
            Self.caption([CaptionRun("Up")], row: 2, start: 40, end: 200),
            Self.caption([CaptionRun("Hi")], column: 4, start: 100, end: 160, paint: true),
        ]
        let plans = Self.plans(captions)
        #expect(Self.hex(plans[1].preload) == ["9429", "9429"])
        #expect(Self.hex(plans[1].anchored) == ["94f2", "94f2", "c8e9"])
        #expect(plans[1].anchorOffset == 0)
        // "Hi" ends first, with EDM, which erases the whole screen: "Up" leaves then (reported).
        #expect(plans[1].end == .erase(atFrame: 160))
        #expect(plans[0].end == .erased(atFrame: 160, byPlan: 1))
        let diagnostics = CEA608Encoder(channel: .cc1).transmissionPlans(for: captions, rate: Self.rate).diagnostics
        #expect(diagnostics.map(\.ruleID) == ["608.overlap"])
    }

    @Test func paintOnOverWhatLeavesNeedsNoErase() {
        // Row 15 "Hello" (100–200) is painted over at 200 by "Hello, world" at the same column,
        // and row 14 "Above" stays: no EDM, the PAC lands on 200.
        let captions = [
            Self.caption([CaptionRun("Above")], row: 13, column: 4, start: 90, end: 300, paint: true),
            Self.caption([CaptionRun("Hello")], column: 4, start: 100, end: 200, paint: true),
            Self.caption([CaptionRun("Hello, world")], column: 4, start: 200, end: 300, paint: true),
        ]
        let plans = Self.plans(captions)
        #expect(plans[2].anchorOffset == 0)
        #expect(!Self.hex(plans[2].anchored).contains("942c"))
        #expect(plans[1].end == .replaced(byPlan: 2))
        #expect(plans[0].end == .erased(atFrame: 300, byPlan: 2))
        #expect(CEA608Encoder(channel: .cc1).transmissionPlans(for: captions, rate: Self.rate).diagnostics.isEmpty)
    }

    @Test func rollUpAfterAPopOnCaptionErasesItAFrameBeforeItsRU() {
        let captions = [
            Self.caption([CaptionRun("Up")], row: 2, start: 40, end: 100),
            Self.caption([CaptionRun("Hi")], row: 14, start: 100, end: 160, scroll: .rollUp(rows: 2)),
        ]
        let plans = Self.plans(captions)
        // The pop-on caption is meant to leave on 100: RU2 (9425) on the start frame erases it
        // there (15.119(f)(1)), and an EDM goes once on 99 for decoders that do not (before, on
        // 98–99, two frames early); then the base row's PAC (row 15, 9470) and the text.
        #expect(Self.hex(plans[1].anchored) == ["942c", "9425", "9425", "9470", "9470", "c8e9"])
        #expect(plans[1].anchorOffset == 1)
    }

    @Test func everyByteHasOddParityAndEveryControlCodeIsDoubled() {
        let captions = (0..<40).map { index in
            Self.caption(
                [
                    CaptionRun("Line \(index) ♪ É "),
                    CaptionRun("x", style: CaptionTextStyle(textColor: .green, underline: true)),
                ],
                row: index % 15, column: index % 10, start: Int64(100 + index * 60), end: Int64(140 + index * 60))
        }
        for plan in Self.plans(captions) {
            for unit in plan.preload + plan.anchored {
                #expect(Parity.hasOddParity(UInt8(unit.word >> 8)) && Parity.hasOddParity(UInt8(unit.word & 0xFF)))
                let isControl = (0x10...0x1F).contains(UInt8(unit.word >> 8) & 0x7F)
                #expect(isControl == (unit.count == 2))
            }
        }
    }
}
