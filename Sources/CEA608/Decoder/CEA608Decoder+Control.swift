import CaptionCore

// Control codes: 47 CFR 15.119 (now 47 CFR 79.101): PACs and tab offsets (e)(1), caption modes
// (f), attributes (h)(1), doubled codes (i); CEA-608-B §6.2 (background and black foreground),
// §6.4.2 (extended characters), §7.4 (text mode); field bit: Specs/cea608/channels.md.

extension CEA608Decoder {
    /// Decodes a pair whose first byte (parity stripped) is 0x10–0x1F.
    mutating func decodeControl(_ byte1: UInt8, _ byte2: UInt8) -> CEA608DecodeStep {
        let word = Int32(byte1) << 8 | Int32(byte2)
        guard let normalized = CaptionChannel.normalize(first: byte1, second: byte2) else {
            previousControl = -1
            return CEA608DecodeStep(code: .undefined(byte1, byte2))
        }
        let isMiscellaneous = normalized.first == 0x14 && (0x20...0x2F).contains(normalized.second)
        // 15.119(i), CTA-608-E D.2: control codes are sent twice in successive frames; the
        // decoder acts on the first copy and ignores the identical second one, also when only
        // filler came between (a 23.976 fps transport puts filler there); a third copy counts
        // again, and so does a copy after any other pair (Specs/scc.md "Decoding").
        if previousControl == word {
            previousControl = -1
            let field = isMiscellaneous ? (byte1 & 0x07 == 0x05 ? 2 : 1) : activeField
            let service = CaptionChannel(field: field, dataChannel: normalized.dataChannel)
            return CEA608DecodeStep(code: .repeated, channel: service, accepted: service == channel)
        }
        previousControl = word
        var diagnostic: Diagnostic?
        if isMiscellaneous {
            // The field bit exists only on miscellaneous control codes (channels.md).
            let field = byte1 & 0x07 == 0x05 ? 2 : 1
            if field != channel.field && !reportedOtherField {
                reportedOtherField = true
                diagnostic = Diagnostic(
                    .info, "608.other-field",
                    "control code \(HexText.pair(byte1, byte2)) (parity stripped) is for field \(field) "
                        + "(CC\(field == 1 ? "1/CC2" : "3/CC4")); that service is not read for CC\(channel.rawValue)",
                    suggestedFix:
                        "read that service with \(CaptionFormatOptions.ParameterWords.channel) \(field == 1 ? 1 : 3)")
            }
            activeField = field
        }
        activeDataChannel = normalized.dataChannel
        let service = CaptionChannel(field: activeField, dataChannel: activeDataChannel)
        let code = Self.classify(first: normalized.first, second: normalized.second)
        if case .undefined = code {
            diagnostic = Diagnostic(
                .warning, "608.undefined-code",
                "control code \(HexText.pair(byte1, byte2)) (parity stripped) is not defined; ignored",
                suggestedFix: "remove the word, or check the file for corrupted bytes")
        }
        guard service == channel else {
            return CEA608DecodeStep(code: code, channel: service, diagnostic: diagnostic)
        }
        apply(code)
        if diagnostic == nil { diagnostic = pendingDiagnostic }
        pendingDiagnostic = nil
        return CEA608DecodeStep(code: code, channel: service, accepted: true, diagnostic: diagnostic)
    }

    /// The meaning of a control code in the channel 1, field 1 form.
    static func classify(first: UInt8, second: UInt8) -> CEA608DecodedCode {
        if let pac = PreambleAddressCode(first: first, second: second) { return .preambleAddress(pac) }
        if let midRow = MidRowCode(first: first, second: second) { return .midRow(midRow) }
        if let command = ControlCommand(first: first, second: second) { return .command(command) }
        if let attribute = BackgroundForegroundAttribute(first: first, second: second) {
            return .attribute(attribute)
        }
        if let character = CEA608CharacterSet.character(first: first, second: second) {
            return first == 0x11 ? .specialCharacter(character) : .extendedCharacter(character)
        }
        return .undefined(first, second)
    }

    // MARK: - Acting on a code

    mutating func apply(_ code: CEA608DecodedCode) {
        switch code {
        case .preambleAddress(let pac): applyPreamble(pac)
        case .midRow(let midRow):
            // A spacing attribute: a standard space in the old attributes, then the change
            // (15.119(h)(1)(i)-(iii)).
            put(" ")
            switch midRow.style {
            case .color(let color):
                pen.foreground = color
                pen.italic = false
            case .italics:
                pen.italic = true
            }
            pen.underline = midRow.underline
            pen.flash = false
        case .specialCharacter(let character):
            if let scalar = character.unicodeScalars.first { put(scalar) }
        case .extendedCharacter(let character):
            // CEA-608-B §6.4.2: replaces the character before it (the fallback), even when that
            // was itself an extended character.
            backUpOneColumn()
            if let scalar = character.unicodeScalars.first { put(scalar) }
        case .attribute(let attribute):
            applyAttribute(attribute)
        case .command(let command):
            applyCommand(command)
        case .padding, .parityError, .characters, .repeated, .xds, .undefined:
            break
        }
    }

