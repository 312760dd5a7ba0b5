// Resuming the encoder part-way through a document. `EncoderState.add` reads only the unit it
// is given and the state the units before it left, so the state before a unit is a function of
// the units before it: a document whose units differ from the last one encoded only in a
// stretch is encoded again from a checkpoint before the stretch, and from the first checkpoint
// after it where the state is again the one the last encoding had there, the rest is the last
// encoding's (CEA608EncodingCache).

import CaptionCore

extension EncoderState {
    /// What the encoder holds before a unit that the units after it can still read or change.
    struct Checkpoint: Equatable {
        /// The index of the unit about to be added.
        var unit: Int
        var planCount: Int
        /// Findings made so far; the only part the rest of the encoding does not depend on.
        var diagnosticCount: Int
        var shown: [Shown]
        var mode: CEA608CaptionMode?
        var nonDisplayedMayHoldText: Bool
        var windowBase: Int
        var newestWordsSent: Int64
        var lastRollAhead: Int64
        /// The plans later units can still change (those shown, whose ends are not settled, and
        /// the newest, whose anchored deadline a CR ahead can set), as they are here.
        var live: [LivePlan]

        struct LivePlan: Equatable {
            var index: Int
            var plan: CaptionTransmissionPlan
            var end: CaptionTransmissionPlan.End?
        }

        /// Whether an encoder here goes on as one at `other` does: the same state, whatever
        /// findings each made before.
        func continues(as other: Checkpoint) -> Bool {
            var mine = self
            mine.diagnosticCount = other.diagnosticCount
            return mine == other
        }
    }

    /// The state before unit `unit` is added.
    func checkpoint(beforeUnit unit: Int) -> Checkpoint {
        var live = Set(shown.map(\.plan))
        if !plans.isEmpty { live.insert(plans.count - 1) }
        return Checkpoint(
            unit: unit, planCount: plans.count, diagnosticCount: diagnostics.count, shown: shown, mode: mode,
            nonDisplayedMayHoldText: nonDisplayedMayHoldText, windowBase: windowBase,
            newestWordsSent: newestWordsSent, lastRollAhead: lastRollAhead,
            live: live.sorted().map { Checkpoint.LivePlan(index: $0, plan: plans[$0], end: ends[$0]) })
    }

    /// The state at `checkpoint` of an encoding whose finished plans, ends and findings are
    /// `plans`, `ends` and `diagnostics`: the plans before it that no later unit changes are
    /// final there already; the live ones are as the checkpoint holds them.
    init(
        resuming checkpoint: Checkpoint, plans: [CaptionTransmissionPlan], ends: [CaptionTransmissionPlan.End?],
        diagnostics: [Diagnostic], channel: CaptionChannel, rate: FrameRate
    ) {
        self.init(channel: channel, rate: rate)
        self.plans = Array(plans[..<checkpoint.planCount])
        self.ends = Array(ends[..<checkpoint.planCount])
        for live in checkpoint.live {
            self.plans[live.index] = live.plan
            self.ends[live.index] = live.end
        }
        self.diagnostics = Array(diagnostics[..<checkpoint.diagnosticCount])
        shown = checkpoint.shown
        mode = checkpoint.mode
        nonDisplayedMayHoldText = checkpoint.nonDisplayedMayHoldText
        windowBase = checkpoint.windowBase
        newestWordsSent = checkpoint.newestWordsSent
        lastRollAhead = checkpoint.lastRollAhead
    }

    /// Finishes where the state continues as `old`, a checkpoint of an encoding of the same
    /// units from here on whose finished plans, ends and findings are `plans`, `ends` and
    /// `diagnostics`: the rest, and what the rest does to the live plans, is that encoding's.
    mutating func finish(
        continuingAs old: Checkpoint, plans oldPlans: [CaptionTransmissionPlan],
        ends oldEnds: [CaptionTransmissionPlan.End?], diagnostics oldDiagnostics: [Diagnostic]
    ) {
        // The plans settled here get their ends, as ``finish()`` gives them.
        for index in plans.indices {
            if let end = ends[index] { plans[index].end = end }
        }
        for live in old.live {
            plans[live.index] = oldPlans[live.index]
            ends[live.index] = oldEnds[live.index]
        }
        plans += oldPlans[old.planCount...]
        ends += oldEnds[old.planCount...]
        diagnostics += oldDiagnostics[old.diagnosticCount...]
    }
}
