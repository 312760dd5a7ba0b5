import CaptionCore
import Testing

@testable import SRT

/// What a document holds beside its captions and SRT cannot (TTML's regions shown with no caption
/// in them, TTML1 §8.2.17): a warning, never a silent loss.
@Suite struct SRTDocumentLossTests {
    @Test func regionBackdropsAreReportedAsLost() throws {
        let one = MediaTime(value: 1, timescale: 1)
        var document = CaptionDocument(captions: [
            Caption(runs: [CaptionRun("a")], timeRange: TimeRange(start: .zero, end: one))
        ])
        #expect(try SRTWriter().write(document).diagnostics.isEmpty)
        document.regionBackdrops = [
            CaptionRegionBackdrop(
                region: CaptionRegion(identifier: "band", background: .black),
                timeRange: TimeRange(start: .zero, end: one))
        ]
        let messages = try SRTWriter().write(document).diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(messages == ["SRT cannot carry regions shown with no caption in them (1)"])
    }
}
