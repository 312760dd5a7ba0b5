import CaptionCore
import CaptionData
import Testing

@testable import Validation

/// The 708 target's document rules, against numbers worked by hand from CTA-708-E (not from the
/// encoder or scheduler under test).
@Suite struct CEA708ValidationTests {
    let rate = FrameRate.fps29_97

    func frames(_ n: Int64) -> MediaTime { rate.time(ofFrame: n) }

    func settings() -> CaptionConversionSettings { CaptionConversionSettings(target: .cea708, frameRate: rate) }

    func ids(_ captions: [Caption], _ settings: CaptionConversionSettings? = nil) -> [CaptionConversionWarning] {
        CaptionConversionValidator(captions: captions, settings: settings ?? self.settings()).warnings()
    }

    /// The budget a frame, from the spec's numbers: cc_count 20 at 29.97 fps (9,600 bit/s ÷
    /// 1.001 ÷ 16 bits ÷ 29.97), 2 constructs for the 608 pairs of both fields, 18 × 2 = 36
    /// bytes, less 1 packet header byte and 1 service block header byte, at most 31 (block_size
    /// has 5 bits). At the other rates: 600 / rate constructs, 3 for 608 below 29.97 fps.
    @Test func theBudgetAFrameAtEachRate() {
        let expected: [(FrameRate, Int, Int)] = [
            (.fps23_976, 22, 31), (.fps24, 22, 31), (.fps25, 21, 31), (.fps29_97, 18, 31), (.fps30, 18, 31),
            (.fps50, 10, 18), (.fps59_94, 8, 14), (.fps60, 8, 14),
        ]
        for (rate, constructs, bytes) in expected {
            var s = CaptionConversionSettings(target: .cea708, frameRate: rate)
            s.wideAspect = true
            let judge = CEA708DeliveryJudge(settings: s)
            #expect(judge.constructsPerFrame == constructs, "\(rate)")
            #expect(judge.bytesPerFrame == bytes, "\(rate)")
        }
    }

    /// 15 rows of 40 characters: 600 text bytes, 15 SetPenLocation commands of 3 bytes, a
    /// DefineWindow (7) and a ClearWindows (2): at least 654 bytes, so at 31 bytes a frame at least
    /// ⌈654 / 31⌉ = 22 frames, frames 0–21. Starting at frame 10 it has frames 0–10 (11) before
    /// its start: it needs at least 11 frames more. At frame 30 (31 frames, 961 bytes) it fits.
    @Test func aCaptionThatNeedsMoreThanTheServiceBudgetGetsAShiftThatPasses() throws {
        let text = Array(repeating: String(repeating: "A", count: 40), count: 15).joined(separator: "\n")
        let late = [Caption(text, start: frames(10), end: frames(300))]
        let warnings = ids(late)
        let bandwidth = try #require(warnings.first { $0.diagnostic.ruleID == "708.bandwidth" })
        #expect(bandwidth.diagnostic.severity == .error)
        #expect(bandwidth.warningType == .excessMediaData)
        #expect(bandwidth.diagnostic.message.contains("31 bytes of service data a frame"))
        #expect(bandwidth.diagnostic.location.timecode == "00:00:00;10")
        let shift = try #require(bandwidth.adjustments.first)
        let shiftFrames = rate.frame(at: shift.startTimeOffset, rounding: .nearestOrAwayFromZero) ?? 0
        // At least the 11 frames worked out above; the pen commands and a character or command
        // that does not fill a frame's last bytes may cost a frame or two more.
        #expect((11...14).contains(shiftFrames), "shift \(shiftFrames) frames")
        // The end is kept (the caption is shortened, as 608's shifts do).
        #expect(shift.applied(to: late[0].timeRange).end == late[0].timeRange.end)
        var fixed = late
        fixed[0].timeRange = shift.applied(to: late[0].timeRange)
        #expect(!ids(fixed).contains { $0.diagnostic.ruleID == "708.bandwidth" })
        // One frame less than the suggestion is still late: the shift is the least.
        var less = late
        less[0].timeRange = TimeRange(start: fixed[0].timeRange.start - rate.frameDuration, end: late[0].timeRange.end)
        #expect(ids(less).contains { $0.diagnostic.ruleID == "708.bandwidth" })
        let early = [Caption(text, start: frames(30), end: frames(300))]
        #expect(!ids(early).contains { $0.diagnostic.ruleID == "708.bandwidth" })
    }

    /// Eight windows a service (§8.4): nine captions on screen at once in nine regions.
    @Test func aNinthSimultaneousWindowIsAnError() {
        func captions(_ n: Int) -> [Caption] {
            (0..<n).map {
                Caption(
                    "row \($0)", start: frames(30), end: frames(90),
                    region: .cells(row: $0, column: 0, rows: 1, columns: 8))
            }
        }
        let nine = ids(captions(9)).filter { $0.diagnostic.ruleID == "708.windows" }
        #expect(nine.map(\.rangeOfCaptions) == [8..<9])
        #expect(nine.first?.diagnostic.severity == .error)
        #expect(ids(captions(8)).allSatisfy { $0.diagnostic.ruleID != "708.windows" })
    }

