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
    /// Whether the schedules list every word on its frame (``TransmissionScheduler/placesWords``):
    /// a writer needs them, the validator does not.
    public var placesWords: Bool

    public init(
        encoder: CEA608Encoder = CEA608Encoder(), rate: FrameRate, reducesRedundancy: Bool = true,
        placesWords: Bool = true
    ) {
        self.encoder = encoder
        self.rate = rate
        self.reducesRedundancy = reducesRedundancy
        self.placesWords = placesWords
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
        let scheduler = TransmissionScheduler(placesWords: placesWords)
        // Only whether it delivers is kept of the first schedule: its conflicts (one for every
        // plan of a document that does not fit) go before the plans are reduced, and the
        // schedule is made again in the rare case that nothing can be reduced.
        let kept = { () -> TransmissionSchedule? in
            let schedule = scheduler.schedule(encoded.plans)
            return reducesRedundancy && !schedule.isDeliverable ? nil : schedule
        }()
        if let kept { return (kept, []) }
        let (plans, reductions) = { () -> ([CaptionTransmissionPlan], [RedundancyReducer.Reduction]) in
            RedundancyReducer().reduce(encoded.plans)
        }()
        guard !reductions.isEmpty else { return (scheduler.schedule(encoded.plans), []) }
        encoded.plans = plans
        return (scheduler.schedule(plans), reductions)
    }

    /// Encodes and schedules `captions`. With `lengthenShort`, a caption whose conflict can only
    /// be fixed by showing it longer (``TransmissionRemedy/lengthen(byFrames:)``) is lengthened
    /// and everything is scheduled again.
    ///
    /// With `cache`, the encoder works from the last document encoded with it (the same
    /// result, encoded again only around the captions that differ:
    /// ``CEA608Encoder/transmissionPlans(for:rate:reusing:)``), and leaves this one in it.
    ///
    /// `captions` is taken (`consuming`): a caller that passes its last use of them lets a
    /// lengthening change them in place rather than copy a long document.
    public func plan(
        _ captions: consuming [Caption], lengthenShort: Bool, reusing cache: CEA608EncodingCache? = nil
    ) -> Result {
        func encode(_ captions: [Caption]) -> CEA608EncodingResult {
            guard let cache else { return encoder.transmissionPlans(for: captions, rate: rate) }
            return encoder.transmissionPlans(for: captions, rate: rate, reusing: cache)
        }
        var encoded = encode(captions)
        var (schedule, reductions) = self.schedule(&encoded)
        var current = consume captions
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
                // The first encoding and its schedule go before the second is made: both at
                // once doubled the memory of a long document (Specs/validation-rules.md, "Cost").
                encoded = CEA608EncodingResult(plans: [], diagnostics: [])
                schedule = TransmissionSchedule(
                    plans: [], conflicts: [], suggestedShifts: [], isDeliverableWithShifts: true,
                    shiftedStartFrames: [],
                    words: [])
                encoded = encode(current)
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
