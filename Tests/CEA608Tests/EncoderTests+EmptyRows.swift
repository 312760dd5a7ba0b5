import CEA608
import CaptionCore
import Testing

/// The roll-up window holds empty rows: lines that leave before the next line starts roll out
/// one by one from the window's top with CRs at their own ends (15.119(f)(1): each CR rolls the
/// window up a row, the top row leaving, and leaves the base row empty), however many of them
/// and whether or not a line comes after them; only what no single CR can take alone needs the
/// EDM that erases the window. Words: CR 0x14 0x2D → 94ad, EDM 0x14 0x2C → 942c, RU2 0x14 0x25 →
/// 9425, RU3 0x14 0x26 → 9426, PAC row 15 column 0 0x14 0x70 → 9470 (parity added).
extension EncoderTests {
    @Test func theLineAboveTheLastLineRollsOutWithNoLineAfterIt() {
        // The end of a live roll-up programme: "one" leaves at 200, "two" stays until 300 and
        // nothing comes after. A CR at 200 rolls "one" out; "two" ends with its own EDM. Before,
        // the EDM that ended "one" erased "two" 100 frames early (the CCExtractor episode's last
        // line left 2.1 s early so).
        let captions = [Self.line("one", 100, 200), Self.line("two", 150, 300)]
        let encoded = CEA608Encoder(channel: .cc1).transmissionPlans(for: captions, rate: Self.rate)
        #expect(encoded.plans[0].end == .erase(atFrame: 200) && encoded.plans[0].endWord == 0x94AD)
        #expect(encoded.plans[0].endLeadWord == nil)
        #expect(encoded.plans[1].end == .erase(atFrame: 300) && encoded.plans[1].endWord == 0x942C)
        #expect(!encoded.diagnostics.contains { $0.severity >= .warning }, "\(encoded.diagnostics)")
        let words = TransmissionScheduler().schedule(encoded.plans).words.filter { $0.frame >= 200 }
        #expect(words.map(\.frame) == [200, 201, 300, 301])
        #expect(words.map(\.word) == [0x94AD, 0x94AD, 0x942C, 0x942C])
    }

    @Test func twoLinesThatLeaveBeforeTheNextRollOutOneByOne() {
        // A full RU3 window: "one" leaves at 200, "two" at 230, "three" stays until 400; "four"
        // starts at 300. A CR at 200 takes "one"; "two" is then on the top row, and a CR at 230
        // takes it, after RU3 in the two frames before (a CR right after a CR would be the
        // repeat of one code to FFmpeg, which ignores it). "four" goes on the empty base row with
        // no CR: its text on its start frame. Before, the EDM that ended "two" erased "three".
        let captions = [
            Self.line3("one", 100, 200), Self.line3("two", 130, 230), Self.line3("three", 160, 400),
            Self.line3("four", 300, 400),
        ]
        let encoded = CEA608Encoder(channel: .cc1).transmissionPlans(for: captions, rate: Self.rate)
        let plans = encoded.plans
        #expect(plans[0].end == .erase(atFrame: 200) && plans[0].endWord == 0x94AD && plans[0].endLeadWord == nil)
        #expect(plans[1].end == .erase(atFrame: 230) && plans[1].endWord == 0x94AD && plans[1].endLeadWord == 0x9426)
        #expect(plans[2].end == .erased(atFrame: 400, byPlan: 3))
        // "four" ("fo" 0x66 0x6F → e6ef with parity, "ur" → 75f2): its text alone.
        #expect(Self.hex(plans[3].anchored) == ["e6ef", "75f2"] && plans[3].blockStartFrame == 300)
        #expect(!encoded.diagnostics.contains { $0.severity >= .warning }, "\(encoded.diagnostics)")
        let words = TransmissionScheduler().schedule(plans).words.filter { (200..<300).contains($0.frame) }
        #expect(words.map(\.frame) == [200, 201, 228, 229, 230, 231])
        #expect(words.map(\.word) == [0x94AD, 0x94AD, 0x9426, 0x9426, 0x94AD, 0x94AD])
    }

