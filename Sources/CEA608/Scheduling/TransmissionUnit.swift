// Control code redundancy. Source: 47 CFR 15.119(i) (now 47 CFR 79.101): control codes are sent
// twice in consecutive frames and a decoder ignores the immediate repeat.

/// A word sent once, or a control code sent twice in consecutive frames.
///
/// The two copies of a doubled control code must travel in adjacent frames: if any other word came
/// between them, a decoder would act on both (a mid-row code would take two cells, a special
/// character would show twice). The scheduler therefore never splits a unit.
public struct TransmissionUnit: Sendable, Hashable {
    /// The word, both bytes with odd parity, first byte high.
    public let word: UInt16
    /// 1 or 2 in one byte, so a unit takes 4 bytes, not 16: a plan holds one per word, and a
    /// document's plans are kept while it is scheduled.
    private let copies: UInt8
    /// 1 for a character pair, 2 for a doubled control code.
    public var count: Int { Int(copies) }

    /// A unit of `word` sent `count` times (1 or 2).
    public init(word: UInt16, count: Int) {
        self.word = word
        copies = count == 2 ? 2 : 1
    }
}
