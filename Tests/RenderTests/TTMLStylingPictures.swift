import CaptionCore
import Render
import TestSupport

/// Small pictures (640 × 360, the committed test fonts, no default outline) of one caption in
/// one region, and measures of their ink, for the TTML styling tests (line-through, outline
/// thickness, padding, line height, wrapping, overflow, opacity). Every expected figure in those
/// tests is worked out from the picture size and the caption's own lengths.
enum TTMLStylingPictures {
    static let size = RenderSize(width: 640, height: 360)
    static let t1 = MediaTime(value: 1, timescale: 1)
    /// 360 / 15 rows of the default 32 × 15 cell grid.
    static let cellHeight = 24.0

    /// A region from its origin and size in percent of the picture, text from the top.
    static func region(x: Double, y: Double, width: Double, height: Double) -> CaptionRegion {
        CaptionRegion(
            origin: CaptionPoint(x: .percent(x), y: .percent(y)),
            size: CaptionSize(width: .percent(width), height: .percent(height)), displayAlignment: .before)
    }

    static func caption(
        _ runs: [CaptionRun], in region: CaptionRegion, alignment: CaptionTextAlignment = .left
    ) -> Caption {
        Caption(
            runs: runs, timeRange: TimeRange(start: .zero, end: MediaTime(value: 10, timescale: 1)), region: region,
            textAlignment: alignment)
    }

    static func render(_ captions: [Caption], options: CaptionRenderOptions = CaptionRenderOptions(outlineWidth: 0))
        throws -> RGBAImage
    {
        try CaptionRenderer(captions: captions, bounds: size, fonts: try TestFonts.catalog(), options: options)
            .render(at: t1)
    }

    /// The box of the pixels with any alpha (`where` narrows which count).
    static func ink(_ image: RGBAImage, where lit: (CaptionColor) -> Bool = { $0.alpha > 0 }) -> InkBox? {
        InkBox.of(width: image.width, count: image.width * image.height) { i in
            image.pixel(x: i % image.width, y: i / image.width).map(lit) ?? false
        }
    }

    /// The runs of consecutive rows holding ink, top to bottom.
    static func rowBands(_ image: RGBAImage) -> [ClosedRange<Int>] {
        var bands: [ClosedRange<Int>] = []
        for y in 0..<image.height
        where (0..<image.width).contains(where: { (image.pixel(x: $0, y: y)?.alpha ?? 0) > 0 }) {
            if let last = bands.last, last.upperBound == y - 1 {
                bands[bands.count - 1] = last.lowerBound...y
            } else {
                bands.append(y...y)
            }
        }
        return bands
    }
}
