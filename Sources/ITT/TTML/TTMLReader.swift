import CaptionCore

/// Reads TTML documents — IMSC 1.0.1/1.1/1.2/1.3 Text, EBU-TT-D, SMPTE-TT, DFXP (TTML1), TTML2
/// and iTT — into the caption model through the one TTML core (Specs/ttml.md).
///
/// The profile is detected from `ttp:contentProfiles`, `ttp:profile`, EBU-TT-D's
/// `ebuttm:conformsToStandard` and the namespaces in use (``profile`` when none); what the
/// profile forbids is reported as located warnings (errors with
/// ``CaptionFormatOptions/strict``). Image-profile documents are refused. The detected profile
/// is in the document's `metadata["ttml.profile"]` (a ``TTMLProfile`` raw value).
public struct TTMLReader: Sendable {
    public var options: CaptionFormatOptions
    /// The profile assumed when the document declares none.
    public var profile: TTMLProfile

    public init(options: CaptionFormatOptions = .init(), profile: TTMLProfile = .dfxp) {
        self.options = options
        self.profile = profile
    }

    /// Reads one document from the bytes of a file.
    public func read(_ bytes: [UInt8]) throws(CaptionFormatError) -> CaptionReadResult {
        try readWithProfile(bytes).result
    }

    /// Reads one document and says which profile it was read under.
    public func readWithProfile(_ bytes: [UInt8]) throws(CaptionFormatError) -> (
        result: CaptionReadResult, profile: TTMLProfile
    ) {
        try TTMLDocumentReader.read(bytes, options: options, profile: profile, detectsProfile: true, formatName: "TTML")
    }
}
