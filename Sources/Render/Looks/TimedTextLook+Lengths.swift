import CaptionCore

/// The iTT look's lengths that a caption gives for its text: a run's outline thickness and the
/// caption's line height, in picture pixels (measured as
/// ``RegionPlacementStage/runLength(_:em:across:)`` measures a run's lengths).
extension TimedTextLook {
    /// The outline drawn round `g`, as a fraction of its em and a colour: the run's own uniform
    /// edge when it gives a thickness (TTML `tts:textOutline`; a percentage is of the font size,
    /// TTML1 §8.2.20), else the options' outline, as before such edges were read.
    ///
    /// The thickness is kept within one em, so that a document cannot ask for glyph bitmaps of
    /// any size; zero, a negative or an unusable thickness draws no outline.
    func outline(of g: PlacedGlyph) -> (width: Double, color: CaptionColor) {
        guard let edge = g.edge, edge.kind == .uniform, let thickness = edge.width else {
            return (options.outlineWidth, options.outlineColor)
        }
        let pixels = placement.runLength(thickness, em: g.size)
        guard g.size > 0, pixels.isFinite, pixels > 0 else { return (0, edge.color) }
        return (min(1, pixels / g.size), edge.color)
    }

    /// The distance in pixels between the baselines of one line of `caption` and the next
    /// (TTML1 §8.2.12 `tts:lineHeight`): a percentage of the initial font size, as a run's
    /// percentage font size is (the reader has taken the paragraph's own size into it), cells of
    /// the cell grid, or root-container pixels; nil for the look's normal spacing
    /// (``RegionPlacementStage/lineHeight``, IMSC's 125 %), and when the viewer's font size
    /// replaces the caption's: the document's spacing was made for its own sizes.
    func lineHeight(of caption: Caption) -> Double? {
        guard let height = caption.lineHeight, options.fontSizeInCells == nil else { return nil }
        let pixels: Double
        switch height.unit {
        case .percent: pixels = height.value / 100 * fontSize(nil)
        case .cells: pixels = height.value * cellHeight
        case .pixels: pixels = placement.rootContainerPixels(height.value)
        }
        // Within the coordinates every other placement is kept to; NaN and negatives mean normal.
        guard pixels.isFinite, pixels >= 0 else { return nil }
        return min(pixels, Double(PixelRect.coordinates.upperBound))
    }
}
