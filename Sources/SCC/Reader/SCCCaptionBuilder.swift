import CEA608
import CaptionCore

// From screen changes to captions (Specs/scc.md "From the screen to captions"). Pop-on captions
// live from the EOC that shows them (47 CFR 15.119(f)(2), now 47 CFR 79.101) to the change that
// removes them; roll-up captions are one per line (15.119(f)(1)); paint-on captions grow while
// characters are only added (15.119(f)(3)). A roll-up line or paint-on caption starts with the
// codes that prepare it (Specs/scc.md "Start of a roll-up line or paint-on caption").

/// Turns the decoder's screen changes into captions: one caption per on-screen block.
///
/// A block is a run of consecutive rows whose first visible character is in the same column;
/// rows at other columns make their own captions even when they share a time range. In roll-up
/// every row is its own caption, followed by its line identifier as it scrolls.
struct SCCCaptionBuilder {
    /// How a caption reached the screen.
    enum Kind: Equatable {
        case popOn
        case paintOn
        case rollUp(rows: Int, windowTop: Int, windowRows: Int)
    }

    /// A caption on screen now, not finished yet.
    struct OpenCaption {
        var kind: Kind
        var top: Int
        var bottom: Int
        var column: Int
        var lineID: Int32
        var startFrame: Int64
        /// Paint-on: per row, bit `c` set when column `c` was written since the caption began.
        var painted: [UInt32] = []
        /// Pop-on rows each centred on the grid at different columns: one centred caption.
        var centered = false
        /// Paint-on: the run of words that painted it (``SCCCaptionBuilder/run``).
        var run = 0
    }

    /// A finished caption and the keys it is sorted by.
    struct Finished {
        var startFrame: Int64
        var row: Int
        var column: Int
        var caption: Caption
    }

    private static let rows = CEA608Memory.rows
    private static let columns = CEA608Memory.columns

    /// Converts a frame number to media time.
    let time: (Int64) -> MediaTime
    /// The most captions kept (``SCCReader/maximumCaptions``); past it none is made.
    let captionLimit: Int
    /// The start frame of the first caption past ``captionLimit``.
    private(set) var firstPastLimit: Int64?

    /// The displayed memory as it was before the change being applied.
    private var mirror = [CEA608Cell](repeating: .empty, count: rows * columns)
    private var mirrorIDs = [Int32](repeating: 0, count: rows)
    /// First and last visible column of each mirror row; -1 when the row shows nothing.
    private var first = [Int](repeating: -1, count: rows)
    private var last = [Int](repeating: -1, count: rows)
    private var newFirst = [Int](repeating: -1, count: rows)
    private var newLast = [Int](repeating: -1, count: rows)
    /// Per row, the columns whose cell the change being applied altered (paint-on only).
    private var changedCells = [UInt32](repeating: 0, count: rows)
    /// The line identifiers of the memory being applied.
    private var newIDs = [Int32](repeating: 0, count: rows)
    private var open: [OpenCaption] = []
    private(set) var finished: [Finished] = []
    /// The start of the next roll-up line or paint-on caption: the frame of the first code that
    /// prepared it (CR, RU, PAC, tab offset) in the run of words ending with its first character.
    private var cue: Int64?
    /// The frame of the last word this channel received: a frame without one ends the run.
    private var lastWordFrame: Int64 = .min
    /// Counts runs of words: a new one begins after a frame without a word for the channel and
    /// at a code that prepares new text (PAC, tab offset, RU, CR) after text was shown. A
    /// paint-on caption is what one run paints: later text, even on its row, is a new caption
    /// from the moment it is sent (15.119(f)(3): characters appear as they arrive).
    private var run = 0
    /// The frame of the code that began the current run (its first PAC, TO or RU), kept when a
    /// change in the run resets ``cue``; `nil` for a run begun by text.
    private var runStart: Int64?
    /// Whether a paint-on caption has opened in the current run: only the first starts at
    /// ``runStart`` (a paint-on caption is what one run paints).
    private var runOpened = false

    /// The UTF-8 of the run being built by ``makeCaption(_:endFrame:)``, kept between captions
    /// so that its storage is allocated once.
    private var scratch: [UInt8] = []

    init(time: @escaping (Int64) -> MediaTime, captionLimit: Int = SCCReader.maximumCaptions) {
        self.time = time
        self.captionLimit = captionLimit
        open.reserveCapacity(8)
        finished.reserveCapacity(256)
        scratch.reserveCapacity(128)
    }

    // MARK: - Following the codes

    /// Notes a word the decoder took for the channel, before its screen change is applied: a
    /// frame without a word since the last one ends the run that prepares a caption.
    mutating func receive(frame: Int64) {
        if frame != lastWordFrame &+ 1 {
            cue = nil
            run += 1
            runStart = nil
            runOpened = false
        }
        lastWordFrame = frame
    }

