import CaptionData
import CaptionCore

extension CEA608FrameSchedule {
    /// One pair's place in a transmission: a line-21 frame and a field. Field 1's pair of frame
    /// `k` is sent at `k` frames, field 2's half a frame later (the second field of an
    /// interlaced 525-line frame; 47 CFR 15.119(b) and CTA-608-E §8: line 21 of field 2).
    public struct Slot: Sendable, Hashable, Comparable, CustomStringConvertible {
        public var frame: Int64
        public var field: CaptionField

        public init(frame: Int64, field: CaptionField) {
            self.frame = frame
            self.field = field
        }

        /// Send order: frame k's field 1, its field 2, then frame k + 1's field 1.
        public static func < (a: Slot, b: Slot) -> Bool { (a.frame, a.field) < (b.frame, b.field) }

        public var description: String { "\(frame)/\(field.rawValue)" }
    }

    /// How far after its frame's start a field's pair is sent: nothing for field 1, half a
    /// frame at `rate` for field 2.
    public static func fieldOffset(_ field: CaptionField, rate: FrameRate = lineRate) -> MediaTime {
        field == .one ? .zero : MediaTime(value: Int64(rate.seconds), timescale: rate.frames).checkedHalf
    }

    /// The first frame at `rate` whose `field` pair is sent at or after `time` (nil for a time
    /// that is not a number or does not fit).
    public static func firstFrame(_ field: CaptionField, sentAtOrAfter time: MediaTime, rate: FrameRate = lineRate)
        -> Int64?
    {
        rate.frame(at: time - fieldOffset(field, rate: rate), rounding: .up)
    }

    /// The slots whose pairs are sent from `start` (included) to `end` (excluded), in send
    /// order: what a picture shown for that time carries of a transmission at ``lineRate``
    /// (CTA-708-E §4.1: CEA-608 keeps its own rate inside the caption channel at every picture
    /// rate). At 29.97 fps a picture carries each field's pair of its own frame; at 59.94 one
    /// pair, field 1 and field 2 on alternate pictures; at 23.976 fps five frames' pairs over
    /// four pictures, 3, 2, 3, 2 in the order 3:2 pulldown's fields show them (top, bottom,
    /// top / bottom, top / bottom, top, bottom / top, bottom); at 25 fps 1.2 pairs a field a
    /// picture. Frames before zero are left out.
    public static func slots(from start: MediaTime, to end: MediaTime) -> [Slot] {
        var out: [Slot] = []
        for field in CaptionField.allCases {
            guard let first = firstFrame(field, sentAtOrAfter: start), let stop = firstFrame(field, sentAtOrAfter: end),
                stop > first
            else { continue }
            for k in max(0, first)..<max(0, stop) { out.append(Slot(frame: k, field: field)) }
        }
        return out.sorted()
    }

    /// The pair `slot` carries (nil when its frame has none for that field).
    public func pair(at slot: Slot) -> CEA608BytePair? {
        let e = entry(atFrame: slot.frame)
        return slot.field == .one ? e.field1 : e.field2
    }
}

extension MediaTime {
    /// Half this time, exactly (the timescale doubled when the value is odd).
    var checkedHalf: MediaTime {
        guard isNumeric else { return self }
        if value % 2 == 0 { return MediaTime(value: value / 2, timescale: timescale) }
        guard timescale <= Int32.max / 2 else { return MediaTime(value: value / 2, timescale: timescale) }
        return MediaTime(value: value, timescale: timescale * 2)
    }
}
