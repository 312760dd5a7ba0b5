// A row's cells as words: characters, and attribute codes in the cells of the spaces before the character they
// restyle (47 CFR 15.119(h)(1)). Extended characters follow their fallback (CEA-608-B §6.4.2).

extension CEA608RowEncoder {
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
}
