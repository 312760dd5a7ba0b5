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
        guard settings.target == .scc else { return (document, []) }
        return CaptionFormatConformer(settings: settings, conformsCaptionsToTimeRange: true).conform(
            document, file: file)
    }
}
