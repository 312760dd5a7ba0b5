// Paint-on in the encoder's model of the screen. Sources: 47 CFR 15.119(f)(3) (now 47 CFR
// 79.101): paint-on writes straight to displayed memory, RDC changes nothing on screen;
// (f)(1): a CR rolls the roll-up window; (h)(1): attribute codes take a cell, shown as a space.
import CaptionCore

extension EncoderState {
    /// What a paint-on caption needs before its own rows (15.119(f)(3)), and the rows to paint:
    /// RDC when the mode changes, and an erase only for what must leave from rows the new caption
    /// does not paint. RDC does not change the screen, so captions meant to stay (any mode) stay.
    /// On a row it shares with what leaves, only the cells that change are painted (those the new
    /// text does not cover are cleared with the transparent space), as a captioner correcting a
    /// row does.
    mutating func paintOn(
        _ unit: CEA608DisplayUnit, index: Int, preload: inout CEA608WordBuffer, anchored: inout CEA608WordBuffer,
        anchorOffset: inout Int, location: DiagnosticLocation
    ) -> (rows: [CEA608Row], lean: [CEA608Row]?) {
        let start = unit.startFrame
        eraseEnded(before: start - 2)
        let rolls = rollsWindowUp(for: unit, index: index)
        if rolls {
            // The CR lands on the start frame (it is what the viewer sees first), then RDC: the
            // CR acts only in roll-up mode.
            anchored.append(.carriageReturn)
            anchored.append(.resumeDirectCaptioning)
        }
        // Captions meant to stay whose cells the new text paints over are spoiled: they leave.
        let stays = { (item: Shown) in item.end > start && !Self.overlaps(item.rows, unit.rows) }
        let rows = Set(unit.rows.map(\.row))
        // What leaves from rows the new text does not paint needs an erase; what leaves from its
        // rows is painted over, or needs its cells cleared where the new rows are shorter.
        let leavesOtherRows = shown.contains { !stays($0) && $0.rows.contains { !rows.contains($0.row) } }
        // A row's opening attribute codes cover the cells left of it that they take: each shows a
        // standard space there (15.119(h)(1)). Not counted, a row whose codes took the cell of
        // the text before it read back one column right of it, and rewritten, the old text's
        // cell was taken for one left behind, erased with an EDM two frames before the start,
        // which did not fit (a fuzzing finding of 2026-11-28,
        // Fixtures/fuzz/scc/paint-on-background-code-over-the-cell-of-a-roll-up-line-fuzz.scc).
        let leavesCellsUncovered = shown.contains { item in
            !stays(item)
                && item.rows.contains { old in
                    !unit.rows.contains {
                        $0.row == old.row && CEA608RowEncoder.openingCodeColumns(of: $0).lowerBound <= old.column
                            && $0.column + $0.cells.count >= old.column + old.cells.count
                    }
                }
        }
        let anythingStays = shown.contains(where: stays)
        let needsErase = leavesOtherRows || (leavesCellsUncovered && !anythingStays)
        /// The rows painting only what changes over what leaves (clearing what it leaves behind),
        /// and the unit's rows that change on screen (`changed`: with nothing of what leaves on
        /// their row, or something staying there, or cells that differ), in one pass: each row's
        /// changes are worked out once.
        func leanRows(leaving: [CEA608Row], staying: [CEA608Row]) -> (lean: [CEA608Row], changed: [CEA608Row]) {
            var painted: [CEA608Row] = []
            var changed: [CEA608Row] = []
            for row in unit.rows {
                let old = leaving.filter { $0.row == row.row }
                if old.isEmpty || staying.contains(where: { $0.row == row.row }) {
                    painted.append(row)
                    changed.append(row)
                } else if let changes = Self.changes(from: old, to: row) {
                    painted.append(changes)
                    changed.append(row)
                }
            }
            // Nothing changes: the first row is painted again, so the caption still starts with
            // a word on its start frame.
            return (painted.isEmpty ? repaint(of: unit.rows) : painted, changed)
        }
        if needsErase {
            // Already in paint-on, with only the new rows' own rows to clear, painting just the
            // changes (no EDM) is the fallback when an erase and whole rows do not fit.
            let lean =
                mode == .paintOn && !leavesOtherRows ? leanRows(leaving: shown.flatMap(\.rows), staying: []).lean : nil
            // A caption of several rows, though, is painted by its changes: erased and painted
            // again row by row, rows that do not change would leave and come back (a flicker),
            // and read back, each row would be a caption of its own from its PAC (Specs/scc.md,
            // "From the screen to captions"), where the changes keep the caption whole (a fuzzing
            // finding of 2026-11-27, Fixtures/fuzz/scc/paint-on-block-changed-in-one-row-fuzz.scc).
            if unit.rows.count > 1, let lean {
                replaceShown(
                    by: index, at: start, start: start, when: "the next caption paints over or clears its rows")
                return (lean, nil)
            }
            // One EDM erases the whole screen, so whatever was meant to stay leaves too (reported).
            // RDC does not change the screen (15.119(f)(3)), but FFmpeg loses a caption still
            // shown when RDC arrives, and shows it after the paint-on caption instead (measured
            // with hand-made files): it follows the EDM. EDM and RDC twice would take the screen
            // down 4 frames before the start, though what leaves is meant to stay until at most 2
            // frames before it (earlier ends were erased above): each goes once.
            let switching = mode != .paintOn
            anchored.append(.eraseDisplayedMemory, once: switching)
            if switching { anchored.append(.resumeDirectCaptioning, once: true) }
            let lead = 2
            anchorOffset = lead
            replaceShown(
                by: index, at: start - Int64(lead), start: start,
                when: Self.erasedBeforeNext)
            return (unit.rows, lean)
        }
        // What leaves is painted over by the new text at its start; the rest stays.
        var kept: [Shown] = []
        var leaving: [CEA608Row] = []
        for item in shown {
            if stays(item) {
                kept.append(item)
            } else {
                leaving += item.rows
                ends[item.plan] = .replaced(byPlan: index)
                if item.end > start {
                    warnEarly(item.plan, leaves: start, meant: item.end, when: "the next caption paints over its row")
                }
            }
        }
        shown = kept
        // A decoder keeps no caption boundaries within a row (15.119(f)(3)): text painted beside
        // a caption that stays on its row reads back as one paint-on caption holding the row,
        // and the caption beside it as ending where this one starts (a fuzzing finding of
        // 2026-11-25, Fixtures/fuzz/scc/paint-on-beside-a-roll-up-line-on-its-row-fuzz.scc).
        for item in kept {
            guard let shared = item.rows.first(where: { rows.contains($0.row) })?.row else { continue }
            let other = plans[item.plan].captionIndices
            diagnostics.append(
                Diagnostic(
                    .warning, "608.rows",
                    "\(CaptionNumbers.subject(unit.captionIndices)) painted on row \(shared) beside "
                        + "\(CaptionNumbers.subject(other)), which stays: a decoder shows one row, read back "
                        + "as one caption from the start of \(CaptionNumbers.subject(unit.captionIndices))",
                    at: location, suggestedFix: "place captions shown at the same time on different rows"))
        }
        // RDC changes nothing on screen: it goes out ahead, with the free frames.
        if mode != .paintOn && !rolls { preload.append(.resumeDirectCaptioning) }
        let (lean, changed) = leanRows(leaving: leaving, staying: kept.flatMap(\.rows))
        // Whole rows leave old cells behind where they are shorter: then only the lean form
        // (which clears them) is right.
        if leavesCellsUncovered { return (lean, nil) }
        // A row that what leaves already shows as wanted is not painted again: a decoder would
        // show no change there (15.119(f)(3)), and the caption's first visible change would come
        // a row later than its start. If no row changes, the first is painted again, so the
        // caption still starts with a word on its start frame (the lean form is that repaint
        // then too).
        let whole = changed.isEmpty ? lean : changed
        return (whole, lean == whole ? nil : lean)
    }

