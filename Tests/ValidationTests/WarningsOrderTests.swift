import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing
import Validation

/// `warnings()` runs the target's rules before the timing rules (so that a timing warning for
/// each of many short captions is not held through the bit-budget check) and gives the same
/// warnings, in the same order, as `validateCaptionConversion(warningHandler:)`, which runs the
/// timing rules first and hands each warning over as it comes (Specs/validation-rules.md,
/// "Cost"). A guard of that reordering, on every shared SCC fixture judged as a transmitted file
/// and as a document to encode, and on a document of many short paint-on captions that do not
/// fit (timing warnings, and the fitter's adjustments, for nearly every caption).
@Suite struct WarningsOrderTests {
    static func handed(_ validator: CaptionConversionValidator) -> [CaptionConversionWarning] {
        var all: [CaptionConversionWarning] = []
        validator.validateCaptionConversion { all.append($0) }
        return all
    }

    @Test func warningsAreThoseTheHandlerGetsInTheSameOrder() throws {
        let files = TestPaths.files(in: TestPaths.sharedFixture("scc"), withExtension: "scc")
        #expect(files.count >= 69)
        var compared = 0
        for url in files {
            let read = try SCCReader(options: CaptionFormatOptions(fileName: url.lastPathComponent)).read(
                [UInt8](try Data(contentsOf: url)))
            for transmitted in [true, false] {
                var settings = CaptionConversionSettings()
                settings.sourceIsTransmitted608 = transmitted
                let validator = CaptionConversionValidator(captions: read.document.captions, settings: settings)
                let collected = validator.warnings()
                #expect(collected == Self.handed(validator), "\(url.lastPathComponent)")
                #expect(validator.status == .completed)
                compared += collected.isEmpty ? 0 : 1
            }
        }
        #expect(compared > 30)
    }

    @Test func aDocumentOfManyShortCaptionsThatDoNotFit() {
        let rate = FrameRate.fps29_97
        let captions = (0..<300).map { index in
            Caption(
                runs: [CaptionRun(String(repeating: "AB", count: 16))],
                timeRange: TimeRange(
                    start: rate.time(ofFrame: 30 + 2 * Int64(index)), end: rate.time(ofFrame: 32 + 2 * Int64(index))),
                region: .cells(row: 14, column: 0, rows: 1, columns: 32), animation: .characterReveal)
        }
        let validator = CaptionConversionValidator(captions: captions)
        let collected = validator.warnings()
        #expect(collected == Self.handed(validator))
        #expect(collected.filter { $0.diagnostic.ruleID == "timing.short-display" }.count == 300)
        #expect(collected.contains { $0.diagnostic.ruleID == "608.excess-media-data" })
    }
}
