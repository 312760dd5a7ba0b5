/// A TTML1 `<timeExpression>` (§10.3.1) as written, before the document's timing parameters
/// turn it into media time.
///
/// ```
/// clock-time  : hours ":" minutes ":" seconds ( fraction | ":" frames ( "." sub-frames )? )?
/// offset-time : time-count fraction? metric        metric: h | m | s | ms | f | t
/// ```
/// Apple's iTT examples also write a leading `-` on `div begin` (programme timecode
/// 01:00:00:00 mapped to zero), which this type accepts.
struct TTMLTimeExpression: Sendable, Hashable {
    enum Metric: String, Sendable, Hashable {
        case hours = "h", minutes = "m", seconds = "s", milliseconds = "ms", frames = "f", ticks = "t"
    }

    /// Decimal digits after a point: their value and how many there were.
    struct Fraction: Sendable, Hashable {
        var value: Int64
        var digits: Int
    }

    enum Form: Sendable, Hashable {
        /// `HH:MM:SS` with an optional decimal fraction of a second.
        case clock(hours: Int64, minutes: Int64, seconds: Int64, fraction: Fraction?)
        /// `HH:MM:SS:FF(.sub)`; `semicolon` when `;` was written (not TTML, but common).
        case clockWithFrames(
            hours: Int64, minutes: Int64, seconds: Int64, frames: Int64, subFrames: Int64?, semicolon: Bool)
        /// `12.5s`, `300f`, `1001t`…
        case offset(whole: Int64, fraction: Fraction?, metric: Metric)
    }

    var negative: Bool
    var form: Form

    /// Parses `text` (surrounding spaces allowed); nil when it is not a time expression.
    init?(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while bytes.first == 0x20 { bytes = bytes.dropFirst() }
        while bytes.last == 0x20 { bytes = bytes.dropLast() }
        negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        guard let first = bytes.first, Self.isDigit(first) else { return nil }
        if bytes.contains(UInt8(ascii: ":")) || bytes.contains(UInt8(ascii: ";")) {
            guard let form = Self.parseClock(bytes) else { return nil }
            self.form = form
        } else {
            guard let form = Self.parseOffset(bytes) else { return nil }
            self.form = form
        }
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

    /// The value of a run of 1…18 digits, optionally exactly `count` long.
    private static func number(_ s: ArraySlice<UInt8>, exactly count: Int? = nil) -> Int64? {
        guard !s.isEmpty, s.count <= 18, s.allSatisfy(isDigit) else { return nil }
        if let count, s.count != count { return nil }
        return s.reduce(0) { $0 * 10 + Int64($1 - 48) }
    }

    /// `digits` after a point: at least one, at most 18.
    private static func fraction(_ s: ArraySlice<UInt8>) -> Fraction? {
        guard let v = number(s) else { return nil }
        return Fraction(value: v, digits: s.count)
    }

    private static func split(_ s: ArraySlice<UInt8>, at separator: UInt8) -> (ArraySlice<UInt8>, ArraySlice<UInt8>?) {
        guard let i = s.firstIndex(of: separator) else { return (s, nil) }
        return (s[..<i], s[(i + 1)...])
    }

    private static func parseClock(_ s: ArraySlice<UInt8>) -> Form? {
        var parts: [ArraySlice<UInt8>] = []
        var semicolon = false
        var start = s.startIndex
        for i in s.indices where s[i] == UInt8(ascii: ":") || s[i] == UInt8(ascii: ";") {
            if s[i] == UInt8(ascii: ";") { semicolon = true }
            parts.append(s[start..<i])
            start = i + 1
        }
        parts.append(s[start...])
        guard parts.count == 3 || parts.count == 4, parts[0].count >= 2, let h = number(parts[0]),
            let m = number(parts[1], exactly: 2)
        else { return nil }
        if parts.count == 3 {
            guard !semicolon else { return nil }
            let (whole, frac) = split(parts[2], at: UInt8(ascii: "."))
            guard let sec = number(whole, exactly: 2) else { return nil }
            var fraction: Fraction?
            if let frac {
                guard let f = self.fraction(frac) else { return nil }
                fraction = f
            }
            return .clock(hours: h, minutes: m, seconds: sec, fraction: fraction)
        }
        guard let sec = number(parts[2], exactly: 2) else { return nil }
        let (framePart, subPart) = split(parts[3], at: UInt8(ascii: "."))
        guard framePart.count >= 2, let f = number(framePart) else { return nil }
        var sub: Int64?
        if let subPart {
            guard let v = number(subPart) else { return nil }
            sub = v
        }
        return .clockWithFrames(hours: h, minutes: m, seconds: sec, frames: f, subFrames: sub, semicolon: semicolon)
    }

    private static func parseOffset(_ s: ArraySlice<UInt8>) -> Form? {
        guard let metricStart = s.firstIndex(where: { !isDigit($0) && $0 != UInt8(ascii: ".") }),
            let metric = Metric(rawValue: String(decoding: s[metricStart...], as: UTF8.self))
        else { return nil }
        let (whole, frac) = split(s[..<metricStart], at: UInt8(ascii: "."))
        guard let w = number(whole) else { return nil }
        var fraction: Fraction?
        if let frac {
            guard let f = self.fraction(frac) else { return nil }
            fraction = f
        }
        return .offset(whole: w, fraction: fraction, metric: metric)
    }
}
