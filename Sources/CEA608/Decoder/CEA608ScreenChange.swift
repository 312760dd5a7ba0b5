// What changed on screen after one byte pair. Timing: one byte pair per frame on line 21
// (47 CFR 15.119(b), now 47 CFR 79.101).

/// A change of the displayed memory caused by one byte pair: "the screen changed at frame N".
public struct CEA608ScreenChange: Hashable, Sendable {
    /// Why the displayed memory changed.
    public enum Cause: Hashable, Sendable {
        /// End of Caption swapped the memories: a pop-on caption appeared (15.119(f)(2)).
        case swap
        /// EDM, or a change of caption style, erased displayed memory.
        case erase
        /// A character or a code was written to, or erased from, displayed memory (paint-on and
        /// roll-up, 15.119(f)(1), (f)(3)).
        case paint
        /// An extended character, or a background or foreground attribute code, replaced the
        /// cell before the cursor (CEA-608-B §6.2, §6.4.2): a correction, not new text.
        case replace
        /// A carriage return rolled the roll-up window up, or a PAC moved it (15.119(f)(1)).
        case roll
    }

    /// The frame of the byte pair that caused the change.
    public let frame: Int64
    /// Why the displayed memory changed.
    public let cause: Cause
    /// Bit `r` is set when 0-based row `r` changed.
    public let rows: UInt16

    public init(frame: Int64, cause: Cause, rows: UInt16) {
        self.frame = frame
        self.cause = cause
        self.rows = rows
    }

    /// Whether 0-based `row` changed.
    public func contains(row: Int) -> Bool {
        (0..<16).contains(row) && rows & (1 << UInt16(row)) != 0
    }
}
