// What each command does to the decoder's memory, CTA-708-E §8.10 (C0 §7.1.4, C1 §8.10.5).
// Where the standard leaves a choice, Specs/cea708.md "Decisions" says which and which peer
// decodes the same way.

extension CEA708Decoder {
    /// Applies one command, ignoring any delay (``receive(_:at:)`` handles delays).
    public mutating func apply(_ command: CEA708Command, offset: Int, at time: Double = 0) {
        switch command {
        case .text(let text):
            var clipped = false
            for scalar in text.unicodeScalars where !put(scalar, transparent: false, offset: offset, clipped: &clipped)
            {
                break
            }
        case .extendedCharacter(let code):
            // A reserved G2/G3 code shows nothing (the parser warned).
            guard let scalar = CEA708CodeTables.extendedCharacter(code) else { return }
            var clipped = false
            _ = put(
                scalar, transparent: CEA708CodeTables.transparentSpaces.contains(code) && code < 0x80, offset: offset,
                clipped: &clipped)
        case .p16(let value):
            // A 16-bit character: read as a UCS-2 code (as zvbi does); a surrogate shows U+FFFD.
            var clipped = false
            _ = put(Unicode.Scalar(value) ?? "\u{FFFD}", transparent: false, offset: offset, clipped: &clipped)
        case .nul, .endOfText, .reservedC0, .reservedC1, .extendedControl, .truncated:
            break  // ETX ends a segment of text; nothing to change in memory (§7.1.4).
        case .backspace: withCurrentWindow(offset, "BS") { $0.backspace() }
        case .formFeed:
            withCurrentWindow(offset, "FF") { window in
                window.clear()
                window.penRow = 0
                window.penColumn = 0
            }
        case .carriageReturn: withCurrentWindow(offset, "CR") { $0.newLine() }
        case .horizontalCarriageReturn:
            withCurrentWindow(offset, "HCR") { window in
                window.clampPen()
                window.clearLine(row: window.penRow, column: window.penColumn)
                window.moveToLineStart()
            }
        case .setCurrentWindow(let id):
            guard windows[id] != nil else {
                note(offset, "708.undefined-window", "CW\(id): window \(id) is not defined; ignored")
                return
            }
            currentWindow = id
        case .clearWindows(let set): forEachDefined(set) { $0.clear() }
        case .displayWindows(let set): forEachDefined(set) { $0.isVisible = true }
        case .hideWindows(let set): forEachDefined(set) { $0.isVisible = false }
        case .toggleWindows(let set): forEachDefined(set) { $0.isVisible.toggle() }
        case .deleteWindows(let set):
            for id in set { windows[id] = nil }
            if let current = currentWindow, set.contains(current) { currentWindow = nil }
        case .delay(let tenths): delayedUntil = time + Double(tenths) / 10
        case .delayCancel:
            if delayedUntil != nil { endDelay() }
        case .reset:
            windows = Array(repeating: nil, count: 8)
            currentWindow = nil
            delayedUntil = nil
            held = []
            heldBytes = 0
        case .setPenAttributes(let attributes): withCurrentWindow(offset, "SPA") { $0.pen = attributes }
        case .setPenColor(let color): withCurrentWindow(offset, "SPC") { $0.penColor = color }
        case .setPenLocation(let row, let column):
            var outside = false
            withCurrentWindow(offset, "SPL") { window in
                outside = row >= window.rows || column >= window.columns
                window.penRow = min(row, window.rows - 1)
                window.penColumn = min(column, window.columns - 1)
            }
            if outside {
                note(
                    offset, "708.pen-outside-window",
                    "SPL row \(row) column \(column) is outside the window; pen moved to its edge")
            }
        case .setWindowAttributes(let attributes): withCurrentWindow(offset, "SWA") { $0.attributes = attributes }
        case .defineWindow(let definition): define(definition)
        }
    }

    /// DFx (§8.10.5.2): creates the window, or changes an existing one, and makes it current.
    mutating func define(_ definition: CEA708WindowDefinition) {
        let id = definition.window
        currentWindow = id
        guard var window = windows[id] else {
            windows[id] = CEA708Window(definition: definition)
            return
        }
        // The same definition again changes nothing (CCExtractor does the same): the pen that
        // SPA and SPC set since survives a repeated DFx.
        guard window.definition != definition else { return }
        window.definition = definition
        window.isVisible = definition.visible
        if let style = CEA708PredefinedStyles.window(definition.windowStyle) { window.attributes = style }
        if let style = CEA708PredefinedStyles.pen(definition.penStyle) {
            window.pen = style.attributes
            window.penColor = style.color
        }
        window.resize(rows: definition.rowCount, columns: definition.columnCount)
        windows[id] = window
    }

    /// Runs `change` on the current window, or notes that there is none.
    mutating func withCurrentWindow(_ offset: Int, _ name: String, _ change: (inout CEA708Window) -> Void) {
        guard let id = currentWindow, var window = windows[id] else {
            note(offset, "708.no-current-window", "\(name) with no current window (no CWx or DFx before it); ignored")
            return
        }
        change(&window)
        windows[id] = window
    }

