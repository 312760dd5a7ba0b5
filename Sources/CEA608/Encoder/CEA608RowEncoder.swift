// Encoding one row. Sources: 47 CFR 15.119 (now 47 CFR 79.101): PACs set row, indent and a
// colour or italics ((e)(1)(i)); tab offsets move 1–3 columns ((e)(1)(ii)); mid-row codes take a
// cell ((h)(1)(i)). Extended characters follow their fallback (CEA-608-B §6.4.2).

/// Turns a laid-out row into words: PAC, tab offset, attribute codes and characters.
///
/// Attribute codes take a cell each, so the encoder puts them in cells that would otherwise hold
/// spaces: at the start of a row the cursor goes that many columns left of the first character,
/// and within a row the codes replace the spaces (or transparent cells) before the restyled
/// character. Only when there are not enough such cells does the text move right; that is
/// reported.
struct CEA608RowEncoder {
    /// One cell's content before it becomes words.
    enum Item {
        case character(CEA608Row.Cell)
        case code(CEA608AttributeCode)
    }

    /// Where a row's text went: how many columns it had to move right because attribute codes
    /// had no spare cells, and the column after its last cell as sent.
    struct Placement: Equatable {
        var moved = 0
        var end = 0
        /// The cells a decoder shows after the row's words, in the order they were written: the
        /// characters, and each attribute code's cell (a standard space, 15.119(h)(1)); a column
        /// past the grid stands for its last column, which the decoder writes over. Where the
        /// text did not move, the codes took cells that show as spaces already.
        var shown: [ShownCell] = []

        /// Cells sent past column 32, which the decoder writes over the last column
        /// (15.119(e)(1)): characters lost from view.
        var lost: Int { max(0, end - CEA608CaptionLayout.columnCount) }
    }

    /// One cell as a decoder shows it after the row's words.
    struct ShownCell: Equatable {
        var column: Int
        var cell: CEA608Row.Cell
        /// The column the cell has in the row as laid out (where a code's cell is the space or
        /// transparent cell it took); `nil` for a code that moved the text right, which has none.
        /// Where text moved, `column` is further right.
        var laidOut: Int?
    }

    /// Appends the words of `row` to `buffer`; returns where its text went.
    ///
    /// `afterCarriageReturn`: a roll-up CR has just put the cursor at column 0 of this row with
    /// plain attributes (15.119(f)(1)), so columns 0–3 need no PAC, only a tab offset.
    ///
    /// `jumpsOverGaps`: cells holding the transparent space (cells a decoder never wrote, read as
    /// U+00A0) are skipped with a tab offset or a new PAC, as caption files do, instead of being
    /// sent as transparent-space codes (two frames each). Only where the memory is blank: in
    /// paint-on a transparent space also clears what was in its cell.
    ///
    /// `tabsOverShortGaps` (with `jumpsOverGaps`): two or three such cells before text in the
    /// pen's style are jumped with a tab offset, and one to three before other text with a PAC
    /// where that is shorter (``pacJump(over:in:row:pen:)``), not sent as transparent spaces; the
    /// form for words that do not fit otherwise (``CaptionTransmissionPlan/tabbedAnchored``,
    /// `tabbedPreload`).
    static func encode(
        _ row: CEA608Row, into buffer: inout CEA608WordBuffer, afterCarriageReturn: Bool = false,
        jumpsOverGaps: Bool = false, tabsOverShortGaps: Bool = false
    ) -> Placement {
        if row.clearsToEnd {
            // DER erases from the cursor to the end of the row (15.119 miscellaneous codes): after
            // the cells, or at the row's column when there are none.
            var cells = row
            cells.clearsToEnd = false
            var placement = Placement(end: row.column)
            if row.cells.isEmpty {
                if let address = PreambleAddressCode.addressing(
                    row: min(max(row.row, 1), 15), column: min(row.column, 31))
                {
                    let bytes = address.code.bytes
                    buffer.appendControl(first: bytes.first, second: bytes.second)
                    if let tab = address.tabOffset { buffer.append(tab) }
                }
            } else {
                placement = encode(
                    cells, into: &buffer, afterCarriageReturn: afterCarriageReturn, jumpsOverGaps: jumpsOverGaps,
                    tabsOverShortGaps: tabsOverShortGaps)
            }
            buffer.append(.deleteToEndOfRow)
            return placement
        }
        if jumpsOverGaps, row.cells.contains(where: \.isGap) {
            return encodeSegments(
                row, into: &buffer, afterCarriageReturn: afterCarriageReturn, tabsOverShortGaps: tabsOverShortGaps)
        }
        guard !row.cells.isEmpty else { return Placement(end: row.column) }
        // Leading standard spaces in the first cell's style (a run after a gap of transparent
        // cells can start with them) are where the row's attribute codes go: each code is itself
        // a standard space (15.119(h)(1)), so the cells look as they did. Moving the cursor left
        // of them instead would turn transparent cells into spaces, and rewriting what is read
        // back would move the text again.
        // Only when the codes do take them: a colour or italics PAC may set the style with no code.
        let spaces = spacesForCodes(row.cells)
        if spaces > 0 {
            var rest = row
            rest.cells.removeFirst(spaces)
            rest.column += spaces
            if rowStart(rest).codes.count >= spaces {
                return encodeRow(rest, into: &buffer, afterCarriageReturn: afterCarriageReturn)
            }
        }
        return encodeRow(row, into: &buffer, afterCarriageReturn: afterCarriageReturn)
    }

