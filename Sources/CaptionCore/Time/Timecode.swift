/// A SMPTE ST 12-1 time address `HH:MM:SS:FF`, or `HH:MM:SS;FF` when drop-frame.
///
/// A timecode is a label; ``frameCount(at:)`` and ``init(frameCount:rate:dropFrame:)`` convert
/// between labels and frame counts (see Specs/timecode.md for the drop-frame arithmetic).
public struct Timecode: Sendable, Hashable, Codable, CustomStringConvertible {
    public var hours: Int
    public var minutes: Int
    public var seconds: Int
    public var frames: Int
    /// Whether the label uses drop-frame counting (written with `;` before the frames).
    public var dropFrame: Bool

    /// Creates a label without validating it; use ``init(_:rate:)`` or
    /// ``init(frameCount:rate:dropFrame:)`` for checked construction.
    public init(hours: Int, minutes: Int, seconds: Int, frames: Int, dropFrame: Bool = false) {
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
        self.frames = frames
        self.dropFrame = dropFrame
    }

    /// `HH:MM:SS:FF`, or `HH:MM:SS;FF` when drop-frame.
    public var description: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(two(hours)):\(two(minutes)):\(two(seconds))\(dropFrame ? ";" : ":")\(two(frames))"
    }

    // MARK: - Parsing

    /// Parses and validates `text` at `rate`.
    ///
    /// `;` or `,` before the frames (or as every separator) marks drop-frame. Whether the label
    /// is drop-frame comes from the text; a drop-frame label at a rate without drop-frame is an
    /// error.
    public init(_ text: String, rate: FrameRate) throws(TimecodeError) {
        let bytes = Array(text.utf8)
        // HH:MM:SS:FF exactly: two digits per field.
        guard bytes.count == 11 else { throw .malformed(text) }
        var fields = [Int]()
        var separators = [UInt8]()
        for i in stride(from: 0, to: 11, by: 3) {
            let d0 = bytes[i]
            let d1 = bytes[i + 1]
            guard (48...57).contains(d0), (48...57).contains(d1) else { throw .malformed(text) }
            fields.append(Int(d0 - 48) * 10 + Int(d1 - 48))
            if i + 2 < 11 { separators.append(bytes[i + 2]) }
        }
        let colon = UInt8(ascii: ":")
        let semicolon = UInt8(ascii: ";")
        let comma = UInt8(ascii: ",")
        let dot = UInt8(ascii: ".")
        guard separators.allSatisfy({ [colon, semicolon, comma, dot].contains($0) }) else {
            throw .malformed(text)
        }
        let last = separators[2]
        let drop = last == semicolon || last == comma
        guard separators[0] == separators[1] || separators[0] == colon else {
            throw .malformed(text)
        }
        self.init(
            hours: fields[0], minutes: fields[1], seconds: fields[2], frames: fields[3],
            dropFrame: drop)
        try validate(rate: rate, text: text)
    }

    /// Checks field ranges, the frame field against the nominal rate and drop-frame labels.
    public func validate(rate: FrameRate, text: String? = nil) throws(TimecodeError) {
        let t = text ?? description
        guard (0..<24).contains(hours) else { throw .fieldOutOfRange(t, field: "hours") }
        guard (0..<60).contains(minutes) else { throw .fieldOutOfRange(t, field: "minutes") }
        guard (0..<60).contains(seconds) else { throw .fieldOutOfRange(t, field: "seconds") }
        guard frames >= 0 else { throw .fieldOutOfRange(t, field: "frames") }
        guard frames < rate.nominal else {
            throw .frameOutOfRange(t, frames: frames, nominalRate: rate.nominal)
        }
        if dropFrame {
            guard rate.supportsDropFrame else { throw .dropFrameUnsupported(t, rate: rate) }
            if minutes % 10 != 0 && seconds == 0 && frames < rate.droppedLabelsPerMinute {
                throw .nonexistentDropFrameLabel(t)
            }
        }
    }

    // MARK: - Frame counts

    /// Frames in one 24-hour day at `rate` with this counting.
    public static func framesPerDay(rate: FrameRate, dropFrame: Bool) -> Int64 {
        let n = Int64(rate.nominal)
        let drop = dropFrame ? Int64(rate.droppedLabelsPerMinute) : 0
        return 24 * 3600 * n - drop * (24 * 60 - 24 * 6)
    }

    /// The number of frames since 00:00:00:00 (the label must be valid at `rate`).
    public func frameCount(at rate: FrameRate) -> Int64 {
        let n = Int64(rate.nominal)
        let totalMinutes = Int64(hours * 60 + minutes)
        var count = (Int64(hours * 3600 + minutes * 60 + seconds)) * n + Int64(frames)
        if dropFrame {
            let drop = Int64(rate.droppedLabelsPerMinute)
            count -= drop * (totalMinutes - totalMinutes / 10)
        }
        return count
    }

    /// The label of frame `count` (0 ≤ count < one day) with drop-frame or non-drop counting.
    public init(frameCount count: Int64, rate: FrameRate, dropFrame: Bool) throws(TimecodeError) {
        if dropFrame && !rate.supportsDropFrame {
            throw .dropFrameUnsupported("frame \(count)", rate: rate)
        }
        guard count >= 0, count < Self.framesPerDay(rate: rate, dropFrame: dropFrame) else {
            throw .frameCountOutOfRange(count)
        }
        let n = Int64(rate.nominal)
        var label = count
        if dropFrame {
            // Add back the labels skipped so far: `drop` per minute, except every tenth minute.
            let drop = Int64(rate.droppedLabelsPerMinute)
            let perTenMinutes = 600 * n - 9 * drop
            let perMinute = 60 * n - drop
            let tens = count / perTenMinutes
            let rest = count % perTenMinutes
            label += 9 * drop * tens
            if rest >= drop { label += drop * ((rest - drop) / perMinute) }
        }
        self.init(
            hours: Int(label / (3600 * n)), minutes: Int(label / (60 * n) % 60),
            seconds: Int(label / n % 60), frames: Int(label % n), dropFrame: dropFrame)
    }

    // MARK: - Media time

    /// The start time of this label's frame, counting from 00:00:00:00 = zero.
    public func mediaTime(at rate: FrameRate) -> MediaTime {
        rate.time(ofFrame: frameCount(at: rate))
    }

    /// The label of the frame that contains `time` (rounded down to the frame grid).
    public init(time: MediaTime, rate: FrameRate, dropFrame: Bool) throws(TimecodeError) {
        guard let frame = rate.frame(at: time, rounding: .down) else {
            throw .malformed(time.description)
        }
        try self.init(frameCount: frame, rate: rate, dropFrame: dropFrame)
    }
}