    /// Notes what a code did for the next caption, after its screen change is applied.
    ///
    /// A CR starts the next roll-up line where it rolls the window (the roll is what the viewer
    /// sees first); RU, a PAC or a tab offset in roll-up or paint-on mode start it unless an
    /// earlier code of the run did; EDM ends the run (the caption after it starts after it).
    mutating func prepare(_ code: CEA608DecodedCode, frame: Int64, mode: CEA608CaptionMode) {
        guard mode != .popOn else {
            cue = nil
            return
        }
        switch code {
        case .command(.carriageReturn):
            if case .rollUp = mode {
                if cue == nil { beginRun(at: frame) }
                cue = frame
            }
        case .command(.rollUp2), .command(.rollUp3), .command(.rollUp4), .preambleAddress,
            .command(.tabOffset1), .command(.tabOffset2), .command(.tabOffset3):
            if cue == nil {
                cue = frame
                beginRun(at: frame)
            }
        case .command(.eraseDisplayedMemory):
            cue = nil
        default:
            break
        }
    }

    private mutating func beginRun(at frame: Int64) {
        run += 1
        runStart = frame
        runOpened = false
    }

    // MARK: - Applying a change

    /// Applies one change of the displayed memory; `memory` is the displayed memory after it.
    mutating func apply(
        _ change: CEA608ScreenChange, memory: CEA608Memory, mode: CEA608CaptionMode, baseRow: Int
    ) {
        // Only changed rows are looked at: for the others the new state is the mirror's
        // (newFirst, newLast and newIDs always equal first, last and mirrorIDs there).
        var changed = change.rows & 0x7FFF
        // Which cells changed matters only to paint-on captions.
        let paintOn = mode == .paintOn
        // Whether the change touched a row that shows text, before or after it.
        var touchesText = false
        // Paint-on: whether a changed cell is text, before or after, or lies within a row's text
        // (where a space's style shows in the caption's runs).
        var showsChange = !paintOn
        var alteredAny = false
        var pending = changed
        while pending != 0 {
            let row = pending.trailingZeroBitCount
            pending &= pending - 1
            let id = memory.lineID(row: row)
            if mirrorIDs[row] == 0 && id == 0 {
                // Empty before and after: nothing to compare or copy.
                changed &= ~(1 << UInt16(row))
                continue
            }
            newIDs[row] = id
            var firstColumn = -1
            var lastColumn = -1
            var altered: UInt32 = 0
            let base = row * Self.columns
            let cells = memory.cells(row: row)
            var column = 0
            for index in cells.indices {
                let character = cells[index].character
                // Spaces show only their background, the transparent space (U+00A0) not even
                // that: neither starts or ends the row's text.
                if character != nil && character != " " && character != "\u{A0}" {
                    if firstColumn < 0 { firstColumn = column }
                    lastColumn = column
                }
                if paintOn && cells[index] != mirror[base + column] {
                    altered |= 1 << UInt32(column)
                    if Self.isText(character) || Self.isText(mirror[base + column].character) { showsChange = true }
                }
                column += 1
            }
            if altered != 0 { alteredAny = true }
            if altered != 0 && !showsChange {
                for (low, high) in [(first[row], last[row]), (firstColumn, lastColumn)] where low >= 0 {
                    let span = (UInt32.max >> UInt32(31 - (high - low))) << UInt32(low)
                    if altered & span != 0 { showsChange = true }
                }
            }
            newFirst[row] = firstColumn
            newLast[row] = lastColumn
            if firstColumn >= 0 || first[row] >= 0 { touchesText = true }
            changedCells[row] = altered
        }
        // A paint-on change that writes only spaces outside the rows' text (a mid-row code's cell
        // before the first character) changes no caption: the one on screen goes on, and so does
        // the run that prepares the next. (Characters painted again as they were still start a
        // caption in the new run, as the writer sends them.)
        let invisible = paintOn && alteredAny && !showsChange
        if !invisible { closeChangedCaptions(change, memory: memory, mode: mode, baseRow: baseRow) }
        // The mirror now takes the new state of the changed rows.
        pending = changed
        while pending != 0 {
            let row = pending.trailingZeroBitCount
            pending &= pending - 1
            let base = row * Self.columns
            mirror.replaceSubrange(base..<base + Self.columns, with: memory.cells(row: row))
            mirrorIDs[row] = newIDs[row]
            first[row] = newFirst[row]
            last[row] = newLast[row]
        }
        if !invisible { openNewCaptions(change, mode: mode, baseRow: baseRow) }
        // A roll keeps the run going (the line it makes room for is still to come), and so do
        // spaces written where nothing shows: a mid-row code before a line's first character, or
        // a background or foreground attribute code (CEA-608-B §6.2) replacing the standard
        // space sent before it; anything else shown or erased ends it.
        let spacing = change.cause == .paint || change.cause == .replace
        if change.cause != .roll && (!spacing || touchesText) && !invisible { cue = nil }
        pending = changed
        while pending != 0 {
            let row = pending.trailingZeroBitCount
            pending &= pending - 1
            changedCells[row] = 0
        }
    }

