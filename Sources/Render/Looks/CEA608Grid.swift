/// Where the CEA-608 character cells are on a picture, and the font size that fills them
/// (Specs/cea608-look.md).
///
/// 608 describes a 4:3 screen of 15 rows × 32 columns of character cells in the title-safe area
/// (47 CFR §15.119(d)). On a wider frame the caption area is the centred 4:3 part, as a 4:3
/// receiver shows it, not the frame's full width. The 15 rows fill the safe fraction of that
/// area's height and the 32 columns its width: column c starts at 10 % + c × 2.5 % of the area
/// with the default 80 %, where the W3C 608-to-WebVTT mapping and FFmpeg's 608 decoder put it
/// (CEA608LibassPlacementTests). The font's line (ascender to descender, which holds 608's
/// accented capitals) is as tall as a row, and its characters are widened (or narrowed) to the
/// cell's width, as a decoder's character generator draws each character to fill its cell: boxes
/// meet and solid blocks touch. Pixels are taken as square.
struct CEA608Grid {
    static let columns = 32
    static let rows = 15

    /// The top left corner of cell (0, 0).
    var x: Double
    var y: Double
    var cellWidth: Double
    var cellHeight: Double
    /// The em size of the caption font, in pixels.
    var fontSize: Double
    /// How much the face's characters are widened to fill a cell (``PlacedGlyph/widthScale``).
    var widthScale: Double
    /// How far below the middle of a cell the baseline lies, in pixels: the face's line is
    /// centred in the cell.
    var baselineBelowMiddle: Double

    /// The grid on a `size` picture for a face whose characters advance `advance` em and whose
    /// line reaches `ascent` em above the baseline and `descent` em below it; `safeArea` is the
    /// fraction of the 4:3 area the grid may fill, across and down.
    init(size: RenderSize, safeArea: Double, advance: Double, ascent: Double, descent: Double) {
        let w = Double(size.width), h = Double(size.height)
        let f = min(1, max(0.1, safeArea.isNaN ? 0.8 : safeArea))
        let safeWidth = min(w, h * 4 / 3) * f
        let safeHeight = min(h, w * 3 / 4) * f
        let cellHeight = safeHeight / Double(Self.rows)
        let line = ascent + descent > 0 ? ascent + descent : 1
        let width = advance > 0 ? advance : line / 2
        let cellWidth = safeWidth / Double(Self.columns)
        // FreeType sizes in 1/64 px; a quarter pixel keeps sizes few, so glyph caches hit.
        let em = max(1, (cellHeight / line * 4).rounded(.down) / 4)
        self.widthScale = cellWidth / (em * width)
        self.cellHeight = cellHeight
        self.cellWidth = cellWidth
        self.fontSize = em
        self.x = (w - safeWidth) / 2
        self.y = (h - safeHeight) / 2
        self.baselineBelowMiddle = (ascent - descent) * em / 2
    }

    /// Cell (`row`, `column`), zero-based, with whole-pixel edges so that neighbouring cells
    /// neither overlap nor leave gaps.
    func cell(row: Int, column: Int) -> PixelRect {
        let x0 = (x + Double(column) * cellWidth).rounded()
        let x1 = (x + Double(column + 1) * cellWidth).rounded()
        let y0 = (y + Double(row) * cellHeight).rounded()
        let y1 = (y + Double(row + 1) * cellHeight).rounded()
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
