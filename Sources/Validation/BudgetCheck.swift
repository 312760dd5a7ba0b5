import CEA608
import CaptionCore

extension CaptionConversionValidator {
    /// `excessMediaData` (47 CFR §15.119(i): one byte pair per frame on field 1): encodes the
    /// conformed captions with the SCC writer's encoder and schedules them with its scheduler,
    /// so a clean result guarantees the written file delivers every caption on time.
    ///
    /// The adjustments come from ``DeliveryFitter`` over the whole document, so fixing one
    /// caption never breaks the next; consecutive captions that must change form one run and
    /// one warning. A caption whose data does not fit in its own slot also gets
    /// `608.cannot-fit` with what would help besides moving it: shorter text, merging, roll-up.
    func budgetWarnings(conformed: [Caption]) -> [CaptionConversionWarning] {
        let rate = settings.frameRate
        // The encoding is made once and kept for the fitter, whose first plan is of the same
        // captions and whose later ones differ from it in a few (Specs/validation-rules.md,
        // "Cost").
        let cache = CEA608EncodingCache()
        // As the writer plans it: codes sent once where twice does not fit, before any shift.
        // Only what the findings say of the conflicts, and the reductions, are kept: the plans
        // and words of a document (a pathological SCC makes a caption a frame) would otherwise
        // stay in memory beside the fitter's own plans, and so would a conflict, remedies and
        // all, for nearly every caption of a document that does not fit.
        let (conflicts, reductions) = { () -> (FirstConflicts, [RedundancyReducer.Reduction]) in
            let planned = DeliveryPlanner(
                rate: rate, reducesRedundancy: settings.reducesRedundancy, placesWords: false
            )
            .plan(conformed, lengthenShort: false, reusing: cache)
            return (FirstConflicts(planned.schedule.conflicts, captionCount: conformed.count), planned.reductions)
        }()
        if conflicts.isEmpty {
            // Codes sent once are no finding for a file read as transmitted (transmittedOrNot
            // drops them): not even made, as a caption a frame would make one each.
            guard !settings.sourceIsTransmitted608 else { return [] }
            return reductions.compactMap { reduction in
                guard let i = reduction.captionIndices.min(), conformed.indices.contains(i) else { return nil }
                let subject = CaptionNumbers.subject(reduction.captionIndices)
                return warning(
                    .singleCodes, i,
                    "\(subject): \(reduction.codes) control code(s) go out once instead of twice so the data arrives in time",
                    settings.location(conformed[i].timeRange.start, file: fileName),
                    fix: "give the caption more time before it if every code should be sent twice")
            }
        }
        let fitted = fitter.fit(conformed, reusing: cache)
        let adjustments = zip(conformed, fitted.captions).map { old, new in
            CaptionConversionTimeRangeAdjustment(
                startTimeOffset: new.timeRange.start - old.timeRange.start,
                durationOffset: new.timeRange.duration - old.timeRange.duration)
        }
        let conflictByCaption = conflicts.byCaption
        let changed = conformed.indices.filter { adjustments[$0] != .none || conflictByCaption[$0] != nil }
        var out: [CaptionConversionWarning] = []
        for run in Self.runs(changed) {
            let start = conformed[run.lowerBound].timeRange.start
            let at = settings.location(start, file: fileName)
            let subject =
                run.count == 1 ? "caption \(run.lowerBound + 1)" : "captions \(run.lowerBound + 1)–\(run.upperBound)"
            var message = "\(subject): the data cannot all be sent in time at two bytes a frame"
            if let c = run.lazy.compactMap({ conflictByCaption[$0] }).first {
                let who = (c.firstCaption ?? run.lowerBound) + 1
                switch c.kind {
                case .preloadTooLate where c.framesNeeded > c.framesAvailable:
                    message +=
                        " (caption \(who) needs \(c.framesNeeded) frames before its start, \(c.framesAvailable) are free)"
                case .preloadTooLate:
                    message += " (caption \(who) would start while the caption before is still sending its words)"
                case .collidesWithErase:
                    message +=
                        " (caption \(who) needs \(c.framesNeeded) frames before its start, \(c.framesAvailable) are free around the previous caption's erase)"
                case .displayTooShort:
                    message += " (caption \(who) is too short to hold its own \(c.framesNeeded) control words)"
                }
            }
            let fix = shiftSuggestion(run: run, adjustments: adjustments, fitted: fitted)
            out.append(
                CaptionConversionWarning(
                    warningType: .excessMediaData, rangeOfCaptions: run, adjustments: run.map { adjustments[$0] },
                    undeliverableCaptions: run.filter { conflictByCaption[$0] != nil },
                    diagnostic: ValidationRule.excessMediaData.diagnostic(message, at: at, fix: fix)))
        }
        for c in conflicts.tooShort {
            let i = c.captionIndices.min() ?? 0
            guard conformed.indices.contains(i) else { continue }
            out.append(
                warning(
                    .cannotFit, i,
                    "caption \(i + 1) is too short to hold its own \(c.framesNeeded) control words (EOC and erase are sent twice)",
                    settings.location(conformed[i].timeRange.start, file: fileName),
                    fix: c.remedies.map(\.description).joined(separator: "; or ")))
        }
        for moved in fitted.movedWhole {
            let i = moved.captions.min() ?? 0
            guard conformed.indices.contains(i) else { continue }
            let remedies = moved.remedies.filter { if case .lengthen = $0 { return false } else { return true } }
            let fix = (["move it whole by the adjustment above"] + remedies.map(\.description)).joined(
                separator: "; or ")
            out.append(
                warning(
                    .cannotFit, i,
                    "caption \(i + 1): its data does not fit in its own slot; keeping its end time, no delay can deliver it",
                    settings.location(conformed[i].timeRange.start, file: fileName), fix: fix))
        }
        return out
    }

