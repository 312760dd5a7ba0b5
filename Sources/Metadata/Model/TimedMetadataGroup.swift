import CaptionCore

/// Metadata items that apply over one time range of a movie, like AVFoundation's
/// `AVTimedMetadataGroup`. Times are exact movie times.
public struct TimedMetadataGroup: Sendable, Hashable {
    public var timeRange: TimeRange
    public var items: [MetadataItem]

    public init(timeRange: TimeRange, items: [MetadataItem]) {
        self.timeRange = timeRange
        self.items = items
    }

    /// The first item with `identifier`.
    public func item(_ identifier: MetadataIdentifier) -> MetadataItem? {
        items.first { $0.identifier == identifier }
    }
}
