import CaptionCore

extension CaptionDimension {
    /// The `number` of TTML1's `<length>` (§8.3.9): sign, digits and a point only, so that Swift's own
    /// forms (`0x1p3`, `1e2`, `inf`) are not taken; nil for anything else or a value not finite.
    static func ttmlNumber(_ number: Substring) -> Double? {
        guard !number.isEmpty,
            number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
            let value = Double(number), value.isFinite
        else { return nil }
        return value
    }

    /// Parses a TTML1 `<length>` (§8.3.9) in `px`, `c` or `%`; nil for anything else (`em` has
    /// no counterpart in the model).
    init?(ttml text: Substring) {
        let units: [(String, Unit)] = [("px", .pixels), ("%", .percent), ("c", .cells)]
        for (suffix, unit) in units where text.hasSuffix(suffix) {
            guard let value = Self.ttmlNumber(text.dropLast(suffix.count)) else { return nil }
            self.init(value, unit)
            return
        }
        return nil
    }

    /// `12.5%`, `1c`, `640px`: the shortest exact decimal, always in positional notation, since
    /// TTML1's `<length>` (§8.3.9) has no exponent: Swift writes 2e+88 or 1e-05 for very large or
    /// very small values, which the reader (rightly) refuses.
    var ttmlDescription: String { Self.positional(description) }

    /// A number (with a unit after it, or none) written without an exponent: TTML's `<length>`
    /// (TTML1 §8.3.9) and `<alpha>` (§8.3.1) have none.
    static func positional(_ text: String) -> String {
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
        let suffixStart = text.lastIndex(where: { $0.isNumber }).map { text.index(after: $0) } ?? text.endIndex
        guard let exponent = Int(text[text.index(after: e)..<suffixStart]) else { return text }
        return Self.positional(mantissa: text[..<e], exponent: exponent) + text[suffixStart...]
    }

    /// `mantissa` × 10^`exponent` written without an exponent: the same digits, the point moved.
    static func positional(mantissa: Substring, exponent: Int) -> String {
        let negative = mantissa.hasPrefix("-")
        let unsigned = negative ? mantissa.dropFirst() : mantissa
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        let whole = parts.first.map(String.init) ?? "0"
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = whole + fraction
        var point = whole.count + exponent
        if point <= 0 {
            digits = String(repeating: "0", count: 1 - point) + digits
            point = 1
        } else if point > digits.count {
            digits += String(repeating: "0", count: point - digits.count)
        }
        var integer = String(digits.prefix(point).drop(while: { $0 == "0" }))
        if integer.isEmpty { integer = "0" }
        var decimals = String(digits.dropFirst(point))
        while decimals.hasSuffix("0") { decimals.removeLast() }
        return (negative ? "-" : "") + integer + (decimals.isEmpty ? "" : "." + decimals)
    }

    /// Parses two space-separated lengths (`tts:origin`, `tts:extent`).
    static func pair(ttml text: String) -> (CaptionDimension, CaptionDimension)? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, let a = CaptionDimension(ttml: parts[0]), let b = CaptionDimension(ttml: parts[1])
        else { return nil }
        return (a, b)
    }
}
