/// An exact video frame rate, `frames / seconds` frames per second (e.g. 30000/1001 for 29.97).
public struct FrameRate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Frames counted over ``seconds`` seconds.
    public let frames: Int32
    public let seconds: Int32

    /// The rates the suite accepts, in frames per second: timecode needs at least one frame a
    /// second, and nothing real is faster than 1000.
    public static let supportedRange: ClosedRange<Int64> = 1...1000

    /// Creates `frames/seconds` fps; nil unless both are positive and the rate is 1–1000 fps.
    public init?(frames: Int32, seconds: Int32) {
        guard frames > 0, seconds > 0,
            Int64(frames) >= Int64(seconds) * Self.supportedRange.lowerBound,
            Int64(frames) <= Int64(seconds) * Self.supportedRange.upperBound
        else { return nil }
        self.frames = frames
        self.seconds = seconds
    }

    private init(exact frames: Int32, _ seconds: Int32) {
        self.frames = frames
        self.seconds = seconds
    }

    public static let fps23_976 = FrameRate(exact: 24000, 1001)
    public static let fps24 = FrameRate(exact: 24, 1)
    public static let fps25 = FrameRate(exact: 25, 1)
    public static let fps29_97 = FrameRate(exact: 30000, 1001)
    public static let fps30 = FrameRate(exact: 30, 1)
    public static let fps47_952 = FrameRate(exact: 48000, 1001)
    public static let fps48 = FrameRate(exact: 48, 1)
    public static let fps50 = FrameRate(exact: 50, 1)
    public static let fps59_94 = FrameRate(exact: 60000, 1001)
    public static let fps60 = FrameRate(exact: 60, 1)

    /// The rates the suite names, in increasing order.
    public static let standard: [FrameRate] = [
        .fps23_976, .fps24, .fps25, .fps29_97, .fps30, .fps47_952, .fps48, .fps50, .fps59_94, .fps60,
    ]

    /// The integer rate that timecode labels count in (SMPTE ST 12-1: 30 for 29.97).
    public var nominal: Int { Int((Int64(frames) + Int64(seconds) / 2) / Int64(seconds)) }

    /// Whether this is an NTSC rate (×1000/1001) whose timecode may use drop-frame labels.
    /// ST 12-1 defines drop-frame for 29.97 and 59.94 only.
    public var supportsDropFrame: Bool { self == .fps29_97 || self == .fps59_94 }

    /// How many labels drop-frame skips at the start of each minute not divisible by ten.
    public var droppedLabelsPerMinute: Int { supportsDropFrame ? nominal / 15 : 0 }

    /// One frame's duration, exactly.
    public var frameDuration: MediaTime { MediaTime(value: Int64(seconds), timescale: frames) }

    /// The start time of frame `index` (frame 0 starts at zero).
    public func time(ofFrame index: Int64) -> MediaTime {
        (try? MediaTime.zero.checkedAdding(frameDuration.checkedMultiplying(by: index)))
            ?? .invalid
    }

    /// The frame that contains `time` (rounding down), or the nearest frame with `rounding`.
    public func frame(at time: MediaTime, rounding: MediaTime.Rounding = .down) -> Int64? {
        guard time.isNumeric else { return nil }
        let num = Int128(time.value) * Int128(frames)
        let den = Int128(time.timescale) * Int128(seconds)
        guard
            let q = try? MediaTime.divide(
                num, den, rounding: rounding, original: time, timescale: frames)
        else { return nil }
        return Int64(exactly: q)
    }

    /// Whether `time` falls exactly on a frame boundary.
    public func isOnFrameGrid(_ time: MediaTime) -> Bool {
        frame(at: time, rounding: .exact) != nil
    }

    /// `"29.97"`, `"24"`, …; exact fractions otherwise.
    public var description: String {
        switch self {
        case .fps23_976: return "23.976"
        case .fps29_97: return "29.97"
        case .fps47_952: return "47.952"
        case .fps59_94: return "59.94"
        default: return seconds == 1 ? "\(frames)" : "\(frames)/\(seconds)"
        }
    }

    /// Parses `"29.97"`, `"23.98"`, `"30000/1001"`, `"25"` and the like.
    public init?(_ text: String) {
        let t = text.trimmingSpaces()
        switch t {
        case "23.976", "23.98": self = .fps23_976; return
        case "29.97": self = .fps29_97; return
        case "47.952", "47.95": self = .fps47_952; return
        case "59.94": self = .fps59_94; return
        default: break
        }
        let parts = t.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, let f = Int32(parts[0]), let s = Int32(parts[1]) {
            self.init(frames: f, seconds: s)
            return
        }
        guard parts.count == 1, let f = Int32(t) else { return nil }
        self.init(frames: f, seconds: 1)
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
