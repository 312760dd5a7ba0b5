/// Bytes as hexadecimal text, as messages, disassemblies and files show them ("94", "942c").
public enum HexText {
    private static let lower: [UInt8] = Array("0123456789abcdef".utf8)
    private static let upper: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// The lower-case ASCII digit of the low four bits of `nibble`.
    @inline(__always)
    public static func digit(_ nibble: UInt8) -> UInt8 {
        let value = nibble & 0x0F
        return value < 10 ? 0x30 + value : 0x57 + value
    }

    /// Two digits for `byte`, lower case unless `uppercase`.
    public static func byte(_ byte: UInt8, uppercase: Bool = false) -> String {
        let digits = uppercase ? upper : lower
        return String(unsafeUninitializedCapacity: 2) { buffer in
            buffer[0] = digits[Int(byte >> 4)]
            buffer[1] = digits[Int(byte & 0x0F)]
            return 2
        }
    }

    /// Four lower-case digits for a byte pair, first byte first: a CEA-608 word as SCC writes it.
    public static func pair(_ first: UInt8, _ second: UInt8) -> String {
        String(unsafeUninitializedCapacity: 4) { buffer in
            buffer[0] = digit(first >> 4)
            buffer[1] = digit(first)
            buffer[2] = digit(second >> 4)
            buffer[3] = digit(second)
            return 4
        }
    }

    /// "U+00E9": a code point as the Unicode Standard writes it (Appendix A, notational
    /// conventions), upper-case digits, at least four of them.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
