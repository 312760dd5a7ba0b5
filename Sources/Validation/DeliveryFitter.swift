import CEA608
import CaptionCore

/// Finds the smallest time changes that let every caption's data arrive in time, using the SCC
/// writer's own planner and scheduler as the judge (47 CFR §15.119(i): one byte pair a frame).
///
/// 1. The scheduler's greedy delays keep each caption's end (component-wise minimal delays;
///    see ``TransmissionScheduler``).
/// 2. Where no delay with the end kept works (the caption's data does not fit in its own slot),
///    the first such caption moves whole: start and end later by the smallest delay, found by
///    search, that lets it and everything before it be delivered; captions it then overlaps
///    start when it ends. Then back to 1.
///
/// The result is delivered by the writer without conflicts, which is what `--fix` needs; the
/// validator reports the difference from the original as adjustments.
struct DeliveryFitter {
    let rate: FrameRate
    /// A caption moved whole keeps at least this many frames on screen (or its own duration).
    let minimumFrames: Int64

    /// The fitter for `settings`: its frame rate and minimum display duration (1 s by default).
    init(settings: CaptionConversionSettings) {
        self.init(
            rate: settings.frameRate,
            minimumFrames: settings.frameRate.frame(at: settings.minimumDisplayDuration, rounding: .up) ?? 30)
    }

    init(rate: FrameRate, minimumFrames: Int64) {
        self.rate = rate
        self.minimumFrames = minimumFrames
    }

    struct Result {
        var captions: [Caption]
        /// Captions that had to move whole (their slot was too small), with the scheduler's
        /// remedies at the time.
        var movedWhole: [(captions: [Int], remedies: [TransmissionRemedy])]
        /// Whether the writer can now deliver everything.
        var deliverable: Bool
        /// Whether the total delay is known to be the least possible (see ``OptimalShiftSearch``).
        var exact = false
        /// Why it is not known to be least, when it is not.
        var limit: String?
    }

    /// How many captions may be moved whole per document (each costs a few plans of the whole
    /// document); see ``fit(_:)``.
    static let wholeMoveBudget = 16
    /// Captions before those moved that a trial move plans with them (their state carries over).
    static let windowBefore = 16

    /// `cache` holds the last whole-document encoding (of `input`, when the caller planned it
    /// already); each round plans the whole document again through it, encoding only around
    /// the captions that changed since (``CEA608EncodingCache``).
    func fit(_ input: [Caption], reusing cache: CEA608EncodingCache = CEA608EncodingCache()) -> Result {
        // Adjustments are found with every control code doubled (the model the exact search and
        // BudgetBruteForceTests check); the writer sends codes once first, so it may shift less.
        let planner = DeliveryPlanner(rate: rate, reducesRedundancy: false, placesWords: false)
        var captions = input
        var movedWhole: [(captions: [Int], remedies: [TransmissionRemedy])] = []
        // Every round moves some caption later or finishes; times only grow, so this converges.
        // Each round plans the whole document, so the rounds are bounded by a budget, not by the
        // document's length: a document with more stuck captions than that (a pathological one,
        // say a paint-on caption per backspace) gets no adjustments past them rather than a
        // running time that grows with the square of its length.
        var wholeMoves = 0
        for _ in 0..<min(4 * input.count + 8, 4 * Self.wholeMoveBudget + 8) {
            // Its last use: a lengthening changes the document in place (no copy).
            let planned = planner.plan(consume captions, lengthenShort: true, reusing: cache)
            captions = planned.captions
            let schedule = planned.schedule
            if schedule.isDeliverable {
                let kept = keepingDurations(captions, original: input)
                if kept == captions {
                    // The greedy answer is deliverable; an exact search may find a cheaper one.
                    let best = OptimalShiftSearch(rate: rate, minimumFrames: minimumFrames).improve(
                        original: input, greedy: captions, reusing: cache)
                    return Result(
                        captions: best.captions, movedWhole: movedWhole, deliverable: true, exact: best.exact,
                        limit: best.limit)
                }
                captions = kept
                continue
            }
            if schedule.isDeliverableWithShifts {
                captions = keepingDurations(planner.applyingShifts(schedule, to: captions), original: input)
                continue
            }
            // The first conflict no delay can fix (it carries remedies).
            guard let stuck = schedule.conflicts.first(where: { !$0.remedies.isEmpty }) else { break }
            wholeMoves += 1
            guard wholeMoves <= Self.wholeMoveBudget else { break }
            // Delays before it are fine: apply those only.
            let prefix = TransmissionSchedule(
                plans: schedule.plans, conflicts: [],
                suggestedShifts: schedule.suggestedShifts.filter { $0.planIndex < stuck.planIndex },
                isDeliverableWithShifts: true, shiftedStartFrames: [], words: [])
            captions = keepingDurations(planner.applyingShifts(prefix, to: captions), original: input)
            guard let moved = smallestWholeMove(of: stuck.captionIndices, in: captions, planner: planner) else { break }
            captions = keepingDurations(moved, original: input)
            if !movedWhole.contains(where: { $0.captions == stuck.captionIndices }) {
                movedWhole.append((stuck.captionIndices, stuck.remedies))
            }
        }
        let final = planner.plan(captions, lengthenShort: true, reusing: cache)
        return Result(
            captions: final.captions, movedWhole: movedWhole, deliverable: final.schedule.isDeliverable,
            limit: wholeMoves > Self.wholeMoveBudget
                ? "more than \(Self.wholeMoveBudget) captions need moving whole; the rest were not tried" : nil)
    }

