// Control codes are sent twice so that a decoder that loses one copy to a transmission error
// still acts on the other (47 CFR 15.119(i), now 47 CFR 79.101: the identical second copy is
// ignored). That is resilience, not a requirement: a decoder acts on a code sent once. Real files
// send codes once where the data is tight (libcaption's tos.scc sends every code once). See
// Specs/scc.md, "Transmission scheduling".

/// Sends the control codes of plans that do not fit once instead of twice, before any plan is
/// shifted: first the plan's own preload codes, then the anchored codes of the plan before it
/// (its release comes earlier), then its own anchored codes — each only as many as it takes.
/// A paint-on caption over one that leaves may paint only the cells that change. As a last
/// resort the document's first caption leaves out the RCL and PAC that a decoder in
/// its start state (pop-on, row 15, column 1, white; Specs/scc.md "Decoding") does not need,
/// as files that caption from their first frame do.
///
/// A code is never sent once right beside an identical word, which a decoder would take for
/// the repeat of one code (two ♪ would show as one).
public struct RedundancyReducer: Sendable {
    /// The first frame data may use (as ``TransmissionScheduler/earliestFrame``).
    public var earliestFrame: Int64

    public init(earliestFrame: Int64 = 0) {
        self.earliestFrame = earliestFrame
    }

    /// What was sent once, per plan.
    public struct Reduction: Sendable, Hashable {
        public var planIndex: Int
        public var captionIndices: [Int]
        /// How many of the plan's codes go out once (or are left out).
        public var codes: Int
        /// Whether the plan paints only the cells that change (``CaptionTransmissionPlan/leanAnchored``).
        public var paintsChangesOnly = false
        /// Whether the plan jumps short gaps with tab offsets (``CaptionTransmissionPlan/tabbedAnchored``).
        public var jumpsShortGaps = false
    }