    /// Consecutive indices (sorted) as runs: one warning each.
    static func runs(_ indices: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for i in indices {
            if let last = runs.last, last.upperBound == i {
                runs[runs.count - 1] = last.lowerBound..<(i + 1)
            } else {
                runs.append(i..<(i + 1))
            }
        }
        return runs
    }

    /// What a bit-budget warning of `run` suggests: the adjustments and their total delay, and
    /// whether that total is the least possible; or that no shift delivers the captions.
    func shiftSuggestion(
        run: Range<Int>, adjustments: [CaptionConversionTimeRangeAdjustment], fitted: DeliveryFitter.Result
    ) -> String {
        let frames = run.map {
            settings.frameRate.frame(at: adjustments[$0].startTimeOffset, rounding: .nearestOrAwayFromZero) ?? 0
        }.reduce(0, +)
        if !fitted.deliverable {
            return "no time shift alone delivers these captions; shorten or merge them"
        }
        if frames == 0 {
            return
                "change the end times below (no caption starts later); `\(CaptionConversionFixer.words)` applies them"
        }
        let least =
            fitted.exact
            ? "the least possible"
            : "found greedily, so less may be possible: \(fitted.limit ?? "the exact search did not run")"
        return "move the captions by the adjustments below (\(frames) frames of delay in all, \(least)); "
            + "`\(CaptionConversionFixer.words)` applies them"
    }

    var fitter: DeliveryFitter {
        DeliveryFitter(settings: settings)
    }

    /// For captions read from an SCC file, the bit-budget findings as `608.re-encode` notes: the
    /// file's words already arrive as they were sent (its overruns are the reader's
    /// `scc.words-overlap`), so only a re-encode of the captions could be late.
    func transmittedOrNot(_ warnings: [CaptionConversionWarning]) -> [CaptionConversionWarning] {
        guard settings.sourceIsTransmitted608 else { return warnings }
        // Codes sent once are how SCC files are often sent anyway: not worth a note.
        return Self.reEncodeNotes(warnings.filter { $0.diagnostic.ruleID != ValidationRule.singleCodes.id }, .reEncode)
    }

    /// `warnings` as notes of `rule` (`608.re-encode`, `708.re-encode`): what re-encoding
    /// captions read from a transmitted file would need, the original rule named in brackets.
    static func reEncodeNotes(_ warnings: [CaptionConversionWarning], _ rule: ValidationRule)
        -> [CaptionConversionWarning]
    {
        warnings.map { warning in
            var note = warning
            let d = warning.diagnostic
            note.diagnostic = rule.diagnostic(
                "re-encoding the captions (not this file as sent): \(d.message) [\(d.ruleID)]", at: d.location,
                fix: d.suggestedFix.map { "only when re-encoding: " + $0 })
            return note
        }
    }
}

/// What the budget findings use of the conflicts of the document as the writer plans it: the
/// first conflict of each caption (who, which kind, frames needed and free) and, whole, those of
/// captions too short for their own words (their remedies go into `608.cannot-fit`). A document
/// that does not fit has a conflict for nearly every caption; the conflicts themselves are not
/// kept while the fitter works (Specs/validation-rules.md, "Cost").
struct FirstConflicts {
    struct Note {
        var firstCaption: Int?
        var kind: TransmissionConflict.Kind
        var framesNeeded: Int
        var framesAvailable: Int
    }

    /// By caption index: the first conflict that names the caption.
    var byCaption: [Note?]
    var tooShort: [TransmissionConflict] = []
    var isEmpty: Bool

    init(_ conflicts: [TransmissionConflict], captionCount: Int) {
        isEmpty = conflicts.isEmpty
        byCaption = isEmpty ? [] : [Note?](repeating: nil, count: captionCount)
        for c in conflicts {
            let note = Note(
                firstCaption: c.captionIndices.first, kind: c.kind, framesNeeded: c.framesNeeded,
                framesAvailable: c.framesAvailable)
            for i in c.captionIndices where byCaption.indices.contains(i) && byCaption[i] == nil { byCaption[i] = note }
            if c.kind == .displayTooShort { tooShort.append(c) }
        }
    }
}
