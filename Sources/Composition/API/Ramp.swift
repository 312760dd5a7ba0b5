import CaptionCore

/// A value that moves linearly from `start` to `end` over `timeRange`, as in
/// `AVMutableVideoCompositionLayerInstruction.setOpacityRamp(fromStartOpacity:toEndOpacity:timeRange:)`.
/// Before the range the value is `start`, after it `end` (until the next ramp takes over).
public struct Ramp<Value: Sendable & Hashable>: Sendable, Hashable {
    public var start: Value
    public var end: Value
    public var timeRange: TimeRange

    public init(from start: Value, to end: Value, timeRange: TimeRange) {
        self.start = start
        self.end = end
        self.timeRange = timeRange
    }

    /// How far through the range `time` is, 0…1 (0 for an empty range at or before it, 1 after).
    public func fraction(at time: MediaTime) -> Double {
        if time <= timeRange.start { return time < timeRange.start || timeRange.duration > .zero ? 0 : 1 }
        if time >= timeRange.end { return 1 }
        let done = (time - timeRange.start).seconds
        let total = timeRange.duration.seconds
        return total > 0 ? min(1, max(0, done / total)) : 1
    }
}

extension Array {
    /// The value a list of ramps (sorted by start) gives at `time`: inside a ramp its
    /// interpolation, between ramps and after the last the end of the last one passed, and
    /// `initial` before the first (AVFoundation holds opacity 1 and the identity there).
    func value<V>(at time: MediaTime, initial: V, interpolate: (V, V, Double) -> V) -> V
    where Element == Ramp<V> {
        var current = initial
        for ramp in self {
            if time < ramp.timeRange.start { return current }
            if ramp.timeRange.contains(time) { return interpolate(ramp.start, ramp.end, ramp.fraction(at: time)) }
            current = ramp.end
        }
        return current
    }
}
