import CaptionCore

extension RegionPlacementStage {
    /// The part of the region's rectangle its text is laid out in: the area less its padding
    /// (TTML1 §8.2.16 `tts:padding`, inset space inside the region's area; ttml1 issue #221).
    /// The region's fill still covers the whole of ``rect(of:)``.
    ///
    /// Percentages are of the region's own size, its width for the left and right padding and
    /// its height for the top and bottom (TTML1 §8.2.16's clarification note, kept in TTML2
    /// §10.2.32: relative to the dimension of the region they apply to; imscJS means the same,
    /// measuring start and end on the extent's width and before and after on its height).
    /// Cells are of the cell grid, across for left and right and down for top and bottom;
    /// pixels of the grid `px` lengths are measured on, as a region's origin and extent are.
    func contentRect(of region: CaptionRegion?) -> PixelRect {
        let area = rect(of: region)
        guard let padding = region?.padding, region?.origin != nil else { return area }
        let w = Double(size.width), h = Double(size.height)
        func across(_ d: CaptionDimension) -> Double {
            d.unit == .percent
                ? pixels(d, along: area.width, cells: 1)
                : pixels(d, along: w, cells: cellGrid.width, grid: pixelGrid?.width ?? w)
        }
        func down(_ d: CaptionDimension) -> Double {
            d.unit == .percent
                ? pixels(d, along: area.height, cells: 1)
                : pixels(d, along: h, cells: cellGrid.height, grid: pixelGrid?.height ?? h)
        }
        // Negative padding is not allowed (TTML1 §8.2.16); it is read as none.
        let (top, right) = (max(0, down(padding.top)), max(0, across(padding.right)))
        let (bottom, left) = (max(0, down(padding.bottom)), max(0, across(padding.left)))
        // Padding wider or taller than the area leaves a one-pixel sliver at its start.
        return PixelRect(
            x: area.x + min(left, area.width - 1), y: area.y + min(top, area.height - 1),
            width: max(1, area.width - left - right), height: max(1, area.height - top - bottom))
    }
}
