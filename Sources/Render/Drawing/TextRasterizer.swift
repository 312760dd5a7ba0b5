import CaptionCore

/// One line of text as a coverage mask: for labels and numbers drawn outside a caption (the GPS
/// dashboard). Glyphs come from the font provider's fallback chain, placed by their advances
/// (no shaping: dashboard text is Latin digits, units and labels), each rasterized once per size
/// by the same cache the caption pipeline uses.
public final class TextRasterizer {
    private let fallback: FontFallback
    private let rasterizer: GlyphRasterizer
    private let request: FontRequest

    public init(fonts: any FontProvider, request: FontRequest = FontRequest(family: "sans-serif", bold: true))
        throws(RenderError)
    {
        fallback = try FontFallback(provider: fonts)
        rasterizer = try GlyphRasterizer(library: fallback.freeTypeLibrary)
        self.request = request
    }

    /// The distance in pixels from one line's baseline to the next at `pixelSize` (the em
    /// size): the first font's own line spacing (``FontFace/lineSpacingInEms``), else its
    /// ascent plus descent.
    public func lineSpacing(pixelSize: Double) throws(RenderError) -> Double {
        let chain = fallback.chain(for: request)
        guard let primary = fallback.first(in: chain) else { throw .noFonts(searched: []) }
        if let spacing = primary.face.lineSpacingInEms { return spacing * pixelSize }
        let extent = primary.face.lineExtentInEms ?? (0.9, 0.25)
        return (extent.ascent + extent.descent) * pixelSize
    }

    /// `text` at `pixelSize` (the em size). The mask's top is the line's ascent, so lines of one
    /// size drawn at the same y share a baseline (``TextBitmap/baseline``).
    public func render(_ text: String, pixelSize: Double) throws(RenderError) -> TextBitmap {
        let chain = fallback.chain(for: request)
        guard let primary = fallback.first(in: chain) else { throw .noFonts(searched: []) }
        let extent = primary.face.lineExtentInEms ?? (0.9, 0.25)
        let ascent = Int((extent.ascent * pixelSize).rounded(.up))
        let height = ascent + Int((extent.descent * pixelSize).rounded(.up))
        var placed: [(x: Int, glyph: GlyphBitmap)] = []
        var pen = 0.0
        for scalar in text.unicodeScalars {
            guard let choice = fallback.choice(for: scalar, in: chain), let g = choice.face.glyph(for: scalar) else {
                pen += pixelSize * 0.5
                continue
            }
            let bitmap = try rasterizer.bitmap(
                face: choice.face, glyph: g, size: pixelSize, bold: choice.synthesizesBold,
                oblique: choice.synthesizesOblique)
            placed.append((Int(pen.rounded()) + bitmap.left, bitmap))
            pen += (choice.face.advanceInEms(of: scalar) ?? 0.5) * pixelSize
        }
        let width = max(1, Int(pen.rounded(.up)), placed.map { $0.x + $0.glyph.bitmap.width }.max() ?? 0)
        var pixels = [UInt8](repeating: 0, count: width * max(1, height))
        for (x0, g) in placed {
            let b = g.bitmap
            let y0 = ascent - g.top
            for row in 0..<b.height {
                let y = y0 + row
                guard y >= 0, y < height else { continue }
                for col in 0..<b.width {
                    let x = x0 + col
                    guard x >= 0, x < width else { continue }
                    let v = b.pixels[row * b.width + col]
                    if v > pixels[y * width + x] { pixels[y * width + x] = v }
                }
            }
        }
        return TextBitmap(bitmap: AlphaBitmap(width: width, height: max(1, height), pixels: pixels), baseline: ascent)
    }
}

/// A rendered line of text: its mask and the baseline's distance from the mask's top.
public struct TextBitmap: Sendable, Hashable {
    public var bitmap: AlphaBitmap
    public var baseline: Int
    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }
}
