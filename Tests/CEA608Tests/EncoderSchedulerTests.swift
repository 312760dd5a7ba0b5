import CEA608
import CaptionCore
import Testing

/// The transmission scheduler against an independent brute force: one word per frame (47 CFR
/// 15.119(b)), doubled codes in adjacent frames (15.119(i)), a pop-on caption's load after the
/// previous EOC and before its own.
@Suite struct EncoderSchedulerTests {
    static let rate = FrameRate.fps29_97

    static func popOn(_ text: String, _ start: Int64, _ end: Int64) -> Caption {
        Caption(
            runs: [CaptionRun(text)],
            timeRange: TimeRange(start: rate.time(ofFrame: start), end: rate.time(ofFrame: end)),
            region: .cells(row: 13, column: 0, rows: 1, columns: 32))
    }

    // MARK: - Brute force

    /// Whether every plan fits with `delays`, simulated frame by frame: fixed words first (each
    /// anchored block at its shifted start, each EDM pair at its end), then each preload placed
    /// forward, earliest free frames first, after the previous plan's anchored words.
    static func fits(_ plans: [CaptionTransmissionPlan], delays: [Int64]) -> Bool {
        var used = Set<Int64>()
        func take(_ frame: Int64) -> Bool { frame >= 0 && used.insert(frame).inserted }
        var blockStarts: [Int64] = []
        for (plan, delay) in zip(plans, delays) {
            let start = plan.startFrame - Int64(plan.anchorOffset) + delay
            blockStarts.append(start)
            for frame in start..<(start + Int64(plan.anchoredFrames)) where !take(frame) { return false }
            if case .erase(let end) = plan.end {
                if !take(end) || !take(end + 1) { return false }
            }
        }
        for (index, plan) in plans.enumerated() {
            let blockEnd = blockStarts[index] + Int64(plan.anchoredFrames)
            switch plan.end {
            case .erase(let end), .erased(let end, _): if blockEnd > end { return false }
            case .replaced(let next): if blockEnd > blockStarts[next] { return false }
            }
            // A later line's CR sent ahead at the deadline must find the words sent.
            if let deadline = plan.anchoredDeadline, blockEnd > deadline { return false }
            var position = index == 0 ? 0 : blockStarts[index - 1] + Int64(plans[index - 1].anchoredFrames)
            for unit in plan.preload {
                while used.contains(position) || (unit.count == 2 && used.contains(position + 1)) { position += 1 }
                for copy in 0..<Int64(unit.count) { used.insert(position + copy) }
                position += Int64(unit.count)
            }
            if position > blockStarts[index] { return false }
        }
        return true
    }

    /// The smallest total delay over all vectors with entries 0…`limit`, if any fits.
    static func bruteForceMinimum(_ plans: [CaptionTransmissionPlan], limit: Int64) -> Int64? {
        var best: Int64?
        var delays = [Int64](repeating: 0, count: plans.count)
        func search(_ index: Int) {
            if index == plans.count {
                let total = delays.reduce(0, +)
                if best.map({ total < $0 }) ?? true, fits(plans, delays: delays) { best = total }
                return
            }
            for delay in 0...limit {
                delays[index] = delay
                search(index + 1)
            }
        }
        search(0)
        return best
    }

    // MARK: - Tests

