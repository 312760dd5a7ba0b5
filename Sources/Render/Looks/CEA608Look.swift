import CaptionCore

/// The CEA-608 decoder look (CTA-608-E §7, 47 CFR §15.119): a 32 × 15 grid of character cells
/// filling the title-safe area, one cell per character, a box behind every cell that holds a
/// character (opaque black unless the caption says otherwise: semi-transparent and transparent
/// backgrounds come as the alpha of `backgroundColor`), the eight colours, italics, underline
/// and flash.
struct CEA608Look {
    static let columns = 32
    static let rows = 15

    let styleRuns: StyleRunStage
    let bidi: BidiStage
    let shaper: ShapingStage
    let placement: RegionPlacementStage
    let options: CaptionRenderOptions

    /// The em size that fits a monospaced character in a cell.
    var fontSize: Double {
        let cell = placement.cea608Cell(row: 0, column: 0, safeArea: options.safeAreaFraction)
        // DejaVu Sans Mono advances 0.602 em; leave a little room either side.
        return (min(cell.height * 0.75, cell.width / 0.66) * 4).rounded() / 4
    }

    func layers(for caption: Caption, rasterizer: GlyphRasterizer, missing: inout [Unicode.Scalar]) throws(RenderError)
        -> [CaptionImage]
    {
        let size = fontSize
        let defaults = StyleDefaults(
            textColor: .white, backgroundColor: .black, monospaced: true, fontSize: { _ in size })
        let lines = styleRuns.lines(of: caption, defaults: defaults, missing: &missing)
        let origin = caption.region?.origin
        let column0 = (origin?.x.value ?? 0).roundedClamped(to: PixelRect.coordinates)
        let row0 = (origin?.y.value ?? Double(Self.rows - lines.count)).roundedClamped(to: PixelRect.coordinates)
        // Roll-up text sits on the region's last rows; pop-on and paint-on text starts at its first.
        var firstRow = row0
        if case .rollUp = caption.region?.scroll {
            let height = (caption.region?.size?.height.value ?? Double(lines.count)).roundedClamped(
                to: PixelRect.coordinates)
            firstRow = row0 + height - lines.count
        }
        var builder = LayerBuilder(rasterizer: rasterizer)
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let row = firstRow + index
            guard (0..<Self.rows).contains(row) else { continue }
            try layout(line, row: row, column0: column0, size: size, into: &builder)
        }
        return builder.layers
    }

    private func layout(_ line: StyledLine, row: Int, column0: Int, size: Double, into builder: inout LayerBuilder)
        throws(RenderError)
    {
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
            let shaped = try shaper.shape(item, of: line, size: size, vertical: false, combine: false)
            let face = item.choice.face
            try face.setPixelSize(size)
            // Glyphs of one cluster share the cell of the cluster's first character.
            var clusterAdvance: [Int: Double] = [:]
            for g in shaped.glyphs { clusterAdvance[g.cluster, default: 0] += g.xAdvance }
            var penInCluster: [Int: Double] = [:]
            for g in shaped.glyphs {
                let column = column0 + g.cluster
                guard (0..<Self.columns).contains(column) else { continue }
                let c = cell(row, column)
                let baseline = c.y + (c.height + face.ascender + face.descender) / 2
                let left = c.x + (c.width - (clusterAdvance[g.cluster] ?? 0)) / 2 + (penInCluster[g.cluster] ?? 0)
                penInCluster[g.cluster, default: 0] += g.xAdvance
                try builder.addGlyph(
                    PlacedGlyph(
                        face: face, glyph: g.glyph, size: size, bold: item.choice.synthesizesBold,
                        oblique: item.choice.synthesizesOblique, x: left + g.xOffset, y: baseline - g.yOffset,
                        color: style.textColor, flashes: style.flash), dx: 0, dy: 0)
            }
            if style.underline {
                let first = cell(row, column0 + item.range.lowerBound)
                let last = cell(row, min(Self.columns - 1, column0 + item.range.upperBound - 1))
                let thickness = max(1, (first.height / 18).rounded())
                let y = first.y + (first.height + face.ascender + face.descender) / 2 + max(1, -face.descender / 2)
                builder.addDecoration(
                    PlacedRect(
                        x: first.x, y: y, width: last.maxX - first.x, height: thickness, color: style.textColor,
                        flashes: style.flash),
                    dx: 0, dy: 0)
            }
        }
    }

    private func cell(_ row: Int, _ column: Int) -> PixelRect {
        placement.cea608Cell(row: row, column: column, safeArea: options.safeAreaFraction)
    }
}