    @Test func theTopLineOfAWindowNotYetFullRollsOutAfterAnRUOfItsDepth() {
        // RU3 with two lines: "one" (on row 14) leaves at 200, "two" stays. One CR would move
        // "one" to row 13, still inside the window: RU2 first makes row 14 the top row (nothing
        // changes on screen: both lines are inside), then the CR takes "one". "three" gives the
        // window its depth again with RU3 on its start frame, then its text on the empty base
        // row. Before, an EDM at 200 erased "two" 200 frames early.
        let captions = [Self.line3("one", 100, 200), Self.line3("two", 150, 400), Self.line3("three", 300, 400)]
        let encoded = CEA608Encoder(channel: .cc1).transmissionPlans(for: captions, rate: Self.rate)
        let plans = encoded.plans
        #expect(plans[0].end == .erase(atFrame: 200) && plans[0].endWord == 0x94AD && plans[0].endLeadWord == 0x9425)
        #expect(Self.hex(plans[2].anchored).prefix(3) == ["9426", "9426", "f468"])
        #expect(plans[2].anchorOffset == 0 && plans[2].blockStartFrame == 300)
        #expect(!encoded.diagnostics.contains { $0.severity >= .warning }, "\(encoded.diagnostics)")
    }

    @Test func aLineBelowTheTopEndingWhenTheNextLineGoesWithNoCRStaysUntilItRollsOut() {
        // A full RU3 window: "one" rolls out at 200, leaving the base row empty; "four" then
        // goes there at 300 with no CR. "three", on the middle row, is meant to end at 300, but
        // only a CR that also took "two" (on the top row, meant to stay until 400) could take
        // it: it stays until it rolls out (reported), and nothing erases the window. Before,
        // with no CR on the start frame, its end was left at 300, where the EDM that then ended
        // it erased "two" and "four" as well.
        let captions = [
            Self.line3("one", 100, 200), Self.line3("two", 130, 400), Self.line3("three", 160, 300),
            Self.line3("four", 300, 500),
        ]
        let encoded = CEA608Encoder(channel: .cc1).transmissionPlans(for: captions, rate: Self.rate)
        let plans = encoded.plans
        #expect(Self.hex(plans[3].anchored) == ["e6ef", "75f2"] && plans[3].blockStartFrame == 300)
        #expect(!encoded.diagnostics.contains { $0.ruleID == "608.overlap" }, "\(encoded.diagnostics)")
        #expect(
            encoded.diagnostics.contains { $0.ruleID == "608.roll-up-end" && $0.message.hasPrefix("roll-up line 3 ") })
        // "two" rolls out at 400 with a CR; "three" and "four" leave with the EDM at 500.
        #expect(plans[1].end == .erase(atFrame: 400) && plans[1].endWord == 0x94AD)
        #expect(plans[2].end == .erased(atFrame: 500, byPlan: 3) && plans[3].end == .erase(atFrame: 500))
    }

    @Test func aCRAheadNeedsBothItsFramesBeforeTheLineBelowLeaves() {
        // "two" ends one frame after "one": a CR at 200 would take frames 200 and 201, and the
        // EDM that ends "two" would fall on the CR's second copy (a fuzz corpus input wrote both
        // on frame 201, and read back "two" ended a frame late). The EDM at 200 takes both, "two"
        // one frame early (reported).
        let captions = [Self.line("one", 100, 200), Self.line("two", 150, 201)]
        let encoded = CEA608Encoder(channel: .cc1).transmissionPlans(for: captions, rate: Self.rate)
        #expect(encoded.plans[0].end == .erase(atFrame: 200) && encoded.plans[0].endWord == 0x942C)
        #expect(encoded.plans[1].end == .erased(atFrame: 200, byPlan: 0))
        let early = encoded.diagnostics.filter { $0.ruleID == "608.overlap" }.map(\.message)
        #expect(early.count == 1 && early[0].hasPrefix("caption 2 leaves the screen 1 frame(s) early"), "\(early)")
    }
}
