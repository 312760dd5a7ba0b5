import CEA608
import CaptionCore
import Testing
import Validation

/// The bit-budget rule against an independent simulation written here: one word (two bytes) per
/// frame on field 1 (47 CFR §15.119(i)). The encoder only supplies each caption's words; the
/// channel is simulated frame by frame with an occupancy array, independently of the scheduler.
@Suite struct BudgetBruteForceTests {
    /// The simulation below sends every control code twice, so the validator is asked to
    /// count them that way (the writer may send some once where that lets a caption fit).
    static let doubled: CaptionConversionSettings = {
        var settings = CaptionConversionSettings()
        settings.reducesRedundancy = false
        return settings
    }()

    let rate = FrameRate.fps29_97

    // MARK: - Independent simulation

    /// The plans' captions that cannot be delivered as they are: pop-on words before the start go
    /// into free frames after the previous plan's anchored words; anchored words sit at their
    /// block; EDM pairs sit at each end. Doubled codes need two adjacent free frames.
    func undeliverable(_ captions: [Caption]) -> Set<Int> {
        let plans = CEA608Encoder().transmissionPlans(for: captions, rate: rate).plans
        let horizon = Int((plans.map { max($0.startFrame, $0.endFrame ?? $0.startFrame) }.max() ?? 0) + 200)
        var busy = [Bool](repeating: false, count: horizon + 4)
        for p in plans {
            if case .erase(let end) = p.end, end >= 0, Int(end) + 1 < busy.count {
                busy[Int(end)] = true
                busy[Int(end) + 1] = true
            }
        }
        var bad = Set<Int>()
        var release: Int64 = 0
        for p in plans {
            let block = p.blockStartFrame
            var ok = block >= release
            // Anchored words: on their frames, not on an EDM, finished before the end.
            for f in block..<(block + Int64(p.anchoredFrames)) where f >= 0 && Int(f) < busy.count && busy[Int(f)] {
                ok = false
            }
            if let end = p.endFrame, block + Int64(p.anchoredFrames) > end { ok = false }
            // Preload: pack forwards in order from the release.
            var f = release
            for unit in p.preload where ok {
                while true {
                    if f + Int64(unit.count) > block { ok = false; break }
                    let run = (f..<(f + Int64(unit.count))).allSatisfy { $0 < 0 || !busy[Int($0)] }
                    if run { break }
                    f += 1
                }
                f += Int64(unit.count)
            }
            if !ok { bad.formUnion(p.captionIndices) }
            release = block + Int64(p.anchoredFrames)
        }
        return bad
    }

    /// A dense random pop-on document: 1–2 rows of up to 32 characters, short gaps.
    func denseDocument(_ rng: inout SplitMix64, count: Int, maxGap: UInt64 = 40) -> [Caption] {
        var captions: [Caption] = []
        var frame: Int64 = 30 + Int64(rng.next(below: 30))
        for _ in 0..<count {
            let rows = 1 + Int(rng.next(below: 2))
            let text = (0..<rows).map { _ in String(repeating: "x", count: 4 + Int(rng.next(below: 29))) }.joined(
                separator: "\n")
            let duration = 8 + Int64(rng.next(below: 50))
            captions.append(
                Caption(
                    runs: [CaptionRun(text)],
                    timeRange: TimeRange(start: rate.time(ofFrame: frame), end: rate.time(ofFrame: frame + duration)),
                    region: .cells(row: 15 - rows, column: 0, rows: rows, columns: 32)))
            frame += duration + Int64(rng.next(below: maxGap))
        }
        return captions
    }

    // MARK: - Tests

    @Test func flagsExactlyTheCaptionsTheSimulationCannotDeliver() {
        var rng = SplitMix64(seed: 608)
        var flaggedSomewhere = 0
        for _ in 0..<150 {
            let captions = denseDocument(&rng, count: 2 + Int(rng.next(below: 6)))
            let expected = undeliverable(captions)
            let warnings = CaptionConversionValidator(captions: captions, settings: Self.doubled).warnings()
                .filter { $0.warningType == .excessMediaData }
            let flagged = Set(warnings.flatMap(\.undeliverableCaptions))
            #expect(flagged == expected, "\(captions.map { "\($0.timeRange)" })")
            if !expected.isEmpty { flaggedSomewhere += 1 }
            // Every caption in a warning's range is undeliverable or has an adjustment.
            for w in warnings {
                for (k, i) in w.rangeOfCaptions.enumerated() {
                    #expect(w.undeliverableCaptions.contains(i) || w.adjustments[k] != .none)
                }
            }
        }
        #expect(flaggedSomewhere > 30)  // the generator is dense enough to matter
    }