    /// `plans` with control codes sent once where that lets a plan fit unshifted, and what
    /// changed. Plans that fit as they are keep every code doubled.
    public func reduce(_ plans: [CaptionTransmissionPlan]) -> (plans: [CaptionTransmissionPlan], reductions: [Reduction]) {
        let scheduler = TransmissionScheduler(earliestFrame: earliestFrame)
        var erases = EraseFrames(plans: plans)
        var plans = plans
        var counts = [Int](repeating: 0, count: plans.count)
        var repainted = Set<Int>()
        var tabbed = Set<Int>()
        // Plans that send their own EDM, by its frame, for finding those in a range quickly.
        var ends: [(frame: Int64, plan: Int)] = []
        for (index, plan) in plans.enumerated() {
            if case .erase(let frame) = plan.end { ends.append((frame, index)) }
        }
        ends.sort { $0.frame < $1.frame }
        // The EDM (sent twice at its end) of a plan before `index` whose second copy lies in
        // [from, to): sent once. A binary search finds the first EDM there, so the reduction
        // stays O(n log n) however many plans there are.
        func sendEraseOnce(before index: Int, from: Int64, to: Int64) -> Bool {
            var low = 0
            var high = ends.count
            while low < high {
                let middle = (low + high) / 2
                if ends[middle].frame + 1 < from { low = middle + 1 } else { high = middle }
            }
            var position = low
            while position < ends.count, ends[position].frame + 1 < to {
                let other = ends[position].plan
                position += 1
                guard other < index, plans[other].eraseCount == 2 else { continue }
                plans[other].eraseCount = 1
                counts[other] += 1
                erases.sendOnce(at: ends[position - 1].frame)
                return true
            }
            return false
        }
        var release = earliestFrame
        for index in plans.indices {
            func fits() -> Bool { scheduler.check(plans[index], delay: 0, release: release, erases: erases) == nil }
            if !fits() {
                // 0. An earlier caption's EDM where this plan's words must go: its second copy.
                while scheduler.check(plans[index], delay: 0, release: release, erases: erases) == .collidesWithErase,
                    sendEraseOnce(
                        before: index, from: plans[index].blockStartFrame,
                        to: plans[index].blockStartFrame + Int64(plans[index].anchoredFrames))
                {}
                // 1. The plan's own preload: a pop-on caption's short gaps jumped, then its codes
                // sent once.
                if !fits(), let jumped = plans[index].tabbedPreload {
                    plans[index].preload = jumped
                    plans[index].tabbedPreload = nil
                    tabbed.insert(index)
                }
                let previousWord = index > 0 ? plans[index - 1].anchored.last?.word : nil
                while !fits(), Self.sendOnce(in: &plans[index].preload, following: previousWord) {
                    counts[index] += 1
                }
                // 1b. EDMs sent in the frames the preload needs.
                while !fits(), sendEraseOnce(before: index, from: release, to: plans[index].blockStartFrame) {}
                // 2. The anchored words of the plan before, after its start word: its release
                // comes one frame earlier each.
                if index > 0 {
                    // The plan before painting only its changed cells, if it may.
                    if !fits(), let lean = plans[index - 1].leanAnchored,
                        lean.reduce(0, { $0 + $1.count }) < plans[index - 1].anchoredFrames - plans[index - 1].anchorOffset
                    {
                        plans[index - 1].anchored = lean
                        plans[index - 1].anchorOffset = 0
                        plans[index - 1].leanAnchored = nil
                        repainted.insert(index - 1)
                        release = plans[index - 1].blockStartFrame + Int64(plans[index - 1].anchoredFrames)
                    }
                    // The roll-up line before jumping its short gaps with tab offsets, if it may
                    // (before any of its codes went out once: its words are all doubled).
                    if !fits(), counts[index - 1] == 0, let jumped = plans[index - 1].tabbedAnchored {
                        plans[index - 1].anchored = jumped
                        plans[index - 1].tabbedAnchored = nil
                        tabbed.insert(index - 1)
                        release = plans[index - 1].blockStartFrame + Int64(plans[index - 1].anchoredFrames)
                    }
                    while !fits(), Self.sendOnceAnchored(&plans[index - 1], beforeStart: false) {
                        counts[index - 1] += 1
                        release = plans[index - 1].blockStartFrame + Int64(plans[index - 1].anchoredFrames)
                    }
                }
                // 2b. Paint-on over a caption that leaves: only the cells that change.
                if !fits(), let lean = plans[index].leanAnchored, lean.reduce(0, { $0 + $1.count }) < plans[index].anchoredFrames {
                    plans[index].anchored = lean
                    plans[index].anchorOffset = 0
                    plans[index].leanAnchored = nil
                    repainted.insert(index)
                }
                // 2c. A roll-up line: gaps of up to three cells jumped with a tab offset or a PAC.
                if !fits(), let jumped = plans[index].tabbedAnchored {
                    plans[index].anchored = jumped
                    plans[index].tabbedAnchored = nil
                    tabbed.insert(index)
                }
                // 3. Its own anchored words, where that helps: from the start word on they end one
                // frame sooner (a caption too short to hold them), before it the block starts one
                // frame later (more room for the preload); an EDM in the way may need either.
                while let kind = scheduler.check(plans[index], delay: 0, release: release, erases: erases),
                    (kind != .preloadTooLate && Self.sendOnceAnchored(&plans[index], beforeStart: false))
                        || (kind != .displayTooShort && Self.sendOnceAnchored(&plans[index], beforeStart: true))
                {
                    counts[index] += 1
                }
                // 4. Codes the decoder's start state makes unnecessary (the first caption only).
                while !fits(), let unit = plans[index].startStateUnits.popLast() {
                    plans[index].preload.remove(at: unit)
                    counts[index] += 1
                }
            }
            release = plans[index].blockStartFrame + Int64(plans[index].anchoredFrames)
        }
        let reductions = plans.indices.filter { counts[$0] > 0 || repainted.contains($0) || tabbed.contains($0) }.map {
            Reduction(
                planIndex: $0, captionIndices: plans[$0].captionIndices, codes: counts[$0],
                paintsChangesOnly: repainted.contains($0), jumpsShortGaps: tabbed.contains($0))
        }
        return (plans, reductions)
    }

    /// Sends the first doubled unit of `units` once that has no identical word beside it;
    /// returns whether one was found.
    static func sendOnce(in units: inout [TransmissionUnit], following previous: UInt16?) -> Bool {
        for position in units.indices where units[position].count == 2 {
            let word = units[position].word
            let before = position > units.startIndex ? units[position - 1].word : previous
            let after = position + 1 < units.endIndex ? units[position + 1].word : nil
            guard before != word && after != word else { continue }
            units[position] = TransmissionUnit(word: word, count: 1)
            return true
        }
        return false
    }

    /// Sends one of `plan`'s anchored codes once, before the word that starts the caption or at
    /// and after it; the start word stays on the start frame (a code before it moves the block
    /// start one frame later). Returns whether one was found.
    static func sendOnceAnchored(_ plan: inout CaptionTransmissionPlan, beforeStart: Bool) -> Bool {
        var frame = 0
        var previous = plan.preload.last?.word
        for position in plan.anchored.indices {
            let unit = plan.anchored[position]
            defer {
                frame += unit.count
                previous = unit.word
            }
            guard (frame < plan.anchorOffset) == beforeStart, unit.count == 2 else { continue }
            let after = position + 1 < plan.anchored.endIndex ? plan.anchored[position + 1].word : nil
            guard previous != unit.word && after != unit.word else { continue }
            plan.anchored[position] = TransmissionUnit(word: unit.word, count: 1)
            if beforeStart { plan.anchorOffset -= 1 }
            return true
        }
        return false
    }
}
