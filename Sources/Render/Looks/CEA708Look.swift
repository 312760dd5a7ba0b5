import CaptionCore

/// The CEA-708 decoder look (CTA-708-E §8–9, 47 CFR 79.102; Specs/cea708-look.md): windows on
/// the safe-title area, where the 708 screen grid's anchors are (§8.4.4), one row of the 15 per
/// standard pen, small and large pens at 80 % and 120 % of it (the caption model's pen sizes),
/// the eight font styles through fontconfig (§8.5.3, ``FontCatalog``), text on the pen's solid
/// black background unless the caption says otherwise, left, right or centre justification,
/// window fills and borders (§8.4.8, ``CEA708WindowFrame``), and the characters' edges, the
/// caption's own or the one a viewer chooses (§8.5.5; ``CaptionRenderOptions/edge``). A caption
/// from elsewhere keeps its paragraph fill and its runs' text shadows, drawn as the iTT look
/// draws them (TTML1 §8.2.2, TTML2 §10.2.43).
struct CEA708Look {
    let styleRuns: StyleRunStage
    let lineLayout: LineLayoutStage
    let placement: RegionPlacementStage
    let options: CaptionRenderOptions

    /// The font style of a run that names none: 708's "default" is the decoder's choice; ours
    /// is the monospaced sans-serif face, as in the CEA-608 look.
    static let defaultFamily = "monospaceSansSerif"
    /// Edges and drop shadows are this fraction of the em away from the glyph (one pixel at least).
    static let edgeOffset = 1.0 / 16
    /// A uniform edge's width as a fraction of the em.
    static let uniformEdgeWidth = 0.06

    var screen: CEA708ScreenLayout {
        CEA708ScreenLayout(size: placement.size, safeArea: options.safeAreaFraction)
    }

    /// The em size of the standard pen: the default face's line (ascender to descender) as tall
    /// as a row, as ``CEA608Grid`` sizes the 608 font.
    var standardEm: Double {
        let fonts = styleRuns.fonts
        let request = FontRequest(family: Self.defaultFamily, language: styleRuns.language)
        let face = fonts.first(in: fonts.chain(for: request))?.face
        // DejaVu Sans Mono's line when no face can say: ascender 0.928 em, descender 0.236 em.
        let extent = face?.lineExtentInEms ?? (0.928, 0.236)
        let line = extent.ascent + extent.descent > 0 ? extent.ascent + extent.descent : 1
        // Quarter pixels keep sizes few, so glyph caches hit.
        return max(1, (screen.rowHeight / line * 4).rounded(.down) / 4)
    }

    /// The em size of a run: the viewer's size, else the run's (percent of the standard pen, as
    /// the model holds 708's pen sizes; cells as rows), else the standard pen.
    func fontSize(_ d: CaptionDimension?, standard: Double) -> Double {
        if let viewer = options.fontSizeInCells { return viewer * standard }
        guard let d else { return standard }
        switch d.unit {
        case .percent: return d.value / 100 * standard
        case .cells: return d.value * standard
        case .pixels: return d.value * Double(placement.size.height) / 1080
        }
    }

