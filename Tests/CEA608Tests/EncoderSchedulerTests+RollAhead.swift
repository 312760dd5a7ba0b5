import CEA608
import CaptionCore
import Testing

/// A roll-up line's words must be out before the CR that a later line sends ahead of it
/// (``CaptionTransmissionPlan/anchoredDeadline``), checked against the brute force.
extension EncoderSchedulerTests {
    /// RU2 "one" (32 characters: RU, RU, PAC, PAC and 16 words, frames 100–119) until `end`;
    /// "two" (20 characters: CR, CR and 10 words) from 105, which can only go after "one", at
    /// 120–131; "three" from `end` + 10. "one" leaves before "three": the CR at `end` rolls it out.
    static func rollUpPlans(oneEndingAt end: Int64) -> [CaptionTransmissionPlan] {
        func line(_ text: String, _ start: Int64, _ end: Int64) -> Caption {
            Caption(
                runs: [CaptionRun(text)],
                timeRange: TimeRange(start: rate.time(ofFrame: start), end: rate.time(ofFrame: end)),
                region: .cells(row: 13, column: 0, rows: 2, columns: 32, scroll: .rollUp(rows: 2)))
        }
        let captions = [
            line(String(repeating: "a", count: 32), 100, end), line(String(repeating: "b", count: 20), 105, 300),
            line("three", end + 10, 300),
        ]
        return CEA608Encoder().transmissionPlans(for: captions, rate: rate).plans
    }

    @Test func aLineHeldBeforeACRSentAheadIsShiftedOnlyUpToIt() {
        let plans = Self.rollUpPlans(oneEndingAt: 140)
        #expect(plans[1].anchoredDeadline == 140 && plans[0].endWord == 0x94AD)
        let schedule = TransmissionScheduler().schedule(plans)
        // "two" waits 15 frames for "one" and ends at 132, before the CR at 140.
        #expect(schedule.isDeliverableWithShifts)
        #expect(schedule.shiftedStartFrames == [100, 120, 150])
        #expect(Self.bruteForceMinimum(plans, limit: 20) == 15)
    }

    @Test func aLineThatCannotBeSentBeforeACRSentAheadIsAConflict() {
        // "one" ends at 130: "two" would still be sent at 131, after the CR had rolled the
        // window; no delay can deliver it (nor could it with an EDM at 130, which would erase it).
        let plans = Self.rollUpPlans(oneEndingAt: 130)
        #expect(plans[1].anchoredDeadline == 130)
        let schedule = TransmissionScheduler().schedule(plans)
        #expect(!schedule.isDeliverableWithShifts)
        #expect(schedule.conflicts.map(\.planIndex) == [1])
        #expect(Self.bruteForceMinimum(plans, limit: 20) == nil)
    }
}
