/// The WebVTT parser's input after the decoding and the transformations of WebVTT §6.1 step 1,
/// as UTF-8 bytes: the bytes are UTF-8 decoded (a leading byte order mark dropped, invalid
/// sequences replaced by U+FFFD, as the Encoding Standard's "UTF-8 decode" does), U+0000 becomes
/// U+FFFD, CRLF and lone CR become LF. Every syntax character of WebVTT is ASCII, so the parser
/// works on these bytes directly; line numbers are unchanged by the transformations.
struct WebVTTInput {
    let bytes: [UInt8]
    /// How many U+0000 characters were replaced.
    let nullCount: Int
    /// Whether some bytes were not UTF-8 (replaced by U+FFFD).
    let hadInvalidUTF8: Bool

    init<Bytes: Collection>(_ raw: Bytes) where Bytes.Element == UInt8 {
        var source = Array(raw)
        if source.starts(with: [0xEF, 0xBB, 0xBF]) { source.removeFirst(3) }
        var invalid = false
        if String(validating: source, as: UTF8.self) == nil {
            invalid = true
            source = Array(String(decoding: source, as: UTF8.self).utf8)
        }
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var nulls = 0
        var i = 0
        let n = source.count
        while i < n {
            let b = source[i]
            switch b {
            case 0:
                nulls += 1
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            case 0x0D:
                out.append(0x0A)
                if i + 1 < n, source[i + 1] == 0x0A { i += 1 }
            default:
                out.append(b)
            }
            i += 1
        }
        bytes = out
        nullCount = nulls
        hadInvalidUTF8 = invalid
    }
}

/// Byte classes the WebVTT algorithms use (WebVTT §2 and HTML's "ASCII whitespace").
enum WebVTTBytes {
    static let lf: UInt8 = 0x0A

    /// ASCII whitespace: tab, LF, FF, CR, space.
    @inline(__always)
    static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }

    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    @inline(__always)
    static func isAlphanumeric(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    /// "Split a string on spaces" (HTML): the tokens between runs of ASCII whitespace.
    static func splitOnSpaces(_ s: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        s.split(whereSeparator: isWhitespace)
    }

    static func string(_ s: ArraySlice<UInt8>) -> String { String(decoding: s, as: UTF8.self) }
}
