// The roll-up window in the encoder's model of the screen. Source: 47 CFR 15.119(f)(1) (now 47
// CFR 79.101): RU2–RU4 set the window's depth above the base row; a CR rolls the window up one
// row (the top row leaves) and puts the cursor at the start of the empty base row, where the
// text after it goes however much later; a PAC in roll-up moves the base row and the window with
// it. See Specs/scc.md, "Roll-up".
import CaptionCore

extension EncoderState {
    /// The roll-up window's depth, while in roll-up.
    var windowDepth: Int? {
        if case .rollUp(let rows) = mode { return rows }
        return nil
    }

    /// The rows left empty at the bottom of the roll-up window by CRs that rolled lines out
    /// before the next line came: the base row and maybe rows above it. 0 when the newest line
    /// is on the base row, or nothing is shown.
    var emptyRowsBelow: Int {
        var lowest: Int?
        for item in shown where item.mode.isRollUp {
            for row in item.rows { lowest = max(lowest ?? row.row, row.row) }
        }
        return lowest.map { max(0, windowBase - $0) } ?? 0
    }

    /// Moves the roll-up lines shown `delta` rows down (−1: a CR rolls them up one row).
    mutating func moveWindowRows(by delta: Int) {
        for item in shown.indices where shown[item].mode.isRollUp {
            for line in shown[item].rows.indices { shown[item].rows[line].row += delta }
        }
    }

    /// Rolls the window's top line out with a CR of its own when it leaves (`end`) before the
    /// lines below it and before the next line starts: an EDM would erase those lines too. One
    /// CR takes the line on the window's top row and nothing else (in a window not yet filled,
    /// an RU first makes it the top row); the other lines move up a row and the base row is left
    /// empty, the cursor at its start, for the next line, which then needs no CR (Specs/scc.md,
    /// "Roll-up"). Returns whether it did.
    ///
    /// The CR goes at the line's end, or later: once the newest line's words can be out
    /// (``newestWordsSent``: the CR must not roll the window before they arrive, and
    /// ``CaptionTransmissionPlan/anchoredDeadline`` keeps them before it when plans are shifted),
    /// and, after another such CR, with an RU of the window's depth before it
    /// (``CaptionTransmissionPlan/endLeadWord``). The line then stays a few frames longer
    /// (reported, `608.roll-up-end`). The CR goes no later than `limit`, so that a frame without
    /// a word separates it from the next line's words (a reader would take the CR for the start
    /// of that line: Specs/scc.md, "Start of a roll-up line or paint-on caption").
    mutating func rollOutTop(endingAt end: Int64, limit: Int64) -> Bool {
        guard let depth = windowDepth, shown.count >= 2, let top = shown.first, top.end == end,
            top.mode.isRollUp, top.rows.count == 1, shown.allSatisfy(\.mode.isRollUp), !plans.isEmpty
        else { return false }
        // The depth that puts the line on the window's top row: the window's own, once earlier
        // lines filled it; else an RU of that depth first shrinks the window to it (the lines
        // below it are inside; nothing changes on screen), and the next line's RU gives the
        // window its depth again. Two CRs would take the line as well, but FFmpeg and ttconv
        // lose or keep lines when CRs follow each other with nothing between (measured with
        // hand-made files; Specs/scc.md, "Roll-up").
        // (A window deeper than the rows above its base row has the screen's top row as its top.)
        let needed = top.rows[0].row == max(1, windowBase - depth + 1) ? depth : windowBase - top.rows[0].row + 1
        guard (2...depth).contains(needed) else { return false }
        // After another CR, nothing between them but this RU: its two frames come first.
        let lead: Int64 = needed < depth || emptyRowsBelow > 0 ? 2 : 0
        var frame = max(end, newestWordsSent + lead)
        if lead > 0 { frame = max(frame, lastRollAhead + 2 + lead) }
        // The lines below stay past the CR, both its frames (one that leaves first needs the
        // EDM, which takes this line as well; one that leaves on the CR's second frame would
        // send its own end word there).
        guard frame <= limit, shown.dropFirst().allSatisfy({ $0.end >= frame + 2 }) else { return false }
        ends[top.plan] = .erase(atFrame: frame)
        plans[top.plan].endWord = carriageReturnWord
        if lead > 0 {
            let ru = rollUpCommand(needed).bytes
            let bytes = channel.encode(first: ru.first, second: ru.second)
            plans[top.plan].endLeadWord = CEA608WordBuffer.word(bytes.first, bytes.second)
            mode = .rollUp(rows: needed)
        }
        let newest = plans.count - 1
        plans[newest].anchoredDeadline = min(plans[newest].anchoredDeadline ?? .max, frame - lead)
        if frame > end {
            diagnostics.append(
                Diagnostic(
                    .warning, "608.roll-up-end",
                    "roll-up line \(CaptionNumbers.list(plans[top.plan].captionIndices)) stays on screen "
                        + "\(frame - end) frame(s) past its end, until the line below it is sent; an EDM would "
                        + "also erase the lines below it",
                    at: location(ofFrame: end), suggestedFix: "end roll-up lines after the next line's words are sent"))
        }
        shown.removeFirst()
        moveWindowRows(by: -1)
        lastRollAhead = frame
        return true
    }