    func layers(
        for caption: Caption, rollUpLinesBelow: Int = 0, rasterizer: GlyphRasterizer, missing: inout [Unicode.Scalar]
    ) throws(RenderError) -> CaptionLayers {
        let standard = standardEm
        let screen = self.screen
        var styled = caption
        for i in styled.runs.indices where styled.runs[i].style.fontFamily == nil {
            styled.runs[i].style.fontFamily = Self.defaultFamily
        }
        let defaults = StyleDefaults(
            textColor: .white, backgroundColor: .black, monospaced: false,
            fontSize: { fontSize($0, standard: standard) })
        var lines: [LaidOutLine] = []
        for line in styleRuns.lines(of: styled, defaults: defaults, missing: &missing) {
            if line.isEmpty {
                var blank = LaidOutLine()
                blank.emSize = fontSize(nil, standard: standard)
                lines.append(blank)
                continue
            }
            // A window's rows are not wrapped again: the decoder's rows are the caption's lines.
            lines += try lineLayout.layout(
                line, maxExtent: .greatestFiniteMagnitude, vertical: false, startsParagraph: lines.isEmpty)
        }
        let region = caption.region
        var rect = screen.rect(of: region, placement: placement)
        var display = CaptionRegion.DisplayAlignment.before
        if region?.origin == nil {
            display = .after
        } else if case .rollUp = region?.scroll {
            // The window's last row is the base row; newer lines below push this one up.
            display = .after
            rect.height -= Double(max(0, rollUpLinesBelow)) * screen.rowHeight
        }
        let rows = RegionPlacementStage(size: placement.size, lineHeight: screen.rowHeight / standard)
        let origins = rows.origins(
            of: lines, in: rect, displayAlignment: display,
            textAlignment: caption.textAlignment ?? (region?.origin == nil ? .center : .left), vertical: false)
        var builder = LayerBuilder(rasterizer: rasterizer)
        let window = screen.rect(of: region, placement: placement)
        let top = window.y - screen.rowHeight / 2
        var area = window
        if case .rollUp = region?.scroll {
            // A roll-up line fills its own rows of the window, which the lines below push up.
            let y = max(window.y, rect.maxY - Double(lines.count) * screen.rowHeight)
            area = PixelRect(x: rect.x, y: y, width: rect.width, height: max(0, rect.maxY - y))
        }
        for r in windowFrame(of: region, area: area, standard: standard).rectangles {
            builder.addBackground(r, dx: 0, dy: 0)
        }
        // The paragraph's own fill (TTML1 §8.2.2), over its lines across the window as the iTT
        // look's block, within the window's rows this caption holds.
        if let fill = caption.blockBackground, !lines.isEmpty {
            let block = rows.blockRect(of: lines, in: rect, displayAlignment: display, vertical: false)
            let y0 = max(block.y, area.y), y1 = min(block.maxY, area.maxY)
            builder.addBackground(
                PlacedRect(x: block.x, y: y0, width: block.width, height: y1 - y0, color: fill), dx: 0, dy: 0)
        }
        for (line, o) in zip(lines, origins) where o.y - line.over >= top {
            for r in line.backgrounds { builder.addBackground(r, dx: o.x, dy: o.y) }
            for g in line.glyphs {
                let edge = edgeDrawing(size: g.size, own: g.edge)
                try builder.addGlyph(
                    g, dx: o.x, dy: o.y, offsets: edge.offsets, outline: edge.outline, outlineColor: edge.color,
                    textShadows: placement.pixelShadows(g.shadows, em: g.size, textColor: g.color))
            }
            for d in line.decorations {
                builder.addDecoration(
                    d, dx: o.x, dy: o.y,
                    textShadows: placement.pixelShadows(d.shadows, em: d.shadowEm, textColor: d.color))
            }
        }
        return CaptionLayers(backgrounds: builder.backgrounds, foreground: builder.foreground)
    }

    /// The window's fill and border over `area`, the border as wide as the standard pen's edge.
    func windowFrame(of region: CaptionRegion?, area: PixelRect, standard: Double) -> CEA708WindowFrame {
        CEA708WindowFrame(
            area: area, fill: region?.background, border: region?.border,
            width: max(1, (standard * Self.edgeOffset).rounded()))
    }

    /// The whole window of `region`, filled and framed, with no caption in it (a region shown
    /// whether or not one is: ``RegionBackdrops``).
    func emptyWindow(of region: CaptionRegion, rasterizer: GlyphRasterizer) -> [CaptionImage] {
        let frame = windowFrame(
            of: region, area: screen.rect(of: region, placement: placement), standard: standardEm)
        var builder = LayerBuilder(rasterizer: rasterizer)
        for r in frame.rectangles { builder.addBackground(r, dx: 0, dy: 0) }
        return builder.backgrounds
    }