    /// Each caption on screen for at least the lesser of its original duration and
    /// ``minimumFrames`` (never less than a frame): a shortened one gets its end moved later,
    /// and a caption that then overlaps the next starts that one at its end.
    func keepingDurations(_ captions: [Caption], original: [Caption]) -> [Caption] {
        var out = captions
        let floor = (try? rate.frameDuration.checkedMultiplying(by: max(1, minimumFrames))) ?? rate.frameDuration
        for i in out.indices {
            if i > 0, out[i].timeRange.start < out[i - 1].timeRange.end,
                original[i].timeRange.start >= original[i - 1].timeRange.end
            {
                // It did not overlap its predecessor before: keep it that way.
                let r = out[i].timeRange
                out[i].timeRange = TimeRange(
                    start: out[i - 1].timeRange.end, end: .maximum(r.end, out[i - 1].timeRange.end))
            }
            let keep = MediaTime.maximum(
                rate.frameDuration, MediaTime.minimum(original[i].timeRange.duration, floor))
            if out[i].timeRange.duration < keep {
                out[i].timeRange = TimeRange(start: out[i].timeRange.start, duration: keep)
            }
        }
        return out
    }

    /// `captions` with `indices` moved later whole by the smallest delay after which no caption
    /// up to them is stuck (exponential then binary search on the delay).
    func smallestWholeMove(of indices: [Int], in captions: [Caption], planner: DeliveryPlanner) -> [Caption]? {
        let first = indices.min() ?? 0
        let last = indices.max() ?? 0
        func candidate(_ d: Int64) -> [Caption] { moved(indices, by: d, in: captions) }
        // Each trial plans a window around the captions, not the whole document: those well
        // before them have long left the screen and those that start well after them cannot
        // share their frames; the caller plans the whole document again after the move.
        let windowStart = max(0, first - Self.windowBefore)
        let margin = (try? rate.frameDuration.checkedMultiplying(by: 600)) ?? .zero
        func works(_ d: Int64) -> Bool {
            let all = candidate(d)
            guard all.indices.contains(last) else { return false }
            let horizon = all[last].timeRange.end + margin
            var windowEnd = last + 1
            while windowEnd < all.count, all[windowEnd].timeRange.start < horizon { windowEnd += 1 }
            let s = planner.plan(Array(all[windowStart..<windowEnd]), lengthenShort: true).schedule
            if s.isDeliverableWithShifts { return true }
            // Stuck only later than these captions is progress enough.
            return s.conflicts.allSatisfy {
                $0.remedies.isEmpty || ($0.captionIndices.min() ?? 0) + windowStart > last
            }
        }
        var high: Int64 = 1
        while !works(high) {
            high *= 2
            if high > 1 << 24 { return nil }  // about a week of frames: give up
        }
        var low: Int64 = high / 2  // does not work (or 0)
        while high - low > 1 {
            let mid = (low + high) / 2
            if works(mid) { high = mid } else { low = mid }
        }
        return candidate(high)
    }

    /// Moves `indices` later by `d` frames keeping their durations; ``keepingDurations(_:original:)``
    /// then starts any caption they overlap at their end.
    func moved(_ indices: [Int], by d: Int64, in captions: [Caption]) -> [Caption] {
        var out = captions
        let delta = (try? rate.frameDuration.checkedMultiplying(by: d)) ?? .invalid
        for i in indices where out.indices.contains(i) {
            let r = out[i].timeRange
            out[i].timeRange = TimeRange(start: r.start + delta, duration: r.duration)
        }
        return keepingDurations(out, original: captions)
    }
}