    /// Appends the words that open roll-up `unit` (RU, CR, EDM as needed) to `anchored`, and
    /// updates the model: the window goes on while its lines are on screen, or a new one opens.
    /// Returns whether the line's first row follows a CR on the same base row (the cursor at the
    /// row's start with plain attributes: columns 0–3 need no PAC), and whether its first word
    /// must itself be where a reader starts the line (nothing before it in its block).
    ///
    /// Lines that leave before the unit starts roll out with CRs of their own where they reach
    /// the window's top (``rollOutTop(endingAt:limit:)``), leaving empty rows at the bottom; the
    /// line then goes on the empty base row with no CR of its own, unless a line must leave on
    /// its start frame, which its CR takes. A change of depth is an RU and a move of the base row
    /// a PAC; neither erases the lines in the window (15.119(f)(1)), but the RU of a shallower
    /// window takes the lines above it, at its own frame (as CEA608Decoder does). A line that
    /// must leave and that no CR can take alone (not on the window's top row, or with others
    /// leaving at once) needs an EDM, which erases the window: a new one opens.
    mutating func openRollUpLine(
        _ unit: CEA608DisplayUnit, rows: Int, index: Int, anchored: inout CEA608WordBuffer, anchorOffset: inout Int,
        location: DiagnosticLocation
    ) -> (afterCarriageReturn: Bool, opensLine: Bool) {
        let start = unit.startFrame
        let baseRow = unit.rows.last?.row ?? 15
        if mode?.isRollUp == true, !shown.isEmpty, shown.allSatisfy({ $0.mode.isRollUp }) {
            let depthChanges = mode != unit.mode
            // A CR ahead goes by three frames before the line's first word, a frame without a
            // word between them, or right before an RU that the line opens with in the two
            // frames before its start (for a new depth, or when a line left after a CR ahead
            // must leave on the start frame): the line's own CR then starts it.
            let ruFirst = depthChanges || shown.filter { $0.end <= start }.count >= 2
            let limit = start - (ruFirst ? 4 : 3)
            eraseEnded(before: limit + 1, rollLimit: limit)
        }
        let continuing = mode?.isRollUp == true && !shown.isEmpty && shown.allSatisfy { $0.mode.isRollUp }
        // (A CR ahead may have shrunk the window.)
        let depthChanges = mode?.isRollUp == true && mode != unit.mode
        let depthTop = windowBase - rows + 1
        // Lines above a shallower window leave with its RU.
        let removedByDepth = depthChanges ? shown.prefix { $0.rows.contains { $0.row < depthTop } }.count : 0
        let empty = emptyRowsBelow
        // The lines a CR on the start frame would roll out of the window (a window deeper than
        // the rows above its base row reaches the screen's top row).
        let rolledByCR = shown.dropFirst(removedByDepth).prefix { item in
            item.rows.contains { $0.row - 1 < max(1, depthTop) }
        }.count
        let needsCR =
            empty == 0 || shown.dropFirst(removedByDepth).prefix(rolledByCR).contains { $0.end <= start }
        let ruFrame = needsCR ? start - 2 : start
        let goesOn =
            continuing
            && shown.indices.allSatisfy { position in
                let end = shown[position].end
                if position < removedByDepth { return end >= start - 2 }
                if needsCR && position - removedByDepth < rolledByCR { return true }
                return end >= start
            }
        guard goesOn else {
            // A new window: an EDM first when anything else is on screen, then RU. Entering
            // roll-up from pop-on or paint-on, the RU itself erases the screen (15.119(f)(1)),
            // on its frame, the start: the EDM goes once, in the frame just before, for decoders
            // that do not (ttconv kept a pop-on caption and mixed the line into it, FFmpeg
            // showed it again after the window, measured with hand-made files), and what leaves
            // leaves a frame early, not two (a pop-on caption before a live roll-up window that
            // its RU erased came back two frames short).
            let switching = mode != nil && mode?.isRollUp != true
            let lead = switching ? 1 : 2
            eraseEnded(before: start - Int64(lead))
            if !shown.isEmpty {
                anchored.append(.eraseDisplayedMemory, once: switching)
                anchorOffset = lead
                replaceShown(by: index, at: start - Int64(lead), start: start, when: Self.erasedBeforeNext)
            }
            if mode != unit.mode { anchored.append(rollUpCommand(rows)) }
            windowBase = baseRow
            return (false, false)
        }
        // An RU first for a new depth, and before a CR that follows a CR sent ahead (as for
        // ``CaptionTransmissionPlan/endLeadWord``). With a CR, it goes in the two frames before
        // the start, so the CR lands on the start frame, where the reader starts the line (a
        // later CR replaces an earlier one); without, on the start frame, where it starts it.
        let ruFirst = depthChanges || (needsCR && empty > 0)
        if ruFirst {
            anchored.append(rollUpCommand(rows))
            if needsCR { anchorOffset = 2 }
            // Lines above the new window leave with the RU: reported when meant to stay longer.
            // They were taken to leave with the CR, two frames later: a line meant to end at the
            // start left two frames early without a word, and read back, ending at the RU, it
            // made the rewrite erase the window (a fuzzing finding of 2026-11-27;
            // Fixtures/fuzz/scc/roll-up-lines-above-a-shallower-window.scc).
            takeOff(
                removedByDepth, by: index, at: ruFrame,
                when: "the roll-up window shrinks to \(rows) rows and has no row for it")
        }
        if needsCR {
            anchored.append(.carriageReturn)
            rollOut(by: index, windowRows: rows, at: start, start: start, location: location)
        } else {
            keepUntilRolledOut(start: start, location: location)
        }
        var onSameBase = true
        if baseRow != windowBase {
            // The PAC (after the CR, if any) moves the window and its lines to the new base row;
            // lines that would rise above row 1 have no place and go.
            onSameBase = false
            moveWindowRows(by: baseRow - windowBase)
            takeOff(
                shown.prefix { $0.rows.contains { $0.row < 1 } }.count, by: index, at: start,
                when: "the roll-up window moves to base row \(baseRow), with no row left for it")
        }
        windowBase = baseRow
        return (onSameBase, !needsCR && !ruFirst)
    }

