import CaptionCore

/// Turns media times into the frame labels the writer puts in `begin` and `end`: SMPTE
/// `HH:MM:SS:FF` at the document's frame rate (TTML1 §10.3.1 clock-time with frames; `:` before
/// the frames even for drop-frame, which `ttp:dropMode` declares), or, for the media time base
/// (IMSC, EBU-TT-D, DFXP), clock times `HH:MM:SS.mmm` (TTML1 §10.3.1; EBU Tech 3380 §4.1.1 allows
/// only these).
struct ITTTimecodeFormatter {
    /// Whether times are media clock times in milliseconds rather than frame labels.
    var clock = false
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
        if clock { return Self.clockTime(time) }
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

    /// `time` as `HH:MM:SS.mmm`, to the nearest millisecond (under a frame at any video rate, so
    /// the frame a time falls on is kept); nil when negative or 100 hours or more.
    static func clockTime(_ time: MediaTime) -> String? {
        guard time.isNumeric, time.timescale > 0, time.value >= 0 else { return nil }
        let scale = Int64(time.timescale)
        let (scaled, overflow) = time.value.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return nil }
        let ms = (scaled + scale / 2) / scale
        guard ms < 100 * 3_600_000 else { return nil }
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let f = ms % 1000
        let fraction = f < 10 ? "00\(f)" : f < 100 ? "0\(f)" : "\(f)"
        return "\(two(ms / 3_600_000)):\(two(ms / 60_000 % 60)):\(two(ms / 1000 % 60)).\(fraction)"
    }
}
