import CaptionCore

/// Applies the validator's suggestions: conforms the captions to 608 and moves the time ranges
/// by the smallest shifts that let every caption's data arrive in time.
public struct CaptionConversionFixer: Sendable {
    public var settings: CaptionConversionSettings

    public init(settings: CaptionConversionSettings) {
        self.settings = settings
    }

    /// The fixed document and what was changed.
    public func fix(_ document: CaptionDocument, file: String? = nil) -> (CaptionDocument, [Diagnostic]) {
        guard settings.target == .scc else { return (document, []) }
        let conformer = CaptionFormatConformer(settings: settings, conformsCaptionsToTimeRange: true)
        return conformer.conform(document, file: file)
    }
}
