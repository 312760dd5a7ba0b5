import CEA608
import CaptionCore
import Testing

/// A roll-up window that changes depth or base row keeps the lines on it: 47 CFR 15.119(f)(1)
/// (now 47 CFR 79.101) has RU2–RU4 change the depth without erasing when already in roll-up, and a
/// PAC move the window and its text to the PAC's row. So the encoder sends those codes, never an
/// EDM the captions do not ask for (issue 10: an EDM before RU3 → RU4 cut mix-rows-roll-up.scc's
/// "WHERE YOU'RE STANDING NOW," by 3.2 s, and one before a base-row move cut test_2_rows_roll_up
/// by 1.87 s). Words derived by hand; parity per 15.119(b) as in EncoderTests.
@Suite struct RollUpWindowChangeTests {
    static func words(_ plan: CaptionTransmissionPlan) -> [String] {
        EncoderTests.hex(plan.preload) + EncoderTests.hex(plan.anchored)
    }

    @Test func aDepthChangeIsAnRUCodeAndTheLineAboveStays() {
        let captions = [
            EncoderTests.caption([CaptionRun("one")], row: 13, start: 100, end: 400, scroll: .rollUp(rows: 3)),
            EncoderTests.caption([CaptionRun("two")], row: 13, start: 200, end: 400, scroll: .rollUp(rows: 4)),
        ]
        let plans = EncoderTests.plans(captions)
        // "one": RU3 (0x1426 → 9426), PAC row 15 (9470), "on" "e".
        #expect(Self.words(plans[0]) == ["9426", "9426", "9470", "9470", "ef6e", "e580"])
        // "two": RU4 (0x1427 → 94a7) on 198–199, the CR (0x142D → 94ad) that rolls "one" up on the
        // start frame, then the text at column 0 of the base row: no EDM (942c).
        #expect(Self.words(plans[1]) == ["94a7", "94a7", "94ad", "94ad", "f4f7", "ef80"])
        #expect(plans[1].anchorOffset == 2)
        // "one" stays until both leave together at 400, erased by the later line's EDM.
        #expect(plans[0].end == .erased(atFrame: 400, byPlan: 1))
        #expect(plans[1].end == .erase(atFrame: 400))
    }

    @Test func aBaseRowMoveIsAPACAfterTheCRAndTheLineAboveStays() {
        let captions = [
            EncoderTests.caption([CaptionRun("one")], row: 13, start: 100, end: 400, scroll: .rollUp(rows: 2)),
            EncoderTests.caption([CaptionRun("two")], row: 9, start: 200, end: 400, scroll: .rollUp(rows: 2)),
        ]
        let plans = EncoderTests.plans(captions)
        #expect(Self.words(plans[0]) == ["9425", "9425", "9470", "9470", "ef6e", "e580"])
        // CR on the start frame, then the PAC of row 11, indent 0 (0x1050 → 10d0), which moves
        // the window with "one" on it; no EDM.
        #expect(Self.words(plans[1]) == ["94ad", "94ad", "10d0", "10d0", "f4f7", "ef80"])
        #expect(plans[0].end == .erased(atFrame: 400, byPlan: 1))
    }
}