    /// G0 is ASCII, G1 Latin-1, G2 has the ellipsis and curly quotes (§7.1.6–8); no set has Ω.
    @Test func aCharacterWithNo708CodeIsNamedWithItsPlace() throws {
        let caption = Caption("café … “ok”\nab Ω", start: frames(30), end: frames(120))
        let found = ids([caption]).filter { $0.diagnostic.ruleID == "708.charset" }
        #expect(found.count == 1)
        let message = try #require(found.first?.diagnostic.message)
        #expect(message.contains("row 2, column 4"), "\(message)")
        #expect(message.contains("U+03A9"), "\(message)")
    }

    /// 42 columns on 16:9 and 32 on 4:3 (§8.4); 15 rows.
    @Test func rowsAndColumnsAgainstTheGrid() {
        let line42 = String(repeating: "x", count: 42)
        let long = [Caption(line42 + "y", start: frames(30), end: frames(120))]
        #expect(ids(long).contains { $0.diagnostic.ruleID == "708.columns" })
        #expect(
            !ids([Caption(line42, start: frames(30), end: frames(120))]).contains {
                $0.diagnostic.ruleID == "708.columns"
            })
        var narrow = settings()
        narrow.wideAspect = false
        let line33 = [Caption(String(repeating: "x", count: 33), start: frames(30), end: frames(120))]
        #expect(ids(line33, narrow).contains { $0.diagnostic.ruleID == "708.columns" })
        #expect(!ids(line33).contains { $0.diagnostic.ruleID == "708.columns" })
        let sixteen = (1...16).map { "line \($0)" }.joined(separator: "\n")
        #expect(
            ids([Caption(sixteen, start: frames(30), end: frames(300))]).contains { $0.diagnostic.ruleID == "708.rows" }
        )
    }

    /// A 3-row window at row 14 does not fit the 15 rows its anchor is on.
    @Test func aRegionOffTheGridIsMoved() throws {
        let caption = Caption(
            "a\nb\nc", start: frames(30), end: frames(120), region: .cells(row: 14, column: 0, rows: 3, columns: 1))
        let found = try #require(ids([caption]).first { $0.diagnostic.ruleID == "708.position" })
        #expect(found.diagnostic.message.contains("placed at row 12, column 0"), "\(found.diagnostic.message)")
    }

    /// 10 words in 2 s is 300 words a minute; at 200 they need 3 s = 89.91 frames at 29.97: 90.
    @Test func captionRateSuggestsTheDurationThatReads() throws {
        let caption = Caption(
            "one two three four five six seven eight nine ten", start: frames(30),
            end: frames(30) + MediaTime(value: 2, timescale: 1))
        let found = try #require(ids([caption]).first { $0.diagnostic.ruleID == "708.caption-rate" })
        #expect(found.diagnostic.message.contains("300 words a minute"), "\(found.diagnostic.message)")
        let adjusted = try #require(found.adjustments.first).applied(to: caption.timeRange)
        #expect(adjusted.start == caption.timeRange.start)
        #expect(adjusted.duration == frames(90))
    }

    @Test func theTargetIsNamed708WithAliases() {
        #expect(CaptionConversionSettings.Target(named: "708") == .cea708)
        #expect(CaptionConversionSettings.Target(named: "CEA708") == .cea708)
        #expect(CaptionConversionSettings.Target(named: "cea-708") == .cea708)
        #expect(CaptionConversionSettings.Target(named: "scc") == .scc)
        #expect(CaptionConversionSettings.Target(named: "itt") == .itt)
        #expect(CaptionConversionSettings.Target(named: "709") == nil)
        #expect(CaptionConversionSettings.Target.cea708.rawValue == "708")
    }
}

extension CEA708ValidationTests {
    /// At 120 fps: 600 / 120 = 5 constructs, 2 for 608, 3 × 2 = 6 bytes less the 2 headers: 4
    /// bytes a frame, and a DefineWindow is 7 (§8.10.5.2): no shift sends it.
    @Test func aCommandLongerThanAFramesRoomCannotFit() throws {
        let rate = try #require(FrameRate(frames: 120, seconds: 1))
        let settings = CaptionConversionSettings(target: .cea708, frameRate: rate)
        let caption = Caption("hi", start: rate.time(ofFrame: 120), end: rate.time(ofFrame: 360))
        let found = CaptionConversionValidator(captions: [caption], settings: settings).warnings()
        #expect(
            found.contains { $0.diagnostic.ruleID == "708.cannot-fit" && $0.diagnostic.message.contains("4 bytes") })
    }
}