    mutating func forEachDefined(_ set: CEA708WindowSet, _ change: (inout CEA708Window) -> Void) {
        for id in set {
            guard var window = windows[id] else { continue }
            change(&window)
            windows[id] = window
        }
    }

    /// Writes one character at the pen of the current window and advances the pen (§8.5). Returns
    /// `false` when there is no current window (the rest of the run is dropped with one warning).
    mutating func put(_ scalar: Unicode.Scalar, transparent: Bool, offset: Int, clipped: inout Bool) -> Bool {
        guard let id = currentWindow, var window = windows[id] else {
            note(offset, "708.no-current-window", "text with no current window (no CWx or DFx before it); dropped")
            return false
        }
        if !window.penInGrid {
            if window.attributes.wordWrap {
                window.wrap()
            } else {
                // Word wrap off: text past the window's edge is not shown (Specs/cea708.md).
                if !clipped {
                    note(
                        offset, "708.clipped",
                        "text runs past the edge of window \(id) (word wrap off); the rest is not shown")
                    clipped = true
                }
                windows[id] = window
                return true
            }
        }
        window.set(
            CEA708Cell(character: scalar, isTransparentSpace: transparent, pen: window.pen, color: window.penColor),
            row: window.penRow, column: window.penColumn)
        window.step(forward: true)
        windows[id] = window
        return true
    }
}

extension CEA708Window {
    /// Whether the pen stands on a cell (not one past the edge).
    var penInGrid: Bool { (0..<rows).contains(penRow) && (0..<columns).contains(penColumn) }

    mutating func clampPen() {
        penRow = min(max(penRow, 0), rows - 1)
        penColumn = min(max(penColumn, 0), columns - 1)
    }

    /// Moves the pen one cell along the print direction (or back), possibly one past the edge.
    mutating func step(forward: Bool) {
        let delta = forward ? 1 : -1
        switch attributes.printDirection {
        case .leftToRight: penColumn = min(max(penColumn + delta, -1), columns)
        case .rightToLeft: penColumn = min(max(penColumn - delta, -1), columns)
        case .topToBottom: penRow = min(max(penRow + delta, -1), rows)
        default: penRow = min(max(penRow - delta, -1), rows)
        }
    }

    /// BS (§7.1.4): the pen moves back one cell and that cell is erased; nothing at a line's start.
    mutating func backspace() {
        let (row, column) = (penRow, penColumn)
        step(forward: false)
        guard penInGrid else {
            (penRow, penColumn) = (row, column)
            return
        }
        set(.empty, row: penRow, column: penColumn)
    }

    /// The pen to the first cell of its line in the print direction.
    mutating func moveToLineStart() {
        switch attributes.printDirection {
        case .leftToRight: penColumn = 0
        case .rightToLeft: penColumn = columns - 1
        case .topToBottom: penRow = 0
        default: penRow = rows - 1
        }
    }

    /// CR (§7.1.4): the pen to the start of the next line; at the last line the window scrolls
    /// (§8.4.x scroll direction). Lines follow each other against the scroll direction; a scroll
    /// direction along the print direction counts as bottom-to-top (rows) or right-to-left
    /// (columns).
    mutating func newLine() {
        clampPen()
        if attributes.printDirection.isHorizontal {
            let down = attributes.scrollDirection != .topToBottom
            let next = penRow + (down ? 1 : -1)
            if (0..<rows).contains(next) {
                penRow = next
            } else {
                let saved = attributes.scrollDirection
                attributes.scrollDirection = down ? .bottomToTop : .topToBottom
                scroll()
                attributes.scrollDirection = saved
            }
        } else {
            let right = attributes.scrollDirection != .leftToRight
            let next = penColumn + (right ? 1 : -1)
            if (0..<columns).contains(next) {
                penColumn = next
            } else {
                let saved = attributes.scrollDirection
                attributes.scrollDirection = right ? .rightToLeft : .leftToRight
                scroll()
                attributes.scrollDirection = saved
            }
        }
        moveToLineStart()
    }

    /// Word wrap (§8.4.x): the pen ran past the edge; the word being written moves to the next
    /// line with it (left-to-right rows; other print directions wrap at the character).
    mutating func wrap() {
        guard attributes.printDirection == .leftToRight else {
            newLine()
            return
        }
        let row = min(max(penRow, 0), rows - 1)
        var word: [CEA708Cell] = []
        if let space = (0..<columns).last(where: { cell(row: row, column: $0).character == " " }),
            space < columns - 1, space > 0
        {
            word = (space + 1..<columns).map { cell(row: row, column: $0) }
            for column in space + 1..<columns { set(.empty, row: row, column: column) }
        }
        penRow = row
        newLine()
        for cell in word {
            set(cell, row: penRow, column: penColumn)
            step(forward: true)
        }
    }
}