    @Test func suggestedAdjustmentsValidateClean() {
        var rng = SplitMix64(seed: 21)
        for _ in 0..<80 {
            let captions = denseDocument(&rng, count: 3 + Int(rng.next(below: 8)), maxGap: 20)
            let document = CaptionDocument(captions: captions, frameRate: rate, dropFrame: true)
            let (fixed, _) = CaptionConversionFixer(settings: Self.doubled).fix(document)
            #expect(fixed.captions.count == captions.count)
            #expect(undeliverable(fixed.captions).isEmpty)
            let errors = CaptionConversionValidator(captions: fixed.captions, settings: Self.doubled).warnings().filter {
                $0.diagnostic.severity == .error
            }
            #expect(errors.isEmpty, "\(errors.map(\.diagnostic.description))")
            // Nothing lost, nothing reordered, nothing shortened below its own length or 1 s.
            for (old, new) in zip(captions, fixed.captions) {
                #expect(new.text == old.text)
                #expect(new.timeRange.start >= old.timeRange.start)
                #expect(new.timeRange.duration >= .minimum(old.timeRange.duration, MediaTime(value: 1, timescale: 1)))
            }
            for (a, b) in zip(fixed.captions, fixed.captions.dropFirst()) {
                #expect(a.timeRange.end <= b.timeRange.start)
            }
        }
    }

    /// On small documents, the total delay equals the minimum found by exhaustive search: start
    /// delays only; each caption ends at its minimal end (its own end, or later to keep its own
    /// duration or 1 s on screen) or exactly when the next starts (pop-on replacement, which
    /// needs no erase words); captions never overlap.
    @Test func totalShiftIsMinimalOnSmallCases() {
        var rng = SplitMix64(seed: 5)
        var compared = 0
        for _ in 0..<60 {
            let captions = denseDocument(&rng, count: 3, maxGap: 12)
            let warnings = CaptionConversionValidator(captions: captions, settings: Self.doubled).warnings().filter {
                $0.warningType == .excessMediaData
            }
            guard !warnings.isEmpty else { continue }
            let (fixed, _) = CaptionConversionFixer(settings: Self.doubled).fix(CaptionDocument(captions: captions))
            let ours = zip(captions, fixed.captions).map {
                rate.frame(at: $1.timeRange.start - $0.timeRange.start, rounding: .nearestOrAwayFromZero) ?? 0
            }.reduce(0, +)
            let solution = bruteForceSolution(captions, limit: 48)
            let best = solution?.total
            #expect(best != nil)
            if let solution, let best, ours != best {
                let plans = CEA608Encoder().transmissionPlans(for: solution.captions, rate: rate).plans
                let verdict = TransmissionScheduler().schedule(plans)
                Issue.record(
                    "scheduler on the brute-force solution: \(verdict.conflicts.map { ($0.captionIndices, $0.kind) }); texts \(captions.map { $0.lines.map(\.count) })"
                )
            }
            if let best {
                let show = { (cs: [Caption]) in
                    cs.map { "\(rate.frame(at: $0.timeRange.start) ?? 0)-\(rate.frame(at: $0.timeRange.end) ?? 0)" }
                }
                #expect(
                    ours == best, "ours \(ours) \(show(fixed.captions)), brute force \(best), input \(show(captions))")
            }
            compared += 1
        }
        #expect(compared >= 20)
    }

    /// Exhaustive search over start delays 0…`limit`; each end is the minimal one or the next
    /// caption's start. Returns the smallest total delay the simulation can deliver.
    func bruteForceMinimum(_ captions: [Caption], limit: Int64) -> Int64? {
        bruteForceSolution(captions, limit: limit)?.total
    }

    func bruteForceSolution(_ captions: [Caption], limit: Int64) -> (total: Int64, captions: [Caption])? {
        let keep = captions.map { c -> Int64 in
            min(rate.frame(at: c.timeRange.duration, rounding: .nearestOrAwayFromZero) ?? 1, 30)
        }
        let starts = captions.map { rate.frame(at: $0.timeRange.start, rounding: .nearestOrAwayFromZero) ?? 0 }
        let ends = captions.map { rate.frame(at: $0.timeRange.end, rounding: .nearestOrAwayFromZero) ?? 0 }
        var best: Int64?
        var bestSolution: [Caption]?
        var chosenStart = [Int64](repeating: 0, count: captions.count)
        var chosenEnd = [Int64](repeating: 0, count: captions.count)
        // `touch`: the previous caption ends where this one starts.
        func search(_ i: Int, _ sum: Int64, touch: Bool) {
            if let best, sum >= best { return }
            if i == captions.count {
                var moved = captions
                for k in moved.indices {
                    moved[k].timeRange = TimeRange(
                        start: rate.time(ofFrame: chosenStart[k]), end: rate.time(ofFrame: chosenEnd[k]))
                }
                if undeliverable(moved).isEmpty {
                    best = sum
                    bestSolution = moved
                }
                return
            }
            for d in 0...limit {
                let s = starts[i] + d
                if i > 0 {
                    let minimumPreviousEnd = max(ends[i - 1], chosenStart[i - 1] + keep[i - 1])
                    if s < minimumPreviousEnd { continue }
                    chosenEnd[i - 1] = touch ? s : minimumPreviousEnd
                }
                chosenStart[i] = s
                chosenEnd[i] = max(ends[i], s + keep[i])
                search(i + 1, sum + d, touch: false)
                if i + 1 < captions.count { search(i + 1, sum + d, touch: true) }
            }
        }
        search(0, 0, touch: false)
        guard let best, let bestSolution else { return nil }
        return (best, bestSolution)
    }
}