    /// What a paint-on caption paints when the screen shows it already: it must still start with
    /// a word on its start frame (read back, the run that paints starts the caption, Specs/scc.md
    /// "From the screen to captions"), so the first word of its first row is painted again: its
    /// cells up to the first space, transparent cell or change of style. Sent whole, a row with
    /// transparent cells sends them as transparent spaces, two frames each, and where a style
    /// change follows one, puts the change's attribute code in it, which then shows as a space
    /// (15.119(h)(1)), unless the caption on screen was sent so too, which depends on how it was
    /// painted; and read back, such a cell is a space, so a rule that cut the row at its first
    /// transparent cell cut the reread row elsewhere. The first word is the same however the row
    /// was sent. Fuzzing findings of 2026-11-27: a repaint changed the screen
    /// (Fixtures/fuzz/scc/paint-on-repaint-of-an-unchanged-row-fuzz.scc), took 10 frames of a
    /// 3-frame caption (…/paint-on-repaint-of-a-row-with-gaps-in-short-time-fuzz.scc), and was
    /// cut at another cell at the rewrite
    /// (…/paint-on-repeat-of-a-row-with-a-code-in-a-transparent-cell-fuzz.scc).
    func repaint(of rows: [CEA608Row]) -> [CEA608Row] {
        guard let row = rows.first, let first = row.cells.first else { return [] }
        var end = 1
        while end < row.cells.count, !first.isSpace, !row.cells[end].isSpace, !row.cells[end].isGap,
            row.cells[end].style == first.style
        {
            end += 1
        }
        var word = row
        word.cells.removeSubrange(end...)
        word.clearsToEnd = false
        return [paintsAsItIs(word) ? word : row]
    }

