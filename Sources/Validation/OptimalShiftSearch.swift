import CEA608
import CaptionCore

/// Finds the smallest total delay for runs of pop-on captions, exactly, by dynamic programming.
///
/// The model (shared with the validator's tests): each caption's start moves later by a whole
/// number of frames; it ends either at its *minimal end* (its own end, or later so it stays on
/// screen for its own duration or ``minimumFrames``, whichever is less) or exactly when the next
/// caption starts — a pop-on replacement, which needs no erase words; captions never overlap.
/// In pop-on (47 CFR §15.119(f)(2)), caption *i*'s words go out between the previous caption's
/// EOC and its own start, around the previous caption's erase, so whether caption *i* can be
/// delivered depends only on its own start and on the previous caption's start and end. The
/// total delay is therefore a sum over a chain, and a shortest-path search over (caption, start)
/// is exact. The SCC writer's encoder and scheduler judge each adjacent pair, and the whole
/// result is checked with the full scheduler before it is used.
///
/// The same search serves the 708 target with ``CEA708DeliveryJudge``: there a caption's data
/// can also compete with captions further back (eight windows load ahead), so the chain is an
/// approximation; the full schedule still checks the result, and an answer it refuses keeps the
/// greedy one.
struct OptimalShiftSearch {
    let rate: FrameRate
    let minimumFrames: Int64
    /// The most pair checks one run may cost; longer runs keep the greedy answer.
    var budget = 20_000_000
    /// The target's judge; nil: the SCC writer's (``CEA608DeliveryJudge``).
    var judge: (any DeliveryJudge)? = nil

    private func frame(_ t: MediaTime) -> Int64 { rate.frame(at: t, rounding: .nearestOrAwayFromZero) ?? 0 }

    /// `greedy` (a deliverable answer for `original`) with each run of moved captions replaced by
    /// the cheapest answer, and whether every run was searched exactly (false when a run was
    /// too long for ``budget``, or the document has roll-up or paint-on captions).
    func improve(original: [Caption], greedy: [Caption], reusing cache: CEA608EncodingCache? = nil) -> (
        captions: [Caption], exact: Bool, limit: String?
    ) {
        let n = original.count
        guard n == greedy.count, n > 0, greedy != original else { return (greedy, true, nil) }
        var searcher = self
        let judge = self.judge ?? CEA608DeliveryJudge(rate: rate, cache: cache)
        searcher.judge = judge
        if let limit = judge.exactSearchLimit(original) { return (greedy, false, limit) }
        guard zip(original, original.dropFirst()).allSatisfy({ $0.timeRange.end <= $1.timeRange.start }) else {
            return (greedy, false, "the exact search needs one caption on screen at a time")
        }
        let s0 = original.map { frame($0.timeRange.start) }
        let e0 = original.map { frame($0.timeRange.end) }
        let keep = original.map { max(1, min(frame($0.timeRange.duration), minimumFrames)) }
        let delay = (0..<n).map { frame(greedy[$0].timeRange.start) - s0[$0] }
        var result = greedy
        var exact = true
        var limit: String?
        var i = 0
        while i < n {
            guard delay[i] > 0 else {
                i += 1
                continue
            }
            var j = i
            while j < n && delay[j] > 0 { j += 1 }
            // Run [i, j): the caption before it (if any) and after it stay where greedy put them.
            let bound = delay[i..<j].reduce(0, +)
            // The search's size; a run of absurd delays overflows it, which is past any budget.
            let side = Int(clamping: bound).addingReportingOverflow(1)
            let square = side.partialValue.multipliedReportingOverflow(by: side.partialValue)
            let product = square.partialValue.multipliedReportingOverflow(by: (j - i + 1) * 2)
            let cost = side.overflow || square.overflow || product.overflow ? Int.max : product.partialValue
            if cost <= budget,
                let placed = searcher.search(
                    run: i..<j, bound: bound, s0: s0, e0: e0, keep: keep, greedy: result, original: original)
            {
                var candidate = result
                for (k, p) in placed.enumerated() {
                    candidate[i + k].timeRange = TimeRange(
                        start: rate.time(ofFrame: p.start), end: rate.time(ofFrame: p.end))
                }
                if i > 0, let end = searcher.anchorEnd {
                    candidate[i - 1].timeRange = TimeRange(
                        start: candidate[i - 1].timeRange.start, end: rate.time(ofFrame: end))
                }
                if judge.deliversAll(candidate) {
                    result = candidate
                } else {
                    exact = false
                    limit = "the exact answer did not pass the full schedule"
                }
            } else {
                exact = false
                limit =
                    cost > budget
                    ? "a run of \(j - i) captions is too long for the exact search"
                    : "the exact search found no answer within the greedy total"
            }
            i = j
        }
        return (result, exact, limit)
    }

