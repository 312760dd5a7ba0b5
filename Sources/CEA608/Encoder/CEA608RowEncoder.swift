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

    /// Appends `cells` after `leadingCodes`, the first code (or cell) at `column` with the pen in
    /// style `pen`; returns how many columns the text moved right for attribute codes without
    /// spare cells, and adds the cells a decoder shows to `shown`. `laidOut` is the first cell's
    /// column in the row as laid out (``ShownCell/laidOut``). With `firstCodeTakesNoCell` the
    /// first leading code (a background or black-foreground code, the cursor in column 0 after a
    /// PAC or CR) goes without its space and changes only the pen.
    static func appendCells(
        _ cells: [CEA608Row.Cell], leadingCodes codes: [CEA608AttributeCode], into buffer: inout CEA608WordBuffer,
        column: Int, laidOut: Int, pen: CEA608CellStyle, firstCodeTakesNoCell: Bool = false,
        shown: inout [ShownCell]
    ) -> Int {
        guard let first = cells.first else { return 0 }
        var moved = 0
        var pen = pen
        var next = column
        var cellless = firstCodeTakesNoCell
        shown.reserveCapacity(shown.count + codes.count + cells.count + 4)
        func show(_ code: CEA608AttributeCode, laidOut: Int?) {
            let style = code.shownStyle(pen: &pen)
            if cellless {
                cellless = false
                return
            }
            shown.append(
                ShownCell(column: next, cell: CEA608Row.Cell.space(style: style), laidOut: laidOut))
            next += 1
        }
        func append(_ code: CEA608AttributeCode) {
            code.append(to: &buffer, withSpace: !cellless)
        }
        func show(_ cell: CEA608Row.Cell, laidOut: Int?) {
            shown.append(ShownCell(column: next, cell: cell, laidOut: laidOut))
            next += 1
        }
        // The opening codes take the cells left of the first: those left of column 0 have none.
        func leading(_ index: Int) -> Int? { laidOut - codes.count + index >= 0 ? laidOut - codes.count + index : nil }
        // One style throughout (the usual case): the codes, then the characters.
        if !cells.contains(where: { $0.style != first.style }) {
            for (index, code) in codes.enumerated() {
                append(code)
                show(code, laidOut: leading(index))
            }
            for (index, cell) in cells.enumerated() {
                appendCharacter(cell, to: &buffer)
                show(cell, laidOut: laidOut + index)
            }
            buffer.flush()
            return moved
        }
        // Cells: attribute codes take the place of the spaces before a restyled character.
        var items: [(item: Item, laidOut: Int?)] = []
        items.reserveCapacity(cells.count + codes.count + 4)
        for (index, code) in codes.enumerated() { items.append((.code(code), leading(index))) }
        var current = first.style
        for (offset, cell) in cells.enumerated() {
            if cell.style != current {
                let change = CEA608AttributeCode.transition(from: current, to: cell.style)
                var spaces = 0
                var index = items.count - 1
                // A transparent cell before the change holds a code too: the code shows there as
                // a space (15.119(h)(1)), which is less than moving the text right.
                while spaces < change.count, index >= 0, case .character(let previous) = items[index].item,
                    previous.isSpace || previous.isGap
                {
                    spaces += 1
                    index -= 1
                }
                // The codes take the cells of those spaces, the first code the leftmost; the
                // codes past them move the text.
                let taken = items.suffix(spaces).map { $0.laidOut }
                items.removeLast(spaces)
                moved += change.count - spaces
                for (number, code) in change.enumerated() {
                    items.append((.code(code), number < taken.count ? taken[number] : nil))
                }
                current = cell.style
            }
            items.append((.character(cell), laidOut + offset))
        }
        for (item, laidOut) in items {
            switch item {
            case .code(let code):
                append(code)
                show(code, laidOut: laidOut)
            case .character(let cell):
                appendCharacter(cell, to: &buffer)
                show(cell, laidOut: laidOut)
            }
        }
        buffer.flush()
        return moved
    }

    /// The row in runs of cells separated by four or more transparent cells, each run after the
    /// first placed by a PAC of its own (47 CFR 15.119(e)(1)): two to four frames instead of two
    /// per cell. Up to three transparent cells are sent as the transparent space, which costs no
    /// more than a tab offset for one and which other readers (FFmpeg, ttconv) show as a space;
    /// ttconv shows nothing for a tab offset, and runs words together. With `tabsOverShortGaps`,
    /// two or three before text in the pen's style are jumped with one tab offset, and one to
    /// three before other text with a PAC where that is shorter (``pacJump(over:in:row:pen:)``).
    static func encodeSegments(
        _ row: CEA608Row, into buffer: inout CEA608WordBuffer, afterCarriageReturn: Bool,
        tabsOverShortGaps: Bool = false
    ) -> Placement {
        var segments: [CEA608Row] = []
        var current: [CEA608Row.Cell] = []
        var start = row.column
        var index = 0
        var cells = row.cells
        while index < cells.count {
            var gapEnd = index
            while gapEnd < cells.count, cells[gapEnd].isGap { gapEnd += 1 }
            // Spaces after a shorter gap that the next text's attribute codes can take count with
            // it: a code put in a cell of a gap of four (left of the text after it) reads back as
            // a gap of three and a space, which must be jumped the same way again. Single
            // transparent cells among those spaces count too: a code takes such a cell as well
            // (``appendCells(_:leadingCodes:into:)``) and it reads back as a space (a fuzzing
            // finding of 2026-11-25, Fixtures/fuzz/scc/gap-space-gap-before-a-style-change-fuzz.scc).
            var jumped = gapEnd - index
            if jumped > 0 && jumped < 4 {
                var spacesEnd = gapEnd
                while spacesEnd < cells.count, cells[spacesEnd].isSpace || cells[spacesEnd].isGap { spacesEnd += 1 }
                if spacesEnd > gapEnd, spacesEnd < cells.count, !cells[spacesEnd].isGap {
                    let style = cells[spacesEnd].style
                    let codes = CEA608AttributeCode.transition(
                        from: CEA608CellStyle.afterIndentPAC(underline: style.underline), to: style
                    ).count
                    jumped += min(codes, spacesEnd - gapEnd)
                }
            }
            // Two or three cells before text in the style the pen has, jumped with one tab offset
            // (15.119(e)(1)(ii)): two words, where their transparent spaces take four or six. A
            // style change needs its codes and goes as without.
            let tabbed =
                tabsOverShortGaps && (2...3).contains(gapEnd - index) && gapEnd < cells.count
                && !cells[gapEnd].isSpace && current.last?.style == cells[gapEnd].style
            // One to three cells before other text, jumped with a PAC where that is shorter.
            let borrowed =
                tabsOverShortGaps && !tabbed
                ? Self.pacJump(over: index..<gapEnd, in: cells, row: row, pen: current.last?.style) : nil
            let pacJumped = borrowed != nil
            if jumped >= 4 || tabbed || pacJumped || (gapEnd > index && gapEnd == cells.count) {
                if !current.isEmpty { segments.append(CEA608Row(row: row.row, column: start, cells: current)) }
                current.removeAll()
                index = gapEnd
                if let borrowed, borrowed > 0 {
                    // The cells the codes (and a space the PAC lands on) take, as spaces.
                    index -= borrowed
                    for cell in index..<gapEnd {
                        cells[cell] = CEA608Row.Cell.space(style: cells[cell].style)
                    }
                }
                continue
            }
            if current.isEmpty { start = row.column + index }
            current.append(contentsOf: cells[index..<max(gapEnd, index + 1)])
            index = max(gapEnd, index + 1)
        }
        if !current.isEmpty { segments.append(CEA608Row(row: row.row, column: start, cells: current)) }
        // Spaces that open a segment follow a gap, not the character they were styled after
        // (CEA608CaptionLayout.normalizeSpaces): they take the style a PAC gives (white, roman,
        // the underline of the text after them), so the segment's PAC goes to the first of them
        // and the codes that style the text take the places of the last, as inside a row. The
        // spaces show alike in any style; a rewrite of what is read back sends the same words.
        for index in segments.indices {
            let cells = segments[index].cells
            // A run of spaces alone takes the PAC's pen too, with its own underline (which
            // shows) where it has no background: flash, colour and italics do not show on a
            // space, and their codes would take the cell before it, a transparent one, which
            // then read back as a space, a gap of three, sent another way (a fuzzing finding of
            // 2026-11-28, Fixtures/fuzz/scc/pop-on-flashing-space-after-a-gap-of-four-fuzz.scc).
            if index > 0, cells.allSatisfy({ $0.isSpace && $0.style.background == nil }) {
                for space in cells.indices {
                    segments[index].cells[space].style = CEA608CellStyle.afterIndentPAC(
                        underline: cells[space].style.underline)
                }
                continue
            }
            guard let visible = Self.openingSpaces(cells) else { continue }
            let plain = CEA608CellStyle.afterIndentPAC(underline: cells[visible].style.underline)
            for space in 0..<visible {
                segments[index].cells[space].style = plain
            }
        }
        var placement = Placement(end: row.column)
        var end = row.column
        var pen: CEA608CellStyle?
        for (index, segment) in segments.enumerated() {
            let gap = segment.column - end
            // A run that opens with the spaces its codes take (a short gap and a code's cell, as
            // a gap of four reads back once a code took a cell of it) goes with its PAC and codes
            // again, not with a tab offset and the spaces, so a rewrite sends the same words.
            let opensWithCodeCells = opensWithSpacesForCodes(segment.cells)
            if let pen, segment.cells.first?.style == pen, !opensWithCodeCells, let tab = tabOffset(gap) {
                buffer.append(tab)
                // The tab moves from where the cursor is, after any move of the run before.
                let inside = appendCells(
                    segment.cells, leadingCodes: [], into: &buffer, column: placement.end + gap,
                    laidOut: segment.column, pen: pen, shown: &placement.shown)
                placement.moved += inside
                placement.end = placement.end + gap + segment.cells.count + inside
            } else {
                let placed = encode(segment, into: &buffer, afterCarriageReturn: index == 0 && afterCarriageReturn)
                placement.moved += placed.moved
                placement.end = placed.end
                placement.shown += placed.shown
            }
            end = segment.column + segment.cells.count
            pen = segment.cells.last?.style
        }
        return placement
    }

    /// Whether the gap `gap` (one to three transparent cells) before text is jumped with a PAC
    /// (15.119(e)(1)(i)) and a tab offset where the column needs one, in the form for words that
    /// do not fit otherwise; returns how many of the gap's last cells the text's codes (or a
    /// space the PAC lands on, below) then take (0 or more), or nil for no jump.
    ///
    /// The jump is taken where it costs no more frames than the transparent spaces and the codes
    /// that change the pen's style, counted as a tight caption sends them: a code once,
    /// transparent spaces side by side twice each (one sent once beside another would read as
    /// its repeat). The PAC gives white, roman, either underline; the codes for any other style
    /// take the spaces that open the text (and single transparent cells among them), as after a
    /// gap of four, and where those are too few, the gap's last cells, as the spaces' form does
    /// (a code in a transparent cell shows a space, 15.119(h)(1)). The opening spaces take the
    /// PAC's style, so they must look the same in it (its underline, the default background).
    /// Then what a jump writes reads back as the same jump. Fuzzing findings of 2026-11-28,
    /// each a rewrite that did not fit or sent other bytes: text a code moved right, whose gap
    /// of four read back as three, or two and the code's space
    /// (Fixtures/fuzz/scc/*-shrinks-a-gap-of-*-fuzz.scc,
    /// …/pop-on-text-moved-by-a-code-leaves-a-gap-and-a-code-cell-fuzz.scc); a code's space
    /// without the underline of the text after it, which took one jumped
    /// (…/roll-up-code-cell-after-a-gap-before-underlined-text-fuzz.scc); a code in the gap's last
    /// cell (…/pop-on-italic-text-after-a-gap-of-three-fuzz.scc); a transparent cell among the
    /// opening spaces (…/pop-on-space-and-transparent-cell-after-a-short-gap-fuzz.scc).
    static func pacJump(
        over gap: Range<Int>, in cells: [CEA608Row.Cell], row: CEA608Row, pen: CEA608CellStyle?
    ) -> Int? {
        guard (1...3).contains(gap.count), gap.upperBound < cells.count,
            let visible = cells[gap.upperBound...].firstIndex(where: { !$0.isSpace && !$0.isGap })
        else { return nil }
        let style = cells[visible].style
        guard style.background == nil else { return nil }
        for cell in gap.upperBound..<visible {
            let fits =
                cells[cell].isGap
                ? !cells[cell - 1].isGap
                : cells[cell].style.underline == style.underline && cells[cell].style.background == nil
            guard fits else { return nil }
        }
        let pacCodes = CEA608AttributeCode.transition(
            from: CEA608CellStyle.afterIndentPAC(underline: style.underline), to: style
        ).count
        let penCodes = pen.map { CEA608AttributeCode.transition(from: $0, to: style).count } ?? 0
        let borrowed = max(0, pacCodes - (visible - gap.upperBound))
        guard borrowed < gap.count else { return nil }
        // A gap cell a code takes reads back as a space, which the layout gives the style of the
        // text before the gap (CEA608CaptionLayout.normalizeSpaces): taken in the PAC's
        // underline where that differs, the space read back could not be jumped to again, and
        // the rewrite sent the spaces' form (a fuzzing finding of 2026-11-28,
        // Fixtures/fuzz/scc/roll-up-gap-jumped-into-an-underlined-code-cell-fuzz.scc). Nor after
        // text on a background, which that space then shows, and a jump lands only on a space
        // without one (another finding of 2026-11-28,
        // Fixtures/fuzz/scc/pop-on-gap-after-text-on-a-background-jumped-into-a-code-cell-fuzz.scc).
        let sameUnderline = style.underline == (pen?.underline ?? false)
        guard borrowed == 0 || (sameUnderline && pen?.background == nil) else { return nil }
        // A PAC lands on a column of four (15.119(e)(1)(i)); one column short of text in the
        // PAC's style it is followed by a space in the gap's cell before, half a word, where a
        // tab offset takes a word. The space reads back as a code's space would, so the same jump
        // then goes again: sent with a tab offset here and with the code's space in the spaces'
        // form, a gap of two before text of another colour read back as a gap and a space, which
        // the jump then took (a fuzzing finding of 2026-11-28,
        // Fixtures/fuzz/scc/roll-up-gap-of-two-before-another-colour-jumped-to-a-space-fuzz.scc).
        // Text that needs codes keeps the tab offset: the space in the PAC's style before the
        // codes' cells read back as one more space to restyle, and the rewrite went another way.
        // So does text after text on a background, which that space would show read back, as a
        // code's space would (above;
        // Fixtures/fuzz/scc/roll-up-gap-after-text-on-a-background-jumped-with-a-tab-offset.scc).
        let offset = (row.column + gap.upperBound - borrowed) % 4
        if offset == 1, pacCodes == 0, visible == gap.upperBound, gap.count > 1, sameUnderline,
            pen?.background == nil
        {
            // In half frames: the PAC and the space against the gap's form.
            return 2 + 1 <= 2 * (gapFrames(gap, visible: visible, penCodes: penCodes) + penCodes) ? 1 : nil
        }
        let pacFrames = offset == 0 ? 1 : 2
        // In the spaces' form the pen's codes take the opening spaces too, then the gap's last
        // cells: only the cells left go as transparent spaces. Counted whole, a gap of two
        // before italic text cost four frames and one code, where the spaces' form sends one
        // transparent space and the code in the other cell: the jump (PAC, TO3, the code) went
        // at the first write, read back as a gap of one and the code's space, which went in
        // the spaces' form (a fuzzing finding of 2026-11-28,
        // Fixtures/fuzz/scc/pop-on-gap-of-two-before-italic-text-jumped-once-fuzz.scc).
        return pacFrames + pacCodes <= gapFrames(gap, visible: visible, penCodes: penCodes) + penCodes
            ? borrowed : nil
    }

    /// The frames the transparent spaces of `gap` take in the spaces' form, where the pen's
    /// `penCodes` codes take the spaces between the gap and the text at `visible` first, then the
    /// gap's last cells.
    static func gapFrames(_ gap: Range<Int>, visible: Int, penCodes: Int) -> Int {
        let codesInGap = min(gap.count, max(0, penCodes - (visible - gap.upperBound)))
        let spaces = gap.count - codesInGap
        return spaces <= 1 ? spaces : 2 * spaces
    }

    /// Appends one character: a basic byte, a doubled special pair, or an extended character's
    /// fallback and doubled pair (CEA-608-B §6.4.2).
    static func appendCharacter(_ cell: CEA608Row.Cell, to buffer: inout CEA608WordBuffer) {
        let first = UInt8(truncatingIfNeeded: cell.code >> 8)
        let second = UInt8(truncatingIfNeeded: cell.code)
        if first == 0 {
            buffer.appendBasic(second)
        } else if cell.fallback != 0 {
            // Decoders that know the code replace the fallback with it.
            buffer.appendBasic(cell.fallback)
            buffer.appendControl(first: first, second: second)
        } else {
            buffer.appendControl(first: first, second: second)
        }
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
