import CEA608

// The captions a change of the screen opens: the blocks of rows that no open caption covers.

extension SCCCaptionBuilder {
    mutating func openNewCaptions(_ change: CEA608ScreenChange, mode: CEA608CaptionMode, baseRow: Int) {
        var covered: UInt16 = 0
        for caption in open {
            for row in caption.top...caption.bottom { covered |= 1 << UInt16(row) }
        }
        var row = 0
        while row < Self.rows {
            guard covered & (1 << UInt16(row)) == 0, first[row] >= 0 else {
                row += 1
                continue
            }
            if case .rollUp(let windowRows) = mode {
                open.append(
                    OpenCaption(
                        kind: Self.rollUpKind(rows: windowRows, baseRow: baseRow),
                        top: row, bottom: row, column: first[row], lineID: mirrorIDs[row],
                        startFrame: cue ?? change.frame))
                row += 1
                continue
            }
            var bottom = row
            while bottom + 1 < Self.rows && covered & (1 << UInt16(bottom + 1)) == 0
                && first[bottom + 1] == first[row]
            {
                bottom += 1
            }
            let kind: Kind = change.cause != .swap && mode == .paintOn ? .paintOn : .popOn
            // Rows centred one by one (as encoders centre lines of different lengths) belong to
            // one caption; otherwise rows at different columns are different captions.
            var centered = false
            if case .popOn = kind, bottom == row, isCentered(row) {
                var end = row
                while end + 1 < Self.rows && covered & (1 << UInt16(end + 1)) == 0 && isCentered(end + 1) { end += 1 }
                if end > row {
                    bottom = end
                    centered = true
                }
            }
            // The run's first paint-on caption starts with the run, also when a change of the run
            // (the fallback of an extended character over older text) came first.
            var start = change.frame
            if kind == .paintOn {
                start = cue ?? (runOpened ? nil : runStart) ?? change.frame
                runOpened = true
            }
            open.append(
                OpenCaption(
                    kind: kind, top: row, bottom: bottom, column: centered ? 0 : first[row], lineID: mirrorIDs[row],
                    startFrame: start,
                    painted: kind == .paintOn ? changedCells : [], centered: centered, run: run))
            row = bottom + 1
        }
    }

    /// Whether a row shows text starting at column (32 − length) / 2: centred on the grid.
    private func isCentered(_ row: Int) -> Bool {
        guard first[row] >= 0 else { return false }
        let length = last[row] - first[row] + 1
        return first[row] == (Self.columns - length) / 2
    }

    /// The roll-up window of `rows` rows on `baseRow`, clipped at the top of the screen.
    static func rollUpKind(rows: Int, baseRow: Int) -> Kind {
        let top = max(0, baseRow - rows + 1)
        return .rollUp(rows: rows, windowTop: top, windowRows: baseRow - top + 1)
    }
}
