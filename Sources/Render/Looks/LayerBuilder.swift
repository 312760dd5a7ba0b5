import CaptionCore

/// Turns placed glyphs and rectangles into ``CaptionImage`` layers through the glyph rasterizer,
/// in painting order: backgrounds, the runs' own shadows (their last ones first), the options'
/// shadows, outlines, glyphs, decorations.
struct LayerBuilder {
    let rasterizer: GlyphRasterizer
    /// The picture's pixels, when known: a blurred shadow of a decoration is drawn only over
    /// them (and the reach of its blur), however long the line it underlines.
    var picture: PixelBox?
    private(set) var backgrounds: [CaptionImage] = []
    /// The runs' own shadows (TTML2 §10.2.43), by their place in the run's list: all the first
    /// shadows of a caption are painted over all its second ones, as CSS text-shadow paints.
    private(set) var textShadows: [[CaptionImage]] = []
    private(set) var shadows: [CaptionImage] = []
    private(set) var outlines: [CaptionImage] = []
    private(set) var fills: [CaptionImage] = []
    private(set) var decorations: [CaptionImage] = []

    init(rasterizer: GlyphRasterizer, picture: PixelBox? = nil) {
        self.rasterizer = rasterizer
        self.picture = picture
    }

    var layers: [CaptionImage] { backgrounds + foreground }
    /// Everything but the backgrounds, in painting order.
    var foreground: [CaptionImage] {
        textShadows.reversed().flatMap { $0 } + shadows + outlines + fills + decorations
    }

    /// Adds a filled rectangle, slanted with its paragraph when `shear` is given.
    mutating func addBackground(_ r: PlacedRect, dx: Double, dy: Double, shear: ParagraphShear? = nil) {
        if let image = image(of: r, dx: dx, dy: dy, shear: shear) { backgrounds.append(image) }
    }

    /// Adds a decoration with copies of it as `textShadows` say, behind the text.
    mutating func addDecoration(
        _ r: PlacedRect, dx: Double, dy: Double, textShadows: [PixelShadow] = [], shear: ParagraphShear? = nil
    ) {
        guard let image = image(of: r, dx: dx, dy: dy, shear: shear) else { return }
        for (i, s) in textShadows.enumerated() {
            if let shadow = rectangleShadow(image, s) ?? bitmapShadow(image, s) { addTextShadow(shadow, at: i) }
        }
        decorations.append(image)
    }

    /// A rectangle layer, or a slanted one (``parallelogram(_:dx:dy:shear:picture:)``) over the
    /// picture when it is known.
    private func image(of r: PlacedRect, dx: Double, dy: Double, shear: ParagraphShear?) -> CaptionImage? {
        guard let shear, let picture else { return Self.rectangle(r, dx: dx, dy: dy) }
        return Self.parallelogram(r, dx: dx, dy: dy, shear: shear, picture: picture)
    }

    /// Adds a glyph with, when the widths are positive, an outline `outline` em thick and a shadow
    /// `shadow` em away; a glyph with `textShadows` (its run's own) has those instead of the
    /// latter, each a copy of the glyph and its outline.
    mutating func addGlyph(
        _ g: PlacedGlyph, dx: Double, dy: Double, outline: Double = 0, outlineColor: CaptionColor = .black,
        shadow: Double = 0, shadowColor: CaptionColor = .black, textShadows: [PixelShadow] = []
    ) throws(RenderError) {
        let ox = (g.x + dx).roundedClamped(to: PixelRect.coordinates)
        let oy = (g.y + dy).roundedClamped(to: PixelRect.coordinates)
        let fill = try bitmap(g)
        var border: GlyphBitmap?
        if outline > 0 {
            let b = try bitmap(g, stroke: outline)
            border = b
            outlines.append(Self.image(b, x: ox, y: oy, color: outlineColor, flashes: g.flashes))
        }
        try addTextShadows(textShadows, of: g, at: (ox, oy), fill: fill, border: border, outline: outline)
        if shadow > 0 && textShadows.isEmpty {
            let offset = max(1, (shadow * g.size).roundedClamped(to: PixelRect.coordinates))
            shadows.append(
                Self.image(border ?? fill, x: ox + offset, y: oy + offset, color: shadowColor, flashes: g.flashes))
        }
        fills.append(Self.image(fill, x: ox, y: oy, color: g.color, flashes: g.flashes))
    }

