import CaptionCore

/// HTML's "consume a character reference" (WHATWG HTML §13.2.5.72–80), as the WebVTT cue text
/// tokenizer uses it (WebVTT §6.4): not in an attribute, so a named reference without its ";"
/// is still decoded when the table lists it that way.
enum HTMLCharacterReference {
    /// The longest name in the table, ";" included.
    static let longestName = 32

    /// Name → characters, built once from ``HTMLNamedCharacterReferenceTable``.
    static let named: [String: String] = {
        var table: [String: String] = [:]
        table.reserveCapacity(2300)
        for line in HTMLNamedCharacterReferenceTable.text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard let name = parts.first else { continue }
            var value = ""
            for hex in parts.dropFirst() {
                if let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) {
                    value.unicodeScalars.append(scalar)
                }
            }
            table[String(name)] = value
        }
        return table
    }()

    /// Consumes a character reference starting at `position` (just after the "&"). Returns the
    /// characters as UTF-8 and moves `position` past what was consumed, or returns nil and
    /// leaves `position` alone when nothing is returned.
    static func consume(_ input: ArraySlice<UInt8>, at position: inout Int) -> [UInt8]? {
        let end = input.endIndex
        guard position < end else { return nil }
        if input[position] == 0x23 {  // "#"
            return consumeNumeric(input, at: &position)
        }
        guard WebVTTBytes.isAlphanumeric(input[position]) else { return nil }
        // The longest name in the table that the input starts with.
        var stop = position
        while stop < end, stop - position < longestName, WebVTTBytes.isAlphanumeric(input[stop]) { stop += 1 }
        if stop < end, input[stop] == 0x3B { stop += 1 }
        while stop > position {
            let name = String(decoding: input[position..<stop], as: UTF8.self)
            if let value = named[name] {
                position = stop
                return Array(value.utf8)
            }
            stop -= 1
        }
        return nil
    }

    private static func consumeNumeric(_ input: ArraySlice<UInt8>, at position: inout Int) -> [UInt8]? {
        let end = input.endIndex
        var i = position + 1
        var hex = false
        if i < end, input[i] == 0x78 || input[i] == 0x58 {  // "x" or "X"
            hex = true
            i += 1
        }
        let digitsStart = i
        var value: UInt32 = 0
        while i < end {
            let b = input[i]
            let digit: UInt32
            if WebVTTBytes.isDigit(b) {
                digit = UInt32(b - 0x30)
            } else if hex, (0x61...0x66).contains(b | 0x20) {
                digit = UInt32((b | 0x20) - 0x61 + 10)
            } else {
                break
            }
            // Saturate past the last code point; the value is an error either way.
            value = min(value &* (hex ? 16 : 10) &+ digit, 0x11_0000)
            i += 1
        }
        guard i > digitsStart else { return nil }  // "&#" or "&#x" without digits
        if i < end, input[i] == 0x3B { i += 1 }
        position = i
        var code = value
        if code == 0 || code > 0x10FFFF || (0xD800...0xDFFF).contains(code) {
            code = 0xFFFD
        } else if let replacement = Windows1252.c1[code] {
            // HTML §13.2.5.80: 0x80–0x9F are read as Windows-1252.
            code = replacement
        }
        var bytes: [UInt8] = []
        if let scalar = Unicode.Scalar(code) { UTF8.encode(scalar) { bytes.append($0) } }
        return bytes
    }
}
