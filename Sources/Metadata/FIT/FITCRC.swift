/// The FIT CRC-16 (FIT Protocol, "CRC"): the file header's optional CRC over its first 12 bytes,
/// and the file CRC over the header and the data records. It is CRC-16/ARC (polynomial 0x8005,
/// reflected, initial value 0), which the SDK computes four bits at a time from a 16-entry table.
public enum FITCRC {
    private static let table: [UInt16] = [
        0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
        0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]

    /// The CRC of `bytes`: what a FIT file's last two bytes hold (little-endian) for the bytes
    /// before them.
    public static func checksum(_ bytes: [UInt8]) -> UInt16 { update(0, bytes, 0..<bytes.count) }

    /// The CRC of `bytes[range]`, continuing from `crc`.
    static func update(_ crc: UInt16, _ bytes: [UInt8], _ range: Range<Int>) -> UInt16 {
        var crc = crc
        for i in range {
            let byte = UInt16(bytes[i])
            var t = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ t ^ table[Int(byte & 0xF)]
            t = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ t ^ table[Int((byte >> 4) & 0xF)]
        }
        return crc
    }
}
