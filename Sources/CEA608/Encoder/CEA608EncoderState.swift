// The decoder state the encoder follows. Sources: 47 CFR 15.119(f) (now 47 CFR 79.101): EOC
// swaps the memories, so after a swap non-displayed memory holds what was on screen; RU, RDC and
// RCL select the mode; CR rolls the window up one row; EDM erases the screen, ENM non-displayed
// memory.
import CaptionCore

/// Follows what a decoder would show while the encoder turns display units into plans.
struct EncoderState {
    /// A plan on screen and the frame it should leave.
    struct Shown: Equatable {
        var plan: Int
        var end: Int64
        var mode: CEA608CaptionMode
        /// Its rows as last sent (a roll-up line's row as it entered the window).
        var rows: [CEA608Row]
    }

    let channel: CaptionChannel
    /// The frame rate of the frames, for the times of findings.
    let rate: FrameRate
    var plans: [CaptionTransmissionPlan] = []
    var diagnostics: [Diagnostic] = []
    var ends: [CaptionTransmissionPlan.End?] = []
    var shown: [Shown] = []
    var mode: CEA608CaptionMode?
    /// Whether non-displayed memory may hold text (after an EOC that swapped a caption out).
    var nonDisplayedMayHoldText = false
    /// The roll-up window's base row (1–15) while roll-up lines are shown.
    var windowBase = 15
    /// The earliest frame by which the newest plan's anchored words can be out: the end of its
    /// block, or later where the plans before it, one word per frame, leave it no room there
    /// (``TransmissionScheduler`` then delays it, when shifts are allowed).
    var newestWordsSent = Int64.min
    /// The frame of the last CR that rolled a line out ahead of the next line
    /// (``rollOutTop(endingAt:limit:)``).
    var lastRollAhead = Int64.min

    /// The EDM word for the channel, parity added.
    private let eraseWord: UInt16
    /// The CR word for the channel, parity added.
    let carriageReturnWord: UInt16

