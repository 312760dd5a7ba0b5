import CEA608
import CaptionCore

/// The CEA-608 byte pairs each video frame carries, for writing: a `c608` track now, the A/53
/// `cc_data` of each encoded frame in the export pipeline. Frames are counted from movie time
/// zero at the video's rate; a frame without an entry carries nothing (filler).
public struct CEA608FrameSchedule: Sendable, Hashable {
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

    /// The video's frame rate.
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

    /// The A/53 `cc_data()` for frame `frame` (see ``A53CCData/encode(field1:field2:count:)``):
    /// what the export pipeline attaches to the encoded picture as its caption side data.
    public func ccData(atFrame frame: Int64, count: Int = 2) -> [UInt8] {
        let e = entry(atFrame: frame)
        return A53CCData.encode(field1: e.field1, field2: e.field2, count: count)
    }

    /// The `cc_data()` constructs of frame `frame` without the two-byte header: what FFmpeg's
    /// `AV_FRAME_DATA_A53_CC` frame side data holds (its encoders write the header, with
    /// `cc_count` taken from the size).
    public func ccDataConstructs(atFrame frame: Int64, count: Int = 2) -> [UInt8] {
        Array(ccData(atFrame: frame, count: count).dropFirst(2))
    }

    /// The frame after the last one with data (0 when empty).
    public var endFrame: Int64 { (entries.last?.frame ?? -1) + 1 }
}