    /// Gives the roll-up line `rows` (the unit's rows, as shown) their rows in the window, the
    /// last on the base row, and moves the lines shown up for each CR between the unit's rows:
    /// the lines a CR rolls out of the window leave, reported when meant to stay.
    mutating func placeInWindow(_ rows: inout [CEA608Row], index: Int, start: Int64) {
        let extra = max(0, rows.count - 1)
        if extra > 0, let depth = windowDepth {
            moveWindowRows(by: -extra)
            let top = max(1, windowBase - depth + 1)
            takeOff(
                shown.prefix { $0.rows.contains { $0.row < top } }.count, by: index, at: start,
                when: "a later row of the next caption rolls it out of the \(depth)-row roll-up window",
                fix: "end roll-up lines when a later line pushes them out, or use a deeper window")
        }
        for line in rows.indices { rows[line].row = windowBase - (rows.count - 1 - line) }
    }

    /// Whether `word`, the first of a line sent after a CR that went ahead of it, is where a
    /// reader starts the line: a PAC or tab offset, or a pair that shows a character other than
    /// a space. A space or an attribute code shows nothing new, and the line would be read from
    /// its first character, later than its start (a CR sent long before the text does not start
    /// it: Specs/scc.md, "Start of a roll-up line or paint-on caption"); such a line goes with a
    /// PAC first.
    static func startsALine(_ word: UInt16?) -> Bool {
        guard let word else { return false }
        let first = UInt8(truncatingIfNeeded: word >> 8) & 0x7F
        let second = UInt8(truncatingIfNeeded: word) & 0x7F
        if let control = CaptionChannel.normalize(first: first, second: second) {
            if PreambleAddressCode(first: control.first, second: control.second) != nil { return true }
            switch ControlCommand(first: control.first, second: control.second) {
            case .tabOffset1, .tabOffset2, .tabOffset3: return true
            default: return false
            }
        }
        return (0x21...0x7F).contains(first) || (0x21...0x7F).contains(second)
    }
}