    /// Whether painting `row` shows its characters and spaces where it has them, and nothing
    /// where it has none: no text moved, no code in a transparent cell.
    func paintsAsItIs(_ row: CEA608Row) -> Bool {
        var scratch = CEA608WordBuffer(channel: channel, capacity: 48)
        let placed = CEA608RowEncoder.encode(row, into: &scratch)
        guard placed.moved == 0 else { return false }
        for item in placed.shown where item.column >= row.column {
            let offset = item.column - row.column
            guard offset < row.cells.count, row.cells[offset].code == item.cell.code else { return false }
        }
        return true
    }

    /// Rolls the roll-up window up one row (a CR, 15.119(f)(1)) before a paint-on caption when
    /// roll-up lines meant to stay hold a row it paints and, one row higher, they would all
    /// still be inside the window and clear of its rows: both are on screen together, which a
    /// decoder shows only with the lines rolled up (as a captioner ends a roll-up line with CR
    /// before painting below it). Lines whose end has come must roll out of the window (an erase
    /// would take the others too); returns whether the window rolls.
    mutating func rollsWindowUp(for unit: CEA608DisplayUnit, index: Int) -> Bool {
        guard case .rollUp(let windowRows) = mode else { return false }
        let start = unit.startFrame
        let rows = Set(unit.rows.map(\.row))
        let staying = shown.filter { $0.end > start && $0.mode.isRollUp }
        guard staying.contains(where: { $0.rows.contains { rows.contains($0.row) } }) else { return false }
        let top = max(1, windowBase - windowRows + 1)
        for item in staying {
            for row in item.rows where row.row - 1 < top || rows.contains(row.row - 1) { return false }
        }
        // What leaves now must roll out: anything else would need an erase, which takes the
        // lines that stay too.
        let rollsOut = { (item: Shown) in item.rows.contains { $0.row - 1 < top } }
        guard shown.allSatisfy({ $0.end > start || rollsOut($0) }) else { return false }
        var kept: [Shown] = []
        for var item in shown {
            if rollsOut(item) {
                ends[item.plan] = .replaced(byPlan: index)
                continue
            }
            for line in item.rows.indices { item.rows[line].row -= 1 }
            kept.append(item)
        }
        shown = kept
        return true
    }

