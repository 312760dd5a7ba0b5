// Scheduling line 21 data. Source: one byte pair per frame and field (47 CFR 15.119(b), now
// 47 CFR 79.101); control codes in adjacent pairs (15.119(i)); pop-on loading into
// non-displayed memory while another caption is shown (15.119(f)(2)). See Specs/scc.md,
// "Transmission scheduling", for the model and the optimality argument.

/// Places every plan's words on frames, one word per frame, and finds what does not fit.
///
/// **Model.** Plan *i*'s anchored words fill frames [*bᵢ*, *bᵢ* + *aᵢ*), where the block start
/// *bᵢ* = *sᵢ* − *oᵢ* is tied to its start frame; its preload must fit, in order and never
/// splitting a doubled control code, into the frames of [*rᵢ*, *bᵢ*) that no EDM occupies, where
/// the release *rᵢ* = *bᵢ₋₁* + *aᵢ₋₁* (the first plan: ``earliestFrame``); a plan that erases
/// itself sends EDM twice at its end *eᵢ*, which must not be earlier than *bᵢ* + *aᵢ*, and no
/// anchored word may land on another plan's EDM. EDM frames are fixed. A plan followed by a
/// roll-up line whose CR went out ahead of it, as an earlier line's end
/// (``CaptionTransmissionPlan/endWord``), must also finish its anchored words by that CR
/// (``CaptionTransmissionPlan/anchoredDeadline``), a limit like its own end.
///
/// **Conflicts** are found with every plan unshifted; nothing is reordered or dropped.
///
/// **Shifts.** Only delays *dᵢ* ≥ 0 of starts are considered, ends fixed (a plan replaced by a
/// later one stays until that one's shifted start). For plan *i*, the set Fᵢ(*dᵢ₋₁*) of delays
/// that fit depends on the predecessor only through *rᵢ* = *bᵢ₋₁* + *dᵢ₋₁* + *aᵢ₋₁*, and a
/// later release only removes free frames, so Fᵢ(*x*) ⊇ Fᵢ(*y*) for *x* ≤ *y*. The greedy
/// choice *gᵢ* = min Fᵢ(*gᵢ₋₁*) is therefore component-wise minimal: for any feasible *d*,
/// *dᵢ₋₁* ≥ *gᵢ₋₁* (induction) gives Fᵢ(*dᵢ₋₁*) ⊆ Fᵢ(*gᵢ₋₁*) and so *dᵢ* ≥ *gᵢ*. It minimises
/// every shift at once — the total, the largest and each caption's — and when Fᵢ(*gᵢ₋₁*) is
/// empty no delays at all can deliver plan *i*: the conflict then carries remedies.
public struct TransmissionScheduler: Sendable {
    /// The first frame data may use (media time zero is frame 0).
    public var earliestFrame: Int64
    /// Whether the schedule lists every word on its frame (``TransmissionSchedule/words``), as a
    /// writer needs; a caller that needs only the conflicts and shifts (the validator) saves a
    /// word's memory for every word of the document.
    public var placesWords: Bool

    public init(earliestFrame: Int64 = 0, placesWords: Bool = true) {
        self.earliestFrame = earliestFrame
        self.placesWords = placesWords
    }

    /// Schedules `plans`, which must be in order of start frame (as the encoder makes them).
    public func schedule(_ plans: [CaptionTransmissionPlan]) -> TransmissionSchedule {
        let erases = EraseFrames(plans: plans)
        var conflicts: [TransmissionConflict] = []
        var delays = [Int64](repeating: 0, count: plans.count)
        var fixable = [Bool](repeating: true, count: plans.count)
        // Greedy over the whole document: each plan's smallest delay given its predecessor's.
        var release = earliestFrame
        var unshiftedRelease = earliestFrame
        for (index, plan) in plans.enumerated() {
            let greedy = minimalDelay(plan, release: release, erases: erases)
            if let greedy {
                delays[index] = greedy
            } else {
                fixable[index] = false
            }
            // Unshifted so far and no delay needed: it fits as it is.
            let alone =
                greedy == 0 && release == unshiftedRelease
                ? nil : check(plan, delay: 0, release: unshiftedRelease, erases: erases)
            if alone != nil || greedy == nil {
                conflicts.append(
                    conflict(
                        index, plan, kind: alone ?? .preloadTooLate, release: unshiftedRelease,
                        erases: erases, fixable: greedy != nil, previous: index > 0 ? plans[index - 1] : nil))
            }
            release = plan.blockStartFrame + delays[index] + Int64(plan.anchoredFrames)
            unshiftedRelease = plan.blockStartFrame + Int64(plan.anchoredFrames)
        }
        let deliverable = !fixable.contains(false)
        var shifts: [ShiftSuggestion] = []
        for (index, plan) in plans.enumerated() {
            var endChange: Int64 = 0
            if case .replaced(let successor) = plan.end, delays.indices.contains(successor) {
                endChange = delays[successor]
            }
            let start = delays[index]
            if start != 0 || endChange != 0 {
                shifts.append(
                    ShiftSuggestion(
                        planIndex: index, captionIndices: plan.captionIndices, startOffset: start,
                        durationOffset: endChange - start))
            }
        }
        let starts = plans.indices.map { plans[$0].startFrame + delays[$0] }
        return TransmissionSchedule(
            plans: plans, conflicts: conflicts, suggestedShifts: shifts,
            isDeliverableWithShifts: deliverable, shiftedStartFrames: starts,
            words: deliverable && placesWords ? place(plans, delays: delays, erases: erases) : [])
    }

