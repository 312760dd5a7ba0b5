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

    @Test func aLineThatCannotBeSentByItsDeadlineIsAConflict() {
        // The same plans with the CR at 130 (as if the encoder had not waited for "two"): "two"
        // would still be sent at 131, after the CR had rolled the window; no delay delivers it.
        var plans = Self.rollUpPlans(oneEndingAt: 140)
        plans[1].anchoredDeadline = 130
        let schedule = TransmissionScheduler().schedule(plans)
        #expect(!schedule.isDeliverableWithShifts)
        #expect(schedule.conflicts.map(\.planIndex) == [1])
        #expect(Self.bruteForceMinimum(plans, limit: 20) == nil)
    }

    @Test func aCRAheadWaitsForTheLineBelowWhereItMustBeShifted() {
        // RU2 "one" (32 characters, frames 30–49) until 50; "two" (16 characters: CR, CR and 8
        // words) from 45, which can only go after "one", at 50–59; "three" from 100. The CR that
        // rolls "one" out goes at 60, when "two" can be out, not at 55, where its unshifted
        // words would end: there the 5-frame shift "two" needs would have found no room.
        func line(_ text: String, _ start: Int64, _ end: Int64) -> Caption {
            Caption(
                runs: [CaptionRun(text)],
                timeRange: TimeRange(start: Self.rate.time(ofFrame: start), end: Self.rate.time(ofFrame: end)),
                region: .cells(row: 13, column: 0, rows: 2, columns: 32, scroll: .rollUp(rows: 2)))
        }
        let captions = [
            line(String(repeating: "a", count: 32), 30, 50), line(String(repeating: "b", count: 16), 45, 150),
            line("three", 100, 150),
        ]
        let plans = CEA608Encoder().transmissionPlans(for: captions, rate: Self.rate).plans
        #expect(plans[0].end == .erase(atFrame: 60) && plans[0].endWord == 0x94AD)
        #expect(plans[1].anchoredDeadline == 60)
        let schedule = TransmissionScheduler().schedule(plans)
        #expect(schedule.isDeliverableWithShifts && schedule.shiftedStartFrames == [30, 50, 100])
        #expect(Self.bruteForceMinimum(plans, limit: 10) == 5)
    }
}
