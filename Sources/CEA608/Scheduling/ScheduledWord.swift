// One byte pair per frame (47 CFR 15.119(b), now 47 CFR 79.101).

/// One word placed on one frame.
public struct ScheduledWord: Sendable, Hashable {
    /// The frame, counted from media time zero.
    public var frame: Int64
    /// Both bytes with parity, first byte high.
    public var word: UInt16
    /// Whether this word starts a plan's anchored words or an EDM: the moment the screen changes.
    /// The SCC writer starts a new line here so that its timecode is the change's own.
    public var changesScreen: Bool

    public init(frame: Int64, word: UInt16, changesScreen: Bool) {
        self.frame = frame
        self.word = word
        self.changesScreen = changesScreen
    }
}
