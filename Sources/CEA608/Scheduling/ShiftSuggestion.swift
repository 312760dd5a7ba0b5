import CaptionCore

// The adjustment the validator reports, after AVCaptionConversionTimeRangeAdjustment
// (startTimeOffset, durationOffset), in frames.

/// The smallest change of one plan's time range that, with every other suggestion applied, lets
/// all the document's data arrive in time.
///
/// The offsets apply to the plan's time range: for a plan of one caption (the usual case, and
/// always for roll-up and paint-on), that caption's. A pop-on scene of overlapping captions has
/// the range of the stretch they share on screen, so its offsets are not those of each caption.
public struct ShiftSuggestion: Sendable, Hashable {
    /// Index of the plan in the scheduled array.
    public var planIndex: Int
    /// The document's captions the plan shows; each gets the same adjustment.
    public var captionIndices: [Int]
    /// Frames to add to the start (never negative: only delays help).
    public var startOffset: Int64
    /// Frames to add to the duration: usually `−startOffset` (the end stays), or more when the
    /// plan stays on screen until a delayed successor replaces it.
    public var durationOffset: Int64

    public init(planIndex: Int, captionIndices: [Int], startOffset: Int64, durationOffset: Int64) {
        self.planIndex = planIndex
        self.captionIndices = captionIndices
        self.startOffset = startOffset
        self.durationOffset = durationOffset
    }
}

extension ShiftSuggestion {
    /// The start offset as media time at `rate`.
    public func startTimeOffset(at rate: FrameRate) -> MediaTime {
        (try? rate.frameDuration.checkedMultiplying(by: startOffset)) ?? .invalid
    }

    /// The duration offset as media time at `rate`.
    public func durationTimeOffset(at rate: FrameRate) -> MediaTime {
        (try? rate.frameDuration.checkedMultiplying(by: durationOffset)) ?? .invalid
    }
}
