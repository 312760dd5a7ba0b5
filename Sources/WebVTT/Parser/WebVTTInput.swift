/// The WebVTT parser's input after the decoding and the transformations of WebVTT §6.1 step 1,
/// as UTF-8 bytes: the bytes are UTF-8 decoded (a leading byte order mark dropped, invalid
/// sequences replaced by U+FFFD, as the Encoding Standard's "UTF-8 decode" does), U+0000 becomes
/// U+FFFD, CRLF and lone CR become LF. Every syntax character of WebVTT is ASCII, so the parser
/// works on these bytes directly; line numbers are unchanged by the transformations.
import CaptionCore

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
        // Copy between the bytes that change (NUL, CR), found with memchr: most files have none.
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var nulls = 0
        var start = 0
        let n = source.count
        while start < n {
            let nul = ByteScan.firstIndex(of: 0, in: source, from: start)
            let cr = ByteScan.firstIndex(of: 0x0D, in: source, from: start, to: nul)
            guard let stop = cr ?? nul else {
                out.append(contentsOf: source[start...])
                break
            }
            out.append(contentsOf: source[start..<stop])
            if source[stop] == 0 {
                nulls += 1
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                start = stop + 1
            } else {
                out.append(0x0A)
                start = stop + 1 < n && source[stop + 1] == 0x0A ? stop + 2 : stop + 1
            }
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
