import CaptionCore

/// Strings, numbers and the literals `true`, `false` and `null` (RFC 8259 §3, §6, §7).
extension JSONScanner {
    /// Whether the next value is `null`; consumed if so.
    @inlinable
    package mutating func readNull() -> Bool {
        skipSpace()
        return match("null")
    }

    @inlinable
    package mutating func readBool() throws(JSONError) -> Bool {
        skipSpace()
        if match("true") { return true }
        if match("false") { return false }
        throw error("expected true or false")
    }

    /// A string value.
    @inlinable
    package mutating func readString() throws(JSONError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string") }
        return try readStringBody()
    }

    /// A number value (RFC 8259 §6), which must be finite as a `Double`.
    package mutating func readNumber() throws(JSONError) -> Double {
        guard let b = peek(), Self.numberLike(b) else { throw error("expected a number") }
        let (start, isInteger) = try scanNumber()
        if isInteger, offset - start <= 18, let n = integer(start..<offset) { return Double(n) }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text) is out of range", at: start)
        }
        return value
    }

    /// A number value that is a whole number within 64 bits.
    package mutating func readInteger() throws(JSONError) -> Int64 {
        guard let b = peek(), Self.numberLike(b) else { throw error("expected a whole number") }
        let (start, isInteger) = try scanNumber()
        guard isInteger, let n = integer(start..<offset) else { throw error("expected a whole number", at: start) }
        return n
    }

    /// Consumes a number (RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`);
    /// where it starts, and whether it has neither fraction nor exponent.
    @usableFromInline
    mutating func scanNumber() throws(JSONError) -> (start: Int, isInteger: Bool) {
        skipSpace()
        let start = offset
        func digits() -> Int {
            let first = offset
            while offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 { offset += 1 }
            return offset - first
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let leadingZero = offset < bytes.count && bytes[offset] == UInt8(ascii: "0")
        let intDigits = digits()
        var isInteger = true
        var valid = intDigits > 0 && !(leadingZero && intDigits > 1)
        if valid, offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            isInteger = false
            valid = digits() > 0
        }
        if valid, offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            isInteger = false
            valid = digits() > 0
        }
        guard valid else { throw numberError(from: start) }
        return (start, isInteger)
    }

    /// The error for a number that breaks §6's grammar (`01`, `1.`, `+1`, `.5`), or for no value.
    func numberError(from start: Int) -> JSONError {
        var end = start
        while end < bytes.count, Self.numberLike(bytes[end]) { end += 1 }
        guard end > start else { return valueError(at: start) }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return error("'\(text)' is not a JSON number", at: start)
    }

    static func numberLike(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default: return false
        }
    }

    /// The value of a checked integer's digits (and sign); nil past 64 bits.
    @usableFromInline
    func integer(_ range: Range<Int>) -> Int64? {
        var i = range.lowerBound
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var n: Int64 = 0
        while i < range.upperBound {
            let (times10, o1) = n.multipliedReportingOverflow(by: 10)
            let d = Int64(bytes[i] &- UInt8(ascii: "0"))
            let (next, o2) = negative ? times10.subtractingReportingOverflow(d) : times10.addingReportingOverflow(d)
            guard !o1, !o2 else { return nil }
            n = next
            i += 1
        }
        return n
    }

    // MARK: - Strings

    /// The string whose opening quote is at the offset (RFC 8259 §7): escapes decoded,
    /// surrogate pairs joined, control characters and bytes that are not UTF-8 refused.
    @inlinable
    package mutating func readStringBody() throws(JSONError) -> String {
        offset += 1  // the opening quote
        let start = offset
        // Most strings have no escape: one pass to find the closing quote, one to check UTF-8.
        while offset < bytes.count {
            let b = bytes[offset]
            if b == UInt8(ascii: "\"") {
                offset += 1
                return try string(bytes.span.extracting(start..<(offset - 1)), at: start)
            }
            if b == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
            if b < 0x20 { throw error("a control character in a string (write it as an escape, e.g. \\n)") }
            offset += 1
        }
        throw error("unterminated string", at: start - 1)
    }

    /// The rest of a string from its first backslash, at the offset; `start` is its first byte.
    @usableFromInline
    mutating func readEscapedString(from start: Int) throws(JSONError) -> String {
        var out = Array(bytes[start..<offset])
        while offset < bytes.count {
            let b = bytes[offset]
            if b == UInt8(ascii: "\"") {
                offset += 1
                return try string(out.span, at: start)
            }
            if b < 0x20 { throw error("a control character in a string (write it as an escape, e.g. \\n)") }
            offset += 1
            guard b == UInt8(ascii: "\\") else {
                out.append(b)
                continue
            }
            guard offset < bytes.count else { break }
            let e = bytes[offset]
            offset += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                let escape = offset - 2
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard match("\\u") else { throw error("unpaired surrogate \\u escape", at: escape) }
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error("unpaired surrogate \\u escape", at: escape)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape", at: escape) }
                UTF8.encode(u) { out.append($0) }
            default:
                throw error("invalid escape \\\(Character(Unicode.Scalar(e)))", at: offset - 2)
            }
        }
        throw error("unterminated string", at: start - 1)
    }

    /// `utf8` as a String, or an error at `start` when it is not UTF-8. `UTF8Span` validates
    /// without the generic `String(validating:as:)`, whose type lookups cost as much as the
    /// rest of reading a short string.
    @usableFromInline
    func string(_ utf8: Span<UInt8>, at start: Int) throws(JSONError) -> String {
        do {
            return String(copying: try UTF8Span(validating: utf8))
        } catch {
            throw self.error("invalid UTF-8 in a string", at: start)
        }
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let d = HexText.value(ofDigit: bytes[offset]) else { throw error("bad hex digit in \\u escape") }
            v = v << 4 | UInt32(d)
            offset += 1
        }
        return v
    }

    /// Consumes `literal` if the bytes at the offset are it.
    @inlinable
    mutating func match(_ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard offset + n <= bytes.count else { return false }
        let ok = literal.withUTF8Buffer { lit in
            var k = 0
            while k < n {
                if bytes[offset + k] != lit[k] { return false }
                k += 1
            }
            return true
        }
        if ok { offset += n }
        return ok
    }
}