    /// The part of `new` to paint over `old` (cells on the same row): from the first cell that
    /// differs to the last, with the transparent space where old text must go; `nil` when nothing
    /// differs. It starts at the row's own first cell when the first change needs attribute
    /// codes, which would take the cell before it.
    static func changes(from old: [CEA608Row], to new: CEA608Row) -> CEA608Row? {
        // The old cells by column (the grid is 32 wide; a row past it keeps only its cells on
        // the grid).
        var cells = [CEA608Row.Cell?](repeating: nil, count: CEA608CaptionLayout.columnCount)
        var oldLow = Int.max
        var oldHigh = -1
        // Where the old rows' opening attribute codes went: cells that show as standard spaces
        // (15.119(h)(1)), though no old cell is there.
        var codeCells = [Bool](repeating: false, count: CEA608CaptionLayout.columnCount)
        for row in old {
            for (offset, cell) in row.cells.enumerated() where cells.indices.contains(row.column + offset) {
                cells[row.column + offset] = cell
                oldLow = min(oldLow, row.column + offset)
                oldHigh = max(oldHigh, row.column + offset)
            }
            for column in CEA608RowEncoder.openingCodeColumns(of: row) where codeCells.indices.contains(column) {
                codeCells[column] = true
            }
        }
        let newEnd = new.column + new.cells.count
        // The new row's spaces as they show once it is sent, where attribute codes take them (a
        // background code's cell shows the new background, CEA-608-B §6.2): the old rows' cells
        // are held so (`withCodeCellStyles`), and a space the screen shows in the look the new
        // row gives it is no change.
        var scratch = CEA608WordBuffer(channel: .cc1, capacity: 48)
        let placed = CEA608RowEncoder.encode(new, into: &scratch)
        let newLooks = withCodeCellStyles(new, placed: placed.shown)
        let low = max(0, min(new.column, oldLow))
        let high = min(cells.count, max(newEnd, oldHigh + 1))
        func wanted(_ column: Int) -> CEA608Row.Cell? {
            (new.column..<newEnd).contains(column) ? new.cells[column - new.column] : nil
        }
        var first = -1
        var last = -1
        for column in low..<max(low, high) {
            let before = cells[column]
            let after = wanted(column)
            if before == nil && (after == nil || after?.isGap == true) { continue }
            // A standard space where an old code's cell is: the screen shows one there already,
            // and the new row's own code for the text after it would take that cell again. Painted
            // anew, the space would take the style of the text before it instead, and the caption
            // read back would not be the one written (a fuzzing finding of 2026-11-25,
            // Fixtures/fuzz/scc/paint-on-space-over-a-code-cell-fuzz.scc).
            if before == nil && codeCells[column] && after?.isSpace == true { continue }
            if let before, let after, before.isSpace, after.isSpace,
                before.style == newLooks.cells[column - new.column].style
            {
                continue
            }
            // A transparent cell the new row's own code takes shows that code's space however
            // the row is sent (15.119(h)(1)): where the screen shows that space already (an
            // earlier code's), it is no change.
            if let before, let after, before.isSpace, after.isGap, newLooks.cells[column - new.column].isSpace,
                before.style == newLooks.cells[column - new.column].style
            {
                continue
            }
            if before?.code != after?.code || before?.fallback != after?.fallback || before?.style != after?.style {
                if first < 0 { first = column }
                last = column
            }
        }
        guard first >= 0 else { return nil }
        // Old cells past the new row's end go with one DER after it (two frames), rather than a
        // transparent space each.
        var clearsToEnd = false
        if last >= newEnd, oldHigh >= newEnd {
            clearsToEnd = true
            last = min(last, newEnd - 1)
            first = min(first, newEnd)
        }
        let clear = CEA608Row.Cell.transparentSpace(
            style: new.cells.first?.style ?? CEA608CellStyle.afterIndentPAC(underline: false))
        func changedCells(from first: Int) -> [CEA608Row.Cell] {
            var span = first <= last ? (first...last).map { wanted($0) ?? clear } : []
            CEA608CaptionLayout.normalizeSpaces(&span)
            // The cells cleared left of the new text keep the style a PAC gives: in the new
            // text's style, they would want its attribute codes before them, left of the row's
            // first column, and at column 0 the text would move right at each rewrite. In the
            // PAC's style, the codes take the last cleared cell, as inside a row (a fuzzing
            // finding of 2026-11-25, Fixtures/fuzz/scc/paint-on-clear-cell-before-a-coded-style-fuzz.scc).
            for offset in span.indices where first + offset < new.column && span[offset].isGap {
                span[offset].style = CEA608CellStyle.afterIndentPAC(underline: span[offset].style.underline)
            }
            return span
        }
        // The attribute codes that open the changes go in the cells left of the first change
        // (15.119(h)(1)): they must not take a cell that shows text, nor one the new row wants to
        // show text in. The changes then start a cell further left, as often as needed (an
        // unchanged cell painted again). Fuzzing findings of 2026-11-27: an "R" overwritten by a
        // mid-row code (Fixtures/fuzz/scc/paint-on-style-codes-left-of-the-change-over-text.scc),
        // and, starting at the row's first cell instead, a change at the end of a long row that
        // needed 31 frames (…/paint-on-change-after-text-that-needs-a-code-cell.scc, hand-made from it).
        func blank(_ cell: CEA608Row.Cell?) -> Bool { cell == nil || cell?.isGap == true || cell?.isSpace == true }
        var span = changedCells(from: first)
        while first > new.column {
            let codes = CEA608RowEncoder.openingCodeColumns(of: CEA608Row(row: new.row, column: first, cells: span))
            if codes.allSatisfy({ !cells.indices.contains($0) || (blank(cells[$0]) && blank(wanted($0))) }) { break }
            first -= 1
            span = changedCells(from: first)
        }
        // Changes from a column one right of a PAC indent (4n + 1) start one cell earlier where
        // that cell shows already the character the caption wants there, in a PAC's style: the
        // PAC goes to the indent and the character is sent again (it changes nothing on screen,
        // 15.119(f)(3)), half a word that pairs with the next character, where a tab offset takes
        // a word of its own (15.119(e)(1)(ii)). The changes the writer sends for a style code
        // that needs the cell left of them start there already; read back, the code's cell is
        // a space of the new background, and the changes from it took a frame more, which did
        // not fit (a fuzzing finding of 2026-11-28,
        // Fixtures/fuzz/scc/paint-on-background-code-beside-unchanged-text-fuzz.scc).
        // The PAC goes to the first cell the changes' opening codes take, where they take cells
        // left of them: changes from column 6 whose code takes column 5, a gap the whole row's
        // code takes too, start at the indent of column 4 as changes from column 5 do; from
        // column 6, the first write went to column 5 with a tab offset, and read back with a
        // space there, the rewrite went to column 4 (a fuzzing finding of 2026-11-28,
        // Fixtures/fuzz/scc/paint-on-code-in-a-gap-at-an-indent-plus-one-fuzz.scc).
        let pacColumn = CEA608RowEncoder.openingCodeColumns(
            of: CEA608Row(row: new.row, column: first, cells: span)
        ).lowerBound
        if pacColumn % 4 == 1, pacColumn - 1 >= new.column, cells.indices.contains(pacColumn - 1),
            !codeCells[pacColumn - 1], let before = cells[pacColumn - 1],
            before == wanted(pacColumn - 1), before.fallback == 0, (0x21..<0x80).contains(before.code),
            before.style == CEA608CellStyle.afterIndentPAC(underline: before.style.underline)
        {
            first = pacColumn - 1
            span = changedCells(from: first)
        }
        var row = CEA608Row(row: new.row, column: first, cells: span)
        row.clearsToEnd = clearsToEnd
        // Old text cleared cell by cell (a transparent space each, two frames) before the changes
        // paint any text, on a row that shows no other text, shows what is left of it in
        // between, for as many frames, and then an empty row: a caption the document does not
        // have, and the new text a caption of its own from when it shows (Specs/scc.md, "From
        // the screen to captions"). One DER at the changes' first cell erases it at once, when
        // nothing right of them is to stay on the row; the cells the row then sends go over
        // erased cells, which keeps the cursor moving without a code that starts a new run (a
        // fuzzing finding of 2026-11-28,
        // Fixtures/fuzz/scc/paint-on-text-after-older-text-it-clears-fuzz.scc). Where text left
        // of the changes stays, the row is never empty and the changes are one caption with it:
        // a DER would show that text alone until the new text comes, a caption of its own
        // (…/paint-on-changes-right-of-text-that-stays-fuzz.scc).
        var clearedText = 0
        for (offset, cell) in span.enumerated() {
            if !cell.isGap && !cell.isSpace { break }
            let column = first + offset
            if cells.indices.contains(column), let old = cells[column], !old.isGap, !old.isSpace { clearedText += 1 }
        }
        let showsRightOfChanges = (last + 1..<cells.count).contains { column in
            let kept = wanted(column) ?? (clearsToEnd ? nil : cells[column])
            return kept.map { !$0.isGap } ?? false
        }
        let showsLeftOfChanges = (0..<min(first, cells.count)).contains { column in
            cells[column].map { !$0.isGap && !$0.isSpace } ?? false
        }
        if clearedText > 1 && !showsRightOfChanges && !showsLeftOfChanges {
            row.clearsFirst = true
            row.clearsToEnd = false
        }
        return row
    }

    /// Whether two sets of rows share a cell.
    static func overlaps(_ a: [CEA608Row], _ b: [CEA608Row]) -> Bool {
        for x in a {
            for y in b where x.row == y.row {
                if x.column < y.column + y.cells.count && y.column < x.column + x.cells.count { return true }
            }
        }
        return false
    }
}