    private mutating func applyPreamble(_ pac: PreambleAddressCode) {
        guard !isInTextMode else {
            cursorColumn = pac.indent
            return
        }
        let row = pac.row - 1
        if case .rollUp(let rows) = mode {
            // 15.119(f)(1): in roll-up the PAC's row is the base row; the window and its text
            // move there.
            if row != baseRow { moveRollUpWindow(to: row, rows: rows) }
            cursorRow = baseRow
        } else {
            cursorRow = row
        }
        cursorColumn = pac.indent
        pen = CEA608CellAttributes(foreground: pac.color, italic: pac.isItalic, underline: pac.underline)
    }

    private mutating func applyAttribute(_ attribute: BackgroundForegroundAttribute) {
        // CTA-608-E §6.2: sent after a standard space, which the code replaces ("an automatic
        // backspace"); it takes a cell like a mid-row code and holds to the end of the row. In
        // the first column (nothing written since the PAC, CR or tab that put the cursor there)
        // there is no space to back over: the code changes the pen and takes no cell, so the
        // text starts in column 1 as on a decoder without attribute codes ("text formatting
        // shall be the same on all decoders", §6.2; Specs/scc.md "Background attribute codes
        // after a PAC").
        let takesCell = !atFirstColumn
        if takesCell { backUpOneColumn() }
        var cellStyle = pen
        switch attribute {
        case .background(let color, let semiTransparent):
            pen.background = semiTransparent ? .semiTransparent(color) : .opaque(color)
            cellStyle.background = pen.background
        case .transparentBackground:
            pen.background = .transparent
            cellStyle.background = .transparent
        case .blackForeground(let underline):
            pen.foreground = .black
            pen.underline = underline
        }
        if takesCell { put(" ", style: cellStyle) }
    }

    /// Whether the cursor is in the first column with nothing before it to back over: an
    /// attribute code's automatic backspace (CTA-608-E §6.2) cannot happen there.
    private var atFirstColumn: Bool {
        isInTextMode ? textRow.isEmpty : cursorColumn == 0
    }

    private mutating func applyCommand(_ command: ControlCommand) {
        switch command {
        case .resumeCaptionLoading:
            leaveTextMode()
            mode = .popOn
        case .resumeDirectCaptioning:
            leaveTextMode()
            mode = .paintOn
        case .rollUp2, .rollUp3, .rollUp4:
            leaveTextMode()
            startRollUp(rows: command.rollUpRows ?? 2)
        case .textRestart:
            // CEA-608-B §7.4: clears the text screen; we close the row being received.
            flushTextRow(frame: currentFrame)
            isInTextMode = true
        case .resumeTextDisplay:
            isInTextMode = true
        case .backspace:
            backspace()
        case .deleteToEndOfRow:
            guard !isInTextMode else { return }
            eraseCells(from: min(cursorColumn, CEA608Memory.columns - 1))
        case .flashOn:
            put(" ")
            pen.flash = true
        case .alarmOff, .alarmOn:
            // Reserved (formerly alarm codes): decoders ignore them.
            break
        case .eraseDisplayedMemory:
            if !displayedMemory.isEmpty {
                displayedMemory.eraseAll()
                markAllChanged(cause: .erase)
            }
        case .eraseNonDisplayedMemory:
            if loadedSinceDisplay && !nonDisplayedMemory.isEmpty {
                pendingDiagnostic = Self.neverDisplayed("ENM erased it before any EOC")
            }
            loadedSinceDisplay = false
            nonDisplayedMemory.eraseAll()
        case .endOfCaption:
            // 15.119(f)(2): swap the memories; the caption appears now.
            if mode == .popOn && !loadedSinceDisplay {
                pendingDiagnostic = Diagnostic(
                    .info, "608.empty-eoc",
                    nonDisplayedMemory.isEmpty
                        ? "End Of Caption with nothing loaded: it clears the screen"
                        : "End Of Caption with nothing newly loaded: the caption shown before comes back",
                    suggestedFix: "use EDM (942c) to clear the screen, or load a caption before EOC")
            }
            loadedSinceDisplay = false
            leaveTextMode()
            if !(displayedMemory.isEmpty && nonDisplayedMemory.isEmpty) {
                swap(&displayedMemory, &nonDisplayedMemory)
                markAllChanged(cause: .swap)
            }
            mode = .popOn
        case .carriageReturn:
            carriageReturn()
        case .tabOffset1, .tabOffset2, .tabOffset3:
            // 15.119(e)(1)(ii): moves the cursor right, never past the last column.
            cursorColumn = min(cursorColumn + (command.tabOffsetColumns ?? 0), CEA608Memory.columns - 1)
        }
    }

