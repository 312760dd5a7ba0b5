// The caption grid: 15 rows of 32 columns (47 CFR 15.119(e), now 47 CFR 79.101).

/// One row of a caption laid out on the CEA-608 grid: where its first character goes and its
/// characters with their cell styles.
struct CEA608Row: Equatable {
    /// One character cell: the character's code (no `Character`, so copies cost nothing) and
    /// its style.
    struct Cell: Equatable {
        /// A basic code (0x20–0x7F) or a special or extended pair, first byte high.
        var code: UInt16
        /// For an extended character, the basic character sent before it; 0 otherwise.
        var fallback: UInt8
        var style: CEA608CellStyle

        init(entry: CEA608CharacterSet.Entry, style: CEA608CellStyle) {
            code = entry.code
            fallback = entry.fallback ?? 0
            self.style = style
        }

        init(code: UInt16, fallback: UInt8, style: CEA608CellStyle) {
            self.code = code
            self.fallback = fallback
            self.style = style
        }

        /// The transparent space (U+00A0) in `style`: a cell that shows the picture.
        static func transparentSpace(style: CEA608CellStyle) -> Cell {
            Cell(code: CEA608CharacterSet.transparentSpaceCode, fallback: 0, style: style)
        }

        /// The standard space in `style`.
        static func space(style: CEA608CellStyle) -> Cell { Cell(code: 0x20, fallback: 0, style: style) }

        /// Whether this is the standard space, whose colour, italics and flash nobody sees.
        var isSpace: Bool { code == 0x20 }
        /// Whether this is the transparent space (U+00A0): a cell that shows the picture.
        var isGap: Bool { code == CEA608CharacterSet.transparentSpaceCode }
    }

    /// The row, 1 (top) to 15 (bottom).
    var row: Int
    /// The 0-based column of the first cell.
    var column: Int
    var cells: [Cell]
    /// Whether a DER follows the cells, erasing what the row held after them (paint-on).
    var clearsToEnd = false
    /// Whether a DER goes before the cells, right after the code that places the row: it erases
    /// the row from there at once (paint-on; the cells the row then sends over erased cells
    /// change nothing on screen).
    var clearsFirst = false
}
