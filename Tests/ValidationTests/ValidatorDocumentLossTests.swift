import CaptionCore
import Testing
import Validation

/// `captions validate` says before writing what the writers report when they write (TTML's
/// regions shown with no caption in them, TTML1 §8.2.17): once per kind, at the file, under the
/// target's layout rule; the conformer, the 708 service and the iTT writer each name the same loss
/// (ConformerDocumentLossTests, MCCDocumentLossTests, TTMLRegionBackdropTests).
@Suite struct ValidatorDocumentLossTests {
    static let rate = FrameRate.fps29_97

    static func document(backdrops: Bool) -> CaptionDocument {
        var document = CaptionDocument(captions: [
            Caption(
                runs: [CaptionRun("a")],
                timeRange: TimeRange(start: rate.time(ofFrame: 30), end: rate.time(ofFrame: 90)))
        ])
        if backdrops {
            document.regionBackdrops = [
                CaptionRegionBackdrop(
                    region: CaptionRegion(identifier: "band", background: .black),
                    timeRange: TimeRange(start: .zero, end: rate.time(ofFrame: 150)))
            ]
        }
        return document
    }

    @Test(arguments: [
        (CaptionConversionSettings.Target.scc, "608.layout", "608"), (.itt, "itt.layout", "iTT"),
        (.cea708, "708.layout", "708"),
    ])
    func eachTargetNamesTheRegionsShownEmpty(_ target: CaptionConversionSettings.Target, rule: String, name: String) {
        var settings = CaptionConversionSettings()
        settings.target = target
        let findings = { (backdrops: Bool) in
            CaptionConversionValidator(
                document: Self.document(backdrops: backdrops), settings: settings, fileName: "x.json"
            )
            .warnings().filter { $0.diagnostic.ruleID == rule }
        }
        #expect(findings(false).isEmpty)
        let found = findings(true)
        #expect(found.count == 1, "\(found)")
        let finding = found.first
        #expect(
            finding?.diagnostic.message
                == "regions shown with no caption in them (1) cannot be shown by \(name); left out")
        #expect(finding?.diagnostic.severity == .warning && finding?.rangeOfCaptions.isEmpty == true)
        #expect(finding?.diagnostic.location.file == "x.json" && finding?.diagnostic.location.time == nil)
        #expect(finding?.diagnostic.suggestedFix != nil)
    }
}
