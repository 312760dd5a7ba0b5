import CaptionData
import CEA608
import CaptionCore

/// The CEA-608 byte pairs of each line-21 frame, for writing: a `c608` track's samples, and
/// what the export pipeline spreads over the pictures' A/53 `cc_data` at the video's own rate
/// (``CEA608FrameSchedule/slots(from:to:)``). Frames are counted from movie time zero at
/// ``rate``, normally ``lineRate`` (29.97 fps, whatever the video's rate); a frame without an
/// entry carries nothing (filler).
public struct CEA608FrameSchedule: Sendable, Hashable {
    /// The rate CEA-608 is sent at: one pair a field per frame of 29.97 fps video (47 CFR
    /// 15.119(b), two bytes a field a frame of line 21; CTA-708-E §4.1 gives CEA-608 960/1.001
    /// bit/s of the caption channel, 29.97 pairs a second for each field). A decoder takes pairs
    /// no faster, and an SCC file's words are on these frames; A/53 data at any video rate
    /// carries them at this rate (Specs/caption-tracks.md).
    public static let lineRate = FrameRate.fps29_97

    /// What one frame carries: at most one pair per field (47 CFR 15.119(b): one pair a field a
    /// frame).
    public struct Entry: Sendable, Hashable {
        public var frame: Int64
        public var field1: CEA608BytePair?
        public var field2: CEA608BytePair?

        public init(frame: Int64, field1: CEA608BytePair? = nil, field2: CEA608BytePair? = nil) {
            self.frame = frame
            self.field1 = field1
            self.field2 = field2
        }

        /// Whether the frame carries nothing.
        public var isEmpty: Bool { field1 == nil && field2 == nil }
    }

    /// The rate the frames are counted at (``lineRate`` for what is written now).
    public let rate: FrameRate
    /// Frames with data, in frame order.
    public private(set) var entries: [Entry]

    /// Combines the words of each field, one word per frame (frames from movie time zero).
    /// Words on negative frames are left out; ``droppedBeforeStart`` counts them.
    public init(rate: FrameRate, field1: [ScheduledWord] = [], field2: [ScheduledWord] = []) {
        self.rate = rate
        var byFrame: [Int64: Entry] = [:]
        var dropped = 0
        for (field, words) in [(CaptionField.one, field1), (.two, field2)] {
            for w in words {
                guard w.frame >= 0 else {
                    dropped += 1
                    continue
                }
                var e = byFrame[w.frame] ?? Entry(frame: w.frame)
                if field == .one {
                    e.field1 = CEA608BytePair(word: w.word)
                } else {
                    e.field2 = CEA608BytePair(word: w.word)
                }
                byFrame[w.frame] = e
            }
        }
        entries = byFrame.values.sorted { $0.frame < $1.frame }
        droppedBeforeStart = dropped
    }

    /// The frames of `entries` that carry something, in frame order (the last entry of a frame
    /// wins); entries on negative frames are left out and counted in ``droppedBeforeStart``.
    public init(rate: FrameRate, entries: [Entry]) {
        self.rate = rate
        var byFrame: [Int64: Entry] = [:]
        var dropped = 0
        for e in entries where !e.isEmpty {
            guard e.frame >= 0 else {
                dropped += 1
                continue
            }
            byFrame[e.frame] = e
        }
        self.entries = byFrame.values.sorted { $0.frame < $1.frame }
        droppedBeforeStart = dropped
    }

    /// Words that fell before movie time zero and are not carried.
    public private(set) var droppedBeforeStart: Int

    /// What frame `frame` carries (nil fields when nothing).
    public func entry(atFrame frame: Int64) -> Entry {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].frame < frame { low = mid + 1 } else { high = mid }
        }
        return low < entries.count && entries[low].frame == frame ? entries[low] : Entry(frame: frame)
    }

    /// What the frame that starts at (or contains) movie time `time` carries.
    public func entry(at time: MediaTime) -> Entry {
        entry(atFrame: rate.frame(at: time, rounding: .down) ?? -1)
    }

    /// The last frame whose `field` carries a pair (nil when none does).
    public func lastFrame(carrying field: CaptionField) -> Int64? {
        entries.last { (field == .one ? $0.field1 : $0.field2) != nil }?.frame
    }

    /// This schedule with every frame moved `offset` frames earlier (frames that fall before
    /// zero are left out and counted in ``droppedBeforeStart``): the words of a movie that
    /// starts `offset` frames into this one's timeline.
    public func moved(earlierBy offset: Int64) -> CEA608FrameSchedule {
        guard offset != 0 else { return self }
        return CEA608FrameSchedule(
            rate: rate,
            entries: entries.map {
                var e = $0
                e.frame -= offset
                return e
            })
    }

    /// The frame after the last one with data (0 when empty).
    public var endFrame: Int64 { (entries.last?.frame ?? -1) + 1 }
}
