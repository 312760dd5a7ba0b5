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
    /// The grid `c` lengths are counted on (TTML1 §6.2.1: 32 × 15 unless the document says).
    var cellGrid = CaptionRenderOptions.Grid.cells32x15
    /// The grid `px` lengths are measured on (a TTML document's root `tts:extent`), nil for the
    /// picture's own pixels.
    var pixelGrid: CaptionRenderOptions.Grid?

    init(size: RenderSize, lineHeight: Double = 1.25, options: CaptionRenderOptions? = nil) {
        self.size = size
        self.lineHeight = lineHeight
        if let options {
            cellGrid = options.cellGrid
            pixelGrid = options.pixelGrid
        }
    }

    /// The region's rectangle; without a region, the bottom of the title-safe area.
    func rect(of region: CaptionRegion?) -> PixelRect {
        let w = Double(size.width), h = Double(size.height)
        guard let region, let origin = region.origin else {
            return PixelRect(x: w * 0.1, y: h * 0.1, width: w * 0.8, height: h * 0.8)
        }
        let (columns, rows) = (cellGrid.width, cellGrid.height)
        let (gridX, gridY) = (pixelGrid?.width ?? w, pixelGrid?.height ?? h)
        let x = pixels(origin.x, along: w, cells: columns, grid: gridX)
        let y = pixels(origin.y, along: h, cells: rows, grid: gridY)
        let width = region.size.map { pixels($0.width, along: w, cells: columns, grid: gridX) } ?? (w - x)
        let height = region.size.map { pixels($0.height, along: h, cells: rows, grid: gridY) } ?? (h - y)
        return PixelRect(x: x, y: y, width: max(1, width), height: max(1, height))
    }

    /// A length in pixels of the picture, `length` long: `cells` cells or `grid` document pixels
    /// across it (the picture's own by default). Kept within ``PixelRect/coordinates``; NaN gives 0.
    func pixels(_ d: CaptionDimension, along length: Double, cells: Double, grid: Double? = nil) -> Double {
        let v: Double
        switch d.unit {
        case .percent: v = d.value / 100 * length
        case .pixels: v = d.value * length / (grid ?? length)
        case .cells: v = d.value * length / cells
        }
        if v.isNaN { return 0 }
        return min(max(v, Double(PixelRect.coordinates.lowerBound)), Double(PixelRect.coordinates.upperBound))
    }

    /// The room a line takes across the lines: its pitch. A line height the caption gives is
    /// the pitch however tall the glyphs are (TTML1 §8.2.12: lines closer than their glyphs
    /// overlap, as CSS line boxes do); the normal one leaves room for the face's ascent and descent.
    func pitch(of l: LaidOutLine) -> Double {
        (l.lineHeight ?? max(l.emSize * lineHeight, l.over + l.under)) + l.rubyOver + l.rubyUnder
    }

    /// Origins (see ``LaidOutLine``) for `lines` stacked in `rect`, after `stackedBefore` and
    /// before `stackedAfter` pixels of other captions' lines in the same region; each line placed
    /// along by ``lineStart(of:widest:room:textAlignment:multiRowAlignment:rtl:)``.
    func origins(
        of lines: [LaidOutLine], in rect: PixelRect, displayAlignment: CaptionRegion.DisplayAlignment,
        textAlignment: CaptionTextAlignment, multiRowAlignment: CaptionTextAlignment? = nil, vertical: Bool,
        stackedBefore: Double = 0, stackedAfter: Double = 0
    ) -> [(x: Double, y: Double)] {
        let pitches = lines.map(pitch)
        let widest = lines.map(\.extent).max() ?? 0
        func along(_ line: LaidOutLine, _ room: Double) -> Double {
            lineStart(
                of: line.extent, widest: widest, room: room, textAlignment: textAlignment,
                multiRowAlignment: multiRowAlignment, rtl: line.isRightToLeft)
        }
        let start = blockStart(
            of: pitches.reduce(0, +), in: rect, displayAlignment: displayAlignment, vertical: vertical,
            stackedBefore: stackedBefore, stackedAfter: stackedAfter)
        var result: [(x: Double, y: Double)] = []
        if !vertical {
            var top = start
            for (line, pitch) in zip(lines, pitches) {
                let leading = (pitch - line.rubyOver - line.rubyUnder - line.over - line.under) / 2
                let baseline = top + line.rubyOver + leading + line.over
                let x = rect.x + along(line, rect.width)
                result.append((x.rounded(), baseline.rounded()))
                top += pitch
            }
        } else {
            // tbrl: the first column is at the right, the block grows leftwards.
            var right = start
            for (line, pitch) in zip(lines, pitches) {
                let leading = (pitch - line.rubyOver - line.rubyUnder - line.over - line.under) / 2
                let centre = right - line.rubyOver - leading - line.over
                let y = rect.y + along(line, rect.height)
                result.append((centre.rounded(), y.rounded()))
                right -= pitch
            }
        }
        return result
    }

    /// `start`/`end` turned into a side for the line's direction.
    func resolved(_ a: CaptionTextAlignment, rtl: Bool) -> CaptionTextAlignment {
        switch a {
        case .start: return rtl ? .right : .left
        case .end: return rtl ? .left : .right
        default: return a
        }
    }
}
