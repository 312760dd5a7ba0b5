import CaptionCore
import Testing
import Validation

/// TTML's regions shown with no caption in them (TTML1 §8.2.17) have no 608 form: conforming a
/// document reports them as a layout loss.
@Suite struct ConformerDocumentLossTests {
    @Test func regionBackdropsAreReportedAsLost() {
        let rate = FrameRate.fps29_97
        var document = CaptionDocument(captions: [
            Caption(
                runs: [CaptionRun("a")],
                timeRange: TimeRange(start: rate.time(ofFrame: 30), end: rate.time(ofFrame: 90)))
        ])
        let layout = { (d: CaptionDocument) in
            CaptionFormatConformer().conform(d).1.filter { $0.message.contains("regions shown with no caption") }
        }
        #expect(layout(document).isEmpty)
        document.regionBackdrops = [
            CaptionRegionBackdrop(
                region: CaptionRegion(identifier: "band", background: .black),
                timeRange: TimeRange(start: .zero, end: .positiveInfinity))
        ]
        let found = layout(document)
        #expect(found.count == 1 && found.first?.severity == .warning, "\(found)")
        // Left out, as the warning says.
        #expect(CaptionFormatConformer().conform(document).0.regionBackdrops.isEmpty)
    }
}
