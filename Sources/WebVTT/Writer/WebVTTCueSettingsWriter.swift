import CaptionCore

/// The cue settings for a caption's region and alignment (Specs/webvtt.md, "Positions"): the
/// inverse of ``WebVTTPlacement``. CEA-608 cells become percentages of the 32 × 15 grid.
enum WebVTTCueSettingsWriter {
    enum Loss: Hashable {
        case pixels, rollUp
    }

    /// The settings text (without the leading space), and what could not be written.
    static func settings(for caption: Caption, regionID: String?) -> (String, Loss?) {
        var parts: [String] = []
        var loss: Loss?
        let region = caption.region
        if let regionID {
            parts.append("region:" + regionID)
        } else if let region {
            if region.writingMode == .topToBottomAndRightToLeft { parts.append("vertical:rl") }
            if case .rollUp = region.scroll { loss = .rollUp }
            if let origin = region.origin {
                let units =
                    [origin.x.unit, origin.y.unit]
                    + [region.size?.width.unit, region.size?.height.unit].compactMap { $0 }
                if units.contains(.pixels) {
                    loss = .pixels
                } else {
                    parts += placement(region, origin: origin)
                }
            } else if region.identifier == "top" {
                parts.append("line:0")
            }
        }
        if let a = alignment(caption) { parts.append("align:" + a) }
        return (parts.joined(separator: " "), loss)
    }

    /// `line`, `position` and `size` for a region with an origin in cells or percent.
    private static func placement(_ region: CaptionRegion, origin: CaptionPoint) -> [String] {
        func percent(_ d: CaptionDimension, cell: Double) -> Double {
            d.unit == .cells ? d.value * cell : d.value
        }
        let vertical = region.writingMode == .topToBottomAndRightToLeft
        // Across the lines: y for horizontal text, x for vertical.
        let acrossCell = vertical ? WebVTTPlacement.columnWidth : WebVTTPlacement.rowHeight
        let alongCell = vertical ? WebVTTPlacement.rowHeight : WebVTTPlacement.columnWidth
        let start = percent(vertical ? origin.x : origin.y, cell: acrossCell)
        let along = percent(vertical ? origin.y : origin.x, cell: alongCell)
        let extentAcross = region.size.map { percent(vertical ? $0.width : $0.height, cell: acrossCell) }
        let extentAlong = region.size.map { percent(vertical ? $0.height : $0.width, cell: alongCell) }
        var parts: [String] = []
        let isCells = origin.y.unit == .cells
        let alignment = isCells ? .before : region.displayAlignment ?? .before
        // The text keeps to the region's block start (before) or end (after). WebVTT §7.2 puts
        // the box's physical top (horizontal) or left (vertical) edge at a start line and its
        // bottom or right edge at an end line; vertical lines grow left, so their block start
        // is the region's right edge (the reader's mirror, WebVTTPlacement).
        let startSide: CaptionRegion.DisplayAlignment = vertical ? .after : .before
        switch (alignment, extentAcross) {
        case (.center, let h?): parts.append("line:" + WebVTTNumber.percent(start + h / 2) + ",center")
        case (startSide, _): parts.append("line:" + WebVTTNumber.percent(start))
        case (_, let h?): parts.append("line:" + WebVTTNumber.percent(start + h) + ",end")
        case (_, nil): parts.append("line:" + WebVTTNumber.percent(vertical ? 100 : start) + (vertical ? ",end" : ""))
        }
        parts.append("position:" + WebVTTNumber.percent(along) + ",line-left")
        if let w = extentAlong { parts.append("size:" + WebVTTNumber.percent(w)) }
        return parts
    }

    private static func alignment(_ caption: Caption) -> String? {
        let inCells = caption.region?.origin?.x.unit == .cells
        switch caption.textAlignment {
        case nil: return inCells ? "left" : nil
        case .center?: return nil
        case .start?: return "start"
        case .end?: return "end"
        case .left?: return "left"
        case .right?: return "right"
        }
    }
}