    /// A caption placed by the search: start, end, index.
    typealias Placed = (index: Int, start: Int64, end: Int64)

    /// The run's captions with the least total delay, as (start, end) frames, or nil.
    ///
    /// State: (caption, delay, whether the previous caption ends exactly at this one's start).
    /// The flag matters: after a replacement, non-displayed memory still holds the replaced
    /// caption, so the next load needs ENM (two more words). Each step is judged on the three
    /// captions it involves.
    mutating func search(
        run: Range<Int>, bound: Int64, s0: [Int64], e0: [Int64], keep: [Int64], greedy: [Caption], original: [Caption]
    ) -> [(start: Int64, end: Int64)]? {
        let first = run.lowerBound
        let width = Int(bound) + 1
        func minEnd(_ i: Int, _ start: Int64) -> Int64 { max(e0[i], start + keep[i]) }
        // The fixed captions around the run, where greedy put them.
        let anchor: Placed? = first > 0 ? (first - 1, frame(greedy[first - 1].timeRange.start), 0) : nil
        let beforeAnchor: Placed? =
            first > 1
            ? (first - 2, frame(greedy[first - 2].timeRange.start), frame(greedy[first - 2].timeRange.end)) : nil
        // cost[k][d][t]; back[k][d][t] = (previous delay, previous flag)
        var cost = [[[Int64]]](repeating: [[Int64]](repeating: [.max, .max], count: width), count: run.count)
        var back = [[[(Int, Int)]]](
            repeating: [[(Int, Int)]](repeating: [(-1, -1), (-1, -1)], count: width), count: run.count)

        /// The caption before run caption `k` at state (d, t): start and end given `nextStart`.
        func predecessor(k: Int, d: Int, t: Int) -> (placed: Placed?, minEnd: Int64)? {
            if k == 0 {
                guard let anchor else { return nil }
                return ((anchor.index, anchor.start, 0), minEnd(anchor.index, anchor.start))
            }
            let index = run.lowerBound + k - 1
            let (pd, _) = back[k][d][t]
            guard pd >= 0 else { return nil }
            let ps = s0[index] + Int64(pd)
            return ((index, ps, 0), minEnd(index, ps))
        }

        for (k, index) in run.enumerated() {
            for d in 0..<width {
                let s = s0[index] + Int64(d)
                if k == 0 {
                    guard let anchor else {
                        if judge([(index, s, minEnd(index, s))], original: original) { cost[0][d][0] = Int64(d) }
                        continue
                    }
                    let am = minEnd(anchor.index, anchor.start)
                    for t in 0...1 {
                        guard s >= am, t == 1 || s > am else { continue }
                        let a: Placed = (anchor.index, anchor.start, t == 1 ? s : am)
                        let list = [beforeAnchor, a, (index, s, minEnd(index, s))].compactMap { $0 }
                        if judge(list, original: original) { cost[0][d][t] = Int64(d) }
                    }
                    continue
                }
                let previous = index - 1
                for pd in 0..<width {
                    for pt in 0...1 where cost[k - 1][pd][pt] != .max && cost[k - 1][pd][pt] + Int64(d) <= bound {
                        let ps = s0[previous] + Int64(pd)
                        let pm = minEnd(previous, ps)
                        // The caption before `previous`, ending at `ps` if it was replaced.
                        var pp: Placed?
                        if let (placed, ppMin) = predecessor(k: k - 1, d: pd, t: pt), let placed {
                            pp = (placed.index, placed.start, pt == 1 ? ps : ppMin)
                        }
                        if k - 1 == 0, pp == nil, let anchor {
                            pp = (anchor.index, anchor.start, pt == 1 ? ps : minEnd(anchor.index, anchor.start))
                        }
                        for t in 0...1 {
                            guard s >= pm, t == 1 || s > pm else { continue }
                            let total = cost[k - 1][pd][pt] + Int64(d)
                            guard total < cost[k][d][t] else { continue }
                            let list = [pp, (previous, ps, t == 1 ? s : pm), (index, s, minEnd(index, s))].compactMap {
                                $0
                            }
                            if judge(list, original: original) {
                                cost[k][d][t] = total
                                back[k][d][t] = (pd, pt)
                            }
                        }
                    }
                }
            }
        }
        // The caption after the run stays where greedy put it; it must still fit.
        let last = run.count - 1
        let lastIndex = run.upperBound - 1
        var best: (d: Int, t: Int, nextT: Int, total: Int64)?
        for d in 0..<width {
            for t in 0...1 where cost[last][d][t] != .max {
                if let current = best, cost[last][d][t] >= current.total { continue }
                let s = s0[lastIndex] + Int64(d)
                let m = minEnd(lastIndex, s)
                guard run.upperBound < s0.count else {
                    best = (d, t, 0, cost[last][d][t])
                    continue
                }
                let next = run.upperBound
                let ns = frame(greedy[next].timeRange.start)
                var pp: Placed?
                if let (placed, ppMin) = predecessor(k: last, d: d, t: t), let placed {
                    pp = (placed.index, placed.start, t == 1 ? s : ppMin)
                }
                for nt in 0...1 {
                    guard ns >= m, nt == 1 || ns > m else { continue }
                    let list = [pp, (lastIndex, s, nt == 1 ? ns : m), (next, ns, frame(greedy[next].timeRange.end))]
                        .compactMap { $0 }
                    if judge(list, original: original) {
                        best = (d, t, nt, cost[last][d][t])
                        break
                    }
                }
            }
        }
        guard let best else { return nil }
        // Walk back: starts, then ends from the flags.
        var delays = [Int](repeating: 0, count: run.count)
        var flags = [Int](repeating: 0, count: run.count)
        var d = best.d
        var t = best.t
        for k in stride(from: last, through: 0, by: -1) {
            delays[k] = d
            flags[k] = t
            (d, t) = back[k][d][t]
        }
        var placed: [(start: Int64, end: Int64)] = []
        for k in 0..<run.count {
            let index = run.lowerBound + k
            let s = s0[index] + Int64(delays[k])
            let nextStart: Int64? =
                k + 1 < run.count
                ? s0[index + 1] + Int64(delays[k + 1])
                : (run.upperBound < s0.count ? frame(greedy[run.upperBound].timeRange.start) : nil)
            let replaced = k + 1 < run.count ? flags[k + 1] == 1 : best.nextT == 1
            placed.append((s, replaced ? (nextStart ?? minEnd(index, s)) : minEnd(index, s)))
        }
        // The anchor's end: replaced by the run's first caption or its minimal end.
        anchorEnd = anchor.map { flags[0] == 1 ? placed[0].start : minEnd($0.index, $0.start) }
        return placed
    }