    /// The columns left of `row`'s first cell that its opening attribute codes take when
    /// ``encode(_:into:afterCarriageReturn:jumpsOverGaps:tabsOverShortGaps:)`` sends it: cells a decoder shows as
    /// standard spaces (15.119(h)(1)) though the row holds no cell there. Codes that take the
    /// row's own leading spaces are inside it and not counted.
    static func openingCodeColumns(of row: CEA608Row) -> Range<Int> {
        guard !row.cells.isEmpty else { return row.column..<row.column }
        let spaces = spacesForCodes(row.cells)
        var start = row
        if spaces > 0 {
            var rest = row
            rest.cells.removeFirst(spaces)
            rest.column += spaces
            if rowStart(rest).codes.count >= spaces { start = rest }
        }
        let cursor = max(0, start.column - rowStart(start).codes.count)
        return min(cursor, row.column)..<row.column
    }

    /// How a row starts: an indent PAC (white, roman) plus codes, or a colour/italics PAC at
    /// column 0 plus codes, whichever needs fewer codes where they fit left of the first cell.
    static func rowStart(_ row: CEA608Row) -> (
        codes: [CEA608AttributeCode], attribute: PreambleAddressCode.Attribute?, styledPAC: Bool
    ) {
        guard let first = row.cells.first else { return ([], nil, false) }
        let indentStart = CEA608CellStyle.afterIndentPAC(underline: first.style.underline)
        let indentCodes = CEA608AttributeCode.transition(from: indentStart, to: first.style)
        var attribute: PreambleAddressCode.Attribute?
        var styledStart = indentStart
        if first.style.foreground == .white && first.style.italic {
            attribute = .italics
            styledStart.italic = true
        } else if first.style.foreground != .black && first.style.foreground != .white {
            attribute = .color(first.style.foreground)
            styledStart.foreground = first.style.foreground
        }
        let styledCodes = CEA608AttributeCode.transition(from: styledStart, to: first.style)
        var useStyledPAC = false
        if attribute != nil {
            let fitsStyled = styledCodes.count <= row.column && row.column <= styledCodes.count + 3
            let fitsIndent = indentCodes.count <= row.column
            useStyledPAC =
                fitsStyled && (!fitsIndent || styledCodes.count < indentCodes.count)
                || (!fitsStyled && !fitsIndent && styledCodes.count < indentCodes.count)
        }
        return (useStyledPAC ? styledCodes : indentCodes, attribute, useStyledPAC)
    }

    /// How many of `cells`' leading standard spaces the attribute codes that set the first
    /// cell's style after an indent PAC can take: at most one per code, each followed by a cell
    /// of that style (so the pen is in it when the remaining cells start).
    static func spacesForCodes(_ cells: [CEA608Row.Cell]) -> Int {
        guard let first = cells.first, first.isSpace else { return 0 }
        let codeCount = CEA608AttributeCode.transition(
            from: CEA608CellStyle.afterIndentPAC(underline: first.style.underline), to: first.style
        ).count
        var spaces = 0
        while spaces < codeCount, spaces + 1 < cells.count, cells[spaces].isSpace,
            cells[spaces + 1].style == first.style
        {
            spaces += 1
        }
        return spaces
    }

