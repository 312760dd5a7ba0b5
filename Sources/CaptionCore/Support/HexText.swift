/// Bytes as hexadecimal text, as messages and disassemblies show them ("94", "942c").
public enum HexText {
    private static let lower: [UInt8] = Array("0123456789abcdef".utf8)
    private static let upper: [UInt8] = Array("0123456789ABCDEF".utf8)

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
            buffer[0] = lower[Int(first >> 4)]
            buffer[1] = lower[Int(first & 0x0F)]
            buffer[2] = lower[Int(second >> 4)]
            buffer[3] = lower[Int(second & 0x0F)]
            return 4
        }
    }
}
