// Rolling a roll-up window ahead of its next line. Source: 47 CFR 15.119(f)(1) (now 47 CFR
// 79.101): a CR rolls the window up one row, the top row leaving, and puts the cursor at the
// start of the empty base row; the text after it, however much later, goes on that row. See
// Specs/scc.md, "Roll-up".
import CaptionCore

extension EncoderState {
    /// Rolls the window for roll-up `unit` at the end of its top line, when that line leaves
    /// before the unit starts and every other line stays longer: the top line's own end
    /// word is a CR instead of an EDM, which would erase the lines below it too. The unit's text
    /// then goes on the empty base row with no CR of its own. Returns whether it did.
    ///
    /// A line below it that ends at the start itself would have nothing to take it then (no CR
    /// on the start frame) and would stay until it rolled out, maybe long after: the EDM at the
    /// top line's end, which cuts it short by less, goes instead.
    ///
    /// Only for a full window of one-row lines at the unit's depth and base row, and a one-row
    /// unit. The CR goes at the line's end, or later, once the previous plan's anchored words
    /// can be out (``newestWordsSent``): it must not roll the window before they arrive, and
    /// ``CaptionTransmissionPlan/anchoredDeadline`` keeps them before it when plans are
    /// shifted. The line then stays a few frames longer (reported, `608.roll-up-end`), where an
    /// EDM would cut the lines below it short and fall among those words. The CR must come at
    /// least three frames before the start: it goes twice, and a frame without a word between
    /// it and the text keeps a reader from taking the CR for the start of the line
    /// (Specs/scc.md, "Start of a roll-up line or paint-on caption").
    mutating func rollOutAhead(of unit: CEA608DisplayUnit, rows: Int, location: DiagnosticLocation) -> Bool {
        guard mode == unit.mode, unit.rows.count == 1, unit.rows[0].row == windowBase,
            shown.count == rows, shown.allSatisfy({ $0.mode == unit.mode && $0.rows.count == 1 }),
            let top = shown.first, top.end < unit.startFrame,
            shown.dropFirst().allSatisfy({ $0.end > unit.startFrame }), !plans.isEmpty
        else { return false }
        let frame = max(top.end, newestWordsSent)
        guard frame <= unit.startFrame - 3 else { return false }
        ends[top.plan] = .erase(atFrame: frame)
        plans[top.plan].endWord = carriageReturnWord
        let deadline = plans[plans.count - 1].anchoredDeadline ?? .max
        plans[plans.count - 1].anchoredDeadline = min(deadline, frame)
        if frame > top.end {
            diagnostics.append(
                Diagnostic(
                    .warning, "608.roll-up-end",
                    "roll-up line \(CaptionNumbers.list(plans[top.plan].captionIndices)) stays on screen "
                        + "\(frame - top.end) frame(s) past its end, until the line below it is sent; an EDM would "
                        + "also erase the lines below it",
                    at: location, suggestedFix: "end roll-up lines after the next line's words are sent"))
        }
        shown.removeFirst()
        return true
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
