import CEA608

// Which open captions a change of the screen ends: pop-on at any change to their rows (47 CFR 15.119(f)(2)),
// roll-up when their line leaves the screen (15.119(f)(1)), paint-on when a later run or a repaint touches them
// (15.119(f)(3)).

extension SCCCaptionBuilder {
    mutating func closeChangedCaptions(
        _ change: CEA608ScreenChange, memory: CEA608Memory, mode: CEA608CaptionMode, baseRow: Int
    ) {
        // Taken out of `self` so each caption can be updated in place.
        var list = open
        open = []
        // A caption painted over ends where the caption painting over it starts: the first code
        // of the run that prepared it (a PAC before the text), also when the first thing the run
        // shows is an extended character replacing its fallback (CEA-608-B §6.4.2) after spaces
        // that showed nothing (a fuzzing finding of 2026-11-27,
        // Fixtures/fuzz/scc/extended-character-after-a-flash-code-over-a-roll-up-line-fuzz.scc).
        let paints = change.cause == .paint || change.cause == .replace
        let end = paints && mode == .paintOn ? min(cue ?? change.frame, change.frame) : change.frame
        var index = list.count - 1
        while index >= 0 {
            if !survives(&list[index], change, memory: memory, mode: mode, baseRow: baseRow) {
                close(list[index], at: end)
                list.remove(at: index)
            }
            index -= 1
        }
        open = list
    }

    /// Whether an open caption stays the same caption across the change; updates its rows.
    private func survives(
        _ caption: inout OpenCaption, _ change: CEA608ScreenChange, memory: CEA608Memory,
        mode: CEA608CaptionMode, baseRow: Int
    ) -> Bool {
        switch caption.kind {
        case .popOn:
            // Any change to its rows or to a neighbour that could join the block ends it.
            let low = max(0, caption.top - 1)
            let high = min(Self.rows - 1, caption.bottom + 1)
            return !(low...high).contains { change.contains(row: $0) }
        case .rollUp:
            // A roll-up line lives while its line is on screen, wherever it has scrolled to, and
            // only roll-up changes it (paint-on text written over it ends it).
            for row in 0..<Self.rows where newIDs[row] == caption.lineID {
                guard newFirst[row] >= 0 else { return false }
                if change.contains(row: row) {
                    guard case .rollUp(let rows) = mode else { return false }
                    // Its region is the window its text was last written in: a later CR, RU or
                    // PAC moves or resizes the window (15.119(f)(1)) without rewriting the line,
                    // and a writer sending the line again in that window reproduces the moves.
                    if change.cause == .paint || change.cause == .replace {
                        caption.kind = Self.rollUpKind(rows: rows, baseRow: baseRow)
                    }
                }
                caption.top = row
                caption.bottom = row
                // Its text starts at the row's first visible cell: text painted left of it later
                // (a PAC to a column before it, 15.119(e)(1)) moves the line's first column, and
                // the region's with it (a fuzz input had "et," at column 24, then "cierto AlÑ"
                // from column 12 on the same line: read with the region at column 24, the writer
                // moved the line of 15 cells to column 17 to fit it on the grid).
                caption.column = newFirst[row]
                return true
            }
            return false
        case .paintOn:
            guard change.cause == .paint || change.cause == .replace else { return false }
            // Text of a later run on its rows ends it: what is painted later is a caption of
            // its own, from the moment it is sent (15.119(f)(3)).
            if caption.run != run {
                return !(caption.top...caption.bottom).contains { change.contains(row: $0) }
            }
            // In its own run it grows while characters are painted into cells it has not painted
            // yet (blank or left from earlier text, which the new text paints over), and while
            // such cells are erased (old text the run clears: DER, the transparent space); erasing
            // or painting one of its own cells again ends it. Its rows keep their line, and no
            // row above or below joins it (a new row needs a PAC: a new run). A caption of one row
            // follows its text where the run clears older text on its left (transparent spaces
            // before the new text); one of several rows keeps its first column.
            for row in caption.top...caption.bottom {
                guard newIDs[row] == mirrorIDs[row], newFirst[row] >= 0 else { return false }
                guard newFirst[row] == caption.column || caption.top == caption.bottom else { return false }
            }
            // Text longer than the row keeps replacing the last column (15.119(e)); that is not
            // a repaint.
            let lastColumn: UInt32 = 1 << UInt32(Self.columns - 1)
            // An extended character replacing its fallback is a correction (CEA-608-B §6.4.2).
            let conflicts: UInt32 = change.cause == .replace ? 0 : ~lastColumn
            for row in caption.top...caption.bottom where change.contains(row: row) {
                // In paint-on mode ``apply`` has compared the row's cells already.
                let written = mode == .paintOn ? changedCells[row] : changedCells(row: row, memory: memory)
                guard written & caption.painted[row] & conflicts == 0 else { return false }
                caption.painted[row] |= written
            }
            caption.column = newFirst[caption.top]
            return true
        }
    }

    /// The columns of a row whose cell changed (painted or erased).
    private func changedCells(row: Int, memory: CEA608Memory) -> UInt32 {
        let base = row * Self.columns
        var written: UInt32 = 0
        for (column, new) in zip(0..<Self.columns, memory.cells(row: row)) where new != mirror[base + column] {
            written |= 1 << UInt32(column)
        }
        return written
    }
}
