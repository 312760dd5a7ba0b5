/// A half-open span of media time `[start, end)`, like Core Media's `CMTimeRange`.
public struct TimeRange: Sendable, Hashable, Codable, CustomStringConvertible {
    public var start: MediaTime
    public var duration: MediaTime

    public init(start: MediaTime, duration: MediaTime) {
        self.start = start
        self.duration = duration
    }

    /// A range from `start` to `end`; an `end` before `start` gives an empty range at `start`.
    public init(start: MediaTime, end: MediaTime) {
        self.start = start
        let d = end - start
        self.duration = d.isValid && d < .zero ? .zero : d
    }

    /// The range a file's start and end say, kept as written: an end before the start stays so (a
    /// negative duration, for the validator to report), and a start that is no number leaves the
    /// duration invalid, so that the end, written back, reads as this very range (`end - start`
    /// would give -infinity to 10 s a duration of +infinity, which reads back as invalid; a json
    /// fuzz finding).
    public static func asWritten(start: MediaTime, end: MediaTime) -> TimeRange {
        TimeRange(start: start, duration: start.isNumeric ? end - start : .invalid)
    }

    public static let zero = TimeRange(start: .zero, duration: .zero)
    public static let invalid = TimeRange(start: .invalid, duration: .invalid)

    /// `start + duration`, exactly.
    public var end: MediaTime { start + duration }
    public var isValid: Bool { start.isValid && duration.isValid && duration >= .zero }
    public var isEmpty: Bool { duration == .zero }

    /// Whether `time` lies in `[start, end)`.
    public func contains(_ time: MediaTime) -> Bool { time >= start && time < end }

    /// Whether `other` lies entirely within this range.
    public func contains(_ other: TimeRange) -> Bool {
        other.start >= start && other.end <= end
    }

    /// Whether the two ranges share some instant.
    public func overlaps(_ other: TimeRange) -> Bool {
        start < other.end && other.start < end
    }

    /// The smallest range covering both.
    public func union(_ other: TimeRange) -> TimeRange {
        TimeRange(
            start: .minimum(start, other.start), end: .maximum(end, other.end))
    }

    /// The shared part, or an empty range at the later start when they do not overlap.
    public func intersection(_ other: TimeRange) -> TimeRange {
        let s = MediaTime.maximum(start, other.start)
        let e = MediaTime.minimum(end, other.end)
        return e > s ? TimeRange(start: s, end: e) : TimeRange(start: s, duration: .zero)
    }

    public var description: String { "[\(start), \(end))" }
}