    /// Whether a cell's character is text: not empty, a space or the transparent space.
    private static func isText(_ character: Unicode.Scalar?) -> Bool {
        character != nil && character != " " && character != "\u{A0}"
    }

    /// Closes every open caption at `frame` (the end of the data).
    mutating func finish(at frame: Int64) {
        for caption in open { close(caption, at: frame) }
        open.removeAll()
    }

    /// The captions in order of start time, then row, then column (then the order they ended).
    func captions() -> [Caption] {
        func precedes(_ x: Finished, _ y: Finished) -> Bool {
            if x.startFrame != y.startFrame { return x.startFrame < y.startFrame }
            if x.row != y.row { return x.row < y.row }
            return x.column < y.column
        }
        // Usually already in order (pop-on captions end in the order they start): no sort, and
        // no copies of whole captions while sorting.
        if zip(finished, finished.dropFirst()).allSatisfy({ !precedes($1, $0) }) {
            return finished.map(\.caption)
        }
        let order = finished.indices.sorted { a, b in
            precedes(finished[a], finished[b]) || (!precedes(finished[b], finished[a]) && a < b)
        }
        return order.map { finished[$0].caption }
    }

    // MARK: - Closing

    private mutating func closeChangedCaptions(
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

    private mutating func close(_ caption: OpenCaption, at frame: Int64) {
        guard finished.count < captionLimit else {
            if firstPastLimit == nil { firstPastLimit = caption.startFrame }
            return
        }
        guard let made = makeCaption(caption, endFrame: frame) else { return }
        finished.append(
            Finished(startFrame: caption.startFrame, row: caption.top, column: caption.column, caption: made))
    }

    // MARK: - Opening

    private mutating func openNewCaptions(_ change: CEA608ScreenChange, mode: CEA608CaptionMode, baseRow: Int) {
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
    private static func rollUpKind(rows: Int, baseRow: Int) -> Kind {
        let top = max(0, baseRow - rows + 1)
        return .rollUp(rows: rows, windowTop: top, windowRows: baseRow - top + 1)
    }

    // MARK: - Making the caption

    /// The caption for an open caption's rows of the mirror, or `nil` if they show nothing.
    private mutating func makeCaption(_ open: OpenCaption, endFrame: Int64) -> Caption? {
        var runs: [CaptionRun] = []
        // UTF-8 of the run being built; turned into a String once per run.
        var text: [UInt8] = []
        swap(&text, &scratch)
        defer {
            text.removeAll(keepingCapacity: true)
            swap(&text, &scratch)
        }
        var style: CEA608CellAttributes?
        var width = 0
        var rowsShown = 0
        for row in open.top...open.bottom where first[row] >= 0 {
            if rowsShown > 0 { text.append(0x0A) }
            rowsShown += 1
            let base = row * Self.columns
            for column in first[row]...last[row] {
                let cell = mirror[base + column]
                // An empty cell inside a row reads as a space in the style around it.
                let attributes = cell.character == nil ? (style ?? cell.style) : cell.style
                if attributes != style {
                    if let style, !text.isEmpty {
                        runs.append(CaptionRun(String(decoding: text, as: UTF8.self), style: style.captionTextStyle))
                        text.removeAll(keepingCapacity: true)
                    }
                    style = attributes
                }
                if let character = cell.character {
                    if character.isASCII {
                        text.append(UInt8(truncatingIfNeeded: character.value))
                    } else {
                        UTF8.encode(character) { text.append($0) }
                    }
                } else {
                    // A cell never written shows the picture, like the transparent space
                    // (15.119(g)): U+00A0, as that code reads, not a space, which shows its
                    // background box. The writer jumps over such cells again.
                    text.append(0xC2)
                    text.append(0xA0)
                }
            }
            width = max(width, last[row] - first[row] + 1)
        }
        guard rowsShown > 0 else { return nil }
        if !text.isEmpty {
            runs.append(CaptionRun(String(decoding: text, as: UTF8.self), style: (style ?? .default).captionTextStyle))
        }
        let region: CaptionRegion
        var animation = CaptionAnimation.none
        switch open.kind {
        case .popOn where open.centered:
            region = .cells(row: open.top, column: 0, rows: rowsShown, columns: Self.columns)
        case .popOn:
            region = .cells(row: open.top, column: open.column, rows: rowsShown, columns: width)
        case .paintOn:
            region = .cells(row: open.top, column: open.column, rows: rowsShown, columns: width)
            animation = .characterReveal
        case .rollUp(let rows, let windowTop, let windowRows):
            region = .cells(
                row: windowTop, column: open.column, rows: windowRows, columns: width,
                scroll: .rollUp(rows: rows))
        }
        return Caption(
            runs: runs, timeRange: TimeRange(start: time(open.startFrame), end: time(endFrame)),
            region: region, textAlignment: open.centered ? .center : nil, animation: animation)
    }
}
