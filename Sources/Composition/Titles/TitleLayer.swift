import CaptionCore

/// Text on the movie's timeline, the role of a Core Animation text layer under
/// `AVVideoCompositionCoreAnimationTool`: shown over `timeRange` (time 0 is the movie's start),
/// its position, opacity, scale and rotation keyframed and interpolated linearly between keyframes (held
/// before the first and after the last). `\n` in the text starts a new line; the lines are
/// aligned to each other by ``alignment`` (`CATextLayer.alignmentMode`) and spaced by the
/// font's own line spacing, the block centred on the keyframed position.
public struct TitleLayer: Sendable, Hashable {
    /// How the lines of a title of several lines sit against each other.
    public enum Alignment: String, Sendable, Hashable, CaseIterable {
        case left, center, right
    }

    public struct Keyframe: Sendable, Hashable {
        public var time: MediaTime
        /// The text's centre as a fraction of the picture's width and height (0.5, 0.5 is the middle).
        public var x: Double
        public var y: Double
        public var opacity: Double
        public var scale: Double
        /// Degrees clockwise about the text block's centre.
        public var rotation: Double

        public init(
            time: MediaTime, x: Double = 0.5, y: Double = 0.5, opacity: Double = 1, scale: Double = 1,
            rotation: Double = 0
        ) {
            self.time = time
            self.x = x
            self.y = y
            self.opacity = opacity
            self.scale = scale
            self.rotation = rotation
        }
    }

    public var text: String
    public var timeRange: TimeRange
    /// The em size as a fraction of the picture's height (0.08 is 86 px at 1080 lines).
    public var size: Double
    public var color: CaptionColor
    public var alignment: Alignment
    /// Sorted by time; at least one.
    public var keyframes: [Keyframe]

    public init(
        text: String, timeRange: TimeRange, size: Double = 0.08, color: CaptionColor = .white,
        alignment: Alignment = .center, keyframes: [Keyframe]
    ) {
        self.text = text
        self.timeRange = timeRange
        self.size = size
        self.color = color
        self.alignment = alignment
        self.keyframes = keyframes.sorted { $0.time < $1.time }
        if self.keyframes.isEmpty { self.keyframes = [Keyframe(time: timeRange.start)] }
    }

    /// The text's lines (split at `\n`; `\r\n` counts as one break).
    public var lines: [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
    }

    /// The keyframe values in force at `time` (interpolated), nil outside ``timeRange``.
    public func state(at time: MediaTime) -> Keyframe? {
        guard timeRange.contains(time), let first = keyframes.first, let last = keyframes.last else { return nil }
        if time <= first.time { return first }
        if time >= last.time { return last }
        for (a, b) in zip(keyframes, keyframes.dropFirst()) where time >= a.time && time < b.time {
            let span = (b.time - a.time).seconds
            let f = span > 0 ? (time - a.time).seconds / span : 1
            func mix(_ p: Double, _ q: Double) -> Double { p + (q - p) * f }
            return Keyframe(
                time: time, x: mix(a.x, b.x), y: mix(a.y, b.y), opacity: mix(a.opacity, b.opacity),
                scale: mix(a.scale, b.scale), rotation: mix(a.rotation, b.rotation))
        }
        return last
    }
}
