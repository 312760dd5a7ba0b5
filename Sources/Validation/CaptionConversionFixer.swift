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

    /// The fixed document and what was changed.
    public func fix(_ document: CaptionDocument, file: String? = nil) -> (CaptionDocument, [Diagnostic]) {
        guard settings.target == .scc else { return (document, []) }
        var (out, notes) = CaptionFormatConformer(settings: settings).conform(document, file: file)
        let validator = CaptionConversionValidator(captions: out.captions, settings: settings, fileName: file)
        let fitted = validator.fitter.fit(out.captions)
        for (i, (old, new)) in zip(out.captions, fitted.captions).enumerated() where old.timeRange != new.timeRange {
            let rate = settings.frameRate
            let ds = rate.frame(at: new.timeRange.start - old.timeRange.start, rounding: .nearestOrAwayFromZero) ?? 0
            let de = rate.frame(at: new.timeRange.end - old.timeRange.end, rounding: .nearestOrAwayFromZero) ?? 0
            notes.append(
                Diagnostic(
                    .info, "608.shift",
                    "caption \(i + 1) moved: start +\(ds) frames, end \(de >= 0 ? "+" : "")\(de) frames, so its data arrives in time",
                    at: settings.location(old.timeRange.start, file: file)))
        }
        if !fitted.deliverable {
            notes.append(
                Diagnostic(
                    .error, ValidationRule.cannotFit.id, "some captions cannot be delivered even after moving them",
                    at: DiagnosticLocation(file: file), suggestedFix: "shorten or merge the captions named above"))
        }
        out.captions = fitted.captions
        return (out, notes)
    }
}
