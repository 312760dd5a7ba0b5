import CEA708
import CaptionCore
import CaptionData

/// What a stream of `cc_data()` carries (ATSC A/53 Part 4 §6.2.3 in video, SMPTE ST 334-2 CDPs
/// in MCC files; CTA-708-E §4.4), read in one walk: the CEA-608 byte pairs of both fields and
/// the CEA-708 DTVCC constructs, each in the order a decoder receives them on its picture's
/// time, and what reading found.
public struct A53Reading: Sendable {
    /// The CEA-608 half.
    public var transmission: CEA608Transmission
    /// The CEA-708 half.
    public let dtvcc: DTVCCTransmission
    /// Its packets assembled and split per service, once (a census reads every service).
    public let assembled: DTVCCTransmission.Services
    public var diagnostics: [Diagnostic]
    /// When the stream ends: what a CEA-708 caption still shown at the end lasts until.
    public var end: MediaTime?
    /// Where a picture of ``dtvcc`` is, for findings.
    public let locating: @Sendable (DTVCCTransmission.Picture) -> DiagnosticLocation

    public init(
        transmission: CEA608Transmission, dtvcc: DTVCCTransmission, diagnostics: [Diagnostic], end: MediaTime?,
        locating: @escaping @Sendable (DTVCCTransmission.Picture) -> DiagnosticLocation
    ) {
        self.transmission = transmission
        self.dtvcc = dtvcc
        assembled = dtvcc.services(locating: locating)
        self.diagnostics = diagnostics
        self.end = end
        self.locating = locating
    }

    /// The rule of the note that a CEA-708 service is read because no CEA-608 caption is there.
    public static let serviceRule = "tracks.dtvcc-service"

    /// The CEA-708 services present, in order.
    public var services: [Int] { assembled.numbers }

    /// The captions `options` ask for: the CEA-708 service of
    /// ``CaptionFormatOptions/dtvccServiceSetting`` (`--service`) when given, else the CEA-608
    /// channel through the SCC reader (``CEA608Transmission/captions(options:name:language:)``);
    /// when that gives no caption and no channel was asked for, the first CEA-708 service, with
    /// a note that says so, rather than an empty result. `serviceLanguage` is a service's
    /// language when the stream says (`ccsvcinfo`), else `language` is used.
    public func captions(
        options: CaptionFormatOptions, name: String, language: String?,
        serviceLanguage: (Int) -> String? = { _ in nil }
    ) throws(CaptionTracksError) -> CaptionReadResult {
        if let text = options.settings[CaptionFormatOptions.dtvccServiceSetting] {
            guard let service = Int(text), DTVCCServiceBlock.serviceNumbers.contains(service) else {
                throw CaptionTracksError(.invalidArgument, "CEA-708 service \(text): services are 1–63")
            }
            return try read(service: service, name: name, language: serviceLanguage(service) ?? language, notes: [])
        }
        var read = try transmission.captions(options: options, name: name, language: language)
        read.diagnostics = diagnostics + read.diagnostics
        guard read.document.captions.isEmpty, options.channel == nil, let first = services.first else { return read }
        let note = Diagnostic(
            .info, Self.serviceRule,
            "no CEA-608 captions in \(name): its CEA-708 service \(first) is read (choose another with "
                + "\(CaptionFormatOptions.ParameterWords.setting(CaptionFormatOptions.dtvccServiceSetting)))",
            at: DiagnosticLocation(file: dtvcc.pictures.first.map(locating)?.file))
        return try self.read(service: first, name: name, language: serviceLanguage(first) ?? language, notes: [note])
    }

    private func read(service: Int, name: String, language: String?, notes: [Diagnostic]) throws(CaptionTracksError)
        -> CaptionReadResult
    {
        var read = try dtvcc.captions(
            service: service, of: assembled, end: end, language: language, name: name, locating: locating)
        read.diagnostics = diagnostics + notes + read.diagnostics
        return read
    }
}