    // MARK: - Cursor and memory operations

    /// Moves the cursor one column left, as extended characters and attribute codes do; the
    /// cell written next replaces the one there.
    mutating func backUpOneColumn() {
        if isInTextMode {
            if !textRow.isEmpty { textRow.removeLast() }
            return
        }
        cursorColumn = max(0, min(cursorColumn, CEA608Memory.columns) - 1)
        if writesToDisplay { changeCause = .replace }
    }

    private mutating func backspace() {
        if isInTextMode {
            if !textRow.isEmpty { textRow.removeLast() }
            return
        }
        // 15.119 miscellaneous control codes: BS moves left one column and erases that cell.
        guard cursorColumn > 0 else { return }
        cursorColumn -= 1
        eraseCells(from: cursorColumn, to: cursorColumn + 1)
    }

    private mutating func eraseCells(from: Int, to: Int = CEA608Memory.columns) {
        if writesToDisplay {
            displayedMemory.erase(row: cursorRow, from: from, to: to)
            markChanged(row: cursorRow, cause: .paint)
        } else {
            nonDisplayedMemory.erase(row: cursorRow, from: from, to: to)
        }
    }

    private mutating func startRollUp(rows: Int) {
        if case .rollUp = mode {
            // Changing the window size keeps the text; rows above the new window go.
            let top = baseRow - rows + 1
            for row in 0..<max(0, top) where !displayedMemory.isRowEmpty(row) {
                displayedMemory.eraseRow(row)
                markChanged(row: row, cause: .erase)
            }
        } else {
            // 15.119(f)(1): entering roll-up from pop-on or paint-on erases the screen and the
            // non-displayed memory.
            if !displayedMemory.isEmpty {
                displayedMemory.eraseAll()
                markAllChanged(cause: .erase)
            }
            nonDisplayedMemory.eraseAll()
            cursorRow = baseRow
            cursorColumn = 0
            pen = .default
        }
        mode = .rollUp(rows: rows)
    }

    private mutating func carriageReturn() {
        if isInTextMode {
            flushTextRow(frame: currentFrame)
            return
        }
        // CR acts only in roll-up (15.119(f)(1)): the window rolls up one row, the top row
        // goes, and the cursor returns to column 0 of the (now empty) base row.
        guard case .rollUp(let rows) = mode else { return }
        let top = max(0, baseRow - rows + 1)
        var anything = false
        for row in top...baseRow where !displayedMemory.isRowEmpty(row) { anything = true }
        if anything {
            displayedMemory.eraseRow(top)
            if top < baseRow {
                for row in (top + 1)...baseRow { displayedMemory.moveRow(row, to: row - 1) }
            }
            for row in top...baseRow { markChanged(row: row, cause: .roll) }
        }
        cursorRow = baseRow
        cursorColumn = 0
        pen = .default
    }

    private mutating func moveRollUpWindow(to newBase: Int, rows: Int) {
        let delta = newBase - baseRow
        let oldTop = max(0, baseRow - rows + 1)
        let window = Array(oldTop...baseRow)
        let ordered = delta > 0 ? window.reversed() : window
        for row in ordered {
            guard (0..<CEA608Memory.rows).contains(row + delta) else {
                // 15.119(f)(1): the window is the base row and the rows above it; rows that would
                // move above row 1 have no place on the screen and are erased, not left behind.
                if !displayedMemory.isRowEmpty(row) {
                    displayedMemory.eraseRow(row)
                    markChanged(row: row, cause: .roll)
                }
                continue
            }
            if !displayedMemory.isRowEmpty(row) || !displayedMemory.isRowEmpty(row + delta) {
                displayedMemory.moveRow(row, to: row + delta)
                markChanged(row: row, cause: .roll)
                markChanged(row: row + delta, cause: .roll)
            }
        }
        baseRow = newBase
    }

    mutating func leaveTextMode() {
        guard isInTextMode else { return }
        flushTextRow(frame: currentFrame)
        isInTextMode = false
    }

    mutating func flushTextRow(frame: Int64) {
        guard !textRow.isEmpty else { return }
        textLines.append(CEA608TextLine(startFrame: textRowStart, endFrame: frame, text: String(textRow)))
        textRow = String.UnicodeScalarView()
    }
}
