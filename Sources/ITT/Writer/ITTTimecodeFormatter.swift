import CaptionCore

/// Turns media times into the frame labels the writer puts in `begin` and `end`: SMPTE
/// `HH:MM:SS:FF` at the document's frame rate (TTML1 §10.3.1 clock-time with frames; `:` before
/// the frames even for drop-frame, which `ttp:dropMode` declares).
struct ITTTimecodeFormatter {
    let rate: FrameRate
    let dropFrame: Bool
    /// The frame count of the label that media time zero gets (programme start timecode).
    let startFrame: Int64
    /// How many times did not fall on the frame grid and were rounded to the nearest frame.
    private(set) var roundedTimes = 0

    init(rate: FrameRate, dropFrame: Bool, startFrame: Int64) {
        self.rate = rate
        self.dropFrame = dropFrame
        self.startFrame = startFrame
    }

    /// The label of the frame nearest `time`, or nil when it is outside one 24-hour day.
    mutating func label(for time: MediaTime) -> String? {
        guard let exact = rate.frame(at: time, rounding: .nearestOrAwayFromZero) else { return nil }
        if rate.frame(at: time, rounding: .exact) == nil { roundedTimes += 1 }
        // A time near Int64.max frames plus the start timecode would overflow; no such label exists.
        let (frame, overflow) = exact.addingReportingOverflow(startFrame)
        guard !overflow else { return nil }
        return label(ofFrame: frame)
    }

    /// The label of frame `count`, or nil when it is outside one day.
    func label(ofFrame count: Int64) -> String? {
        guard var tc = try? Timecode(frameCount: count, rate: rate, dropFrame: dropFrame) else { return nil }
        // Counted drop-frame, written with `:` (ttp:dropMode says how to count).
        tc.dropFrame = false
        return tc.description
    }
}
