// Rows to words in the encoder, and the rows as a decoder shows them. Sources: 47 CFR 15.119
// (now 47 CFR 79.101): (e)(1) the grid, PACs and tab offsets; (h)(1) attribute codes take a cell.
import CaptionCore

extension EncoderState {
    /// Appends the rows' words; returns what had to change (without a location).
    ///
    /// Transparent cells are jumped over (a tab offset or PAC) except in paint-on, where the
    /// screen may hold text there that a transparent space must clear.
    func encodeRows(
        _ rows: [CEA608Row], into buffer: inout CEA608WordBuffer, afterCarriageReturn: Bool = false,
        jumpsOverGaps: Bool = true, tabsOverShortGaps: Bool = false
    ) -> [Diagnostic] {
        var shows: [CEA608Row] = []
        var looks: [CEA608Row] = []
        return encodeRows(
            rows, into: &buffer, afterCarriageReturn: afterCarriageReturn, jumpsOverGaps: jumpsOverGaps,
            tabsOverShortGaps: tabsOverShortGaps, shows: &shows, looks: &looks)
    }

    /// Appends the rows' words, sets `shows` to the rows as a decoder shows them (one per row, in
    /// order), and `looks` to the same with the spaces that attribute codes took in the style
    /// they show in (``withCodeCellStyles(_:placed:)``); returns what had to change (without a
    /// location).
    func encodeRows(
        _ rows: [CEA608Row], into buffer: inout CEA608WordBuffer, afterCarriageReturn: Bool = false,
        jumpsOverGaps: Bool = true, tabsOverShortGaps: Bool = false, shows: inout [CEA608Row],
        looks: inout [CEA608Row]
    ) -> [Diagnostic] {
        var notes: [Diagnostic] = []
        shows = rows
        looks = rows
        var previousRow = 0
        for (index, row) in rows.enumerated() {
            if row.row == previousRow {
                notes.append(
                    Diagnostic(
                        .warning, "608.rows", "two captions shown together share row \(row.row)",
                        suggestedFix: "place captions shown at the same time on different rows"))
            }
            previousRow = row.row
            let placed = CEA608RowEncoder.encode(
                row, into: &buffer, afterCarriageReturn: afterCarriageReturn, jumpsOverGaps: jumpsOverGaps,
                tabsOverShortGaps: tabsOverShortGaps)
            if placed.moved > 0 {
                shows[index] = Self.shown(row, placed: placed.shown)
                looks[index] = shows[index]
            } else {
                looks[index] = Self.withCodeCellStyles(row, placed: placed.shown)
            }
            if placed.lost > 0 {
                // 15.119(e)(1): what comes past column 32 replaces the character in column 32.
                notes.append(
                    Diagnostic(
                        .warning, "608.mid-row",
                        "row \(row.row): style changes without a space to hold their codes move the text "
                            + "\(placed.moved) column(s) right, past column 32: \(placed.lost) character(s) at the "
                            + "end of the row are lost (a decoder writes each one over the last column)",
                        suggestedFix: "change styles at spaces, or shorten the row: each attribute code takes a cell"))
            } else if placed.moved > 0 {
                notes.append(
                    Diagnostic(
                        .warning, "608.mid-row",
                        "row \(row.row): style changes without a space to hold their codes move the text "
                            + "\(placed.moved) column(s) right",
                        suggestedFix: "change styles at spaces: each attribute code takes a cell"))
            }
        }
        return notes
    }

    /// `row` as a decoder shows it after its words moved text right: the cells written from the
    /// row's column on (codes left of it show as spaces where ``changes(from:to:)`` expects them),
    /// a column past the grid written over the last (15.119(e)(1)), and cells jumped over by a tab
    /// offset or PAC left showing the picture.
    static func shown(_ row: CEA608Row, placed: [CEA608RowEncoder.ShownCell]) -> CEA608Row {
        let columns = CEA608CaptionLayout.columnCount
        var cells = [CEA608Row.Cell?](repeating: nil, count: columns)
        for item in placed where item.column >= row.column {
            cells[min(item.column, columns - 1)] = item.cell
        }
        guard let first = cells.firstIndex(where: { $0 != nil }), let last = cells.lastIndex(where: { $0 != nil })
        else { return row }
        let jumped = CEA608Row.Cell.transparentSpace(style: CEA608CellStyle.afterIndentPAC(underline: false))
        var shown = CEA608Row(row: row.row, column: first, cells: cells[first...last].map { $0 ?? jumped })
        shown.clearsToEnd = row.clearsToEnd
        return shown
    }

