import CaptionCore

/// Lengths a run gives for its text, in picture pixels, measured on the placement's grids: an
/// outline's thickness, a shadow's offsets and blur, a line's padding (every look measures them
/// so).
extension RegionPlacementStage {
    /// One cell of ``cellGrid`` down the picture.
    var cellHeight: Double { Double(size.height) / cellGrid.height }

    /// `value` pixels of the root container in picture pixels, measured down the picture as `px`
    /// font sizes are: on the document's root `tts:extent` when it gives one (TTML1 §8.2.7), else
    /// on 1080 rows.
    func rootContainerPixels(_ value: Double) -> Double {
        value * Double(size.height) / (pixelGrid?.height ?? 1080)
    }

    /// A length a run gives for its text in picture pixels: a percentage of `em`, the run's font
    /// size (as `tts:textOutline`'s and `tts:textShadow`'s, TTML1 §8.2.20, TTML2 §10.2.43), cells
    /// of the cell grid or root-container pixels, measured across the picture when `across`
    /// (a cell's width, the root extent's width) and down it otherwise.
    func runLength(_ d: CaptionDimension, em: Double, across: Bool = false) -> Double {
        switch d.unit {
        case .percent: return d.value / 100 * em
        case .cells:
            return across ? d.value * Double(size.width) / cellGrid.width : d.value * cellHeight
        case .pixels:
            guard across, let grid = pixelGrid else { return rootContainerPixels(d.value) }
            return d.value * Double(size.width) / grid.width
        }
    }

    /// `shadows` of text `em` pixels high drawn in `textColor`, first on top (TTML2 §10.2.43
    /// `tts:textShadow`): offsets rightwards and downwards in whole pixels (cells and
    /// root-container pixels across the picture for `x`, down it for `y`), a percentage being of
    /// `em` as for an outline's thickness; the blur's radius as long (TTML2: zero when not given),
    /// kept within one em so that no document can ask for a bitmap of any size; the colour the
    /// shadow's own or else the text's (TTML2: the computed `tts:color`), its alpha applying. A
    /// shadow with an unusable offset is left out.
    func pixelShadows(_ shadows: [CaptionShadow], em: Double, textColor: CaptionColor) -> [PixelShadow] {
        guard em > 0, em.isFinite else { return [] }
        return shadows.prefix(CaptionShadow.maximumCount).compactMap { s in
            let dx = runLength(s.offsetX, em: em, across: true), dy = runLength(s.offsetY, em: em)
            guard dx.isFinite, dy.isFinite else { return nil }
            let radius = s.blur.map { runLength($0, em: em) } ?? 0
            return PixelShadow(
                dx: dx.roundedClamped(to: PixelRect.coordinates), dy: dy.roundedClamped(to: PixelRect.coordinates),
                blur: radius.isFinite && radius > 0 ? min(radius, em) : 0, color: s.color ?? textColor)
        }
    }
}
