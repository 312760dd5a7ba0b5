import CEA608
import CaptionCore

/// Applies the validator's suggestions: conforms the captions to 608, lengthens captions too
/// short for their own words, and moves time ranges by the scheduler's smallest shifts, so the
/// result validates clean. Every change is reported.
public struct CaptionConversionFixer: Sendable {
    public var settings: CaptionConversionSettings

    public init(settings: CaptionConversionSettings) {
        self.settings = settings
    }

    /// How messages name ``fix(_:file:)``, the call that applies what they suggest; the CLI's
    /// `captions validate --fix -o OUT`.
    public static let words = "CaptionConversionFixer.fix(_:file:)"

    /// The fixed document and what was changed: the conformer with `conformsCaptionsToTimeRange`.
    public func fix(_ document: CaptionDocument, file: String? = nil) -> (CaptionDocument, [Diagnostic]) {
        switch settings.target {
        case .scc:
            return CaptionFormatConformer(settings: settings, conformsCaptionsToTimeRange: true).conform(
                document, file: file)
        case .itt:
            return (document, [])
        case .cea708:
            // The bandwidth shifts first, then the caption-rate lengthenings of the shifted
            // document (they are judged against the next caption's new start).
            var fixed = document
            var notes: [Diagnostic] = []
            for rule in [ValidationRule.cea708Bandwidth, .cea708CaptionRate] {
                let validator = CaptionConversionValidator(captions: fixed.captions, settings: settings, fileName: file)
                for warning in validator.cea708Warnings() where warning.diagnostic.ruleID == rule.id {
                    for (i, adjustment) in zip(warning.rangeOfCaptions, warning.adjustments)
                    where adjustment != .none && fixed.captions.indices.contains(i) {
                        let old = fixed.captions[i].timeRange
                        fixed.captions[i].timeRange = adjustment.applied(to: old)
                        let new = fixed.captions[i].timeRange
                        notes.append(
                            Diagnostic(
                                .info, rule.id,
                                "caption \(i + 1) moved from \(settings.label(old.start))–\(settings.label(old.end)) to \(settings.label(new.start))–\(settings.label(new.end))",
                                at: settings.location(old.start, file: file)))
                    }
                }
            }
            return (fixed, notes)
        }
    }
}
