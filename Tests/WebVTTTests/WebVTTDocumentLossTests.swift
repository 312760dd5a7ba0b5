import CaptionCore
import Testing

@testable import WebVTT

/// TTML's regions shown with no caption in them (TTML1 §8.2.18): WebVTT's regions have no fill,
/// so the writer warns rather than dropping them silently.
@Suite struct WebVTTDocumentLossTests {
    @Test func regionBackdropsAreReportedAsLost() throws {
        let one = MediaTime(value: 1, timescale: 1)
        var document = CaptionDocument(captions: [
            Caption(runs: [CaptionRun("a")], timeRange: TimeRange(start: .zero, end: one))
        ])
        #expect(try WebVTTWriter().write(document).diagnostics.filter { $0.severity >= .warning }.isEmpty)
        document.regionBackdrops = [
            CaptionRegionBackdrop(
                region: CaptionRegion(identifier: "band", background: .black),
                timeRange: TimeRange(start: .zero, end: one))
        ]
        let messages = try WebVTTWriter().write(document).diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(messages == ["WebVTT cannot carry regions shown with no caption in them (1): left out"])
    }
}
