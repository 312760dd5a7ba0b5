// The decoder state the encoder follows. Sources: 47 CFR 15.119(f) (now 47 CFR 79.101): EOC
// swaps the memories, so after a swap non-displayed memory holds what was on screen; RU, RDC and
// RCL select the mode; CR rolls the window up one row; EDM erases the screen, ENM non-displayed
// memory.
import CaptionCore

/// Follows what a decoder would show while the encoder turns display units into plans.
struct EncoderState {
    /// A plan on screen and the frame it should leave.
    private struct Shown {
        var plan: Int
        var end: Int64
        var mode: CEA608CaptionMode
        /// Its rows as last sent (a roll-up line's row as it entered the window).
        var rows: [CEA608Row]
    }

    let channel: CaptionChannel
    private(set) var plans: [CaptionTransmissionPlan] = []
    private(set) var diagnostics: [Diagnostic] = []
    private var ends: [CaptionTransmissionPlan.End?] = []
    private var shown: [Shown] = []
    private var mode: CEA608CaptionMode?
    /// Whether non-displayed memory may hold text (after an EOC that swapped a caption out).
    private var nonDisplayedMayHoldText = false
    /// The roll-up window's base row (1–15) while roll-up lines are shown.
    private var windowBase = 15

    /// The EDM word for the channel, parity added.
    private let eraseWord: UInt16

    init(channel: CaptionChannel) {
        self.channel = channel
        let bytes = channel.encode(
            first: ControlCommand.eraseDisplayedMemory.bytes.first,
            second: ControlCommand.eraseDisplayedMemory.bytes.second)
        eraseWord = CEA608WordBuffer.word(bytes.first, bytes.second)
    }

