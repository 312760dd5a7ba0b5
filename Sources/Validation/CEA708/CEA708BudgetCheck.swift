import CEA708
import CaptionCore
import CaptionData

// The 708 bit budget (Specs/validation-rules.md, "The 708 target"). The DTVCC channel is 9,600
// bit/s (CTA-708-E §4.1): `CCData.constructCount(frameRate:)` constructs a frame (20 at 29.97
// fps), less the 608 pairs beside them (`CCData.cea608ConstructCount`: 2 at 29.97), so 18 at
// 29.97 fps = 36 bytes; a frame's packet takes a header byte (§5) and a service block header (§6.2),
// and a block holds at most 31 bytes: 31 bytes of service data a frame at 29.97 fps. The
// encoder and scheduler the writers use judge it; the shifts are found as for 608.

/// The 708 encoder (`CEA708CaptionEncoder`) and scheduler (`CEA708Scheduler`) as the judge of
/// whether a service's captions arrive in time, for ``OptimalShiftSearch`` and
/// ``DeliveryFitter/fit(_:judge:)``.
struct CEA708DeliveryJudge: DeliveryJudge {
    let rate: FrameRate
    let wide: Bool
    /// The DTVCC constructs a frame leaves for the service (after the 608 pairs).
    let constructsPerFrame: Int

    init(settings: CaptionConversionSettings) {
        rate = settings.frameRate
        wide = settings.wideAspect
        constructsPerFrame = CCData.dtvccConstructCount(frameRate: settings.frameRate)
    }

    /// Service data bytes a frame (at most 31).
    var bytesPerFrame: Int { CEA708Scheduler.bytesPerFrame(constructsPerFrame: constructsPerFrame, service: 1) }

    func encode(_ captions: [Caption]) -> CEA708ServiceEncoding {
        CEA708CaptionEncoder(wide: wide).encode(CaptionDocument(captions: captions))
    }

    func schedule(_ encoding: CEA708ServiceEncoding) -> CEA708Scheduler.Schedule {
        CEA708Scheduler.schedule(encoding, rate: rate, constructsPerFrame: constructsPerFrame, service: 1)
    }

    func exactSearchLimit(_ captions: [Caption]) -> String? {
        let rollUp = captions.contains { if case .rollUp = $0.region?.scroll { true } else { false } }
        return rollUp ? "the exact search covers pop-on captions only" : nil
    }

    func deliversLast(_ captions: [Caption]) -> Bool {
        let last = captions.count - 1
        let s = schedule(encode(captions))
        return !s.unsentCaptions.contains(last) && !s.late.contains { $0.captionIndices.contains(last) }
    }

    func deliversAll(_ captions: [Caption]) -> Bool {
        let s = schedule(encode(captions))
        return s.late.isEmpty && s.unsentCaptions.isEmpty
    }
}

extension DeliveryFitter {
    /// How many rounds of the 708 fit may run: each schedules the whole service once.
    static let cea708Rounds = 64
    /// The exact search's budget of judgements for 708 (each encodes and schedules a few
    /// captions).
    static let cea708SearchBudget = 50_000

    /// The smallest time changes that let every caption of one 708 service arrive in time: each
    /// round delays the start of every late caption by the frames the scheduler says it misses
    /// by (its end kept, ``keepingDurations(_:original:)`` keeping it on screen), until nothing is
    /// late; then ``OptimalShiftSearch`` with the 708 judge looks for a smaller total, kept only
    /// when the whole schedule accepts it.
    func fit(_ input: [Caption], judge: CEA708DeliveryJudge) -> Result {
        var captions = input
        for _ in 0..<Self.cea708Rounds {
            let schedule = judge.schedule(judge.encode(captions))
            if !schedule.unsentCaptions.isEmpty {
                return Result(
                    captions: captions, movedWhole: [], deliverable: false,
                    limit: "a command is longer than the \(judge.bytesPerFrame) bytes a frame")
            }
            if schedule.late.isEmpty {
                guard captions != input else { return Result(captions: captions, movedWhole: [], deliverable: true) }
                var search = OptimalShiftSearch(rate: rate, minimumFrames: minimumFrames)
                search.judge = judge
                search.budget = Self.cea708SearchBudget
                let best = search.improve(original: input, greedy: captions)
                return Result(
                    captions: best.captions, movedWhole: [], deliverable: true, exact: best.exact, limit: best.limit)
            }
            var delays: [Int: Int64] = [:]
            for late in schedule.late {
                // The captions that start at the late chunk's time; a cue that only hides is
                // late because of what came before it: those before it move.
                let starting = late.captionIndices.filter {
                    captions.indices.contains($0) && captions[$0].timeRange.start == late.time
                }
                for i in starting.isEmpty ? late.captionIndices : starting where captions.indices.contains(i) {
                    delays[i] = max(delays[i] ?? 0, max(1, late.framesLate))
                }
            }
            for (i, frames) in delays {
                let r = captions[i].timeRange
                let delta = (try? rate.frameDuration.checkedMultiplying(by: frames)) ?? .invalid
                let start = r.start + delta
                captions[i].timeRange = TimeRange(start: start, end: .maximum(r.end, start + rate.frameDuration))
            }
            captions = keepingDurations(captions, original: input)
        }
        return Result(
            captions: captions, movedWhole: [], deliverable: judge.deliversAll(captions),
            limit: "the shifts did not settle in \(Self.cea708Rounds) rounds")
    }
}

