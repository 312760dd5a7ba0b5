import CaptionCore

/// A problem the conversion would have, with the captions it concerns and, where one exists, the
/// time adjustment that fixes it, like `AVCaptionConversionWarning`.
public struct CaptionConversionWarning: Sendable, Hashable {
    /// Kinds of warning; Apple's validator has `excessMediaData` only, ours adds the rest.
    public enum WarningType: String, Sendable, Hashable, Codable {
        /// The captions' data cannot be transmitted in time at two bytes a frame.
        case excessMediaData
        /// Any other rule of the catalogue (see ``diagnostic``'s rule ID).
        case rule
    }

    public var warningType: WarningType
    /// Indices of the captions concerned, in the validator's ``CaptionConversionValidator/captions``.
    public var rangeOfCaptions: Range<Int>
    /// The time change per caption of ``rangeOfCaptions`` that fixes it, when a shift can.
    public var adjustments: [CaptionConversionTimeRangeAdjustment]
    /// For `excessMediaData`: the captions whose data cannot arrive in time as they are (the
    /// others in ``rangeOfCaptions`` only move because of them).
    public var undeliverableCaptions: [Int]
    /// The finding, for reports.
    public var diagnostic: Diagnostic

    /// The adjustment of the first caption in the range, as Apple's single `adjustment`.
    public var adjustment: CaptionConversionTimeRangeAdjustment? { adjustments.first }

    public init(
        warningType: WarningType, rangeOfCaptions: Range<Int>,
        adjustments: [CaptionConversionTimeRangeAdjustment] = [], undeliverableCaptions: [Int] = [],
        diagnostic: Diagnostic
    ) {
        self.undeliverableCaptions = undeliverableCaptions
        self.warningType = warningType
        self.rangeOfCaptions = rangeOfCaptions
        self.adjustments = adjustments
        self.diagnostic = diagnostic
    }
}