    init(channel: CaptionChannel, rate: FrameRate) {
        self.channel = channel
        self.rate = rate
        func word(_ command: ControlCommand) -> UInt16 {
            let bytes = channel.encode(first: command.bytes.first, second: command.bytes.second)
            return CEA608WordBuffer.word(bytes.first, bytes.second)
        }
        eraseWord = word(.eraseDisplayedMemory)
        carriageReturnWord = word(.carriageReturn)
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
        var tabbedPreload: [TransmissionUnit]?
        // The rows as a decoder shows them once the words are sent: the unit's rows, but where
        // attribute codes without a spare cell moved text right (a fuzzing finding of
        // 2026-11-25, Fixtures/fuzz/scc/roll-up-text-moved-then-painted-over-fuzz.scc: the
        // model kept the text where the document has it, and a paint-on caption over it painted
        // too little).
        var shownRows = unit.rows
        // The same with the cells that attribute codes took in the style they show in: the model
        // of the screen that later captions are painted over (`withCodeCellStyles`).
        var shownLooks = unit.rows
        switch unit.mode {
        case .popOn:
            eraseEnded(before: unit.startFrame)
            preload.append(.resumeCaptionLoading)
            if nonDisplayedMayHoldText { preload.append(.eraseNonDisplayedMemory) }
            // The same words with short gaps jumped, for when the preload does not fit.
            var tabbed: CEA608WordBuffer? = unit.rows.contains { $0.cells.contains(where: \.isGap) } ? preload : nil
            var notes = encodeRows(unit.rows, into: &preload, shows: &shownRows, looks: &shownLooks)
            if var buffer = tabbed {
                // Only where the jumps leave the text where the spaces do: the spaces' form may
                // show a code's cell in a gap as a space where the jump leaves the gap, as the
                // caption has it (the model of the screen, which later paint-on captions are
                // painted over, holds the spaces' form).
                var shows: [CEA608Row] = []
                var looks: [CEA608Row] = []
                let tabbedNotes = encodeRows(
                    unit.rows, into: &buffer, tabsOverShortGaps: true, shows: &shows, looks: &looks)
                if shownRows != unit.rows && shows == unit.rows {
                    // Where codes with too few spare cells move text right and PACs over short
                    // gaps do not, the jumps go whether or not time is short, as for a roll-up
                    // line (Fixtures/fuzz/scc/roll-up-row-past-column-32-loses-a-character-at-each-write-fuzz.scc).
                    preload = buffer
                    shownRows = shows
                    shownLooks = looks
                    notes = tabbedNotes
                    tabbed = nil
                } else {
                    tabbed = Self.characters(shows) == Self.characters(shownRows) ? buffer : nil
                }
            }
            diagnostics += notes.map { Self.locate($0, location) }
            tabbedPreload = tabbed?.take()
            if plans.isEmpty { startStateUnits = Self.startStateUnits(preload.units, channel: channel) }
            anchored.append(.endOfCaption)
            nonDisplayedMayHoldText = !shown.isEmpty
            replaceShown(
                by: index, at: unit.startFrame, start: unit.startFrame,
                when: "the next caption replaces it (CEA-608 shows one caption memory at a time)")
        case .paintOn:
            let painting = paintOn(
                unit, index: index, preload: &preload, anchored: &anchored, anchorOffset: &anchorOffset,
                location: location)
            var leanShows: [CEA608Row] = []
            var leanLooks: [CEA608Row] = []
            var leanBuffer: CEA608WordBuffer?
            var leanNotes: [Diagnostic] = []
            if let lean = painting.lean {
                // Painting only what changes is the fallback when the whole rows do not fit:
                // other readers (ttconv) build their text from what is sent. It needs no erase.
                var buffer = anchorOffset == 0 ? anchored : CEA608WordBuffer(channel: channel, capacity: 48)
                leanNotes = encodeRows(lean, into: &buffer, jumpsOverGaps: false, shows: &leanShows, looks: &leanLooks)
                leanBuffer = buffer
            }
            var shows: [CEA608Row] = []
            var looks: [CEA608Row] = []
            let notes = encodeRows(painting.rows, into: &anchored, jumpsOverGaps: false, shows: &shows, looks: &looks)
            shownRows = Self.rows(unit.rows, painted: painting.rows, shows: shows)
            shownLooks = Self.rows(unit.rows, painted: painting.rows, shows: looks)
            let leanShown = painting.lean.map { Self.rows(unit.rows, painted: $0, shows: leanShows) }
            // The changes' opening attribute codes take cells left of them, each shown as a
            // standard space (15.119(h)(1)); in a cell the caption wants transparent, the space
            // shows inside its text, which the whole rows do not show: the changes then leave
            // another screen, and are no form of the caption. Taken for one as a fallback, they
            // were read back with a space there, whose whole rows were shorter and did fit: the
            // rewrite sent those (a fuzzing finding of 2026-11-28,
            // Fixtures/fuzz/scc/paint-on-changes-with-a-code-in-a-transparent-cell-fuzz.scc).
            // Where the whole rows put a code in the same transparent cell, both forms show the
            // space there, and the changes are a form of the caption as sent: refused, the first
            // write sent the whole rows (a code in the gap), read back with a space there, whose
            // changes were allowed and went at the rewrite (a fuzzing finding of 2026-11-28,
            // Fixtures/fuzz/scc/paint-on-changes-after-a-cleared-cell-rewritten-with-a-tab-offset-fuzz.scc).
            // (Worked out only where a condition below needs it: it encodes the rows again.)
            lazy var codesInGaps = (painting.lean ?? []).contains { row in
                guard let whole = unit.rows.first(where: { $0.row == row.row }) else { return false }
                let wholeCodes = painting.rows.first { $0.row == row.row }.map(Self.codeColumnsInGaps(of:)) ?? []
                return CEA608RowEncoder.openingCodeColumns(of: row).contains { column in
                    let offset = column - whole.column
                    return whole.cells.indices.contains(offset) && whole.cells[offset].isGap
                        && !wholeCodes.contains(column)
                }
            }
            if var buffer = leanBuffer, leanShown == shownRows, !codesInGaps {
                // The fallback only where it leaves the screen as the whole rows do.
                leanAnchored = buffer.take()
                diagnostics += notes.map { Self.locate($0, location) }
            } else if let buffer = leanBuffer, leanShown == unit.rows, !codesInGaps {
                // Whole rows move text right (attribute codes with no spare cell) where painting
                // only what changes does not, since the screen holds the cells before the change
                // already: the changes are what shows the caption, and go instead.
                anchored = buffer
                anchorOffset = 0
                shownRows = unit.rows
                shownLooks = Self.rows(unit.rows, painted: painting.lean ?? [], shows: leanLooks)
                diagnostics += leanNotes.map { Self.locate($0, location) }
            } else {
                diagnostics += notes.map { Self.locate($0, location) }
            }
            // 15.119(f)(3): each row shows as it is painted, after its own PAC; read back, a row
            // painted after another is a caption of its own from then (Specs/scc.md, "From the
            // screen to captions"), as ttconv reads it too.
            let paintedRows = Set(
                (leanShown == unit.rows && leanBuffer != nil ? painting.lean ?? [] : painting.rows).map(\.row))
            if paintedRows.count > 1 {
                diagnostics.append(
                    Diagnostic(
                        .warning, "608.paint-on-rows",
                        "\(CaptionNumbers.subject(unit.captionIndices)) painted row by row: read back, each of its "
                            + "\(paintedRows.count) rows is a caption of its own from when it is painted",
                        at: location,
                        suggestedFix: "give paint-on captions one row each, or use pop-on for captions of several rows")
                )
            }
        case .rollUp(let rows):
            let opening = openRollUpLine(
                unit, rows: rows, index: index, anchored: &anchored, anchorOffset: &anchorOffset, location: location)
            var onSameBase = opening.afterCarriageReturn
            // The same words with gaps of two or three jumped by tab offsets, for when the line
            // does not fit otherwise (Specs/scc.md, "Cells that show the picture"); only a line
            // with cells that show the picture can have them.
            var tabbed: CEA608WordBuffer? = unit.rows.contains { $0.cells.contains(where: \.isGap) } ? anchored : nil
            var notes: [Diagnostic] = []
            var looks: [CEA608Row] = []
            var movesText = false
            var tabbedNotes: [Diagnostic] = []
            var tabbedLooks: [CEA608Row] = []
            var tabbedMovesText = false
            // Every line of the caption goes on the base row, the later ones after a CR.
            for (offset, row) in unit.rows.enumerated() {
                if offset > 0 {
                    anchored.append(.carriageReturn)
                    tabbed?.append(.carriageReturn)
                }
                var onBase = row
                onBase.row = baseRow
                var lineShows: [CEA608Row] = []
                var lineLooks: [CEA608Row] = []
                if opening.opensLine && offset == 0 && opening.afterCarriageReturn {
                    // With no CR of its own, the line must open with a word that starts it. A
                    // window that moves to another base row needs its PAC whatever the first word
                    // (a fuzzing finding of 2026-11-29, Fixtures/fuzz/scc/
                    // roll-up-window-moved-after-a-carriage-return-ahead-fuzz.scc: the line went
                    // on the old base row with no warning).
                    var trial = anchored
                    _ = encodeRows([onBase], into: &trial, afterCarriageReturn: true)
                    onSameBase = Self.startsALine(trial.units.first?.word)
                }
                notes += encodeRows(
                    [onBase], into: &anchored, afterCarriageReturn: onSameBase || offset > 0, shows: &lineShows,
                    looks: &lineLooks)
                movesText = movesText || lineShows != [onBase]
                looks += lineLooks
                if var buffer = tabbed {
                    tabbedNotes += encodeRows(
                        [onBase], into: &buffer, afterCarriageReturn: onSameBase || offset > 0, tabsOverShortGaps: true,
                        shows: &lineShows, looks: &lineLooks)
                    tabbedMovesText = tabbedMovesText || lineShows != [onBase]
                    tabbedLooks += lineLooks
                    tabbed = buffer
                }
            }
            if movesText, !tabbedMovesText, let buffer = tabbed {
                // Codes with too few spare cells move text right (past column 32 it is lost,
                // 15.119(e)(1)) where a PAC over a short gap sets the style with no code: the
                // jumps show the line as it is, and go whether or not time is short. Kept as a
                // fallback, they went only when the next caption did not fit, and the line read
                // back from them, with more time, went with the codes and lost a character (a
                // fuzzing finding of 2026-11-28,
                // Fixtures/fuzz/scc/roll-up-row-past-column-32-loses-a-character-at-each-write-fuzz.scc).
                anchored = buffer
                tabbed = nil
                notes = tabbedNotes
                looks = tabbedLooks
            }
            diagnostics += notes.map { Self.locate($0, location) }
            for (offset, line) in looks.enumerated() where shownLooks.indices.contains(offset) {
                shownLooks[offset].column = line.column
                shownLooks[offset].cells = line.cells
            }
            tabbedAnchored = tabbed?.take()
        }
        mode = unit.mode
        if unit.mode.isRollUp { placeInWindow(&shownLooks, index: index, start: unit.startFrame) }
        shown.append(Shown(plan: index, end: unit.endFrame, mode: unit.mode, rows: shownLooks))
        var plan = CaptionTransmissionPlan(
            captionIndices: unit.captionIndices, mode: unit.mode, startFrame: unit.startFrame,
            end: .erase(atFrame: unit.endFrame), preload: preload.take(), anchored: anchored.take(),
            anchorOffset: anchorOffset, endWord: eraseWord)
        plan.startStateUnits = startStateUnits
        plan.leanAnchored = leanAnchored
        if let tabbedAnchored, CaptionTransmissionPlan.jumpsShorter(tabbedAnchored, than: plan.anchored) {
            plan.tabbedAnchored = tabbedAnchored
        }
        if let tabbedPreload, CaptionTransmissionPlan.jumpsShorter(tabbedPreload, than: plan.preload) {
            plan.tabbedPreload = tabbedPreload
        }
        let release = newestWordsSent == .min ? plan.blockStartFrame : newestWordsSent + Int64(plan.preloadFrames)
        newestWordsSent = max(plan.blockStartFrame, release) + Int64(plan.anchoredFrames)
        plans.append(plan)
        ends.append(nil)
    }

    /// `rows` with every space and transparent cell alike (a transparent cell): where their
    /// characters are, whatever shows between them.
    static func characters(_ rows: [CEA608Row]) -> [CEA608Row] {
        rows.map { row in
            var row = row
            for index in row.cells.indices where row.cells[index].isSpace || row.cells[index].isGap {
                row.cells[index] = CEA608Row.Cell.transparentSpace(style: CEA608CellStyle())
            }
            return row
        }
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

    /// Erases whatever is still on screen at the end of the document.
    mutating func finish() {
        // Nothing comes after: lines at the window's top roll out at their ends as they can.
        eraseEnded(before: .max, rollLimit: .max)
        for index in plans.indices {
            if let end = ends[index] { plans[index].end = end }
        }
    }
}
