import CaptionCore

/// A rectangle in picture pixels.
struct PixelRect: Hashable {
    /// Positions computed from user-given sizes are kept within ±2²⁴ px, far outside any picture,
    /// so that converting and adding them can never trap.
    static let coordinates = -16_777_216...16_777_216

    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var maxX: Double { x + width }
    var maxY: Double { y + height }
}

/// Stage 6 — region placement: where a caption's region is on the picture, and where each of its
/// laid-out lines goes inside it (display alignment across the lines, text alignment along them).
struct RegionPlacementStage {
    let size: RenderSize
    /// Line pitch as a multiple of the em size (TTML's `lineHeight: normal` is about 1.25).
    var lineHeight = 1.25

    /// The region's rectangle; without a region, the bottom of the title-safe area.
    func rect(of region: CaptionRegion?) -> PixelRect {
        let w = Double(size.width), h = Double(size.height)
        guard let region, let origin = region.origin else {
            return PixelRect(x: w * 0.1, y: h * 0.1, width: w * 0.8, height: h * 0.8)
        }
        let x = pixels(origin.x, along: w, cells: 32)
        let y = pixels(origin.y, along: h, cells: 15)
        let width = region.size.map { pixels($0.width, along: w, cells: 32) } ?? (w - x)
        let height = region.size.map { pixels($0.height, along: h, cells: 15) } ?? (h - y)
        return PixelRect(x: x, y: y, width: max(1, width), height: max(1, height))
    }

    /// A length in pixels; cells are TTML's default cell resolution, 32 × 15. Kept within
    /// ``PixelRect/coordinates``; NaN gives 0.
    func pixels(_ d: CaptionDimension, along length: Double, cells: Double) -> Double {
        let v: Double
        switch d.unit {
        case .percent: v = d.value / 100 * length
        case .pixels: v = d.value
        case .cells: v = d.value * length / cells
        }
        if v.isNaN { return 0 }
        return min(max(v, Double(PixelRect.coordinates.lowerBound)), Double(PixelRect.coordinates.upperBound))
    }

    /// Origins (see ``LaidOutLine``) for `lines` stacked in `rect`.
    func origins(
        of lines: [LaidOutLine], in rect: PixelRect, displayAlignment: CaptionRegion.DisplayAlignment,
        textAlignment: CaptionTextAlignment, vertical: Bool
    ) -> [(x: Double, y: Double)] {
        let pitches = lines.map { l in
            max(l.emSize * lineHeight, l.over + l.under) + l.rubyOver + l.rubyUnder
        }
        let total = pitches.reduce(0, +)
        var result: [(x: Double, y: Double)] = []
        if !vertical {
            var top: Double
            switch displayAlignment {
            case .before: top = rect.y
            case .center: top = rect.y + (rect.height - total) / 2
            case .after: top = rect.maxY - total
            }
            for (line, pitch) in zip(lines, pitches) {
                let leading = (pitch - line.rubyOver - line.rubyUnder - line.over - line.under) / 2
                let baseline = top + line.rubyOver + leading + line.over
                let x: Double
                switch resolved(textAlignment, rtl: line.isRightToLeft) {
                case .left: x = rect.x
                case .right: x = rect.maxX - line.extent
                default: x = rect.x + (rect.width - line.extent) / 2
                }
                result.append((x.rounded(), baseline.rounded()))
                top += pitch
            }
        } else {
            // tbrl: the first column is at the right, the block grows leftwards.
            var right: Double
            switch displayAlignment {
            case .before: right = rect.maxX
            case .center: right = rect.maxX - (rect.width - total) / 2
            case .after: right = rect.x + total
            }
            for (line, pitch) in zip(lines, pitches) {
                let leading = (pitch - line.rubyOver - line.rubyUnder - line.over - line.under) / 2
                let centre = right - line.rubyOver - leading - line.over
                let y: Double
                switch resolved(textAlignment, rtl: false) {
                case .left: y = rect.y
                case .right: y = rect.maxY - line.extent
                default: y = rect.y + (rect.height - line.extent) / 2
                }
                result.append((centre.rounded(), y.rounded()))
                right -= pitch
            }
        }
        return result
    }

    /// `start`/`end` turned into a side for the line's direction.
    private func resolved(_ a: CaptionTextAlignment, rtl: Bool) -> CaptionTextAlignment {
        switch a {
        case .start: return rtl ? .right : .left
        case .end: return rtl ? .left : .right
        default: return a
        }
    }
}
