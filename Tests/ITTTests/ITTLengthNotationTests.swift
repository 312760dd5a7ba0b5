import CaptionCore
import Testing

@testable import ITT

/// Found by the itt fuzz target: a font size of 2e88% was written as `tts:fontSize="2e+88%"`,
/// which TTML's `<length>` (TTML1 §8.3.9, no exponent) does not allow and the reader refuses, so
/// write → read lost it without a warning (Fixtures/fuzz/itt/huge-font-size.itt). Lengths are
/// written in positional notation and read back to the same value.
@Suite struct ITTLengthNotationTests {
    @Test(arguments: [2e88, 1e-05, 1.5e-07, 123456789012345680000.0, -2.5e20, 0.0001, 12.5, 100])
    func lengthsAreWrittenWithoutAnExponentAndReadBackExactly(_ value: Double) throws {
        for unit in [CaptionDimension.Unit.percent, .cells, .pixels] {
            let length = CaptionDimension(value, unit)
            let text = length.ttmlDescription
            #expect(!text.contains("e") && !text.contains("E"), "\(text)")
            let back = try #require(CaptionDimension(ttml: Substring(text)), "\(text)")
            #expect(back == length, "\(text)")
        }
    }

    @Test func positionalNotationMovesThePoint() {
        #expect(CaptionDimension.positional(mantissa: "2", exponent: 3) == "2000")
        #expect(CaptionDimension.positional(mantissa: "1.25", exponent: -3) == "0.00125")
        #expect(CaptionDimension.positional(mantissa: "-1.5", exponent: 1) == "-15")
        #expect(CaptionDimension.positional(mantissa: "9.87", exponent: 1) == "98.7")
    }
}