    /// Whether a run of cells opens with standard spaces before text whose style an indent PAC
    /// does not give: the attribute codes that set it take the cells of the last spaces. The
    /// spaces' own style does not count (a run's opening spaces take a PAC's style, see
    /// ``encodeSegments(_:into:afterCarriageReturn:tabsOverShortGaps:)``).
    static func opensWithSpacesForCodes(_ cells: [CEA608Row.Cell]) -> Bool {
        guard let visible = openingSpaces(cells) else { return false }
        let style = cells[visible].style
        return !CEA608AttributeCode.transition(
            from: CEA608CellStyle.afterIndentPAC(underline: style.underline), to: style
        )
        .isEmpty
    }

    /// How many cells a run opening with a standard space has before its first character: the
    /// spaces and the transparent cells among them (which a code takes too, and which then read
    /// back as spaces); nil when it opens with no space or holds no character.
    static func openingSpaces(_ cells: [CEA608Row.Cell]) -> Int? {
        guard cells.first?.isSpace == true, let visible = cells.firstIndex(where: { !$0.isSpace && !$0.isGap }) else {
            return nil
        }
        return visible
    }

    /// Encodes a row from its first cell on: PAC or tab offset, codes, cells.
    private static func encodeRow(
        _ row: CEA608Row, into buffer: inout CEA608WordBuffer, afterCarriageReturn: Bool
    ) -> Placement {
        guard let first = row.cells.first else { return Placement(end: row.column) }
        let (codes, attribute, useStyledPAC) = rowStart(row)
        // Where the codes do not fit left of the text they start in the first column, and a
        // background or black-foreground code sent there first, without its space, takes no cell
        // (CTA-608-E §6.2; Specs/scc.md "Background attribute codes after a PAC"): one column
        // less to move. Where they fit, it goes with its space, and takes the space's cell.
        let cellless = codes.count > row.column && codes.first?.backsOverSpace == true ? 1 : 0
        let moved = max(0, codes.count - cellless - row.column)
        let cursor = max(0, row.column - codes.count)
        let row1Based = min(max(row.row, 1), 15)
        // The pen as the PAC (or the CR, plain attributes) leaves it (15.119(e)(1)(i)).
        var pen = CEA608CellStyle.afterIndentPAC(underline: first.style.underline)
        if useStyledPAC, let attribute {
            switch attribute {
            case .italics: pen.italic = true
            case .color(let color): pen.foreground = color
            case .indent: break
            }
        }
        if afterCarriageReturn && !useStyledPAC && cursor < 4 && !first.style.underline {
            if let tab = tabOffset(cursor) { buffer.append(tab) }
        } else if useStyledPAC, let attribute,
            let pac = PreambleAddressCode(row: row1Based, attribute: attribute, underline: first.style.underline)
        {
            let bytes = pac.bytes
            buffer.appendControl(first: bytes.first, second: bytes.second)
            if let tab = tabOffset(cursor) { buffer.append(tab) }
        } else if let address = PreambleAddressCode.addressing(
            row: row1Based, column: min(cursor, 31), underline: first.style.underline)
        {
            let bytes = address.code.bytes
            buffer.appendControl(first: bytes.first, second: bytes.second)
            if let tab = address.tabOffset { buffer.append(tab) }
        }
        // DER erases from the cursor to the end of the row (15.119 miscellaneous codes).
        if row.clearsFirst { buffer.append(.deleteToEndOfRow) }
        var shown: [ShownCell] = []
        let inside = appendCells(
            row.cells, leadingCodes: codes, into: &buffer, column: cursor, laidOut: row.column, pen: pen,
            firstCodeTakesNoCell: cellless == 1, shown: &shown)
        return Placement(
            moved: moved + inside, end: cursor + codes.count - cellless + row.cells.count + inside, shown: shown)
    }

    /// The tab offset for 1–3 columns.
    static func tabOffset(_ columns: Int) -> ControlCommand? {
        switch columns {
        case 1: .tabOffset1
        case 2: .tabOffset2
        case 3: .tabOffset3
        default: nil
        }
    }
}
