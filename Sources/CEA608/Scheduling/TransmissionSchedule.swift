// The result of scheduling. See Specs/scc.md, "Transmission scheduling".

/// Where every word goes, what does not fit, and the smallest shifts that make it fit.
public struct TransmissionSchedule: Sendable, Hashable {
    /// The plans scheduled, in the order given.
    public var plans: [CaptionTransmissionPlan]
    /// Every plan whose words do not fit with the document as it is (unshifted), or that no
    /// delay can fix.
    public var conflicts: [TransmissionConflict]
    /// The smallest delays, over the whole document, after which every plan fits; one entry per
    /// plan whose time range changes. When not ``isDeliverableWithShifts``, the plans that need a
    /// remedy (see ``TransmissionConflict/remedies``) are left unshifted and the others' delays
    /// assume the remedy is applied.
    public var suggestedShifts: [ShiftSuggestion]
    /// Whether the suggested shifts make every plan fit (no plan needs a remedy).
    public var isDeliverableWithShifts: Bool
    /// Each plan's start after the suggested shifts.
    public var shiftedStartFrames: [Int64]
    /// Every word on its frame, in frame order, with the suggested shifts applied; empty when
    /// not ``isDeliverableWithShifts``, or when the scheduler was asked for none
    /// (``TransmissionScheduler/placesWords``).
    public var words: [ScheduledWord]

    public init(
        plans: [CaptionTransmissionPlan], conflicts: [TransmissionConflict],
        suggestedShifts: [ShiftSuggestion], isDeliverableWithShifts: Bool,
        shiftedStartFrames: [Int64], words: [ScheduledWord]
    ) {
        self.plans = plans
        self.conflicts = conflicts
        self.suggestedShifts = suggestedShifts
        self.isDeliverableWithShifts = isDeliverableWithShifts
        self.shiftedStartFrames = shiftedStartFrames
        self.words = words
    }

    /// Whether every plan fits as it is: no conflicts, so ``words`` is the unshifted schedule.
    public var isDeliverable: Bool { conflicts.isEmpty }
}
