import CaptionCore

// One service's data → captions (Specs/cea708.md, "From windows to captions"). The decoder's
// visible windows are compared after each chunk of data, as the SCC reader compares 608 screens:
// - a window that appears with text (DSW, TGW, a visible DefineWindow) shows one caption until
//   the window is hidden, deleted, moved or changed: pop-on (the window was filled while hidden);
// - a window whose text changes while it is shown is followed line by line, as 608 roll-up and
//   paint-on are (47 CFR 15.119(f)(1), (f)(3)): a line lives while it is on screen, wherever it
//   has scrolled to, and grows while characters are only added. A window that scrolled (CR at its
//   last row, §8.4 scroll direction), or whose line was written on its last row, is roll-up: each
//   line's region is the whole window with `Scroll.rollUp(rows:)`; other lines are paint-on.

/// Reads one caption service's data into captions.
///
/// Give it the service's data in the order it arrived with ``receive(_:at:)`` (one chunk per
/// frame or per service block), then call ``finish(at:)``. The caption language is the caller's
/// (from `ccsvcinfo` or the transport's descriptor).
public struct CEA708CaptionBuilder: Sendable {
    /// What the builder made: the captions and what it found.
    public struct Result: Sendable, Hashable {
        public var document: CaptionDocument
        /// The decoder's warnings (located by time and byte offset) and what the model could not
        /// hold (once per kind).
        public var diagnostics: [Diagnostic]
    }

    /// A caption shown by a window filled while hidden.
    struct Block {
        var start: MediaTime
        var window: CEA708VisibleWindow
    }

    /// A line of a window whose text changes while shown.
    struct Line {
        var start: MediaTime
        var row: Int
        var text: String
        var runs: [CEA708TextRun]
        var lastRow: Bool
    }

    struct Live {
        var window: CEA708VisibleWindow
        var lines: [Line] = []
        var scrolled = false
    }

    /// Whether the service is 16:9 (anchors 0–209 across) rather than 4:3 (0–159).
    public let wide: Bool
    var decoder = CEA708Decoder()
    var offset = 0
    var lastTime: MediaTime = .zero
    var shown: [Int: CEA708VisibleWindow] = [:]
    var blocks: [Int: Block] = [:]
    var live: [Int: Live] = [:]
    var finished: [(order: Int, caption: Caption)] = []
    var diagnostics: [Diagnostic] = []
    var reported: Set<CEA708Unmapped> = []
    var warningsSeen = 0
    var writtenWhileShown = Set<Int>()

    public init(wide: Bool = true) {
        self.wide = wide
    }

    /// Reads the chunks of one service and returns its captions; the last caption ends at `end`
    /// (or at the last chunk's time).
    public static func read(
        _ chunks: some Sequence<(time: MediaTime, data: [UInt8])>, wide: Bool = true, end: MediaTime? = nil
    ) -> Result {
        var builder = CEA708CaptionBuilder(wide: wide)
        for chunk in chunks { builder.receive(chunk.data, at: chunk.time) }
        return builder.finish(at: end)
    }

    /// Decodes a chunk of the service's data received at `time` and follows the windows' changes.
    public mutating func receive<Bytes: Collection<UInt8>>(_ data: Bytes, at time: MediaTime) {
        let (items, warnings) = CEA708Parser.parse(data)
        for warning in warnings {
            decoder.note(
                CEA708Warning(offset: warning.offset + offset, ruleID: warning.ruleID, message: warning.message))
        }
        // Which windows are written to while shown: their text is followed line by line, also
        // when the window appeared in the same chunk (a visible DefineWindow, then text).
        writtenWhileShown = []
        for var item in items {
            item.offset += offset
            decoder.receive(item, at: time.seconds)
            if Self.writes(item.command), let current = decoder.currentWindow,
                decoder.windows[current]?.isVisible == true
            {
                writtenWhileShown.insert(current)
            }
        }
        offset += data.count
        lastTime = time
        noteWarnings(at: time)
        update(decoder.screen, at: time)
    }

