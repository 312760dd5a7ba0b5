import CaptionCore

/// A change to a caption's time range that makes the conversion work, like
/// `AVCaptionConversionTimeRangeAdjustment`: the new range is
/// `[start + startTimeOffset, start + startTimeOffset + duration + durationOffset)`.
public struct CaptionConversionTimeRangeAdjustment: Sendable, Hashable, Codable {
    public var startTimeOffset: MediaTime
    public var durationOffset: MediaTime

    public init(startTimeOffset: MediaTime, durationOffset: MediaTime) {
        self.startTimeOffset = startTimeOffset
        self.durationOffset = durationOffset
    }

    /// No change.
    public static let none = CaptionConversionTimeRangeAdjustment(startTimeOffset: .zero, durationOffset: .zero)

    /// `range` with this adjustment applied.
    public func applied(to range: TimeRange) -> TimeRange {
        TimeRange(start: range.start + startTimeOffset, duration: range.duration + durationOffset)
    }
}
