// The DocC article "Validating CEA-608 and applying the suggested shifts": captions that come
// too close together for line 21's two bytes a frame, the validator's warnings with their
// adjustments, the adjustments applied, and the shifted captions validating clean as SCC.
import CaptionKit

// Ten captions a tenth of a second apart: each needs about 30 frames of line 21 to arrive.
var captions = (0..<10).map { i in
    Caption(
        "Caption number \(i), which needs time to arrive",
        start: MediaTime(value: Int64(20 + i), timescale: 10), end: MediaTime(value: Int64(21 + i), timescale: 10))
}
let validator = CaptionConversionValidator(captions: captions, settings: CaptionConversionSettings(target: .scc))
let warnings = validator.warnings()
for warning in warnings {
    print(warning.diagnostic)
    for (index, adjustment) in zip(warning.rangeOfCaptions, warning.adjustments) {
        captions[index].timeRange = adjustment.applied(to: captions[index].timeRange)
    }
}
let again = CaptionConversionValidator(captions: captions, settings: CaptionConversionSettings(target: .scc))
let errors = again.warnings().filter { $0.diagnostic.severity == .error }
print(errors.isEmpty ? "valid after the shifts" : "\(errors.count) errors left")
try CaptionFile.write(CaptionDocument(captions: captions), to: "shifted.scc", overwrite: true)

// swift-format-ignore: OrderedImports
import ExampleChecks  // check(_:_:) and the pictures read back

// Checks (not in the article).
check(warnings.contains { $0.warningType == .excessMediaData }, "no excessMediaData warning for crowded captions")
check(errors.isEmpty, "errors left after the shifts: \(errors.map(\.diagnostic))")
let (shifted, _) = try CaptionFile.read("shifted.scc")
check(shifted.document.captions.count == 10, "shifted.scc holds \(shifted.document.captions.count) captions, not 10")