    /// Whether a command changes the current window's text.
    static func writes(_ command: CEA708Command) -> Bool {
        switch command {
        case .text, .extendedCharacter, .p16, .backspace, .formFeed, .carriageReturn, .horizontalCarriageReturn:
            true
        default: false
        }
    }

    /// Ends the data: what is still shown ends at `time` (or the last chunk's time).
    public mutating func finish(at time: MediaTime? = nil) -> Result {
        let end = max(time ?? lastTime, lastTime)
        decoder.finish()
        noteWarnings(at: end)
        update(decoder.screen, at: end)
        // In window order: the order of captions that close together must not depend on hashing.
        for id in blocks.keys.sorted() + live.keys.sorted() { close(window: id, at: end) }
        let captions = finished.sorted { Self.readingOrder($0, $1) }.map(\.caption)
        // The marker that says the captions came from 708, and on which screen (the 708 look).
        let document = CaptionDocument(
            captions: captions, metadata: [CaptionDocument.cea708ScreenKey: wide ? "16:9" : "4:3"])
        return Result(document: document, diagnostics: diagnostics)
    }

    /// Captions by start, then end; captions shown together from top to bottom, then left to
    /// right, as a viewer reads them, and only then in the order they closed. Not by window
    /// number: which of the eight windows holds a caption is the encoder's choice (ours reuses the
    /// least recently freed), so two captions shown together in one file come back in the other
    /// order after a rewrite, and the next write swaps them again (the `mcc` fuzz target's finding
    /// of 2026-11-29, Fixtures/fuzz/mcc/).
    static func readingOrder(_ a: (order: Int, caption: Caption), _ b: (order: Int, caption: Caption)) -> Bool {
        let (x, y) = (a.caption, b.caption)
        if x.timeRange.start != y.timeRange.start { return x.timeRange.start < y.timeRange.start }
        if x.timeRange.end != y.timeRange.end { return x.timeRange.end < y.timeRange.end }
        let (p, q) = (place(x), place(y))
        if p != q { return p < q }
        return a.order < b.order
    }

    /// A caption's place as a sortable key: captions without an origin last, units apart.
    private static func place(_ caption: Caption) -> (Int, String, Double, Double) {
        guard let origin = caption.region?.origin else { return (1, "", 0, 0) }
        return (0, origin.y.unit.rawValue + origin.x.unit.rawValue, origin.y.value, origin.x.value)
    }

    // MARK: - Following the windows

    mutating func update(_ screen: CEA708Screen, at time: MediaTime) {
        var now: [Int: CEA708VisibleWindow] = [:]
        for window in screen.windows { now[window.id] = window }
        if Set(screen.windows.map(\.priority)).count > 1 { lose(.priority, at: time) }
        for id in Set(shown.keys).union(now.keys).sorted() {
            let old = shown[id]
            let new = now[id]
            guard old != new else { continue }
            if let old, let new, Self.samePlace(old, new) {
                edit(old: old, new: new, at: time)
                continue
            }
            close(window: id, at: time)
            guard let new, !Self.isEmpty(new) else { continue }
            if writtenWhileShown.contains(id) {
                // Shown and written in the same chunk: its lines start now.
                live[id] = Live(window: new)
                edit(old: new, new: new, at: time)
            } else {
                blocks[id] = Block(start: time, window: new)
            }
        }
        shown = now
    }

    static func samePlace(_ a: CEA708VisibleWindow, _ b: CEA708VisibleWindow) -> Bool {
        var d = a.definition
        d.visible = b.definition.visible
        return d == b.definition && a.attributes == b.attributes && a.rowCount == b.rowCount
            && a.columnCount == b.columnCount
    }

    static func isEmpty(_ window: CEA708VisibleWindow) -> Bool {
        window.rows.indices.allSatisfy { window.text(row: $0).isEmpty }
    }

