import CaptionCore

/// Gives each re-encoded video frame its CEA-608 pairs as A/53 `cc_data()` constructs (the
/// export session's per-frame caption data), and remembers what every output frame was given,
/// so that a `c608` track added afterwards carries the same words on the same frames.
///
/// Frames are asked for in presentation order, one call per frame written; the source frame is
/// the one nearest the time given (the source's timeline, so a trimmed export keeps its
/// captions on their pictures).
public final class A53FrameCaptions {
    /// The words of the source's frames (frames from its time zero).
    public let schedule: CEA608FrameSchedule
    /// Whether the constructs are handed out (`--embed sei`); when false, frames are only
    /// recorded (`--embed track`) and keep what they carry.
    public let attaches: Bool
    /// What the output's frames carry, frames counted from the output's first (those with data).
    public private(set) var carried: [CEA608FrameSchedule.Entry] = []
    /// Frames asked for so far.
    public private(set) var frameCount: Int64 = 0

    public init(schedule: CEA608FrameSchedule, attaches: Bool) {
        self.schedule = schedule
        self.attaches = attaches
    }

    /// The constructs for the frame shown at `time`: one for field 1 and one for field 2, each
    /// a pair or filler (cc_valid 0) — every picture carries `cc_data()`, as A/53 Part 4 §6.2.3
    /// asks — without the two-byte header, which FFmpeg's encoders write; nil when not attaching.
    public func constructs(forFrameAt time: MediaTime) -> [UInt8]? {
        let source = schedule.rate.frame(at: time, rounding: .nearestOrAwayFromZero) ?? -1
        var entry = schedule.entry(atFrame: source)
        entry.frame = frameCount
        frameCount += 1
        if !entry.isEmpty { carried.append(entry) }
        guard attaches else { return nil }
        return Array(A53CCData.encode(field1: entry.field1, field2: entry.field2).dropFirst(2))
    }
}