    /// Adds the plan for `unit`, which must not start before the previous unit.
    ///
    /// A pop-on scene appears with its EOC on the start frame. A roll-up line or paint-on caption
    /// starts with the first code that prepares it (Specs/scc.md "Start of a roll-up line or
    /// paint-on caption"): the CR that rolls the window for it, or the RU or PAC that opens it,
    /// followed at once by its text. When something else must leave the screen first, its EDM
    /// goes out in the two frames before the start.
    mutating func add(_ unit: CEA608DisplayUnit, location: DiagnosticLocation) {
        let index = plans.count
        var preload = CEA608WordBuffer(channel: channel, capacity: 48)
        var anchored = CEA608WordBuffer(channel: channel, capacity: 48)
        var anchorOffset = 0
        let baseRow = unit.rows.last?.row ?? 15
        var startStateUnits: [Int] = []
        var leanAnchored: [TransmissionUnit]?
        var tabbedAnchored: [TransmissionUnit]?
        // The rows as a decoder shows them once the words are sent: the unit's rows, but where
        // attribute codes without a spare cell moved text right (a fuzzing finding of
        // 2026-11-25, Fixtures/fuzz/scc/roll-up-text-moved-then-painted-over-fuzz.scc: the
        // model kept the text where the document has it, and a paint-on caption over it painted
        // too little).
        var shownRows = unit.rows
        /// An EDM `lead` frames before the start when anything is still on screen; whether one
        /// was sent.
        @discardableResult func eraseBeforeStart(lead: Int = 2) -> Bool {
            let frame = unit.startFrame - Int64(lead)
            eraseEnded(before: frame)
            guard !shown.isEmpty else { return false }
            anchored.append(.eraseDisplayedMemory)
            anchorOffset = lead
            replaceShown(by: index, at: frame, start: unit.startFrame)
            return true
        }
        switch unit.mode {
        case .popOn:
            eraseEnded(before: unit.startFrame)
            preload.append(.resumeCaptionLoading)
            if nonDisplayedMayHoldText { preload.append(.eraseNonDisplayedMemory) }
            diagnostics += encodeRows(unit.rows, into: &preload, shows: &shownRows).map { Self.locate($0, location) }
            if plans.isEmpty { startStateUnits = Self.startStateUnits(preload.units, channel: channel) }
            anchored.append(.endOfCaption)
            nonDisplayedMayHoldText = !shown.isEmpty
            replaceShown(by: index, at: unit.startFrame, start: unit.startFrame)
        case .paintOn:
            let painting = paintOn(
                unit, index: index, preload: &preload, anchored: &anchored, anchorOffset: &anchorOffset,
                location: location)
            var leanShows: [CEA608Row] = []
            var leanBuffer: CEA608WordBuffer?
            var leanNotes: [Diagnostic] = []
            if let lean = painting.lean {
                // Painting only what changes is the fallback when the whole rows do not fit:
                // other readers (ttconv) build their text from what is sent. It needs no erase.
                var buffer = anchorOffset == 0 ? anchored : CEA608WordBuffer(channel: channel, capacity: 48)
                leanNotes = encodeRows(lean, into: &buffer, jumpsOverGaps: false, shows: &leanShows)
                leanBuffer = buffer
            }
            var shows: [CEA608Row] = []
            let notes = encodeRows(painting.rows, into: &anchored, jumpsOverGaps: false, shows: &shows)
            shownRows = Self.rows(unit.rows, painted: painting.rows, shows: shows)
            let leanShown = painting.lean.map { Self.rows(unit.rows, painted: $0, shows: leanShows) }
            if var buffer = leanBuffer, leanShown == shownRows {
                // The fallback only where it leaves the screen as the whole rows do.
                leanAnchored = buffer.take()
                diagnostics += notes.map { Self.locate($0, location) }
            } else if let buffer = leanBuffer, leanShown == unit.rows {
                // Whole rows move text right (attribute codes with no spare cell) where painting
                // only what changes does not, since the screen holds the cells before the change
                // already: the changes are what shows the caption, and go instead.
                anchored = buffer
                anchorOffset = 0
                shownRows = unit.rows
                diagnostics += leanNotes.map { Self.locate($0, location) }
            } else {
                diagnostics += notes.map { Self.locate($0, location) }
            }
        case .rollUp(let rows):
            // Roll-up lines still on screen: the window goes on. A change of depth is an RU code
            // and a move of the base row a PAC; neither erases the lines (15.119(f)(1)).
            let continues =
                unit.mode.isRollUp && mode?.isRollUp == true && !shown.isEmpty
                && shown.allSatisfy { $0.mode.isRollUp && $0.end >= unit.startFrame }
            var onSameBase = continues
            if continues {
                if mode != unit.mode {
                    // The RU goes in the two frames before the start, so the CR that rolls the
                    // window for the line lands on the start frame, as the reader times it.
                    anchored.append(rollUpCommand(rows))
                    anchorOffset = 2
                }
                anchored.append(.carriageReturn)
                rollOut(by: index, windowRows: rows, at: unit.startFrame, start: unit.startFrame, location: location)
                if baseRow != windowBase {
                    // The PAC after the CR moves the window and its lines to the new base row;
                    // lines that would rise above row 1 have no place and go.
                    onSameBase = false
                    let kept = shown.count
                    let above = max(0, kept - (baseRow - 1))
                    for item in shown.prefix(above) {
                        ends[item.plan] = .replaced(byPlan: index)
                        if item.end > unit.startFrame { warnEarly(item.plan, leaves: unit.startFrame, meant: item.end) }
                    }
                    shown.removeFirst(above)
                }
            } else {
                // A new window: an EDM first when anything else is on screen, then RU.
                eraseBeforeStart()
                if mode != unit.mode { anchored.append(rollUpCommand(rows)) }
            }
            windowBase = baseRow
            // The same words with gaps of two or three jumped by tab offsets, for when the line
            // does not fit otherwise (Specs/scc.md, "Cells that show the picture"); only a line
            // with cells that show the picture can have them.
            var tabbed: CEA608WordBuffer? = unit.rows.contains { $0.cells.contains(where: \.isGap) } ? anchored : nil
            // Every line of the caption goes on the base row, the later ones after a CR.
            for (offset, row) in unit.rows.enumerated() {
                if offset > 0 {
                    anchored.append(.carriageReturn)
                    tabbed?.append(.carriageReturn)
                }
                var onBase = row
                onBase.row = baseRow
                var shows: [CEA608Row] = []
                let notes = encodeRows(
                    [onBase], into: &anchored, afterCarriageReturn: onSameBase || offset > 0, shows: &shows)
                diagnostics += notes.map { Self.locate($0, location) }
                if let line = shows.first {
                    shownRows[offset].column = line.column
                    shownRows[offset].cells = line.cells
                }
                if var buffer = tabbed {
                    _ = encodeRows(
                        [onBase], into: &buffer, afterCarriageReturn: onSameBase || offset > 0, tabsOverShortGaps: true)
                    tabbed = buffer
                }
            }
            tabbedAnchored = tabbed?.take()
        }
        mode = unit.mode
        shown.append(Shown(plan: index, end: unit.endFrame, mode: unit.mode, rows: shownRows))
        if unit.mode.isRollUp { restackWindow() }
        var plan = CaptionTransmissionPlan(
            captionIndices: unit.captionIndices, mode: unit.mode, startFrame: unit.startFrame,
            end: .erase(atFrame: unit.endFrame), preload: preload.take(), anchored: anchored.take(),
            anchorOffset: anchorOffset, eraseWord: eraseWord)
        plan.startStateUnits = startStateUnits
        plan.leanAnchored = leanAnchored
        if let tabbedAnchored, tabbedAnchored.reduce(0, { $0 + $1.count }) < plan.anchoredFrames {
            plan.tabbedAnchored = tabbedAnchored
        }
        plans.append(plan)
        ends.append(nil)
    }