    // MARK: - Fitting one plan

    /// Why `plan` delayed by `delay` does not fit after `release`, or `nil` when it fits.
    func check(_ plan: CaptionTransmissionPlan, delay: Int64, release: Int64, erases: EraseFrames)
        -> TransmissionConflict.Kind?
    {
        let start = plan.blockStartFrame + delay
        let anchoredEnd = start + Int64(plan.anchoredFrames)
        if let end = plan.endFrame, anchoredEnd > end - Int64(plan.endLeadFrames) { return .displayTooShort }
        // A later line's CR sent ahead at the deadline would come before these words.
        if let deadline = plan.anchoredDeadline, anchoredEnd > deadline { return .collidesWithErase }
        if start < release { return .preloadTooLate }
        if erases.firstOccupied(from: start, to: anchoredEnd) != nil { return .collidesWithErase }
        if shortfall(plan.preload, from: release, before: start, erases: erases) > 0 {
            return .preloadTooLate
        }
        return nil
    }

    /// The smallest delay ≥ 0 that fits `plan` after `release`, or `nil` when none does.
    func minimalDelay(_ plan: CaptionTransmissionPlan, release: Int64, erases: EraseFrames) -> Int64? {
        let anchored = Int64(plan.anchoredFrames)
        let blockStart = plan.blockStartFrame
        let limit = plan.latestAnchoredEnd.map { $0 - anchored - blockStart }
        var delay = max(0, release + Int64(plan.preloadFrames) - blockStart)
        // Each step moves past a proven obstacle, so the loop ends: at the limit, or (for a plan
        // replaced by a later one, with no limit) once past the last EDM frame.
        while true {
            if let limit, delay > limit { return nil }
            let start = blockStart + delay
            if let busy = erases.firstOccupied(from: start, to: start + anchored) {
                delay = max(delay + 1, busy + 1 - blockStart)
                continue
            }
            if shortfall(plan.preload, from: release, before: start, erases: erases) > 0 {
                // Each frame of delay adds at most one free frame to the window, so at least
                // this many more are needed (a doubled code may also waste a lone free frame,
                // hence at least one).
                let free = Int(start - release) - erases.count(from: release, to: start)
                delay += Int64(max(1, plan.preloadFrames - free))
                continue
            }
            return delay
        }
    }

    /// How many frames `pack` would miss, without recording where units go.
    func shortfall(_ units: [TransmissionUnit], from: Int64, before: Int64, erases: EraseFrames) -> Int {
        packBackward(units, from: from, before: before, erases: erases, recording: false).shortfall
    }

    /// Places `units` as late as possible in the free frames of [`from`, `before`), in order,
    /// keeping doubled codes in adjacent frames. Returns each unit's first frame and how many
    /// frames were missing (0 when everything fits).
    func pack(_ units: [TransmissionUnit], from: Int64, before: Int64, erases: EraseFrames)
        -> (frames: [Int64], shortfall: Int)
    {
        packBackward(units, from: from, before: before, erases: erases, recording: true)
    }

    private func packBackward(
        _ units: [TransmissionUnit], from: Int64, before: Int64, erases: EraseFrames, recording: Bool
    ) -> (frames: [Int64], shortfall: Int) {
        var frames = recording ? [Int64](repeating: 0, count: units.count) : []
        let pairs = erases.spans(from: from, to: before)
        var total = 0
        for unit in units { total += unit.count }
        if pairs.isEmpty {
            // No EDM in the way: the units go back to back, ending just before `before`.
            let room = Int(max(0, before - from))
            guard total <= room else { return (frames, total - room) }
            if recording {
                var frame = before - Int64(total)
                for index in units.indices {
                    frames[index] = frame
                    frame += Int64(units[index].count)
                }
            }
            return (frames, 0)
        }
        // Backwards from the last free frame; `pair` is the last EDM span starting at or before
        // `position`, so only it can overlap the frames being tried.
        var position = before - 1
        var pair = pairs.endIndex - 1
        var index = units.count - 1
        while index >= 0 {
            let count = Int64(units[index].count)
            let first = position - count + 1
            if first < from { break }
            while pair >= pairs.startIndex && pairs[pair].start > position { pair -= 1 }
            if pair >= pairs.startIndex && pairs[pair].end - 1 >= first {
                position = pairs[pair].start - 1
                continue
            }
            if recording { frames[index] = first }
            position = first - 1
            index -= 1
        }
        var missing = 0
        while index >= 0 {
            missing += units[index].count
            index -= 1
        }
        return (frames, missing)
    }

