import CaptionCore
import Render
import Testing

/// An underline takes its position and thickness from the face at the size of the text it
/// underlines, whatever else the line holds: ruby is set at half size with the same face, and
/// must not leave that smaller size behind for the runs after it.
@Suite struct UnderlineAfterRubyTests {
    static let size = RenderSize(width: 960, height: 540)
    /// Large enough (108 px, ruby 54 px) that the two sizes' underlines differ by several pixels.
    static let big = CaptionTextStyle(fontSize: .cells(3))

    /// The red underline's thickness, and its centre measured from the bottom of the red "x"
    /// glyphs above it (which sit on the baseline), in pixels.
    static func underline(after base: CaptionRun) throws -> (offset: Double, thickness: Int) {
        var underlined = big
        underlined.textColor = .red
        underlined.underline = true
        let caption = Caption(
            runs: [base, CaptionRun(" xxxx", style: underlined)],
            timeRange: TimeRange(start: .zero, end: MediaTime(value: 10, timescale: 1)),
            region: CaptionRegion(
                origin: CaptionPoint(x: .percent(5), y: .percent(5)),
                size: CaptionSize(width: .percent(90), height: .percent(90))))
        let renderer = try CaptionRenderer(
            captions: [caption], bounds: size, fonts: try TestFonts.catalog(),
            options: CaptionRenderOptions(outlineWidth: 0))
        let layers = try renderer.layers(at: MediaTime(value: 1, timescale: 1)).filter { $0.color == .red }
        let rule = try #require(
            layers.first {
                if case .rectangle = $0.content { return true }
                return false
            })
        let baseline = try #require(
            layers.compactMap { layer -> Int? in
                if case .bitmap = layer.content { return layer.y + layer.height }
                return nil
            }.max())
        return (Double(rule.y - baseline) + Double(rule.height) / 2, rule.height)
    }

    @Test func underlineAfterRubyUsesItsOwnSize() throws {
        var plain = Self.big
        plain.textColor = .white
        var annotated = plain
        annotated.ruby = CaptionRuby(text: "ruby")
        let without = try Self.underline(after: CaptionRun("Base", style: plain))
        let with = try Self.underline(after: CaptionRun("Base", style: annotated))
        // Both lines place the glyphs and the rule from fractional origins that round
        // independently, so one pixel either way is rounding, not a different size.
        #expect(abs(with.thickness - without.thickness) <= 1, "with ruby \(with), without \(without)")
        #expect(abs(with.offset - without.offset) <= 1, "with ruby \(with), without \(without)")
    }
}
