import CaptionCore

/// Encodes captions and schedules them: where a caption does not fit, its control codes go out
/// once instead of twice first (``RedundancyReducer``), and captions too short to hold their own
/// words are lengthened when asked. Shared by the SCC writer (`--shift`) and the validator's
/// fixer, so both make exactly the same changes.
public struct DeliveryPlanner: Sendable {
    public var encoder: CEA608Encoder
    public var rate: FrameRate
    /// Whether codes may go out once where twice does not fit (47 CFR 15.119(i): the second copy
    /// is for error resilience). Off, every code is doubled, as the validator's brute-force
    /// checks model it.
    public var reducesRedundancy: Bool

    public init(encoder: CEA608Encoder = CEA608Encoder(), rate: FrameRate, reducesRedundancy: Bool = true) {
        self.encoder = encoder
        self.rate = rate
        self.reducesRedundancy = reducesRedundancy
    }

    /// A caption lengthened so its own control words fit before its end.
    public struct Lengthening: Sendable, Hashable {
        public var captionIndices: [Int]
        public var frames: Int
        public var startFrame: Int64
    }

    /// The outcome: the (possibly lengthened) captions, their plans and schedule.
    public struct Result: Sendable {
        public var captions: [Caption]
        public var encoded: CEA608EncodingResult
        public var schedule: TransmissionSchedule
        public var lengthenings: [Lengthening]
        /// Plans whose control codes go out once so their data arrives in time.
        public var reductions: [RedundancyReducer.Reduction] = []
    }

    /// `encoded` scheduled, with codes sent once where that makes a plan fit.
    func schedule(_ encoded: inout CEA608EncodingResult) -> (TransmissionSchedule, [RedundancyReducer.Reduction]) {
        let schedule = TransmissionScheduler().schedule(encoded.plans)
        guard reducesRedundancy, !schedule.isDeliverable else { return (schedule, []) }
        let (plans, reductions) = RedundancyReducer().reduce(encoded.plans)
        guard !reductions.isEmpty else { return (schedule, []) }
        encoded.plans = plans
        return (TransmissionScheduler().schedule(plans), reductions)
    }

    /// Encodes and schedules `captions`. With `lengthenShort`, a caption whose conflict can only
    /// be fixed by showing it longer (``TransmissionRemedy/lengthen(byFrames:)``) is lengthened
    /// and everything is scheduled again.
    public func plan(_ captions: [Caption], lengthenShort: Bool) -> Result {
        var encoded = encoder.transmissionPlans(for: captions, rate: rate)
        var (schedule, reductions) = self.schedule(&encoded)
        var current = captions
        var lengthenings: [Lengthening] = []
        if lengthenShort && !schedule.isDeliverableWithShifts {
            for conflict in schedule.conflicts where conflict.kind == .displayTooShort {
                for case .lengthen(let frames) in conflict.remedies {
                    let extra = (try? rate.frameDuration.checkedMultiplying(by: Int64(frames))) ?? .invalid
                    for index in conflict.captionIndices where current.indices.contains(index) {
                        let range = current[index].timeRange
                        current[index].timeRange = TimeRange(start: range.start, duration: range.duration + extra)
                    }
                    lengthenings.append(
                        Lengthening(
                            captionIndices: conflict.captionIndices, frames: frames, startFrame: conflict.startFrame))
                }
            }
            if !lengthenings.isEmpty {
                encoded = encoder.transmissionPlans(for: current, rate: rate)
                (schedule, reductions) = self.schedule(&encoded)
            }
        }
        return Result(
            captions: current, encoded: encoded, schedule: schedule, lengthenings: lengthenings, reductions: reductions)
    }

    /// `captions` with the schedule's suggested shifts applied to their time ranges: the start
    /// moves by `startOffset` and the end by `startOffset + durationOffset`.
    public func applyingShifts(_ schedule: TransmissionSchedule, to captions: [Caption]) -> [Caption] {
        var out = captions
        for shift in schedule.suggestedShifts where shift.startOffset != 0 || shift.durationOffset != 0 {
            let startDelta = shift.startTimeOffset(at: rate)
            let endDelta =
                (try? rate.frameDuration.checkedMultiplying(by: shift.startOffset + shift.durationOffset)) ?? .invalid
            for i in shift.captionIndices where out.indices.contains(i) {
                let r = out[i].timeRange
                out[i].timeRange = TimeRange(start: r.start + startDelta, end: r.end + endDelta)
            }
        }
        return out
    }
}