    /// What a paint-on caption needs before its own rows (15.119(f)(3)), and the rows to paint:
    /// RDC when the mode changes, and an erase only for what must leave from rows the new caption
    /// does not paint. RDC does not change the screen, so captions meant to stay (any mode) stay.
    /// On a row it shares with what leaves, only the cells that change are painted (those the new
    /// text does not cover are cleared with the transparent space), as a captioner correcting a
    /// row does.
    private mutating func paintOn(
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
        let leavesCellsUncovered = shown.contains { item in
            !stays(item)
                && item.rows.contains { old in
                    !unit.rows.contains {
                        $0.row == old.row && $0.column <= old.column
                            && $0.column + $0.cells.count >= old.column + old.cells.count
                    }
                }
        }
        let anythingStays = shown.contains(where: stays)
        let needsErase = leavesOtherRows || (leavesCellsUncovered && !anythingStays)
        /// The rows painting only what changes over what leaves (clearing what it leaves behind).
        func leanRows(leaving: [CEA608Row], staying: [CEA608Row]) -> [CEA608Row] {
            let painted = unit.rows.compactMap { row in
                let old = leaving.filter { $0.row == row.row }
                guard !old.isEmpty, !staying.contains(where: { $0.row == row.row }) else { return row }
                return Self.changes(from: old, to: row)
            }
            // Nothing changes: the first row is painted again, so the caption still starts with
            // a word on its start frame.
            return painted.isEmpty ? repaint(of: unit.rows) : painted
        }
        if needsErase {
            // Already in paint-on, with only the new rows' own rows to clear, painting just the
            // changes (no EDM) is the fallback when an erase and whole rows do not fit.
            let lean =
                mode == .paintOn && !leavesOtherRows ? leanRows(leaving: shown.flatMap(\.rows), staying: []) : nil
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
            replaceShown(by: index, at: start - Int64(lead), start: start)
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
                if item.end > start { warnEarly(item.plan, leaves: start, meant: item.end) }
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
        let lean = leanRows(leaving: leaving, staying: kept.flatMap(\.rows))
        // Whole rows leave old cells behind where they are shorter: then only the lean form
        // (which clears them) is right.
        if leavesCellsUncovered { return (lean, nil) }
        // A row that what leaves already shows as wanted is not painted again: a decoder would
        // show no change there (15.119(f)(3)), and the caption's first visible change would come
        // a row later than its start. If no row changes, the first is painted again, so the
        // caption still starts with a word on its start frame.
        let staying = kept.flatMap(\.rows)
        let changed = unit.rows.filter { row in
            let old = leaving.filter { $0.row == row.row }
            return old.isEmpty || staying.contains { $0.row == row.row } || Self.changes(from: old, to: row) != nil
        }
        let whole = changed.isEmpty ? repaint(of: unit.rows) : changed
        return (whole, lean == whole ? nil : lean)
    }

    /// What a paint-on caption paints when the screen shows it already: it must still start with
    /// a word on its start frame, so its first row is painted again, but only as far as painting
    /// leaves the screen as it is. Sent whole, a row with transparent cells before a style change
    /// puts the change's attribute code in one of them, which then shows as a space
    /// (15.119(h)(1)): the repaint would change the screen the caption shares with the one before,
    /// and what is read back would be painted another way at the next write (a fuzzing finding of
    /// 2026-11-27, Fixtures/fuzz/scc/paint-on-repaint-of-an-unchanged-row-fuzz.scc). Then only its
    /// cells before the first transparent one go.
    private func repaint(of rows: [CEA608Row]) -> [CEA608Row] {
        guard let row = rows.first else { return [] }
        if paintsAsItIs(row) { return [row] }
        if let gap = row.cells.firstIndex(where: \.isGap), gap > 0 {
            var run = row
            run.cells.removeSubrange(gap...)
            if paintsAsItIs(run) { return [run] }
        }
        return [row]
    }

    /// Whether painting `row` shows its characters and spaces where it has them, and nothing
    /// where it has none: no text moved, no code in a transparent cell.
    private func paintsAsItIs(_ row: CEA608Row) -> Bool {
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
    private mutating func rollsWindowUp(for unit: CEA608DisplayUnit, index: Int) -> Bool {
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
        let clear = CEA608Row.Cell(
            code: CEA608CharacterSet.transparentSpaceCode, fallback: 0,
            style: new.cells.first?.style ?? CEA608CellStyle.afterIndentPAC(underline: false))
        if let cell = wanted(first) ?? clear as CEA608Row.Cell?,
            cell.style != CEA608CellStyle.afterIndentPAC(underline: cell.style.underline), first > new.column
        {
            first = new.column
        }
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
        var span = changedCells(from: first)
        // Spaces opening the changes take the style of the text after them, and when that needs
        // attribute codes, the codes go in the cells left of the first change, over what the
        // screen shows there (a fuzzing finding of 2026-11-27: an "R" overwritten by a mid-row
        // code, Fixtures/fuzz/scc/extended-character-after-a-flash-code-over-a-roll-up-line-fuzz.scc).
        // Then the changes start at the new row's first cell, as for a change that needs codes.
        if first > new.column,
            !CEA608RowEncoder.openingCodeColumns(of: CEA608Row(row: new.row, column: first, cells: span)).isEmpty
        {
            first = new.column
            span = changedCells(from: first)
        }
        var row = CEA608Row(row: new.row, column: first, cells: span)
        row.clearsToEnd = clearsToEnd
        return row
    }

    /// Which of the first pop-on caption's preload units a decoder in its start state does not
    /// need: the RCL (it starts in pop-on mode) and a PAC to row 15, column 1, white, without
    /// underline (where its cursor starts), when the load begins with them.
    static func startStateUnits(_ units: [TransmissionUnit], channel: CaptionChannel) -> [Int] {
        func word(_ first: UInt8, _ second: UInt8) -> UInt16 {
            let mapped = channel.encode(first: first, second: second)
            return CEA608WordBuffer.word(mapped.first, mapped.second)
        }
        let rcl = ControlCommand.resumeCaptionLoading.bytes
        guard units.first?.word == word(rcl.first, rcl.second) else { return [] }
        guard let home = PreambleAddressCode.addressing(row: 15, column: 0)?.code.bytes,
            units.count > 1, units[1].word == word(home.first, home.second)
        else { return [0] }
        return [0, 1]
    }

    /// Puts the roll-up lines shown on the rows they now occupy: the newest on the base row, the
    /// others above it in order (each CR rolls them up one row).
    private mutating func restackWindow() {
        var row = windowBase
        for position in shown.indices.reversed() where shown[position].mode.isRollUp {
            for line in shown[position].rows.indices.reversed() {
                shown[position].rows[line].row = row
                row -= 1
            }
        }
    }

    /// Whether two sets of rows share a cell.
    private static func overlaps(_ a: [CEA608Row], _ b: [CEA608Row]) -> Bool {
        for x in a {
            for y in b where x.row == y.row {
                if x.column < y.column + y.cells.count && y.column < x.column + x.cells.count { return true }
            }
        }
        return false
    }

    /// Erases whatever is still on screen at the end of the document.
    mutating func finish() {
        eraseEnded(before: .max)
        for index in plans.indices {
            if let end = ends[index] { plans[index].end = end }
        }
    }

    // MARK: - Leaving the screen

    /// Sends EDM for captions that end before `frame`: one EDM at the earliest end erases
    /// everything on screen, so captions meant to stay longer are reported.
    private mutating func eraseEnded(before frame: Int64) {
        while let earliest = shown.min(by: { $0.end < $1.end })?.end, earliest < frame {
            var eraser = shown[0].plan
            for item in shown where item.end == earliest { eraser = max(eraser, item.plan) }
            for item in shown {
                if item.plan == eraser {
                    ends[item.plan] = .erase(atFrame: earliest)
                } else {
                    ends[item.plan] = .erased(atFrame: earliest, byPlan: eraser)
                    if item.end > earliest {
                        warnEarly(item.plan, leaves: earliest, meant: item.end)
                    }
                }
            }
            shown.removeAll()
        }
    }

    /// Everything on screen leaves at `frame`, the first anchored word of plan `index`.
    /// Captions meant to last past that plan's start are reported.
    private mutating func replaceShown(by index: Int, at frame: Int64, start: Int64) {
        for item in shown {
            ends[item.plan] = .replaced(byPlan: index)
            if item.end > start { warnEarly(item.plan, leaves: frame, meant: item.end) }
        }
        shown.removeAll()
    }

    /// A CR at `frame` rolls the window for the line starting at `start`: lines beyond the
    /// window's height leave; lines meant to leave by then but still inside the window stay
    /// until they roll out, which is reported.
    private mutating func rollOut(
        by index: Int, windowRows: Int, at frame: Int64, start: Int64, location: DiagnosticLocation
    ) {
        let leaving = max(0, shown.count - windowRows + 1)
        for item in shown.prefix(leaving) {
            ends[item.plan] = .replaced(byPlan: index)
            if item.end > start { warnEarly(item.plan, leaves: frame, meant: item.end) }
        }
        shown.removeFirst(leaving)
        for position in shown.indices where shown[position].end <= start {
            diagnostics.append(
                Diagnostic(
                    .warning, "608.roll-up-end",
                    "roll-up line \(CaptionNumbers.list(plans[shown[position].plan].captionIndices)) stays on screen until it rolls out of "
                        + "the window; an EDM would also erase the lines below it",
                    at: location, suggestedFix: "end roll-up lines when a later line pushes them out"))
            shown[position].end = .max
        }
    }

    private mutating func warnEarly(_ plan: Int, leaves frame: Int64, meant end: Int64) {
        let captions = plans[plan].captionIndices
        diagnostics.append(
            Diagnostic(
                .warning, "608.overlap",
                "\(CaptionNumbers.subject(captions)) \(captions.count == 1 ? "leaves" : "leave") the screen "
                    + "\(end - frame) frame(s) early, when the "
                    + "next caption replaces it (CEA-608 shows one caption memory at a time)",
                suggestedFix: "end the caption when the next one starts, or show both in one caption"))
    }

    // MARK: - Words

    /// Appends the rows' words; returns what had to change (without a location).
    ///
    /// Transparent cells are jumped over (a tab offset or PAC) except in paint-on, where the
    /// screen may hold text there that a transparent space must clear.
    private func encodeRows(
        _ rows: [CEA608Row], into buffer: inout CEA608WordBuffer, afterCarriageReturn: Bool = false,
        jumpsOverGaps: Bool = true, tabsOverShortGaps: Bool = false
    ) -> [Diagnostic] {
        var shows: [CEA608Row] = []
        return encodeRows(
            rows, into: &buffer, afterCarriageReturn: afterCarriageReturn, jumpsOverGaps: jumpsOverGaps,
            tabsOverShortGaps: tabsOverShortGaps, shows: &shows)
    }

    /// Appends the rows' words, sets `shows` to the rows as a decoder shows them (one per row, in
    /// order); returns what had to change (without a location).
    private func encodeRows(
        _ rows: [CEA608Row], into buffer: inout CEA608WordBuffer, afterCarriageReturn: Bool = false,
        jumpsOverGaps: Bool = true, tabsOverShortGaps: Bool = false, shows: inout [CEA608Row]
    ) -> [Diagnostic] {
        var notes: [Diagnostic] = []
        shows = rows
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
        let jumped = CEA608Row.Cell(
            code: CEA608CharacterSet.transparentSpaceCode, fallback: 0,
            style: CEA608CellStyle.afterIndentPAC(underline: false))
        var shown = CEA608Row(row: row.row, column: first, cells: cells[first...last].map { $0 ?? jumped })
        shown.clearsToEnd = row.clearsToEnd
        return shown
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
            let blank = CEA608Row.Cell(
                code: CEA608CharacterSet.transparentSpaceCode, fallback: 0,
                style: CEA608CellStyle.afterIndentPAC(underline: false))
            result[index] = CEA608Row(row: base.row, column: first, cells: cells[first...last].map { $0 ?? blank })
        }
        return result
    }

    private static func locate(_ diagnostic: Diagnostic, _ location: DiagnosticLocation) -> Diagnostic {
        var located = diagnostic
        located.location = location
        return located
    }

    private func rollUpCommand(_ rows: Int) -> ControlCommand {
        switch rows {
        case ...2: .rollUp2
        case 3: .rollUp3
        default: .rollUp4
        }
    }
}
