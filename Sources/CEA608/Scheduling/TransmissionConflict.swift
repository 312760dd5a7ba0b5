// A caption whose data cannot arrive in time at one word per frame (47 CFR 15.119(b), now
// 47 CFR 79.101). See Specs/scc.md, "Transmission scheduling".

/// A plan whose words do not fit where they must go, with the document unshifted.
public struct TransmissionConflict: Sendable, Hashable {
    /// What does not fit.
    public enum Kind: Sendable, Hashable {
        /// The preload does not fit in the free frames between the previous plan's anchored
        /// words (or the first frame) and the start.
        case preloadTooLate
        /// The anchored words would land on frames another plan's EDM needs.
        case collidesWithErase
        /// The anchored words do not finish before the plan's own end.
        case displayTooShort
    }

    /// Index of the plan in the scheduled array.
    public var planIndex: Int
    /// The document's captions the plan shows.
    public var captionIndices: [Int]
    public var kind: Kind
    /// The plan's start frame (unshifted).
    public var startFrame: Int64
    /// Frames the words that must precede the start need.
    public var framesNeeded: Int
    /// Free frames before the start for them, with every plan unshifted.
    public var framesAvailable: Int
    /// The smallest delay of this plan alone (others unshifted) that fits its words, or `nil`
    /// when no delay can (see ``remedies``).
    public var framesLate: Int?
    /// What would make it fit when delaying cannot.
    public var remedies: [TransmissionRemedy]

    public init(
        planIndex: Int, captionIndices: [Int], kind: Kind, startFrame: Int64, framesNeeded: Int,
        framesAvailable: Int, framesLate: Int?, remedies: [TransmissionRemedy]
    ) {
        self.planIndex = planIndex
        self.captionIndices = captionIndices
        self.kind = kind
        self.startFrame = startFrame
        self.framesNeeded = framesNeeded
        self.framesAvailable = framesAvailable
        self.framesLate = framesLate
        self.remedies = remedies
    }
}
