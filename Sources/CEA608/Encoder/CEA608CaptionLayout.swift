// Placing caption text on the grid. Sources: 47 CFR 15.119(e) (now 47 CFR 79.101): 15 rows of
// 32 columns; (g) the character set. Character substitutions are the encoder's own policy.
import CaptionCore

/// Lays a caption's styled text out as rows on the 32 × 15 grid.
///
/// The region's origin, in cells, gives the first row and the column of every line (zero-based,
/// so 608 row N is y = N − 1). A roll-up region's last row is the base row. Without a region in
/// cells, lines sit at the bottom (row 15 last), starting in column 0, or centred when the
/// caption's alignment is `.center`. Leading spaces move the first character right instead of
/// being sent, so the cells before it stay transparent.
struct CEA608CaptionLayout {
    /// The grid's size (47 CFR 15.119(e)).
    static let rowCount = 15
    static let columnCount = 32

    var rows: [CEA608Row] = []
    var diagnostics: [Diagnostic] = []

    init(caption: Caption, captionIndex: Int, mode: CEA608CaptionMode, location: DiagnosticLocation) {
        var substituted: [Character] = []
        var approximated = false
        let lines = Self.cellLines(of: caption, substituted: &substituted, approximated: &approximated)
        if !substituted.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .warning, "608.characters",
                    "caption \(captionIndex + 1): \(substituted.count) character(s) outside the "
                        + "CEA-608 set (\(String(substituted.prefix(8)))) replaced",
                    at: location, suggestedFix: "use characters of the CEA-608 set"))
        }
        if approximated {
            diagnostics.append(
                Diagnostic(
                    .info, "608.colors",
                    "caption \(captionIndex + 1): colours mapped to the nearest of the eight CEA-608 colours",
                    at: location))
        }
        var originRow: Int?
        var originColumn: Int?
        if let origin = caption.region?.origin, origin.x.unit == .cells, origin.y.unit == .cells,
            origin.x.value.isFinite, origin.y.value.isFinite, abs(origin.x.value) < 1000, abs(origin.y.value) < 1000
        {
            originColumn = Int(origin.x.value.rounded())
            originRow = Int(origin.y.value.rounded())
        }
        // With a region width in cells, `.center` and `.right` place each line within it (the
        // conformer's convention for centred iTT captions; see GridPlacement).
        var regionWidth: Int?
        if let size = caption.region?.size, size.width.unit == .cells, size.width.value.isFinite,
            size.width.value >= 1, size.width.value <= Double(Self.columnCount)
        {
            regionWidth = Int(size.width.value.rounded())
        }
        var firstRow: Int
        switch mode {
        case .rollUp(let windowRows):
            // The base row is the region's last row: the window's depth below its top, or, for a
            // window that reaches the top of the screen (clipped there, as readers give it: a
            // window of 4 rows on base row 2 is rows 1–2), its height. Counted from the depth
            // alone, such a window moved down to base row 4 at each write.
            var depth = windowRows
            if originRow == 0, let size = caption.region?.size, size.height.unit == .cells,
                size.height.value.isFinite, (1..<Double(windowRows)).contains(size.height.value)
            {
                depth = Int(size.height.value.rounded())
            }
            firstRow = (originRow ?? (Self.rowCount - windowRows)) + depth - lines.count + 1
        case .popOn, .paintOn:
            firstRow = originRow.map { $0 + 1 } ?? (Self.rowCount - lines.count + 1)
        }
        if firstRow < 1 || firstRow + lines.count - 1 > Self.rowCount {
            let moved = min(max(firstRow, 1), max(1, Self.rowCount - lines.count + 1))
            diagnostics.append(
                Diagnostic(
                    .warning, "608.rows",
                    "caption \(captionIndex + 1) needs rows \(firstRow)–\(firstRow + lines.count - 1); "
                        + "moved to start on row \(moved)",
                    at: location, suggestedFix: "place the caption within rows 1–15"))
            firstRow = moved
        }
        // A block too wide for its column moves left as a whole, keeping its lines aligned;
        // only a line longer than the grid loses characters.
        let widest = lines.reduce(0) { max($0, $1.count) }
        if let column = originColumn, column + widest > Self.columnCount, widest <= Self.columnCount {
            let moved = Self.columnCount - widest
            diagnostics.append(
                Diagnostic(
                    .warning, "608.columns",
                    "caption \(captionIndex + 1): \(widest) characters from column \(column) pass column 32; "
                        + "moved to column \(moved)",
                    at: location, suggestedFix: "break the lines or move the caption left"))
            originColumn = moved
        }
        rows.reserveCapacity(lines.count)
        var restyledSpaces = false
        for (offset, line) in lines.enumerated() where offset < Self.rowCount {
            var cells = line
            Self.hideInvisibleSpaces(&cells)
            var leading = 0
            while leading < cells.count, cells[leading].isSpace || cells[leading].isGap { leading += 1 }
            if leading > 0 { cells.removeFirst(leading) }
            // Transparent cells at the end of a row show nothing: not sent.
            while let last = cells.last, last.isGap { cells.removeLast() }
            var column = (originColumn ?? 0) + leading
            if originColumn == nil, caption.textAlignment == .center {
                column = max(0, (Self.columnCount - cells.count) / 2)
            } else if let left = originColumn, let width = regionWidth {
                switch caption.textAlignment {
                case .center?: column = left + max(0, (width - cells.count) / 2)
                case .right?, .end?: column = left + max(0, width - cells.count)
                default: break
                }
            }
            column = max(0, column)
            if column + cells.count > Self.columnCount {
                let keep = max(0, Self.columnCount - column)
                diagnostics.append(
                    Diagnostic(
                        .warning, "608.columns",
                        "caption \(captionIndex + 1), line \(offset + 1): \(column + cells.count) columns; "
                            + "cut to 32",
                        at: location, suggestedFix: "break the line or move it left"))
                cells.removeLast(cells.count - keep)
            }
            restyledSpaces = Self.normalizeSpaces(&cells) || restyledSpaces
            rows.append(CEA608Row(row: firstRow + offset, column: column, cells: cells))
        }
        if restyledSpaces {
            // 15.119(h)(1): an attribute code takes a cell and shows a space in the attributes
            // before it, so an underline starts or ends at the character after a space, and the
            // space shows the underline of the character before it (Specs/scc.md, "Styles").
            diagnostics.append(
                Diagnostic(
                    .warning, "608.space-underline",
                    "caption \(captionIndex + 1): spaces underlined otherwise than the character before them "
                        + "are shown with its underline",
                    at: location, suggestedFix: "give each space the underline of the character before it"))
        }
    }

    /// The caption's text as lines of cells: each character's code and its run's CEA-608 style.
    /// Characters CEA-608 lacks are replaced (and collected in `substituted`).
    static func cellLines(of caption: Caption, substituted: inout [Character], approximated: inout Bool)
        -> [[CEA608Row.Cell]]
    {
        var lines: [[CEA608Row.Cell]] = []
        let asciiCodes = Self.asciiCodes
        var current: [CEA608Row.Cell] = []
        current.reserveCapacity(32)
        for run in caption.runs {
            let mapped = CEA608CellStyle.from(run.style)
            approximated = approximated || mapped.approximated
            let style = mapped.style
            // ASCII: one table lookup per byte, no grapheme breaking ("\r\n" is one line break).
            let ascii: Bool? = run.text.utf8.withContiguousStorageIfAvailable { bytes in
                guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
                for byte in bytes {
                    if byte == 0x0A {
                        lines.append(current)
                        current.removeAll(keepingCapacity: true)
                    } else if byte == 0x0D {
                        continue
                    } else if case let code = asciiCodes[Int(byte)], code.code != 0 {
                        current.append(CEA608Row.Cell(code: code.code, fallback: code.fallback, style: style))
                    } else {
                        let character = Character(Unicode.Scalar(byte))
                        substituted.append(character)
                        for entry in substitute(for: character) {
                            current.append(CEA608Row.Cell(entry: entry, style: style))
                        }
                    }
                }
                return true
            }
            if ascii == true { continue }
            for character in run.text {
                if character == "\n" || character == "\r\n" {
                    lines.append(current)
                    current.removeAll(keepingCapacity: true)
                } else if let entry = CEA608CharacterSet.entry(for: character) {
                    current.append(CEA608Row.Cell(entry: entry, style: style))
                } else {
                    substituted.append(character)
                    for entry in substitute(for: character) {
                        current.append(CEA608Row.Cell(entry: entry, style: style))
                    }
                }
            }
        }
        lines.append(current)
        return lines
    }

    /// The code and fallback of each ASCII byte (an extended code for `*`, `\`, `^`, `_`, `{`,
    /// `|`, `}`, `~`); code 0 for control characters and the backtick, which have none.
    static let asciiCodes: [(code: UInt16, fallback: UInt8)] = (0..<128).map { byte in
        guard byte >= 0x20, let entry = CEA608CharacterSet.entry(for: Character(Unicode.Scalar(UInt8(byte)))) else {
            return (0, 0)
        }
        return (entry.code, entry.fallback ?? 0)
    }

    /// Gives each space the style of the character before it (after it at the start of a line),
    /// so that style changes fall on visible characters and their codes can take the place of
    /// the spaces before them. A space between two differently styled words thus shows the
    /// left word's underline and background. Returns whether a standard space's underline
    /// changed: that shows (colour, italics and flash do not show on a space; a background a
    /// code's cell shows as the new one, CEA-608-B §6.2).
    @discardableResult
    static func normalizeSpaces(_ cells: inout [CEA608Row.Cell]) -> Bool {
        guard let firstVisible = cells.firstIndex(where: { !$0.isSpace && !$0.isGap }) else { return false }
        var previous = cells[firstVisible].style
        var underlineChanged = false
        for index in cells.indices {
            if cells[index].isSpace || cells[index].isGap {
                if cells[index].isSpace && cells[index].style.underline != previous.underline {
                    underlineChanged = true
                }
                cells[index].style = previous
            } else {
                previous = cells[index].style
            }
        }
        return underlineChanged
    }

    /// Turns into transparent cells the standard spaces that show nothing in their own style (a
    /// transparent background and no underline: the picture shows through, CEA-608-B §6.2) but
    /// would show in the style ``normalizeSpaces(_:)`` gives them, that of the character before
    /// them (an underline, or a background that is not transparent). A transparent cell shows
    /// the picture as they did. Restyled, such a space between underlined words showed an
    /// underline where the caption has none; read back from a background code's cell (whose
    /// space takes the transparent background), it was painted again at the rewrite (a fuzzing
    /// finding of 2026-11-28,
    /// Fixtures/fuzz/scc/paint-on-space-between-underlined-words-on-a-background-code-cell-fuzz.scc).
    static func hideInvisibleSpaces(_ cells: inout [CEA608Row.Cell]) {
        var previous: CEA608CellStyle?
        for index in cells.indices {
            let cell = cells[index]
            guard cell.isSpace || cell.isGap else {
                previous = cell.style
                continue
            }
            guard cell.isSpace, let previous, !cell.style.showsOnSpace, previous.showsOnSpace else { continue }
            cells[index] = CEA608Row.Cell.transparentSpace(style: cell.style)
        }
    }

    /// What to send for a character CEA-608 lacks: a close basic character, or "?".
    static func substitute(for character: Character) -> [CEA608CharacterSet.Entry] {
        let replacement: String
        switch character {
        case "\t": replacement = " "
        case "–", "‐", "‑", "−": replacement = "-"
        case "…": replacement = "..."
        case "`", "´", "′": replacement = "'"
        case "″": replacement = "\""
        default: replacement = "?"
        }
        return replacement.compactMap { CEA608CharacterSet.entry(for: $0) }
    }
}
