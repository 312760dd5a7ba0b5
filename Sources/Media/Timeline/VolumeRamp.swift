import CaptionCore

/// A linear change of volume over a time range of the output timeline, as
/// `AVMutableAudioMixInputParameters.setVolumeRamp(fromStartVolume:toEndVolume:timeRange:)`.
public struct VolumeRamp: Sendable, Hashable {
    public var timeRange: TimeRange
    /// Linear gain (1 unchanged, 0.5 about −6 dB, 0 silent) at the start and end of the range.
    public var startVolume: Float
    public var endVolume: Float

    public init(timeRange: TimeRange, startVolume: Float, endVolume: Float) {
        self.timeRange = timeRange
        self.startVolume = startVolume
        self.endVolume = endVolume
    }
}
