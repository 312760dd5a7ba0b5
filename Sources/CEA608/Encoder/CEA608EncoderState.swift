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
        var baseRow: Int
    }

    let channel: CaptionChannel
    private(set) var plans: [CaptionTransmissionPlan] = []
    private(set) var diagnostics: [Diagnostic] = []
    private var ends: [CaptionTransmissionPlan.End?] = []
    private var shown: [Shown] = []
    private var mode: CEA608CaptionMode?
    /// Whether non-displayed memory may hold text (after an EOC that swapped a caption out).
    private var nonDisplayedMayHoldText = false

    init(channel: CaptionChannel) {
        self.channel = channel
    }

    private var eraseWord: UInt16 {
        let bytes = channel.encode(
            first: ControlCommand.eraseDisplayedMemory.bytes.first,
            second: ControlCommand.eraseDisplayedMemory.bytes.second)
        return CEA608WordBuffer.word(bytes.first, bytes.second)
    }

    /// Adds the plan for `unit`, which must not start before the previous unit.
    ///
    /// A pop-on scene appears with its EOC on the start frame. A roll-up line or paint-on caption
    /// appears with its first visible character on the start frame; the words before it (EDM or
    /// CR, RU, PAC, tab offset, attribute codes) go out in the frames just before, and whatever
    /// they remove from the screen leaves on the first of them.
    mutating func add(_ unit: CEA608DisplayUnit, location: DiagnosticLocation) {
        let index = plans.count
        var preload = CEA608WordBuffer(channel: channel, capacity: 48)
        var anchored = CEA608WordBuffer(channel: channel, capacity: 8)
        let baseRow = unit.rows.last?.row ?? 15
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
            if mode != .paintOn { preload.append(.resumeDirectCaptioning) }
            var body = CEA608WordBuffer(channel: channel, capacity: 48)
            let notes = encodeRows(unit.rows, into: &body)
            let visible = body.firstVisibleUnit
            let addressEnd = body.addressEnd ?? 0
            var units = body.take()
            // When something is still on screen, an EDM goes after the PAC and tab offset,
            // which do not change the screen, just before the first cell is painted.
            let painting = Self.frames(units, upTo: visible) - Self.frames(units, upTo: addressEnd)
            let screenChange = unit.startFrame - Int64(painting) - 2
            eraseEnded(before: screenChange)
            var firstVisible = visible
            if !shown.isEmpty {
                units.insert(Self.unit(.eraseDisplayedMemory, channel: channel), at: min(addressEnd, units.count))
                firstVisible = visible.map { $0 >= addressEnd ? $0 + 1 : $0 }
                replaceShown(by: index, at: screenChange, start: unit.startFrame)
            }
            diagnostics += notes.map { Self.locate($0, location) }
            anchored.append(contentsOf: units, firstVisibleUnit: firstVisible)
        case .rollUp(let rows):
            // Every line of the caption goes on the base row, the later ones after a CR.
            func body(afterCarriageReturn: Bool) -> (units: [TransmissionUnit], visible: Int?, notes: [Diagnostic]) {
                var buffer = CEA608WordBuffer(channel: channel, capacity: 48)
                var notes: [Diagnostic] = []
                if mode != unit.mode { buffer.append(rollUpCommand(rows)) }
                for (offset, row) in unit.rows.enumerated() {
                    if offset > 0 { buffer.append(.carriageReturn) }
                    var onBase = row
                    onBase.row = baseRow
                    notes += encodeRows([onBase], into: &buffer, afterCarriageReturn: afterCarriageReturn || offset > 0)
                }
                let visible = buffer.firstVisibleUnit
                return (buffer.take(), visible, notes)
            }
            // The same window, still on screen until the CR: the CR rolls it. After a CR the
            // line needs no PAC when it starts in columns 0–3 in plain text; with one (2 frames
            // earlier) the CR can also meet a line that was meant to leave then.
            if mode == unit.mode && !shown.isEmpty
                && shown.allSatisfy({ $0.mode == unit.mode && $0.baseRow == baseRow })
            {
                for afterCarriageReturn in [true, false] {
                    let made = body(afterCarriageReturn: afterCarriageReturn)
                    let screenChange = unit.startFrame - Int64(Self.frames(made.units, upTo: made.visible)) - 2
                    guard shown.allSatisfy({ $0.end >= screenChange }) else { continue }
                    anchored.append(.carriageReturn)
                    rollOut(by: index, windowRows: rows, at: screenChange, start: unit.startFrame, location: location)
                    diagnostics += made.notes.map { Self.locate($0, location) }
                    anchored.append(contentsOf: made.units, firstVisibleUnit: made.visible)
                    break
                }
                if !anchored.units.isEmpty { break }
            }
            // A new window: an EDM first when anything else is on screen.
            let made = body(afterCarriageReturn: false)
            let screenChange = unit.startFrame - Int64(Self.frames(made.units, upTo: made.visible)) - 2
            eraseEnded(before: screenChange)
            if !shown.isEmpty {
                anchored.append(.eraseDisplayedMemory)
                replaceShown(by: index, at: screenChange, start: unit.startFrame)
            }
            diagnostics += made.notes.map { Self.locate($0, location) }
            anchored.append(contentsOf: made.units, firstVisibleUnit: made.visible)
        }
        mode = unit.mode
        shown.append(Shown(plan: index, end: unit.endFrame, mode: unit.mode, baseRow: baseRow))
        let offset = unit.mode == .popOn ? 0 : anchored.framesBeforeFirstVisible
        plans.append(
            CaptionTransmissionPlan(
                captionIndices: unit.captionIndices, mode: unit.mode, startFrame: unit.startFrame,
                end: .erase(atFrame: unit.endFrame), preload: preload.take(), anchored: anchored.take(),
                anchorOffset: offset, eraseWord: eraseWord))
        ends.append(nil)
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
                    "roll-up line \(captionList(shown[position].plan)) stays on screen until it rolls out of "
                        + "the window; an EDM would also erase the lines below it",
                    at: location, suggestedFix: "end roll-up lines when a later line pushes them out"))
            shown[position].end = .max
        }
    }

    private mutating func warnEarly(_ plan: Int, leaves frame: Int64, meant end: Int64) {
        diagnostics.append(
            Diagnostic(
                .warning, "608.overlap",
                "caption \(captionList(plan)) leaves the screen \(end - frame) frame(s) early, when the "
                    + "next caption replaces it (CEA-608 shows one caption memory at a time)",
                suggestedFix: "end the caption when the next one starts, or show both in one caption"))
    }

    private func captionList(_ plan: Int) -> String {
        plans[plan].captionIndices.map { String($0 + 1) }.joined(separator: ", ")
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

    /// Frames taken by `units[..<end]` (all of them when `end` is nil).
    private static func frames(_ units: [TransmissionUnit], upTo end: Int?) -> Int {
        var total = 0
        for unit in units.prefix(min(end ?? units.count, units.count)) { total += unit.count }
        return total
    }

    /// A doubled control code for `channel`.
    private static func unit(_ command: ControlCommand, channel: CaptionChannel) -> TransmissionUnit {
        let bytes = channel.encode(first: command.bytes.first, second: command.bytes.second)
        return TransmissionUnit(word: CEA608WordBuffer.word(bytes.first, bytes.second), count: 2)
    }

    private func rollUpCommand(_ rows: Int) -> ControlCommand {
        switch rows {
        case ...2: .rollUp2
        case 3: .rollUp3
        default: .rollUp4
        }
    }
}