    /// Adds a glyph with copies of it `offsets` whole pixels away behind it, each in its colour,
    /// and, when `outline` is positive, an outline `outline` em thick: the CEA-708 look's
    /// character edges (``CharacterEdge``); and behind those its run's own `textShadows`, as
    /// the iTT look draws them.
    mutating func addGlyph(
        _ g: PlacedGlyph, dx: Double, dy: Double, offsets: [(x: Int, y: Int, color: CaptionColor)],
        outline: Double, outlineColor: CaptionColor, textShadows: [PixelShadow] = []
    ) throws(RenderError) {
        let ox = (g.x + dx).roundedClamped(to: PixelRect.coordinates)
        let oy = (g.y + dy).roundedClamped(to: PixelRect.coordinates)
        let fill = try bitmap(g)
        for offset in offsets {
            shadows.append(
                Self.image(fill, x: ox + offset.x, y: oy + offset.y, color: offset.color, flashes: g.flashes))
        }
        let border = outline > 0 ? try bitmap(g, stroke: outline) : nil
        if let border {
            outlines.append(Self.image(border, x: ox, y: oy, color: outlineColor, flashes: g.flashes))
        }
        try addTextShadows(textShadows, of: g, at: (ox, oy), fill: fill, border: border, outline: outline)
        fills.append(Self.image(fill, x: ox, y: oy, color: g.color, flashes: g.flashes))
    }

    /// A run's own shadows of glyph `g` at `origin`: each a copy of its `border` (outlined) or
    /// `fill` moved by the shadow's offsets, or, blurred, of the glyph rasterized with the blur.
    private mutating func addTextShadows(
        _ textShadows: [PixelShadow], of g: PlacedGlyph, at origin: (x: Int, y: Int), fill: GlyphBitmap,
        border: GlyphBitmap?, outline: Double
    ) throws(RenderError) {
        for (i, s) in textShadows.enumerated() {
            let b = s.blur > 0 ? try bitmap(g, stroke: outline > 0 ? outline : nil, blur: s.blur) : border ?? fill
            addTextShadow(
                Self.image(b, x: origin.x + s.dx, y: origin.y + s.dy, color: s.color, flashes: g.flashes), at: i)
        }
    }

    /// The glyph's bitmap, or its outline `stroke` em thick (at least a pixel), blurred over a
    /// radius of `blur` pixels.
    private func bitmap(_ g: PlacedGlyph, stroke: Double? = nil, blur: Double = 0) throws(RenderError) -> GlyphBitmap {
        try rasterizer.bitmap(
            face: g.face, glyph: g.glyph, size: g.size, bold: g.bold, oblique: g.oblique, sideways: g.sideways,
            widthScale: g.widthScale, stroke: stroke.map { max(1, $0 * g.size) } ?? 0, blur: blur, skew: g.skew)
    }

    private mutating func addTextShadow(_ image: CaptionImage, at index: Int) {
        while textShadows.count <= index { textShadows.append([]) }
        textShadows[index].append(image)
    }

    private static func image(_ b: GlyphBitmap, x: Int, y: Int, color: CaptionColor, flashes: Bool) -> CaptionImage {
        CaptionImage(content: .bitmap(b.bitmap), x: x + b.left, y: y - b.top, color: color, flashes: flashes)
    }

    private static func rectangle(_ r: PlacedRect, dx: Double, dy: Double) -> CaptionImage? {
        let x0 = (r.x + dx).roundedClamped(to: PixelRect.coordinates)
        let y0 = (r.y + dy).roundedClamped(to: PixelRect.coordinates)
        let x1 = (r.x + r.width + dx).roundedClamped(to: PixelRect.coordinates)
        let y1 = (r.y + r.height + dy).roundedClamped(to: PixelRect.coordinates)
        guard x1 > x0, y1 > y0, r.color.alpha > 0 else { return nil }
        return CaptionImage(
            content: .rectangle(width: x1 - x0, height: y1 - y0), x: x0, y: y0, color: r.color, flashes: r.flashes)
    }
}