    /// `row` with each space that an attribute code (or a PAC) set the pen for as the decoder shows it:
    /// a background code's cell shows the new background (CEA-608-B §6.2), where the row's space
    /// has the style of the text before it (``CEA608CaptionLayout/normalizeSpaces(_:)``). The
    /// model of the screen holds this, so that a paint-on caption after it does not leave that
    /// cell as it is, taking it for the space it wants: read back, it would not be the caption
    /// written (a fuzzing finding of 2026-11-27,
    /// Fixtures/fuzz/scc/paint-on-over-a-background-code-cell-fuzz.scc). Which words to send is
    /// chosen on the rows as laid out (`shows`), whose spaces have one style however sent.
    static func withCodeCellStyles(_ row: CEA608Row, placed: [CEA608RowEncoder.ShownCell]) -> CEA608Row {
        var result = row
        // By the cells' columns as laid out: where codes moved the text right, the cells after
        // them show further right than the row has them (a fuzzing finding of 2026-11-28,
        // Fixtures/fuzz/scc/paint-on-change-of-a-row-that-sent-whole-would-move-fuzz.scc).
        for item in placed {
            guard let column = item.laidOut, column >= row.column, column < row.column + row.cells.count else {
                continue
            }
            let offset = column - row.column
            // Only what shows on a space: its underline and background. Colour, italics and
            // flash do not (Specs/scc.md, "Styles"), and the layout's choice for them stays, as
            // the rows a caption wants have it: a PAC that sets a space's pen is no change
            // (the first form of this took its plain style for one, a fuzzing finding of
            // 2026-11-28, Fixtures/fuzz/scc/pop-on-row-with-a-pac-space-then-painted-on-fuzz.scc).
            if row.cells[offset].isSpace && item.cell.code == row.cells[offset].code {
                result.cells[offset].style.underline = item.cell.style.underline
                result.cells[offset].style.background = item.cell.style.background
            } else if row.cells[offset].isGap && item.cell.isSpace && item.cell.style.showsOnSpace {
                // A code in a cell the row has transparent shows a standard space there
                // (15.119(h)(1)), which stays until painted over: a paint-on caption after it
                // that wants a space there changes nothing. Held as a transparent cell, the
                // space was a change, and the whole row went where, read back with the space,
                // the rewrite sent the first word alone (a fuzzing finding of 2026-11-28,
                // Fixtures/fuzz/scc/paint-on-space-over-a-code-in-a-transparent-cell-fuzz.scc).
                // A space that shows nothing (transparent background, no underline) is laid out
                // as a cell that shows the picture (CEA608CaptionLayout), and stays one here.
                var space = CEA608Row.Cell.space(style: row.cells[offset].style)
                space.style.underline = item.cell.style.underline
                space.style.background = item.cell.style.background
                result.cells[offset] = space
            }
        }
        return result
    }

    /// The columns where sending `row` whole (no jumps) puts an attribute code in a cell the row
    /// has transparent: the code shows a standard space there (15.119(h)(1)), which the row
    /// itself does not hold.
    static func codeColumnsInGaps(of row: CEA608Row) -> Set<Int> {
        var scratch = CEA608WordBuffer(channel: .cc1, capacity: 48)
        let placed = CEA608RowEncoder.encode(row, into: &scratch)
        var columns = Set<Int>()
        for item in placed.shown where !item.cell.isGap {
            guard let column = item.laidOut else { continue }
            let offset = column - row.column
            if row.cells.indices.contains(offset), row.cells[offset].isGap { columns.insert(column) }
        }
        return columns
    }

    /// A paint-on caption's rows as a decoder shows them once `painted` are sent, which show as
    /// `shows`: where text moved, the row as shown over the caption's row of the same number.
    /// Elsewhere the screen shows what the caption wants.
    static func rows(_ wanted: [CEA608Row], painted: [CEA608Row], shows: [CEA608Row]) -> [CEA608Row] {
        var result = wanted
        for (sent, row) in zip(painted, shows) where sent != row {
            guard let index = result.firstIndex(where: { $0.row == row.row }) else { continue }
            let base = result[index]
            let columns = CEA608CaptionLayout.columnCount
            var cells = [CEA608Row.Cell?](repeating: nil, count: columns)
            for (offset, cell) in base.cells.enumerated() where (0..<columns).contains(base.column + offset) {
                cells[base.column + offset] = cell
            }
            for (offset, cell) in row.cells.enumerated() where (0..<columns).contains(row.column + offset) {
                cells[row.column + offset] = cell
            }
            guard let first = cells.firstIndex(where: { $0 != nil }), let last = cells.lastIndex(where: { $0 != nil })
            else { continue }
            let blank = CEA608Row.Cell.transparentSpace(style: CEA608CellStyle.afterIndentPAC(underline: false))
            result[index] = CEA608Row(row: base.row, column: first, cells: cells[first...last].map { $0 ?? blank })
        }
        return result
    }

    static func locate(_ diagnostic: Diagnostic, _ location: DiagnosticLocation) -> Diagnostic {
        var located = diagnostic
        located.location = location
        return located
    }

    func rollUpCommand(_ rows: Int) -> ControlCommand {
        switch rows {
        case ...2: .rollUp2
        case 3: .rollUp3
        default: .rollUp4
        }
    }
}
