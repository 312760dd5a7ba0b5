import CaptionCore

/// A source sample as it is stored: its bytes and when it plays, like the `CMSampleBuffer` that
/// `sourceSampleBuffer(byTrackID:)` returns.
public struct SampleBuffer: Sendable, Hashable {
    public var timeRange: TimeRange
    public var bytes: [UInt8]

    public init(timeRange: TimeRange, bytes: [UInt8]) {
        self.timeRange = timeRange
        self.bytes = bytes
    }
}
