import CaptionCore

/// The CEA-608 decoder look (CTA-608-E, 47 CFR §15.119; Specs/cea608-look.md): a 32 × 15 grid
/// of character cells in the title-safe part of the centred 4:3 area, one cell per character,
/// glyphs as wide as their cells, a box behind every cell that holds a character (opaque black
/// unless the caption says otherwise: semi-transparent and transparent backgrounds come as the
/// alpha of `backgroundColor`), the eight colours, italics, underline and flash. A caption from
/// elsewhere keeps its paragraph fill (over its rows, across its region) and its runs' text
/// shadows, drawn as the iTT look draws them.
struct CEA608Look {
    static let columns = CEA608Grid.columns
    static let rows = CEA608Grid.rows
    /// The character whose advance sets the em size: caption fonts are monospaced, and in a
    /// proportional face a capital M is about the widest letter, so no glyph spills far.
    static let referenceCharacter: Unicode.Scalar = "M"

    let styleRuns: StyleRunStage
    let bidi: BidiStage
    let shaper: ShapingStage
    let placement: RegionPlacementStage
    let options: CaptionRenderOptions

    /// The grid of cells for the caption font: the first face of the monospaced chain sets the
    /// cell's width and height (``CEA608Grid``).
    var grid: CEA608Grid {
        let fonts = styleRuns.fonts
        let face = fonts.first(in: fonts.chain(for: FontRequest(monospaced: true, language: styleRuns.language)))?.face
        // DejaVu Sans Mono's figures when no face can say: 0.602 em wide, ascender 0.928 em,
        // descender 0.236 em.
        let advance = face?.advanceInEms(of: Self.referenceCharacter) ?? 0.602
        let extent = face?.lineExtentInEms ?? (0.928, 0.236)
        return CEA608Grid(
            size: placement.size, safeArea: options.safeAreaFraction, advance: advance, ascent: extent.ascent,
            descent: extent.descent)
    }