    /// Set by ``search``: the end frame of the caption before the run.
    private(set) var anchorEnd: Int64?

    /// The writer's judgement on a few consecutive captions alone: no conflict for the last.
    func judge(_ list: [Placed], original: [Caption]) -> Bool {
        let pair = list.map { p -> Caption in
            var c = original[p.index]
            c.timeRange = TimeRange(start: rate.time(ofFrame: p.start), end: rate.time(ofFrame: p.end))
            return c
        }
        return (judge ?? CEA608DeliveryJudge(rate: rate, cache: nil)).deliversLast(pair)
    }
}

/// A target writer's judgement of whether captions' data arrives in time, for
/// ``OptimalShiftSearch``: the SCC writer's (``CEA608DeliveryJudge``) or the 708 encoder's and
/// scheduler's (``CEA708DeliveryJudge``).
protocol DeliveryJudge {
    /// Why the exact search does not apply to `captions` (the judge's model does not hold for
    /// them), or nil.
    func exactSearchLimit(_ captions: [Caption]) -> String?
    /// Whether the last of a few consecutive captions, judged alone, gets its data in time.
    func deliversLast(_ captions: [Caption]) -> Bool
    /// Whether every caption of a whole document gets its data in time.
    func deliversAll(_ captions: [Caption]) -> Bool
}

/// The SCC writer's encoder and scheduler as the judge (47 CFR §15.119(i)).
struct CEA608DeliveryJudge: DeliveryJudge {
    let rate: FrameRate
    let cache: CEA608EncodingCache?

    func exactSearchLimit(_ captions: [Caption]) -> String? {
        captions.allSatisfy({ CEA608Encoder.mode(of: $0) == .popOn })
            ? nil : "the exact search covers pop-on captions only"
    }

    func deliversLast(_ captions: [Caption]) -> Bool {
        let plans = CEA608Encoder().transmissionPlans(for: captions, rate: rate).plans
        let schedule = TransmissionScheduler(placesWords: false).schedule(plans)
        let mine = captions.count - 1
        return !schedule.conflicts.contains { $0.captionIndices.contains(mine) }
    }

    func deliversAll(_ captions: [Caption]) -> Bool {
        DeliveryPlanner(rate: rate, reducesRedundancy: false, placesWords: false).plan(
            captions, lengthenShort: false, reusing: cache
        ).schedule.isDeliverable
    }
}
