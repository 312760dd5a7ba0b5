import CaptionCore
import CaptionTracks
import Testing

/// TTML's regions shown with no caption in them (TTML1 §8.2.17) have no place in either half of
/// an MCC file: the 608 conformer names them, and so does the 708 service (CTA-708-E §8.4: a
/// window is defined for each caption only), each once.
@Suite struct MCCDocumentLossTests {
    @Test func bothHalvesNameTheRegionsShownEmpty() throws {
        let one = MediaTime(value: 1, timescale: 1)
        var document = CaptionDocument(captions: [Caption("HELLO", start: one, end: one + one)])
        var options = CaptionFormatOptions()
        options.settings = ["uuid": "00000000-0000-4000-8000-000000000000", "created": "2000-01-01T00:00:00Z"]
        let write = try #require(MCCCaptionFormat.descriptor.writer)
        #expect(try write(document, options).diagnostics.filter { $0.severity >= .warning }.isEmpty)
        document.regionBackdrops = [
            CaptionRegionBackdrop(
                region: CaptionRegion(identifier: "band", background: .black),
                timeRange: TimeRange(start: .zero, end: one))
        ]
        let warnings = try write(document, options).diagnostics.filter { $0.severity >= .warning }
        // The writer alone: the 708 service names them once (the 608 conformer, which `captions
        // convert` runs before it, names them for the 608 half: ConformerDocumentLossTests).
        #expect(
            warnings.map(\.message) == [
                "regions shown with no caption in them (1) cannot be shown by 708 (service 1); left out"
            ])
        #expect(warnings.map(\.ruleID) == ["708.encode.layout"])
    }
}