    /// The caption's layers. A roll-up caption's lines sit at the bottom of its window above
    /// `rollUpLinesBelow` newer lines (the lines that rolled it up, see ``CaptionRenderer``);
    /// lines pushed above the window are gone, as on a decoder (15.119(f)(1)).
    func layers(
        for caption: Caption, rollUpLinesBelow: Int = 0, rasterizer: GlyphRasterizer,
        missing: inout [Unicode.Scalar]
    ) throws(RenderError) -> CaptionLayers {
        let grid = self.grid
        let size = grid.fontSize
        let defaults = StyleDefaults(
            textColor: .white, backgroundColor: .black, monospaced: true, fontSize: { _ in size })
        let lines = styleRuns.lines(of: caption, defaults: defaults, missing: &missing)
        let region = caption.region
        let origin = region?.origin
        let column0 = (origin?.x.value ?? 0).roundedClamped(to: PixelRect.coordinates)
        let row0 = (origin?.y.value ?? Double(Self.rows - lines.count)).roundedClamped(to: PixelRect.coordinates)
        let regionColumns = region?.size.map { $0.width.value.roundedClamped(to: PixelRect.coordinates) }
        var firstRow = row0
        var topRow = 0
        if case .rollUp = region?.scroll {
            // The window is the region; its last row is the base row, where new lines appear.
            let height = (region?.size?.height.value ?? Double(lines.count)).roundedClamped(to: PixelRect.coordinates)
            firstRow = row0 + height - lines.count - max(0, rollUpLinesBelow)
            topRow = row0
        }
        var builder = LayerBuilder(rasterizer: rasterizer)
        if let fill = caption.blockBackground,
            let block = Self.blockRect(
                rows: firstRow..<(firstRow + lines.count), topRow: topRow, column: column0,
                columns: regionColumns, grid: grid)
        {
            builder.addBackground(
                PlacedRect(x: block.x, y: block.y, width: block.width, height: block.height, color: fill), dx: 0, dy: 0)
        }
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let row = firstRow + index
            guard (max(0, topRow)..<Self.rows).contains(row) else { continue }
            let column = Self.firstColumn(
                of: line.scalars.count, alignment: caption.textAlignment, regionColumn: column0,
                regionColumns: regionColumns)
            try layout(
                line, row: row, column0: column, grid: grid, into: &builder)
        }
        return CaptionLayers(backgrounds: builder.backgrounds, foreground: builder.foreground)
    }

    /// The area of the paragraph's own fill (TTML1 §8.2.2), as the iTT look's block: across the
    /// region's `columns` from `column` (to the grid's last without a size), over the caption's
    /// `rows` that are on screen (from `topRow`, a roll-up window's first); nil when none is.
    static func blockRect(rows: Range<Int>, topRow: Int, column: Int, columns: Int?, grid: CEA608Grid) -> PixelRect? {
        let r0 = max(rows.lowerBound, max(0, topRow)), r1 = min(rows.upperBound, Self.rows)
        let c0 = max(0, column), c1 = min(Self.columns, column + (columns ?? Self.columns - column))
        guard r0 < r1, c0 < c1 else { return nil }
        let first = grid.cell(row: r0, column: c0), last = grid.cell(row: r1 - 1, column: c1 - 1)
        return PixelRect(x: first.x, y: first.y, width: last.maxX - first.x, height: last.maxY - first.y)
    }

    /// Where a line of `length` cells starts. Text in a 608 region is placed cell by cell from
    /// the region's first column; a caption that says it is centred (or right-aligned) in its
    /// region, as the SCC reader says of rows an encoder centred one by one, has each line
    /// centred in the region's columns as that encoder did: (width − length) / 2 cells in,
    /// rounded down.
    static func firstColumn(
        of length: Int, alignment: CaptionTextAlignment?, regionColumn: Int, regionColumns: Int?
    ) -> Int {
        guard let width = regionColumns, width > length else { return regionColumn }
        switch alignment {
        case .center: return regionColumn + (width - length) / 2
        case .right, .end: return regionColumn + width - length
        default: return regionColumn
        }
    }

    private func layout(
        _ line: StyledLine, row: Int, column0: Int, grid: CEA608Grid, into builder: inout LayerBuilder
    ) throws(RenderError) {
        let size = grid.fontSize
        func cell(_ row: Int, _ column: Int) -> PixelRect { grid.cell(row: row, column: column) }
        let levels = try bidi.levels(of: line)
        let items = bidi.items(of: line, levels: levels, in: 0..<line.scalars.count)
        // Cells: a character's column is its position on the line, whatever its direction.
        var boxStart: (column: Int, color: CaptionColor)?
        func closeBox(at column: Int) {
            guard let b = boxStart else { return }
            let first = cell(row, b.column), last = cell(row, column - 1)
            builder.addBackground(
                PlacedRect(x: first.x, y: first.y, width: last.maxX - first.x, height: first.height, color: b.color),
                dx: 0, dy: 0)
            boxStart = nil
        }
        for i in 0..<line.scalars.count {
            let column = column0 + i
            let bg = line.spans[line.spanOfScalar[i]].style.backgroundColor ?? .clear
            if let b = boxStart, b.color != bg { closeBox(at: column) }
            if boxStart == nil, bg.alpha > 0, column < Self.columns { boxStart = (column, bg) }
        }
        closeBox(at: min(Self.columns, column0 + line.scalars.count))

        for item in items {
            let style = line.spans[item.span].style
            // The run's own shadows, as the iTT look draws them (TTML2 §10.2.43).
            let shadows = placement.pixelShadows(style.shadows, em: size, textColor: style.textColor)
            let shaped = try shaper.shape(item, of: line, size: size, vertical: false, combine: false)
            let face = item.choice.face
            try face.setPixelSize(size)
            // Glyphs of one cluster share the cell of the cluster's first character.
            var clusterAdvance: [Int: Double] = [:]
            let scale = grid.widthScale
            for g in shaped.glyphs { clusterAdvance[g.cluster, default: 0] += g.xAdvance * scale }
            var penInCluster: [Int: Double] = [:]
            for g in shaped.glyphs {
                let column = column0 + g.cluster
                guard (0..<Self.columns).contains(column) else { continue }
                let c = cell(row, column)
                // The face's line centred in the cell (``CEA608Grid``).
                let baseline = c.y + c.height / 2 + grid.baselineBelowMiddle
                let left = c.x + (c.width - (clusterAdvance[g.cluster] ?? 0)) / 2 + (penInCluster[g.cluster] ?? 0)
                penInCluster[g.cluster, default: 0] += g.xAdvance * scale
                try builder.addGlyph(
                    PlacedGlyph(
                        face: face, glyph: g.glyph, size: size, bold: item.choice.synthesizesBold,
                        oblique: item.choice.synthesizesOblique, widthScale: scale, x: left + g.xOffset * scale,
                        y: baseline - g.yOffset,
                        color: style.textColor, flashes: style.flash), dx: 0, dy: 0, textShadows: shadows)
            }
            if style.underline {
                let first = cell(row, column0 + item.range.lowerBound)
                let last = cell(row, min(Self.columns - 1, column0 + item.range.upperBound - 1))
                let thickness = max(1, (first.height / 18).rounded())
                let y = first.y + first.height / 2 + grid.baselineBelowMiddle + max(1, -face.descender / 2)
                builder.addDecoration(
                    PlacedRect(
                        x: first.x, y: y, width: last.maxX - first.x, height: thickness, color: style.textColor,
                        flashes: style.flash),
                    dx: 0, dy: 0, textShadows: shadows)
            }
        }
    }
}
