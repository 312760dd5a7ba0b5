/// The Windows-1252 code page (WHATWG Encoding Standard, index-windows-1252): bytes 0x80–0x9F
/// map to the characters below (five of them are unassigned and stay C1 controls); every other
/// byte is the Unicode code point of the same value. Used by the SRT reader for files that are
/// not UTF-8, and by HTML's numeric character references (which map 0x80–0x9F the same way).
public enum Windows1252 {
    /// The characters of bytes 0x80…0x9F that differ from ISO-8859-1.
    public static let c1: [UInt32: UInt32] = [
        0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021,
        0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018,
        0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC,
        0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A, 0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
    ]

    /// Each byte's code point.
    private static let codePoints: [UInt32] = (0...255).map { c1[UInt32($0)] ?? UInt32($0) }

    /// Decodes `bytes` as Windows-1252. Written as UTF-8 and made a string once: appending to a
    /// `String.UnicodeScalarView` scalar by scalar took 14% of an SRT read and write.
    public static func decode(_ bytes: some Sequence<UInt8>) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.underestimatedCount)
        for byte in bytes {
            if byte < 0x80 {
                utf8.append(byte)
                continue
            }
            // Every code point here is below U+0800 (two bytes of UTF-8) or below U+10000 (three).
            let code = codePoints[Int(byte)]
            if code < 0x800 {
                utf8.append(UInt8(0xC0 | code >> 6))
            } else {
                utf8.append(UInt8(0xE0 | code >> 12))
                utf8.append(UInt8(0x80 | (code >> 6) & 0x3F))
            }
            utf8.append(UInt8(0x80 | code & 0x3F))
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
