import CaptionCore

/// A span of time over which the rendered picture does not change, like `AVCaptionRenderer.Scene`.
public struct CaptionRendererScene: Sendable, Hashable {
    public var timeRange: TimeRange
    /// Whether any caption is on screen.
    public var hasActiveCaptions: Bool
    /// Whether the picture changes within the scene by itself (CEA-608 flashing text), so it must
    /// be rendered again periodically.
    public var needsPeriodicRefresh: Bool

    public init(timeRange: TimeRange, hasActiveCaptions: Bool, needsPeriodicRefresh: Bool) {
        self.timeRange = timeRange
        self.hasActiveCaptions = hasActiveCaptions
        self.needsPeriodicRefresh = needsPeriodicRefresh
    }
}