    /// The copies and outline (and its colour) that draw the character edge at em size `size`:
    /// the viewer's edge in ``CaptionRenderOptions/edgeColor``, else the run's `own` (pen edge
    /// type and colour, §8.5.5–8.5.6), else none.
    func edgeDrawing(size: Double, own: CaptionEdge?) -> (
        offsets: [(x: Int, y: Int, color: CaptionColor)], outline: Double, color: CaptionColor
    ) {
        let d = max(1, (size * Self.edgeOffset).roundedClamped(to: 1...64))
        let edge = options.edge.map { CaptionEdge($0, color: options.edgeColor) } ?? own
        let dark = edge?.color ?? options.edgeColor
        let light = CaptionColor.white.withAlpha(dark.alpha)
        switch edge?.kind ?? .none {
        case .none: return ([], 0, dark)
        case .uniform: return ([], Self.uniformEdgeWidth, dark)
        case .raised: return ([(-d, -d, light), (d, d, dark)], 0, dark)
        case .depressed: return ([(-d, -d, dark), (d, d, light)], 0, dark)
        case .leftDropShadow: return ([(-d, d, dark)], 0, dark)
        case .rightDropShadow: return ([(d, d, dark)], 0, dark)
        }
    }
}

/// Where the CEA-708 screen is on a picture (CTA-708-E §8.4.4; Specs/cea708-look.md): the
/// safe-title area (the centred `safeArea` fraction of the picture across and down) holds the
/// anchor grid, 75 rows × 210 columns on a 16:9 screen (160 on 4:3), and 15 rows of the
/// standard pen; a window column is 1/42 (1/32 on 4:3) of its width.
struct CEA708ScreenLayout {
    /// The 708 caption rows and window columns (§8.4: 15 rows, 42 or 32 columns).
    static let rows = 15
    static let wideColumns = 42
    static let narrowColumns = 32
    /// The last anchor positions of the grid (§8.4.4): 74 down; 209 (16:9) or 159 (4:3) across.
    static let lastGridRow = 74.0
    static let lastGridColumnWide = 209.0
    static let lastGridColumnNarrow = 159.0
    /// A 608-grid window: grid rows (and columns) per 608 row (column), and the first grid column
    /// of the 4:3 area on a 16:9 grid, as CEA708Regions reads them.
    static let gridStep = 5
    static let wideGridOffset = 25

    var safe: PixelRect
    /// 16:9 (a picture wider than 4:3) rather than 4:3.
    var wide: Bool

    init(size: RenderSize, safeArea: Double) {
        let w = Double(size.width), h = Double(size.height)
        let f = min(1, max(0.1, safeArea.isNaN ? 0.8 : safeArea))
        safe = PixelRect(x: w * (1 - f) / 2, y: h * (1 - f) / 2, width: w * f, height: h * f)
        wide = w * 3 > h * 4 + 1
    }

    var rowHeight: Double { safe.height / Double(Self.rows) }
    var columnWidth: Double { safe.width / Double(wide ? Self.wideColumns : Self.narrowColumns) }

    /// A region's rectangle: one in cells is a window on the 608 grid (its anchor at grid row
    /// 5 × row, column 25 + 5 × column on 16:9), one in percent is where it says, and without a
    /// region the whole safe-title area (its text at the bottom, centred).
    func rect(of region: CaptionRegion?, placement: RegionPlacementStage) -> PixelRect {
        guard let region, let origin = region.origin else { return safe }
        guard origin.x.unit == .cells, origin.y.unit == .cells else { return placement.rect(of: region) }
        let column = Double(wide ? Self.wideGridOffset : 0) + Double(Self.gridStep) * origin.x.value
        let row = Double(Self.gridStep) * origin.y.value
        let last = wide ? Self.lastGridColumnWide : Self.lastGridColumnNarrow
        let x = safe.x + safe.width * column / last
        let y = safe.y + safe.height * row / Self.lastGridRow
        let columns = region.size.map { $0.width.value } ?? Double(Self.narrowColumns) - origin.x.value
        let rows = region.size.map { $0.height.value } ?? Double(Self.rows) - origin.y.value
        let width = columns.isFinite ? max(1, columns * columnWidth) : safe.width
        let height = rows.isFinite ? max(1, rows * rowHeight) : safe.height
        return PixelRect(
            x: x.isFinite ? x : safe.x, y: y.isFinite ? y : safe.y, width: min(width, 16_777_216),
            height: min(height, 16_777_216))
    }
}
