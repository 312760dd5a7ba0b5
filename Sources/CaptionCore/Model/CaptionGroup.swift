/// What is on screen over one time range: a scene, like `AVCaptionGroup`.
/// An empty ``captions`` list is a gap with nothing on screen.
public struct CaptionGroup: Sendable, Hashable, Codable {
    public var timeRange: TimeRange
    /// The captions visible throughout ``timeRange``, in document order.
    public var captions: [Caption]

    public init(timeRange: TimeRange, captions: [Caption]) {
        self.timeRange = timeRange
        self.captions = captions
    }
}