    @Test func lateCaptionIsReportedWithNumbers() {
        // 14 words of load (RCL×2, PAC×2, 10 text words) before frame 10: only frames 0–9 exist.
        let plans = CEA608Encoder().transmissionPlans(
            for: [Self.popOn("twenty characters!!!", 10, 100)], rate: Self.rate
        ).plans
        let schedule = TransmissionScheduler().schedule(plans)
        #expect(schedule.conflicts.count == 1)
        let conflict = schedule.conflicts[0]
        #expect(conflict.kind == .preloadTooLate)
        #expect(conflict.framesNeeded == 14 && conflict.framesAvailable == 10 && conflict.framesLate == 4)
        #expect(
            schedule.suggestedShifts == [
                ShiftSuggestion(planIndex: 0, captionIndices: [0], startOffset: 4, durationOffset: -4)
            ])
        #expect(schedule.isDeliverableWithShifts)
    }

    @Test func captionWhoseDataCannotFitItsOwnSlotGetsRemedies() {
        // 30 characters need 19 frames of load (RCL×2, PAC×2, 15 text words). The caption
        // before it shows until frame 40 and this one from 42 to 47: the load can only go
        // between the first EOC (frames 30–31) and this one's last possible EOC (frame 45),
        // less the first caption's EDM (40–41): 12 frames. No delay helps.
        let captions = [Self.popOn("first", 30, 40), Self.popOn(String(repeating: "x", count: 30), 42, 47)]
        let schedule = TransmissionScheduler().schedule(
            CEA608Encoder().transmissionPlans(for: captions, rate: Self.rate).plans)
        #expect(!schedule.isDeliverableWithShifts)
        let conflict = schedule.conflicts.last
        #expect(conflict?.framesLate == nil)
        #expect(conflict?.remedies.contains(.mergeWithPrevious) == true)
        #expect(conflict?.remedies.contains(.switchToRollUp) == true)
        #expect(conflict?.remedies.contains { if case .shortenText = $0 { true } else { false } } == true)
    }

    @Test func oneFrameCaptionNeedsLengthening() {
        let schedule = TransmissionScheduler().schedule(
            CEA608Encoder().transmissionPlans(for: [Self.popOn("a", 60, 61)], rate: Self.rate).plans)
        // EOC, EOC, then EDM: the EDM cannot come one frame after the EOC.
        #expect(schedule.conflicts.first?.kind == .displayTooShort)
        #expect(schedule.conflicts.first?.remedies == [.lengthen(byFrames: 1)])
    }

    @Test(arguments: 0..<60) func greedyShiftsAreMinimalAndFlagsExact(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 7)
        var captions: [Caption] = []
        var frame = Int64(random.next(below: 12))
        for _ in 0..<3 {
            let length = Int(random.next(below: 14))
            let duration = Int64(3 + random.next(below: 20))
            captions.append(Self.popOn(String(repeating: "m", count: max(1, length)), frame, frame + duration))
            // Back to back, or a gap of up to 12 frames.
            frame += duration + (random.next(below: 3) == 0 ? 0 : Int64(random.next(below: 12)))
        }
        Self.checkAgainstBruteForce(captions, limit: 16)
    }

    @Test(arguments: 0..<40) func mixedModesAgainstBruteForce(seed: Int) {
        // Pop-on, roll-up (one window) and paint-on captions, densely packed.
        var random = SplitMix64(seed: UInt64(seed) &+ 1000)
        var captions: [Caption] = []
        var frame = Int64(random.next(below: 10))
        let scroll = CaptionRegion.Scroll.rollUp(rows: 2)
        for _ in 0..<3 {
            let text = String(repeating: "w", count: 1 + Int(random.next(below: 10)))
            let duration = Int64(4 + random.next(below: 16))
            var caption = Self.popOn(text, frame, frame + duration)
            switch random.next(below: 3) {
            case 0: caption.region = .cells(row: 13, column: 0, rows: 2, columns: 32, scroll: scroll)
            case 1: caption.animation = .characterReveal
            default: break
            }
            captions.append(caption)
            frame += duration + Int64(random.next(below: 8))
        }
        Self.checkAgainstBruteForce(captions, limit: 14)
    }

    @Test func shiftedDocumentSchedulesClean() {
        // Dense: each caption's load takes more than the gap before it.
        // Each caption's load (2 + 2 + 15 words for 30 characters) takes more than the 12 frames
        // it has after the previous EOC.
        var captions: [Caption] = []
        for index in 0..<12 {
            let start = Int64(30 + index * 14)
            // The last one stays long, so the delays that pile up fit before its end.
            captions.append(Self.popOn("caption number \(index) is long!!!", start, start + (index == 11 ? 200 : 14)))
        }
        let encoder = CEA608Encoder()
        let schedule = TransmissionScheduler().schedule(encoder.transmissionPlans(for: captions, rate: Self.rate).plans)
        #expect(!schedule.isDeliverable)
        #expect(schedule.isDeliverableWithShifts)
        // Each caption is delayed by more than the one before it: the shifts cascade. The first
        // keeps its start and stays on screen until the delayed second replaces it.
        let delays = schedule.suggestedShifts.map(\.startOffset)
        #expect(delays.count == 12 && delays == delays.sorted() && delays[0] == 0)
        #expect(schedule.suggestedShifts[0].durationOffset == delays[1])
        // Apply the suggestions to the captions themselves; the new document fits unshifted.
        var shifted = captions
        for shift in schedule.suggestedShifts {
            for index in shift.captionIndices {
                let range = shifted[index].timeRange
                shifted[index].timeRange = TimeRange(
                    start: range.start + shift.startTimeOffset(at: Self.rate),
                    duration: range.duration + shift.durationTimeOffset(at: Self.rate))
            }
        }
        let again = TransmissionScheduler().schedule(encoder.transmissionPlans(for: shifted, rate: Self.rate).plans)
        #expect(again.isDeliverable, "\(again.conflicts.count) conflicts remain")
        #expect(again.words == schedule.words)
    }

    /// The scheduler against an exhaustive search over delays 0…`limit` per plan: it flags
    /// exactly the plans that do not fit unshifted, its shifts fit, no tried delay vector beats
    /// its total (and when the total is within `limit` it equals the minimum), and the placed
    /// words take one frame each, in order, none before frame 0.
    static func checkAgainstBruteForce(
        _ captions: [Caption], limit: Int64, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let plans = CEA608Encoder().transmissionPlans(for: captions, rate: rate).plans
        let schedule = TransmissionScheduler().schedule(plans)
        let unshiftedFits = fits(plans, delays: Array(repeating: 0, count: plans.count))
        #expect(schedule.isDeliverable == unshiftedFits, "\(schedule.conflicts)", sourceLocation: sourceLocation)
        let best = bruteForceMinimum(plans, limit: limit)
        guard schedule.isDeliverableWithShifts else {
            #expect(
                best == nil, "scheduler gave up, brute force found total \(String(describing: best))",
                sourceLocation: sourceLocation)
            return
        }
        var delays = [Int64](repeating: 0, count: plans.count)
        for shift in schedule.suggestedShifts { delays[shift.planIndex] = shift.startOffset }
        #expect(fits(plans, delays: delays), "greedy \(delays) does not fit", sourceLocation: sourceLocation)
        let total = delays.reduce(0, +)
        let message: Comment = "greedy total \(total), brute force \(String(describing: best))"
        #expect(best.map { $0 >= total } ?? true, message, sourceLocation: sourceLocation)
        if total <= limit { #expect(best == total, message, sourceLocation: sourceLocation) }
        let frames = schedule.words.map(\.frame)
        #expect(
            Set(frames).count == frames.count && frames == frames.sorted() && (frames.first ?? 0) >= 0,
            sourceLocation: sourceLocation)
    }
}
