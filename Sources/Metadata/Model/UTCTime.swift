import CaptionCore

/// An exact UTC instant: seconds since 1970-01-01T00:00:00Z as a rational ``MediaTime`` (leap
/// seconds not counted, as in POSIX time and GPX's `xsd:dateTime`).
public struct UTCTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var sinceEpoch: MediaTime

    public init(sinceEpoch: MediaTime) { self.sinceEpoch = sinceEpoch }

    /// `seconds` plus `nanoseconds` (0…999,999,999). Nanosecond precision reaches the year
    /// 2262 (Int64 nanoseconds); beyond it the fraction is dropped rather than overflowing.
    public init(seconds: Int64, nanoseconds: Int64 = 0) {
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (value, overflow2) = scaled.addingReportingOverflow(nanoseconds)
        if overflow || overflow2 {
            self.sinceEpoch = MediaTime(value: seconds, timescale: 1)
        } else {
            self.sinceEpoch = MediaTime(value: value, timescale: 1_000_000_000).reduced
        }
    }

    public static func < (a: UTCTime, b: UTCTime) -> Bool { a.sinceEpoch < b.sinceEpoch }

    public var description: String { iso8601 }

    // MARK: - ISO 8601 (RFC 3339 profile, as GPX and QuickTime dates use)

    /// Parses `YYYY-MM-DDThh:mm:ss[.fraction](Z|±hh:mm)`; a missing zone means UTC (GPX 1.1
    /// says times are UTC; files without a zone exist). Up to 9 fraction digits are exact.
    public init?(iso8601 text: String) {
        let b = Array(text.utf8)
        func digits(_ at: Int, _ n: Int) -> Int64? {
            guard at + n <= b.count else { return nil }
            var v: Int64 = 0
            for i in at..<(at + n) {
                guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
                v = v * 10 + Int64(b[i] - 0x30)
            }
            return v
        }
        guard b.count >= 19, let year = digits(0, 4), b[4] == 0x2D, let month = digits(5, 2), b[7] == 0x2D,
            let day = digits(8, 2), b[10] == 0x54 || b[10] == 0x74 || b[10] == 0x20, let hour = digits(11, 2),
            b[13] == 0x3A, let minute = digits(14, 2), b[16] == 0x3A, let second = digits(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var i = 19
        var nanos: Int64 = 0
        if i < b.count, b[i] == 0x2E || b[i] == 0x2C {
            i += 1
            var n = 0
            while i < b.count, b[i] >= 0x30 && b[i] <= 0x39 {
                if n < 9 {
                    nanos = nanos * 10 + Int64(b[i] - 0x30)
                    n += 1
                } else if b[i] != 0x30 {
                    return nil  // more precision than nanoseconds: refuse rather than round silently
                }
                i += 1
            }
            guard n > 0 else { return nil }
            for _ in n..<9 { nanos *= 10 }
        }
        var offsetSeconds: Int64 = 0
        if i < b.count {
            if b[i] == 0x5A || b[i] == 0x7A {
                i += 1
            } else if b[i] == 0x2B || b[i] == 0x2D {
                guard let oh = digits(i + 1, 2), i + 3 < b.count, b[i + 3] == 0x3A, let om = digits(i + 4, 2), oh < 24,
                    om < 60
                else { return nil }
                offsetSeconds = (oh * 3600 + om * 60) * (b[i] == 0x2D ? -1 : 1)
                i += 6
            } else {
                return nil
            }
        }
        guard i == b.count else { return nil }
        let days = Self.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        self.init(seconds: seconds, nanoseconds: nanos)
    }

    /// `YYYY-MM-DDThh:mm:ss[.fff…]Z`, with as many fraction digits as the instant needs (none for
    /// whole seconds, 3 for milliseconds, up to 9).
    public var iso8601: String {
        var seconds: Int64
        var nanos: Int64
        if let total = try? sinceEpoch.converted(toTimescale: 1_000_000_000, rounding: .nearestOrAwayFromZero).value {
            seconds = total / 1_000_000_000
            nanos = total % 1_000_000_000
        } else {
            // Too far from 1970 for nanoseconds in an Int64: whole seconds.
            seconds = (try? sinceEpoch.converted(toTimescale: 1, rounding: .down).value) ?? 0
            nanos = 0
        }
        if nanos < 0 {
            nanos += 1_000_000_000
            seconds -= 1
        }
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        let (y, m, d) = Self.civil(days: days)
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var s = "\(y < 1000 ? String(repeating: "0", count: 4 - String(y).count) : "")\(y)-\(two(m))-\(two(d))T"
        s += "\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))"
        if nanos != 0 {
            var digits = String(nanos)
            digits = String(repeating: "0", count: 9 - digits.count) + digits
            // Keep groups of three digits (milliseconds, microseconds, nanoseconds).
            while digits.count > 3 && digits.hasSuffix("000") { digits.removeLast(3) }
            s += "." + digits
        }
        return s + "Z"
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (the "days from civil" algorithm:
    /// eras of 400 years, years starting in March).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The inverse of ``days(year:month:day:)``.
    static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

extension UTCTime: Encodable {
    /// RFC 3339 text, as ``iso8601`` gives it.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(iso8601)
    }
}