    // MARK: - Reporting

    func conflict(
        _ index: Int, _ plan: CaptionTransmissionPlan, kind: TransmissionConflict.Kind, release: Int64,
        erases: EraseFrames, fixable: Bool, previous: CaptionTransmissionPlan?
    ) -> TransmissionConflict {
        let blockStart = plan.blockStartFrame
        let available = max(0, Int(blockStart - release) - erases.count(from: release, to: blockStart))
        let late = minimalDelay(plan, release: release, erases: erases)
        var remedies: [TransmissionRemedy] = []
        if !fixable || late == nil {
            let anchored = Int64(plan.anchoredFrames)
            if let end = plan.endFrame, blockStart + anchored > end {
                remedies.append(.lengthen(byFrames: Int(blockStart + anchored - end)))
                if plan.mode != .popOn {
                    remedies.append(.shortenText(byWords: Int(blockStart + anchored - end)))
                }
            } else {
                // The most the preload could ever get: every free frame up to the last start.
                let lastStart = plan.latestAnchoredEnd.map { $0 - anchored } ?? blockStart
                let room = max(0, Int(lastStart - release) - erases.count(from: release, to: lastStart))
                remedies.append(.shortenText(byWords: max(1, plan.preloadFrames - room)))
                if previous?.mode == .popOn && plan.mode == .popOn { remedies.append(.mergeWithPrevious) }
                if plan.mode == .popOn { remedies.append(.switchToRollUp) }
            }
        }
        return TransmissionConflict(
            planIndex: index, captionIndices: plan.captionIndices, kind: kind,
            startFrame: plan.startFrame,
            framesNeeded: kind == .displayTooShort ? plan.anchoredFrames : plan.preloadFrames,
            framesAvailable: available, framesLate: late.map { Int($0) }, remedies: remedies)
    }

    // MARK: - Placing words

    func place(_ plans: [CaptionTransmissionPlan], delays: [Int64], erases: EraseFrames) -> [ScheduledWord] {
        var words: [ScheduledWord] = []
        words.reserveCapacity(
            plans.reduce(0) { $0 + $1.preloadFrames + $1.anchoredFrames + $1.eraseCount + $1.endLeadFrames })
        // EDM words wait here, sorted, until the words before them are out: a preload may be
        // packed around an earlier plan's EDM.
        var pending: [ScheduledWord] = []
        func emit(_ word: ScheduledWord) {
            while let first = pending.first, first.frame < word.frame {
                words.append(first)
                pending.removeFirst()
            }
            words.append(word)
        }
        var release = earliestFrame
        for (index, plan) in plans.enumerated() {
            let start = plan.blockStartFrame + delays[index]
            let anchor = plan.startFrame + delays[index]
            let placed = pack(plan.preload, from: release, before: start, erases: erases)
            for (unit, frame) in zip(plan.preload, placed.frames) {
                for copy in 0..<unit.count {
                    emit(ScheduledWord(frame: frame + Int64(copy), word: unit.word, changesScreen: false))
                }
            }
            var frame = start
            for unit in plan.anchored {
                for _ in 0..<unit.count {
                    emit(ScheduledWord(frame: frame, word: unit.word, changesScreen: frame == start || frame == anchor))
                    frame += 1
                }
            }
            if case .erase(let end) = plan.end {
                let lead = Int64(plan.endLeadFrames)
                let position = pending.firstIndex { $0.frame > end - lead } ?? pending.endIndex
                var erase: [ScheduledWord] = []
                if let leadWord = plan.endLeadWord {
                    erase.append(ScheduledWord(frame: end - 2, word: leadWord, changesScreen: false))
                    erase.append(ScheduledWord(frame: end - 1, word: leadWord, changesScreen: false))
                }
                erase.append(ScheduledWord(frame: end, word: plan.endWord, changesScreen: true))
                if plan.eraseCount == 2 {
                    erase.append(ScheduledWord(frame: end + 1, word: plan.endWord, changesScreen: false))
                }
                pending.insert(contentsOf: erase, at: position)
            }
            release = frame
        }
        words.append(contentsOf: pending)
        if !Self.isSorted(words) { words.sort { $0.frame < $1.frame } }
        return words
    }

    static func isSorted(_ words: [ScheduledWord]) -> Bool {
        var previous = Int64.min
        for word in words {
            if word.frame < previous { return false }
            previous = word.frame
        }
        return true
    }
}
