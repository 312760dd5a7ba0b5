import CEA608
import CaptionCore
import Testing

/// A roll-up line that leaves before the next line starts, from the top of a full window,
/// rolls out with a CR at its own end (15.119(f)(1): the CR rolls the window and leaves the cursor at
/// the start of the empty base row); the next line then goes with no CR of its own.
extension EncoderTests {
    static let twoRows = CaptionRegion.Scroll.rollUp(rows: 2)

    /// A line of a two-row roll-up window on rows 14–15, from `start` to `end`.
    static func line(_ text: String, _ start: Int64, _ end: Int64) -> Caption {
        caption([CaptionRun(text)], row: 13, start: start, end: end, scroll: twoRows)
    }

    @Test func aTopLineLeavingBeforeTheNextLineRollsOutWithACRAtItsEnd() {
        let captions = [
            Self.line("one", 100, 180),
            Self.line("two", 150, 300),
            Self.line("three", 200, 300),
        ]
        let encoded = CEA608Encoder(channel: .cc1).transmissionPlans(for: captions, rate: Self.rate)
        let plans = encoded.plans
        // "one" ends with its own word at 180: CR (0x14 0x2D → 94ad), not EDM (942c), which would
        // erase "two" as well.
        #expect(plans[0].end == .erase(atFrame: 180))
        #expect(plans[0].endWord == 0x94AD)
        // "two" must be sent before that CR rolls the window.
        #expect(plans[1].anchoredDeadline == 180)
        // "three": text alone on the start frame ("th" 0x74 0x68 → f468, "re" → f2e5, "e" and a
        // null → e580).
        #expect(Self.hex(plans[2].anchored) == ["f468", "f2e5", "e580"])
        #expect(plans[2].blockStartFrame == 200)
        #expect(plans[2].end == .erase(atFrame: 300) && plans[1].end == .erased(atFrame: 300, byPlan: 2))
        #expect(!encoded.diagnostics.contains { $0.severity >= .warning }, "\(encoded.diagnostics)")
        let words = TransmissionScheduler().schedule(plans).words
        #expect(words.filter { (180...181).contains($0.frame) }.map(\.word) == [0x94AD, 0x94AD])
        #expect(!words.contains { (182..<200).contains($0.frame) })
    }

    @Test func aTopLineLeavingTwoFramesBeforeTheNextLineRollsOutWithItsCR() {
        // Ending two frames before "three", a CR of its own there would run into the words of
        // "three", and a reader would start "three" at it: the CR of "three" (0x14 0x2D → 94ad) on
        // its start frame takes it, two frames late (reported). Before, an EDM at 198 erased
        // "two" as well, 102 frames early, and "three" opened a new window.
        let captions = [
            Self.line("one", 100, 198),
            Self.line("two", 150, 300),
            Self.line("three", 200, 300),
        ]
        let encoded = CEA608Encoder(channel: .cc1).transmissionPlans(for: captions, rate: Self.rate)
        #expect(encoded.plans[0].end == .replaced(byPlan: 2))
        #expect(encoded.plans[1].end == .erased(atFrame: 300, byPlan: 2))
        #expect(Self.hex(encoded.plans[2].anchored).prefix(3) == ["94ad", "94ad", "f468"])
        #expect(encoded.plans[2].anchorOffset == 0)
        let late = encoded.diagnostics.filter { $0.severity >= .warning }
        #expect(late.map(\.ruleID) == ["608.roll-up-end"], "\(late)")
        #expect(late.first?.message.hasPrefix("roll-up line 1 stays on screen 2 frame(s) past its end") == true)
    }

