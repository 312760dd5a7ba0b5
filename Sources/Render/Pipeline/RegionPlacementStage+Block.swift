import CaptionCore

/// Where a caption's block of lines lies in its region: the edge its first line starts at, and
/// the area a paragraph's background fills.
extension RegionPlacementStage {
    /// The edge of the caption's first line in the block-progression direction: its top for
    /// horizontal lines, its right edge for `tbrl` columns (the block grows leftwards). `extent`
    /// is the room the caption's lines take (the sum of their pitches), between `stackedBefore`
    /// and `stackedAfter` pixels of other captions' lines in the same region, placed by the
    /// region's display alignment (TTML1 §8.2.6 `tts:displayAlign`).
    func blockStart(
        of extent: Double, in rect: PixelRect, displayAlignment: CaptionRegion.DisplayAlignment, vertical: Bool,
        stackedBefore: Double = 0, stackedAfter: Double = 0
    ) -> Double {
        let block = stackedBefore + extent + stackedAfter
        if !vertical {
            switch displayAlignment {
            case .before: return rect.y + stackedBefore
            case .center: return rect.y + (rect.height - block) / 2 + stackedBefore
            case .after: return rect.maxY - stackedAfter - extent
            }
        }
        switch displayAlignment {
        case .before: return rect.maxX - stackedBefore
        case .center: return rect.maxX - (rect.width - block) / 2 - stackedBefore
        case .after: return rect.x + stackedAfter + extent
        }
    }

    /// The area of a paragraph's block (TTML1 §8.2.2 `tts:backgroundColor` on `p`: the fill of
    /// its block area): across the whole of `rect`, the region's content area, along the lines,
    /// and over the lines' pitches across them, from the first line's top (or right edge) to the
    /// last line's bottom (left edge), the line-height spacing between lines included. This is
    /// how imscJS draws it: a `p` becomes an HTML block that stretches across its region's
    /// content box and is as tall as its line boxes, and `tts:backgroundColor` becomes that
    /// block's CSS `background-color` (imscJS html.js, the `backgroundColor` styling map and the
    /// `p` element it is set on).
    func blockRect(
        of lines: [LaidOutLine], in rect: PixelRect, displayAlignment: CaptionRegion.DisplayAlignment, vertical: Bool,
        stackedBefore: Double = 0, stackedAfter: Double = 0
    ) -> PixelRect {
        let extent = lines.map(pitch).reduce(0, +)
        let start = blockStart(
            of: extent, in: rect, displayAlignment: displayAlignment, vertical: vertical,
            stackedBefore: stackedBefore, stackedAfter: stackedAfter)
        return vertical
            ? PixelRect(x: start - extent, y: rect.y, width: extent, height: rect.height)
            : PixelRect(x: rect.x, y: start, width: rect.width, height: extent)
    }
}
