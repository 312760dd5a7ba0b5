/// Bytes as hexadecimal text, as messages, disassemblies and files show them ("94", "942c").
///
/// `digit` and `value(ofDigit:)` are inlinable: the SCC scanner calls them for every hex digit
/// of a file, from another module.
public enum HexText {
    /// The ASCII digit of the low four bits of `nibble`, lower case unless `uppercase`.
    @inlinable @inline(__always)
    public static func digit(_ nibble: UInt8, uppercase: Bool = false) -> UInt8 {
        let value = nibble & 0x0F
        return value < 10 ? 0x30 + value : (uppercase ? 0x37 : 0x57) + value
    }

    /// The value of the ASCII hex digit `byte` (either case), or nil when it is not one.
    @inlinable @inline(__always)
    public static func value(ofDigit byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte &- 0x30
        case 0x41...0x46: byte &- 0x37
        case 0x61...0x66: byte &- 0x57
        default: nil
        }
    }

    /// Two digits for `byte`, lower case unless `uppercase`.
    public static func byte(_ byte: UInt8, uppercase: Bool = false) -> String {
        String(unsafeUninitializedCapacity: 2) { buffer in
            buffer[0] = digit(byte >> 4, uppercase: uppercase)
            buffer[1] = digit(byte, uppercase: uppercase)
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
