/// A four-character code: a box type, a handler type, a sample-entry format or a GPMF key
/// (ISO/IEC 14496-12 §4.2, `unsigned int(32) type`), stored big-endian as one 32-bit value.
public struct FourCC: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: UInt32

    @inlinable
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The code of a four-byte ASCII string; other lengths and non-ASCII text give nil.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 4, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        rawValue = bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A literal must be four ASCII characters; anything else is a programming error caught by
    /// the first test that uses it (literals never come from input): its first four UTF-8 bytes
    /// are kept, a shorter one is padded with zero bytes. Read from the literal's static bytes,
    /// so that comparing a box type with `"moof"` costs no allocation.
    @inlinable
    public init(stringLiteral text: StaticString) {
        var value: UInt32 = 0
        var count = 0
        if text.hasPointerRepresentation {
            let start = text.utf8Start
            count = min(4, text.utf8CodeUnitCount)
            for i in 0..<count { value = value << 8 | UInt32(start[i]) }
        } else {
            // A one-scalar literal: its UTF-8 bytes.
            for b in String(text.unicodeScalar).utf8.prefix(4) {
                value = value << 8 | UInt32(b)
                count += 1
            }
        }
        rawValue = count == 0 ? 0 : value << (8 * UInt32(4 - count))
    }

    /// The four bytes, most significant first.
    public var bytes: [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> $0) } }

    /// The code as text; bytes outside printable ASCII are written as `\xNN` (©xyz, 0x00000001).
    public var description: String {
        var s = ""
        for shift: UInt32 in [24, 16, 8, 0] {
            let b = UInt8(truncatingIfNeeded: rawValue >> shift)
            if b >= 0x20 && b < 0x7F {
                s.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                s += "\\x" + (b < 16 ? "0" : "") + String(b, radix: 16)
            }
        }
        return s
    }

    @inlinable
    public static func < (a: FourCC, b: FourCC) -> Bool { a.rawValue < b.rawValue }

    @inlinable
    public static func == (a: FourCC, b: FourCC) -> Bool { a.rawValue == b.rawValue }
}
