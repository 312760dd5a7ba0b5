/// Why a SMPTE timecode could not be parsed or built.
public enum TimecodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not `HH:MM:SS:FF` or `HH:MM:SS;FF`.
    case malformed(String)
    /// Hours ≥ 24, minutes ≥ 60 or seconds ≥ 60.
    case fieldOutOfRange(String, field: String)
    /// The frame field is at or above the nominal rate (e.g. frame 30 at 29.97).
    case frameOutOfRange(String, frames: Int, nominalRate: Int)
    /// A drop-frame label that does not exist (frames 0 and 1 of minutes not divisible by ten
    /// at 29.97, SMPTE ST 12-1 drop-frame counting).
    case nonexistentDropFrameLabel(String)
    /// Drop-frame was asked for at a rate that has none (only 29.97 and 59.94 do).
    case dropFrameUnsupported(String, rate: FrameRate)
    /// A frame count outside one 24-hour day.
    case frameCountOutOfRange(Int64)

    /// What is wrong, without the timecode itself, for messages that name it already
    /// ("start timecode 01:00:00;99: frame 99 is not below the nominal rate 30").
    public var reason: String {
        switch self {
        case .malformed: return "expected HH:MM:SS:FF or HH:MM:SS;FF"
        case .fieldOutOfRange(_, let field): return "\(field) out of range"
        case .frameOutOfRange(_, let f, let n): return "frame \(f) is not below the nominal rate \(n)"
        case .nonexistentDropFrameLabel:
            return "no such label in drop-frame counting (frames 00 and 01 of each minute not divisible by ten are skipped)"
        case .dropFrameUnsupported(_, let rate): return "drop-frame is not defined at \(rate) fps"
        case .frameCountOutOfRange(let n): return "frame count \(n) is outside one 24-hour day"
        }
    }

    public var description: String {
        switch self {
        case .malformed(let t):
            return "malformed timecode \"\(t)\": expected HH:MM:SS:FF or HH:MM:SS;FF"
        case .fieldOutOfRange(let t, let field):
            return "timecode \"\(t)\": \(field) out of range"
        case .frameOutOfRange(let t, let f, let n):
            return "timecode \"\(t)\": frame \(f) is not below the nominal rate \(n)"
        case .nonexistentDropFrameLabel(let t):
            return "timecode \"\(t)\" does not exist in drop-frame counting "
                + "(frames 00 and 01 of each minute not divisible by ten are skipped)"
        case .dropFrameUnsupported(let t, let rate):
            return "timecode \"\(t)\": drop-frame is not defined at \(rate) fps"
        case .frameCountOutOfRange(let n):
            return "frame count \(n) is outside one 24-hour day"
        }
    }
}
