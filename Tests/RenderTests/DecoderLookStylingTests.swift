import CaptionCore
import Render
import TestSupport
import Testing

/// The CEA-608 and CEA-708 looks draw a caption's paragraph fill (``Caption/blockBackground``,
/// TTML1 §8.2.2) and its runs' own shadows (``CaptionTextStyle/shadows``, TTML2 §10.2.43) as the
/// iTT look does. White "HH" on the looks' black cell background, a blue fill, and a red shadow
/// a quarter cell of the 32 × 15 grid away: 5 px right, 6 px down on 640 × 360.
@Suite struct DecoderLookStylingTests {
    static let size = RenderSize(width: 640, height: 360)
    static let t1 = MediaTime(value: 1, timescale: 1)
    static let shadow = CaptionShadow(offsetX: .cells(0.25), offsetY: .cells(0.25), color: .red)

    static func render(
        look: CaptionRenderOptions.Look, region: CaptionRegion?, fill: CaptionColor?, shadows: [CaptionShadow]
    ) throws -> RGBAImage {
        var caption = Caption(
            runs: [CaptionRun("HH", style: CaptionTextStyle(textColor: .white, shadows: shadows))],
            timeRange: TimeRange(start: .zero, end: MediaTime(value: 10, timescale: 1)), region: region)
        caption.blockBackground = fill
        return try CaptionRenderer(
            captions: [caption], bounds: size, fonts: try TestFonts.catalog(), options: CaptionRenderOptions(look: look)
        ).render(at: t1)
    }

    /// Pixels of the shadow's red, over the black box or on their own, edges included.
    static func reds(_ image: RGBAImage) -> Int {
        var n = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let p = image.pixel(x: x, y: y), p.alpha > 100, p.red > 150, p.green < 60, p.blue < 60 else {
                    continue
                }
                n += 1
            }
        }
        return n
    }

    static func blue(_ image: RGBAImage) -> InkBox? {
        InkBox.of(width: image.width, count: image.width * image.height) { i in
            image.pixel(x: i % image.width, y: i / image.width) == .blue
        }
    }

    /// 608: row 13, columns 2..<22 of the grid, whose 4:3 safe area on 640 × 360 is 384 × 288 at
    /// (128, 36): cells 12 px wide, 19.2 px tall. The text's cells (columns 2 and 3) have their
    /// black boxes over the fill; the rest of the region's columns are blue, columns 176
    /// (128 + 4 × 12) to 391 (128 + 22 × 12 − 1), rows 286 (36 + 13 × 19.2 = 285.6, rounded) to
    /// 304 (36 + 14 × 19.2 = 304.8, rounded, less one).
    @Test func the608LookFillsTheParagraphAcrossItsRegion() throws {
        let region = CaptionRegion.cells(row: 13, column: 2, rows: 1, columns: 20)
        let image = try Self.render(look: .cea608, region: region, fill: .blue, shadows: [])
        let box = try #require(Self.blue(image), "the fill is drawn")
        #expect(box == InkBox(minX: 176, maxX: 391, minY: 286, maxY: 304), "\(box)")
        #expect(Self.blue(try Self.render(look: .cea608, region: region, fill: nil, shadows: [])) == nil)
    }

    /// 708: without a region the text is at the bottom of the safe-title area (80 %: columns
    /// 64..<576, rows 36..<324); the fill spans its width over the line's row, 19.2 px.
    @Test func the708LookFillsTheParagraphAcrossItsWindow() throws {
        let image = try Self.render(look: .cea708, region: nil, fill: .blue, shadows: [])
        let box = try #require(Self.blue(image), "the fill is drawn")
        #expect(abs(box.minX - 64) <= 1 && abs(box.maxX - 575) <= 1, "across the window: \(box)")
        #expect(abs(box.maxY - 323) <= 1 && abs(box.maxY - box.minY + 1 - 19) <= 1, "over the row: \(box)")
    }

    /// In both looks the shadow shows where the moved glyphs are not covered by the text: red
    /// pixels (the strokes are thin at these sizes, so most are edges, not pure red), none
    /// without the shadow.
    @Test(arguments: [CaptionRenderOptions.Look.cea608, .cea708])
    func theRunsShadowIsDrawn(look: CaptionRenderOptions.Look) throws {
        let region = look == .cea608 ? CaptionRegion.cells(row: 13, column: 2, rows: 1, columns: 20) : nil
        let shadowed = try Self.render(look: look, region: region, fill: nil, shadows: [Self.shadow])
        let plain = try Self.render(look: look, region: region, fill: nil, shadows: [])
        #expect(Self.reds(plain) == 0)
        #expect(Self.reds(shadowed) > 20, "\(Self.reds(shadowed)) red pixels")
    }
}
