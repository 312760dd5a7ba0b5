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
            diagnostics += encodeRows(unit.rows, into: &preload).map { Self.locate($0, location) }
            anchored.append(.endOfCaption)
            nonDisplayedMayHoldText = !shown.isEmpty
            replaceShown(by: index, at: unit.startFrame, start: unit.startFrame)
        case .paintOn:
            paintOn(unit, index: index, preload: &preload, anchored: &anchored, anchorOffset: &anchorOffset)
            diagnostics += encodeRows(unit.rows, into: &anchored).map { Self.locate($0, location) }
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
            // Every line of the caption goes on the base row, the later ones after a CR.
            for (offset, row) in unit.rows.enumerated() {
                if offset > 0 { anchored.append(.carriageReturn) }
                var onBase = row
                onBase.row = baseRow
                let notes = encodeRows([onBase], into: &anchored, afterCarriageReturn: onSameBase || offset > 0)
                diagnostics += notes.map { Self.locate($0, location) }
            }
        }
        mode = unit.mode
        shown.append(Shown(plan: index, end: unit.endFrame, mode: unit.mode, rows: unit.rows))
        if unit.mode.isRollUp { restackWindow() }
        plans.append(
            CaptionTransmissionPlan(
                captionIndices: unit.captionIndices, mode: unit.mode, startFrame: unit.startFrame,
                end: .erase(atFrame: unit.endFrame), preload: preload.take(), anchored: anchored.take(),
                anchorOffset: anchorOffset, eraseWord: eraseWord))
        ends.append(nil)
    }

    /// What a paint-on caption needs before its own rows (15.119(f)(3)): RDC when the mode
    /// changes, and an erase only for what must leave and is not painted over. RDC does not
    /// change the screen, so captions meant to stay (any mode) stay.
    private mutating func paintOn(
        _ unit: CEA608DisplayUnit, index: Int, preload: inout CEA608WordBuffer, anchored: inout CEA608WordBuffer,
        anchorOffset: inout Int
    ) {
        let start = unit.startFrame
        eraseEnded(before: start - 2)
        // Captions meant to stay whose cells the new text paints over are spoiled: they leave.
        let needsErase = shown.contains {
            !($0.end > start && !Self.overlaps($0.rows, unit.rows)) && !Self.covers(unit.rows, $0.rows)
        }
        if needsErase {
            // One EDM erases the whole screen, so whatever was meant to stay leaves too (reported).
            let frame = start - Int64(mode == .paintOn ? 2 : 4)
            anchored.append(.eraseDisplayedMemory)
            anchorOffset = mode == .paintOn ? 2 : 4
            replaceShown(by: index, at: frame, start: start)
            // RDC does not change the screen (15.119(f)(3)), but FFmpeg loses a caption still
            // shown when RDC arrives (WriterCrossCheckTests): it follows the EDM.
            if mode != .paintOn { anchored.append(.resumeDirectCaptioning) }
            return
        }
        // What leaves is painted over by the new text at its start; the rest stays.
        var kept: [Shown] = []
        for item in shown {
            if item.end > start && !Self.overlaps(item.rows, unit.rows) {
                kept.append(item)
            } else {
                ends[item.plan] = .replaced(byPlan: index)
                if item.end > start { warnEarly(item.plan, leaves: start, meant: item.end) }
            }
        }
        shown = kept
        // RDC changes nothing on screen: it goes out ahead, with the free frames.
        if mode != .paintOn { preload.append(.resumeDirectCaptioning) }
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

    /// Whether `painting` writes over every cell of `old` (so `old` needs no erase).
    private static func covers(_ painting: [CEA608Row], _ old: [CEA608Row]) -> Bool {
        old.allSatisfy { x in
            x.cells.isEmpty
                || painting.contains { y in
                    y.row == x.row && y.column <= x.column && y.column + y.cells.count >= x.column + x.cells.count
                }
        }
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
    private func encodeRows(_ rows: [CEA608Row], into buffer: inout CEA608WordBuffer, afterCarriageReturn: Bool = false)
        -> [Diagnostic]
    {
        var notes: [Diagnostic] = []
        var previousRow = 0
        for row in rows {
            if row.row == previousRow {
                notes.append(
                    Diagnostic(
                        .warning, "608.rows", "two captions shown together share row \(row.row)",
                        suggestedFix: "place captions shown at the same time on different rows"))
            }
            previousRow = row.row
            let moved = CEA608RowEncoder.encode(row, into: &buffer, afterCarriageReturn: afterCarriageReturn)
            if moved > 0 {
                notes.append(
                    Diagnostic(
                        .warning, "608.mid-row",
                        "row \(row.row): style changes without a space to hold their codes move the text "
                            + "\(moved) column(s) right",
                        suggestedFix: "change styles at spaces: each attribute code takes a cell"))
            }
        }
        return notes
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