extension CaptionConversionValidator {
    /// `708.bandwidth` and `708.cannot-fit`: the service as the writers encode and schedule it
    /// (one service, 608 beside it), with the smallest adjustments found for consecutive late
    /// captions (one warning a run), as ``budgetWarnings(conformed:)`` does for 608.
    func cea708BudgetWarnings(encoding: CEA708ServiceEncoding) -> [CaptionConversionWarning] {
        let judge = CEA708DeliveryJudge(settings: settings)
        let schedule = judge.schedule(encoding)
        guard !schedule.late.isEmpty || !schedule.unsentCaptions.isEmpty else { return [] }
        var out: [CaptionConversionWarning] = []
        let budget =
            "\(judge.bytesPerFrame) bytes of service data a frame (\(judge.constructsPerFrame) of the \(CCData.constructCount(frameRate: settings.frameRate)) constructs a frame at \(settings.frameRate) fps, less the packet and service block headers)"
        for i in schedule.unsentCaptions where captions.indices.contains(i) {
            out.append(
                captionWarning(
                    .cea708CannotFit, i,
                    "caption \(i + 1): a command of its data is longer than the \(budget); it is never sent",
                    fix: "write at a frame rate whose frames leave at least 7 bytes (a DefineWindow): 60 fps or slower")
            )
        }
        var lateBy: [Int: Int64] = [:]
        for late in schedule.late {
            for i in late.captionIndices where captions.indices.contains(i) {
                lateBy[i] = max(lateBy[i] ?? 0, late.framesLate)
            }
        }
        let fitted = fitter.fit(captions, judge: judge)
        let adjustments = zip(captions, fitted.captions).map { old, new in
            CaptionConversionTimeRangeAdjustment(
                startTimeOffset: new.timeRange.start - old.timeRange.start,
                durationOffset: new.timeRange.duration - old.timeRange.duration)
        }
        let changed = captions.indices.filter { adjustments[$0] != .none || lateBy[$0] != nil }
        for run in Self.runs(changed) {
            let at = settings.location(captions[run.lowerBound].timeRange.start, file: fileName)
            let subject = CaptionNumbers.subject(Array(run))
            var message = "\(subject): the service data cannot all arrive in time at \(budget)"
            if let first = run.first(where: { lateBy[$0] != nil }), let frames = lateBy[first] {
                message += " (caption \(first + 1)'s data arrives \(frames) frame(s) late)"
            }
            out.append(
                CaptionConversionWarning(
                    warningType: .excessMediaData, rangeOfCaptions: run, adjustments: run.map { adjustments[$0] },
                    undeliverableCaptions: run.filter { lateBy[$0] != nil },
                    diagnostic: ValidationRule.cea708Bandwidth.diagnostic(
                        message, at: at, fix: shiftSuggestion(run: run, adjustments: adjustments, fitted: fitted))))
        }
        return out
    }

    /// For captions read from an MCC file, the 708 bit-budget findings as `708.re-encode`
    /// notes: the file's own DTVCC data is judged as sent (the transport checks).
    func transmitted708OrNot(_ warnings: [CaptionConversionWarning]) -> [CaptionConversionWarning] {
        settings.sourceIsTransmitted708 ? Self.reEncodeNotes(warnings, .cea708ReEncode) : warnings
    }
}
