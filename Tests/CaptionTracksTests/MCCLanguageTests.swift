import CaptionCore
import CaptionTracks
import Testing

/// The language our MCC writer names in `ccsvcinfo` (SMPTE ST 334-2) comes back on reading,
/// through CEA-608 as through CEA-708: a document read, written and read again keeps it (the
/// `mcc` fuzz target's settle finding of 2026-11-29, which lost it through 608), and "und"
/// (ISO 639-2 undetermined) reads as no language.
@Suite struct MCCLanguageTests {
    static func roundTrip(language: String?, service: Int?) throws -> String? {
        var document = CaptionDocument(captions: [
            Caption("HOLA", start: MediaTime(value: 1, timescale: 1), end: MediaTime(value: 3, timescale: 1))
        ])
        document.language = language
        var options = CaptionFormatOptions()
        options.settings = ["uuid": "00000000-0000-4000-8000-000000000000", "created": "2000-01-01T00:00:00Z"]
        let write = try #require(MCCCaptionFormat.descriptor.writer)
        let bytes = try write(document, options).bytes
        var readOptions = CaptionFormatOptions()
        if let service { readOptions.settings[CaptionFormatOptions.dtvccServiceSetting] = String(service) }
        let read = try #require(MCCCaptionFormat.descriptor.reader)
        let back = try read(bytes, readOptions).document
        #expect(back.captions.map(\.text) == ["HOLA"])
        return back.language
    }

    @Test func theWrittenLanguageComesBackThroughBothHalves() throws {
        #expect(try Self.roundTrip(language: "es", service: nil) == "spa")
        #expect(try Self.roundTrip(language: "es", service: 1) == "spa")
        #expect(try Self.roundTrip(language: nil, service: nil) == nil)
        #expect(try Self.roundTrip(language: nil, service: 1) == nil)
    }
}