    /// A shown window's text changed: follow it line by line.
    mutating func edit(old: CEA708VisibleWindow, new: CEA708VisibleWindow, at time: MediaTime) {
        if blocks[new.id] != nil { close(window: new.id, at: time) }
        var state = live[new.id] ?? Live(window: old)
        let rows = new.rowCount
        let texts = (0..<rows).map { new.text(row: $0) }
        // The scroll that keeps the most lines' text at the start of their row (the smallest of
        // equals): CR scrolls every line; HCR, BS or CLW end the lines they erase.
        func survivors(_ shift: Int) -> Int {
            state.lines.filter { $0.row - shift >= 0 && Self.extends(texts[$0.row - shift], $0.text) }.count
        }
        var shift = 0
        var best = survivors(0)
        for candidate in 1..<max(rows, 1) where survivors(candidate) > best {
            shift = candidate
            best = survivors(candidate)
        }
        var kept: [Line] = []
        for var line in state.lines {
            guard line.row - shift >= 0, Self.extends(texts[line.row - shift], line.text) else {
                finish(line, window: state.window, scrolled: state.scrolled || shift > 0, at: time)
                continue
            }
            line.row -= shift
            line.text = texts[line.row]
            line.runs = new.rows[line.row]
            kept.append(line)
        }
        if shift > 0 && best > 0 { state.scrolled = true }
        for row in 0..<rows where !texts[row].isEmpty && !kept.contains(where: { $0.row == row }) {
            kept.append(Line(start: time, row: row, text: texts[row], runs: new.rows[row], lastRow: row == rows - 1))
        }
        state.lines = kept
        state.window = new
        live[new.id] = state
    }

    /// Whether `new` is `old` with characters added (the same line, grown).
    static func extends(_ new: String, _ old: String) -> Bool {
        !new.isEmpty && new.hasPrefix(old)
    }

    mutating func close(window id: Int, at time: MediaTime) {
        if let block = blocks.removeValue(forKey: id) { finish(block, at: time) }
        if let state = live.removeValue(forKey: id) {
            for line in state.lines { finish(line, window: state.window, scrolled: state.scrolled, at: time) }
        }
    }

    // MARK: - Captions

    mutating func finish(_ block: Block, at end: MediaTime) {
        let window = block.window
        let filled = window.rows.indices.filter { !window.text(row: $0).isEmpty }
        guard let top = filled.first, let bottom = filled.last, end > block.start else { return }
        let centered = window.attributes.justify == .center
        var left = Int.max
        var right = 0
        for row in top...bottom {
            let text = window.text(row: row)
            guard !text.isEmpty else { continue }
            left = min(left, text.prefix { $0 == " " }.count)
            right = max(right, text.count)
        }
        if centered { (left, right) = (0, window.columnCount) }
        var runs: [CaptionRun] = []
        for row in top...bottom {
            if row > top { runs.append(CaptionRun("\n", style: runs.last?.style ?? .plain)) }
            runs += captionRuns(window.rows[row], from: left, trim: centered, at: block.start)
        }
        let region = CEA708Regions.region(
            of: window, top: top, left: left, rows: bottom - top + 1, columns: right - left, wide: wide)
        let whole = top == 0 && left == 0 && bottom + 1 == window.rowCount && right == window.columnCount
        noteWindowLosses(window, whole: whole, at: block.start)
        let caption = Caption(
            runs: Self.merged(runs), timeRange: TimeRange(start: block.start, end: end),
            region: CEA708Regions.decorated(region, by: window.attributes),
            textAlignment: Self.alignment(window.attributes.justify))
        finished.append((finished.count, caption))
    }

