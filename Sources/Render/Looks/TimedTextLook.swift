import CaptionCore

/// The iTT look (Apple iTunes Timed Text, a TTML profile): captions in regions given in percent,
/// display and text alignment, proportional faces with real or synthetic bold and italic, run
/// colours and backgrounds, vertical `tbrl` regions with ruby and text-combine, and the outline
/// and shadow options that keep burnt-in text legible.
struct TimedTextLook {
    let styleRuns: StyleRunStage
    let lineLayout: LineLayoutStage
    let placement: RegionPlacementStage
    let options: CaptionRenderOptions

    /// One TTML cell: 1/15 of the picture height at the default cell resolution 32 × 15, else
    /// 1/rows of the document's `ttp:cellResolution`.
    var cellHeight: Double { placement.cellHeight }

    func fontSize(_ d: CaptionDimension?) -> Double {
        // The viewer's size replaces the caption's (--font-size).
        if let viewer = options.fontSizeInCells { return viewer * cellHeight }
        guard let d else { return cellHeight * options.defaultFontSizeInCells }
        switch d.unit {
        case .cells: return d.value * cellHeight
        // tts:fontSize percentages are of the parent's size, here the default.
        case .percent: return d.value / 100 * cellHeight * options.defaultFontSizeInCells
        // Pixels of the document's root extent when it gives one (TTML1 §8.2.7), else of 1080 rows.
        case .pixels: return d.value * Double(placement.size.height) / (placement.pixelGrid?.height ?? 1080)
        }
    }

    /// The caption's lines laid out in its region's rectangle.
    func lines(of caption: Caption, missing: inout [Unicode.Scalar]) throws(RenderError) -> [LaidOutLine] {
        let defaults = StyleDefaults(
            textColor: .white, backgroundColor: nil, monospaced: false, fontSize: { fontSize($0) },
            fontFamily: options.defaultFontFamily)
        let vertical = caption.region?.writingMode == .topToBottomAndRightToLeft
        let rect = placement.contentRect(of: caption.region)
        // noWrap (TTML1 §8.2.23): only the text's own line breaks start a line.
        let room = caption.wrapsLines ? (vertical ? rect.height : rect.width) : .infinity
        let styled = styleRuns.lines(of: caption, defaults: defaults, missing: &missing)
        var lines: [LaidOutLine] = []
        for line in styled {
            if line.isEmpty {
                // An empty line still takes a line's room.
                var blank = LaidOutLine()
                blank.emSize = fontSize(nil)
                blank.vertical = vertical
                lines.append(blank)
                continue
            }
            lines += try lineLayout.layout(
                line, maxExtent: room, vertical: vertical, direction: caption.direction, startsParagraph: lines.isEmpty)
        }
        let height = lineHeight(of: caption)
        for i in lines.indices {
            lines[i].lineHeight = height
            try lineLayout.placeEmphasis(in: &lines[i], first: i == 0)
        }
        try reserveRuby(in: &lines, for: caption, defaults: defaults, vertical: vertical)
        return lines
    }

    /// The room the caption's lines take across them in its region (the sum of their pitches).
    func blockExtent(of caption: Caption) throws(RenderError) -> Double {
        var missing: [Unicode.Scalar] = []
        return try lines(of: caption, missing: &missing).map(placement.pitch).reduce(0, +)
    }

    func layers(
        for caption: Caption, stackedBefore: Double = 0, stackedAfter: Double = 0, rasterizer: GlyphRasterizer,
        missing: inout [Unicode.Scalar]
    ) throws(RenderError) -> CaptionLayers {
        let vertical = caption.region?.writingMode == .topToBottomAndRightToLeft
        let rect = placement.contentRect(of: caption.region)
        let lines = try lines(of: caption, missing: &missing)
        let display = caption.region?.displayAlignment ?? (caption.region?.origin == nil ? .after : .before)
        let origins = placement.origins(
            of: lines, in: rect, displayAlignment: display,
            textAlignment: caption.textAlignment ?? options.defaultTextAlignment,
            multiRowAlignment: caption.multiRowAlign, vertical: vertical, stackedBefore: stackedBefore,
            stackedAfter: stackedAfter)
        var builder = LayerBuilder(
            rasterizer: rasterizer, picture: PixelBox(x0: 0, y0: 0, x1: placement.size.width, y1: placement.size.height)
        )
        let block = placement.blockRect(
            of: lines, in: rect, displayAlignment: display, vertical: vertical, stackedBefore: stackedBefore,
            stackedAfter: stackedAfter)
        let shear = ParagraphShear(caption.shear, block: block, vertical: vertical)
        // The paragraph's own fill, under its runs' backgrounds (TTML1 §8.2.2).
        if let fill = caption.blockBackground, !lines.isEmpty {
            builder.addBackground(
                PlacedRect(x: block.x, y: block.y, width: block.width, height: block.height, color: fill), dx: 0, dy: 0,
                shear: shear)
        }
        for r in backgroundBoxes(of: lines, at: origins, for: caption, block: block) {
            builder.addBackground(r, dx: 0, dy: 0, shear: shear)
        }
        for (line, o) in zip(lines, origins) {
            for var g in line.glyphs {
                shear?.apply(to: &g, origin: o)
                let outline = outline(of: g)
                try builder.addGlyph(
                    g, dx: o.x, dy: o.y, outline: outline.width, outlineColor: outline.color,
                    shadow: options.shadowOffset, shadowColor: options.shadowColor,
                    textShadows: placement.pixelShadows(g.shadows, em: g.size, textColor: g.color))
            }
            for d in line.decorations {
                builder.addDecoration(
                    d, dx: o.x, dy: o.y,
                    textShadows: placement.pixelShadows(d.shadows, em: d.shadowEm, textColor: d.color),
                    shear: shear)
            }
        }
        return CaptionLayers(backgrounds: [], foreground: clipped(builder.layers, for: caption))
    }

    /// `layers` cut to the caption's region when its overflow is hidden (TTML1 §8.2.15: what
    /// does not fit the region's area, padding included, is not drawn): the region's own
    /// `tts:overflow`, else the document's default (``CaptionRenderOptions/defaultOverflow``).
    /// Text without a region of its own is never cut.
    private func clipped(_ layers: [CaptionImage], for caption: Caption) -> [CaptionImage] {
        guard let region = caption.region, region.origin != nil,
            (region.overflow ?? options.defaultOverflow) == .hidden
        else { return layers }
        let area = placement.rect(of: region)
        // Rounded as the region's fill is (LayerBuilder), so text and fill end on the same pixel.
        let clip = PixelBox(
            x0: area.x.roundedClamped(to: PixelRect.coordinates), y0: area.y.roundedClamped(to: PixelRect.coordinates),
            x1: area.maxX.roundedClamped(to: PixelRect.coordinates),
            y1: area.maxY.roundedClamped(to: PixelRect.coordinates))
        return layers.compactMap { $0.clipped(to: clip) }
    }
}
