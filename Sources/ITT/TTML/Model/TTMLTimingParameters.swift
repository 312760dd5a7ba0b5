import CaptionCore

/// The document's timing parameters (TTML1 §6.2) and the conversion of time expressions to
/// media time under them (§10.3.1, §10.4).
struct TTMLTimingParameters: Sendable {
    /// TTML1 §6.2.11; `media` by default.
    var timeBase: CaptionDocument.TimeBase = .media
    /// TTML1 §6.2.4 `ttp:frameRate`: the nominal (integer) rate frames are counted in; 30 by default.
    var nominalFrameRate: Int64 = 30
    /// TTML1 §6.2.5 `ttp:frameRateMultiplier`, `1 1` by default.
    var multiplier: (numerator: Int64, denominator: Int64) = (1, 1)
    /// TTML1 §6.2.9 `ttp:subFrameRate`, 1 by default.
    var subFrameRate: Int64 = 1
    /// TTML1 §6.2.10 `ttp:tickRate`: when absent, frame rate × sub-frame rate if a frame rate is
    /// given, else 1.
    var tickRate: Int64?
    var dropMode: TTMLDropMode = .nonDrop

    /// The effective frame rate: nominal × multiplier, reduced (30 × 1000/1001 = 30000/1001).
    var effectiveFrameRate: FrameRate? {
        let n = nominalFrameRate * multiplier.numerator
        let d = multiplier.denominator
        let g = Self.gcd(n, d)
        guard let frames = Int32(exactly: n / g), let seconds = Int32(exactly: d / g) else { return nil }
        return FrameRate(frames: frames, seconds: seconds)
    }

    var effectiveTickRate: Int64 { tickRate ?? nominalFrameRate * subFrameRate }

    /// Why a time expression has no media time under these parameters.
    enum ConversionError: Error, Sendable, Hashable {
        case frameOutOfRange(frames: Int64, nominal: Int64)
        case fieldOutOfRange(String)
        case skippedLabel
        case overflow
    }

    /// The media time of `expression`. In the SMPTE time base a clock time with frames is a frame
    /// label (drop-frame labels counted per `dropFrame`); elsewhere frames are
    /// `frames / effective rate` seconds. `isDuration` counts `dur` values as plain frame counts.
    func time(
        of expression: TTMLTimeExpression, dropFrame: Bool? = nil, isDuration: Bool = false
    ) throws(ConversionError) -> MediaTime {
        guard let rate = effectiveFrameRate else { throw .overflow }
        var result: MediaTime
        switch expression.form {
        case .clock(let h, let m, let s, let fraction):
            guard h <= Self.maximumHours else { throw .fieldOutOfRange("hours") }
            guard m < 60, s < 61 else { throw .fieldOutOfRange("minutes or seconds") }
            let whole = MediaTime(value: h * 3600 + m * 60 + s, timescale: 1)
            result = try Self.add(whole, Self.decimal(whole: 0, fraction: fraction))
        case .clockWithFrames(let h, let m, let s, let f, let sub, _):
            guard h <= Self.maximumHours else { throw .fieldOutOfRange("hours") }
            guard m < 60, s < 60 else { throw .fieldOutOfRange("minutes or seconds") }
            guard f < nominalFrameRate else { throw .frameOutOfRange(frames: f, nominal: nominalFrameRate) }
            // `dropFrame` overrides the document's mode for labels written with ';'.
            var mode = dropMode
            if let dropFrame { mode = dropFrame ? (dropMode == .nonDrop ? .dropNTSC : dropMode) : .nonDrop }
            if timeBase == .smpte {
                let totalMinutes = h * 60 + m
                var count = (h * 3600 + m * 60 + s) * nominalFrameRate + f
                if !isDuration && mode != .nonDrop {
                    if mode.skips(minute: m, second: s, frame: f, nominalRate: nominalFrameRate) { throw .skippedLabel }
                    count -= mode.droppedLabels(beforeMinute: totalMinutes, nominalRate: nominalFrameRate)
                }
                result = rate.time(ofFrame: count)
                guard result.isValid else { throw .overflow }
            } else {
                let seconds = MediaTime(value: h * 3600 + m * 60 + s, timescale: 1)
                result = try Self.add(seconds, Self.frames(f, of: rate))
            }
            if let sub, sub > 0 {
                // TTML1 §10.3.1: sub-frames count in ttp:subFrameRate units of one frame.
                let part = try Self.scaled(rate.frameDuration, by: sub, dividedBy: subFrameRate)
                result = try Self.add(result, part)
            }
        case .offset(let whole, let fraction, let metric):
            let value = try Self.decimal(whole: whole, fraction: fraction)
            switch metric {
            case .hours: result = try Self.scaled(value, by: 3600, dividedBy: 1)
            case .minutes: result = try Self.scaled(value, by: 60, dividedBy: 1)
            case .seconds: result = value
            case .milliseconds: result = try Self.scaled(value, by: 1, dividedBy: 1000)
            case .frames: result = try Self.scaled(value, by: Int64(rate.seconds), dividedBy: Int64(rate.frames))
            case .ticks: result = try Self.scaled(value, by: 1, dividedBy: max(effectiveTickRate, 1))
            }
        }
        return expression.negative ? result.negated() : result
    }

    /// The largest hours field accepted (about 114 years), far below where frame counts could
    /// overflow.
    static let maximumHours: Int64 = 1_000_000

    // MARK: - Exact arithmetic helpers

    private static func decimal(
        whole: Int64, fraction: TTMLTimeExpression.Fraction?
    ) throws(ConversionError) -> MediaTime {
        guard var fraction else { return MediaTime(value: whole, timescale: 1) }
        // More than 9 fractional digits cannot be kept in an Int32 timescale; drop the excess.
        while fraction.digits > 9 {
            fraction.value /= 10
            fraction.digits -= 1
        }
        var scale: Int64 = 1
        for _ in 0..<fraction.digits { scale *= 10 }
        let (product, o1) = whole.multipliedReportingOverflow(by: scale)
        let (sum, o2) = product.addingReportingOverflow(fraction.value)
        guard !o1, !o2 else { throw .overflow }
        return MediaTime(value: sum, timescale: Int32(scale)).reduced
    }

    private static func frames(_ count: Int64, of rate: FrameRate) throws(ConversionError) -> MediaTime {
        try scaled(rate.frameDuration, by: count, dividedBy: 1)
    }

    private static func scaled(_ t: MediaTime, by n: Int64, dividedBy d: Int64) throws(ConversionError) -> MediaTime {
        do { return try t.checkedMultiplying(by: n, dividingBy: d).reduced } catch { throw .overflow }
    }

    private static func add(_ a: MediaTime, _ b: MediaTime) throws(ConversionError) -> MediaTime {
        do { return try a.checkedAdding(b).reduced } catch { throw .overflow }
    }

    static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (x, y) = (a.magnitude, b.magnitude)
        while y != 0 { (x, y) = (y, x % y) }
        return x == 0 ? 1 : Int64(x)
    }
}