    mutating func finish(_ line: Line, window: CEA708VisibleWindow, scrolled: Bool, at end: MediaTime) {
        guard end > line.start, !line.text.isEmpty else { return }
        let left = line.text.prefix { $0 == " " }.count
        let runs = captionRuns(line.runs, from: left, trim: false, at: line.start)
        let rollUp = scrolled || (line.lastRow && window.rowCount > 1)
        let width = line.text.count - left
        let placed =
            rollUp
            ? CEA708Regions.region(
                of: window, top: 0, left: left, rows: window.rowCount, columns: width, wide: wide,
                scroll: .rollUp(rows: window.rowCount))
            : CEA708Regions.region(of: window, top: line.row, left: left, rows: 1, columns: width, wide: wide)
        let region = CEA708Regions.decorated(placed, by: window.attributes)
        let whole = left == 0 && width == window.columnCount && (rollUp || window.rowCount == 1)
        noteWindowLosses(window, whole: whole, at: line.start)
        let caption = Caption(
            runs: Self.merged(runs), timeRange: TimeRange(start: line.start, end: end), region: region,
            textAlignment: Self.alignment(window.attributes.justify), animation: rollUp ? .none : .characterReveal)
        finished.append((finished.count, caption))
    }

    /// The runs of a row from column `left`, trailing blanks left out; cells with no pen (never
    /// written, or transparent spaces) read as U+00A0, as the SCC reader reads 608's.
    mutating func captionRuns(_ row: [CEA708TextRun], from left: Int, trim: Bool, at time: MediaTime) -> [CaptionRun] {
        var cells: [(Character, CaptionTextStyle?)] = []
        var lost: Set<CEA708Unmapped> = []
        for run in row {
            let style = run.pen.map { CaptionTextStyle(pen: $0, color: run.color ?? .init(), lost: &lost) }
            for character in run.text { cells.append((style == nil ? "\u{A0}" : character, style)) }
        }
        for kind in lost.sorted(by: { $0.rawValue < $1.rawValue }) { lose(kind, at: time) }
        guard let last = cells.lastIndex(where: { $0.1 != nil && $0.0 != " " }) else { return [] }
        var first = min(left, last)
        if trim, let shown = cells.firstIndex(where: { $0.1 != nil && $0.0 != " " }) { first = shown }
        var runs: [CaptionRun] = []
        var style: CaptionTextStyle?
        for (character, cellStyle) in cells[first...last] {
            let s = cellStyle ?? style ?? cells[first...last].lazy.compactMap(\.1).first ?? .plain
            if let current = style, current == s, !runs.isEmpty {
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append(CaptionRun(String(character), style: s))
            }
            style = s
        }
        return runs
    }

    static func merged(_ runs: [CaptionRun]) -> [CaptionRun] {
        Caption(runs: runs, timeRange: .zero).normalizedRuns
    }

    static func alignment(_ justify: CEA708Justify) -> CaptionTextAlignment? {
        switch justify {
        case .center: .center
        case .right: .right
        default: nil
        }
    }

    // MARK: - Diagnostics

    /// What of the window's attributes its caption loses; `whole` when the caption's region is
    /// the whole window (its fill and border then cover what the decoder's would).
    mutating func noteWindowLosses(_ window: CEA708VisibleWindow, whole: Bool, at time: MediaTime) {
        let a = window.attributes
        if !whole, a.fillOpacity != .transparent || a.borderType != .none { lose(.windowFill, at: time) }
        if a.displayEffect != .snap { lose(.displayEffect, at: time) }
        if a.printDirection != .leftToRight { lose(.printDirection, at: time) }
    }

    mutating func lose(_ kind: CEA708Unmapped, at time: MediaTime) {
        guard reported.insert(kind).inserted else { return }
        diagnostics.append(Diagnostic(.info, kind.rawValue, kind.message, at: DiagnosticLocation(time: time)))
    }

    mutating func noteWarnings(at time: MediaTime) {
        let warnings = decoder.warnings
        guard warningsSeen < warnings.count else { return }
        for warning in warnings[warningsSeen...] {
            diagnostics.append(
                Diagnostic(
                    .warning, warning.ruleID, "byte \(warning.offset) of the service data: \(warning.message)",
                    at: DiagnosticLocation(time: time)))
        }
        warningsSeen = warnings.count
    }
}