    @Test func aLineAfterACRAheadThatOpensWithACodeHasAPAC() {
        // "three" on a white opaque background from column 1: after a CR on its start, a
        // standard space and a null (2080) would follow at once in column 0, then BWO (0x10
        // 0x20 → 1020), which backs over that space (CEA-608-B §6.2). After a CR that went
        // ahead, a reader takes neither for a start, and would read the line from its first
        // letter: the line opens with the PAC of row 15, column 0 (0x14 0x70 → 9470).
        let background = CaptionTextStyle(backgroundColor: .white)
        let captions = [
            Self.line("one", 100, 180),
            Self.line("two", 150, 300),
            Self.caption(
                [CaptionRun("three", style: background)], row: 13, column: 1, start: 200, end: 300,
                scroll: Self.twoRows),
        ]
        let plans = Self.plans(captions)
        #expect(plans[0].endWord == 0x94AD)
        #expect(
            Self.hex(plans[2].anchored).prefix(5) == ["9470", "9470", "2080", "1020", "1020"],
            "\(Self.hex(plans[2].anchored))")
    }

    /// A line of a three-row roll-up window on rows 13–15, from `start` to `end`.
    static func line3(_ text: String, _ start: Int64, _ end: Int64) -> Caption {
        caption([CaptionRun(text)], row: 12, start: start, end: end, scroll: .rollUp(rows: 3))
    }

    /// RU3 "one" (100–200) and "two" (150–200), which leave together, no CR taking one without
    /// the other; "three" (32 characters: CR, CR and 16 words, frames 195–212) until 280;
    /// "four" from 300.
    static let leavingTogether = [
        line3("one", 100, 200),
        line3("two", 150, 200),
        line3(String(repeating: "b", count: 32), 195, 280),
        line3("four", 300, 400),
    ]

    @Test func anEDMWaitsForTheWordsOfTheNewestCaptionItErases() {
        // "one" and "two" end with an EDM, which erases "three" as well. At 200 it would fall
        // among the words of "three", which no shift could deliver; it waits for them, to 213
        // (EDM 0x14 0x2C → 942c), and "one" and "two" stay 13 frames longer.
        let encoded = CEA608Encoder(channel: .cc1).transmissionPlans(for: Self.leavingTogether, rate: Self.rate)
        let plans = encoded.plans
        #expect(plans[2].blockStartFrame + Int64(plans[2].anchoredFrames) == 213)
        #expect(plans[1].end == .erase(atFrame: 213) && plans[1].endWord == 0x942C)
        #expect(plans[0].end == .erased(atFrame: 213, byPlan: 1) && plans[2].end == .erased(atFrame: 213, byPlan: 1))
        let late = encoded.diagnostics.filter { $0.ruleID == "608.late-end" }.map(\.message)
        #expect(late.count == 2 && late[0].hasPrefix("caption 1 stays on screen 13 frame(s) past its end"), "\(late)")
        #expect(encoded.diagnostics.contains { $0.ruleID == "608.overlap" && $0.message.hasPrefix("caption 3 ") })
        #expect(TransmissionScheduler().schedule(plans).conflicts.isEmpty)
    }

    @Test func aCRAheadWaitsForTheWordsOfTheLineBelow() {
        // RU2 "one" (100–200) leaves while "two" (32 characters: CR, CR and 16 words, frames
        // 190–207) is still being sent: the CR that rolls it out goes at 208, once they are out,
        // and "one" stays 8 frames longer (reported) rather than an EDM cutting "two" off.
        let captions = [
            Self.line("one", 100, 200),
            Self.line(String(repeating: "b", count: 32), 190, 400),
            Self.line("three", 300, 400),
        ]
        let encoded = CEA608Encoder(channel: .cc1).transmissionPlans(for: captions, rate: Self.rate)
        let plans = encoded.plans
        #expect(plans[0].end == .erase(atFrame: 208) && plans[0].endWord == 0x94AD)
        #expect(plans[1].anchoredDeadline == 208)
        let kept = encoded.diagnostics.filter { $0.ruleID == "608.roll-up-end" }.map(\.message)
        #expect(
            kept.count == 1 && kept[0].hasPrefix("roll-up line 1 stays on screen 8 frame(s) past its end"), "\(kept)")
        #expect(!encoded.diagnostics.contains { $0.ruleID == "608.overlap" })
        #expect(TransmissionScheduler().schedule(plans).conflicts.isEmpty)
    }

    @Test func aLineBelowEndingAtTheNextStartLeavesWithItsCR() {
        // "one" rolls out with a CR at 90; "two", on the top row now, ends when "three" starts:
        // the CR of "three" takes it on its start frame, after an RU of the window's depth
        // (RU2, 0x14 0x25 → 9425) in the two frames before, so that no CR follows the CR at 90
        // with nothing between (FFmpeg would take it for a repeat). Before, with the window
        // rolled ahead nothing took "two" then, and the EDM at 90 took it 10 frames early.
        let captions = [
            Self.line("one", 30, 90),
            Self.line("two", 70, 100),
            Self.line("three", 100, 1000),
        ]
        let encoded = CEA608Encoder(channel: .cc1).transmissionPlans(for: captions, rate: Self.rate)
        #expect(encoded.plans[0].end == .erase(atFrame: 90) && encoded.plans[0].endWord == 0x94AD)
        #expect(encoded.plans[0].endLeadWord == nil)
        #expect(encoded.plans[1].end == .replaced(byPlan: 2))
        #expect(Self.hex(encoded.plans[2].anchored).prefix(5) == ["9425", "9425", "94ad", "94ad", "f468"])
        #expect(encoded.plans[2].anchorOffset == 2)
        #expect(!encoded.diagnostics.contains { $0.severity >= .warning }, "\(encoded.diagnostics)")
    }

    @Test func theNewestCaptionsOwnEndIsNotMovedForAnEDMThatWaits() {
        // "two" (32 characters, 195–212) is meant to end at 205, before its own words are out:
        // the EDM at 200 does not wait for them (which would move its end to 213 unasked); the
        // words stay a conflict, with the remedy of lengthening it.
        let captions = [
            Self.line("one", 100, 200),
            Self.line(String(repeating: "b", count: 32), 195, 205),
            Self.line("three", 300, 400),
        ]
        let encoded = CEA608Encoder(channel: .cc1).transmissionPlans(for: captions, rate: Self.rate)
        #expect(encoded.plans[0].end == .erase(atFrame: 200))
        #expect(!encoded.diagnostics.contains { $0.ruleID == "608.late-end" })
        let conflict = TransmissionScheduler().schedule(encoded.plans).conflicts.first
        #expect(conflict?.planIndex == 1 && conflict?.kind == .displayTooShort)
    }
}
