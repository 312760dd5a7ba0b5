// The DTVCC code space, CTA-708-E §7.1: C0 (§7.1.4), C1 (§7.1.5), G0 (§7.1.6), G1 (§7.1.7), and
// after EXT1 the extended sets G2 (§7.1.8), G3 (§7.1.9), C2 (§7.1.10) and C3 (§7.1.11). The same
// data is in Specs/cea708/*.tsv; Tests/CEA708Tests/CodeTableSpecTests.swift keeps the two equal.

/// The code tables of CTA-708-E §7.1, as data.
public enum CEA708CodeTables {
    /// A control code: its mnemonic (`nil` when reserved) and how many bytes follow it.
    public struct ControlCode: Hashable, Sendable {
        public let code: UInt8
        public let mnemonic: String?
        public let parameterBytes: Int
    }

    /// How many bytes follow an extended control code (C2 or C3) after EXT1.
    public enum ExtendedLength: Hashable, Sendable {
        case fixed(Int)
        /// C3 0x90–0x9F: a header byte whose low five bits count the bytes after it (§7.1.11.2).
        case variable
    }

    /// EXT1, the prefix of the extended code sets (§7.1.4).
    public static let ext1: UInt8 = 0x10
    /// P16, the prefix of a 16-bit character (§7.1.4).
    public static let p16: UInt8 = 0x18

    /// C0, 0x00–0x1F: 0x00–0x0F take no parameter, 0x10–0x17 one, 0x18–0x1F two (§7.1.4).
    public static let c0: [ControlCode] = (0..<0x20).map { code in
        let mnemonics: [UInt8: String] = [
            0x00: "NUL", 0x03: "ETX", 0x08: "BS", 0x0C: "FF", 0x0D: "CR", 0x0E: "HCR", 0x10: "EXT1", 0x18: "P16",
        ]
        let count = code < 0x10 ? 0 : code < 0x18 ? 1 : 2
        return ControlCode(code: UInt8(code), mnemonic: mnemonics[UInt8(code)], parameterBytes: count)
    }

    /// C1, 0x80–0x9F, indexed by `code - 0x80` (§7.1.5, §8.10.5).
    public static let c1: [ControlCode] = {
        var codes: [ControlCode] = []
        for window in 0..<8 {
            codes.append(ControlCode(code: 0x80 + UInt8(window), mnemonic: "CW\(window)", parameterBytes: 0))
        }
        let fixed: [(UInt8, String?, Int)] = [
            (0x88, "CLW", 1), (0x89, "DSW", 1), (0x8A, "HDW", 1), (0x8B, "TGW", 1), (0x8C, "DLW", 1), (0x8D, "DLY", 1),
            (0x8E, "DLC", 0), (0x8F, "RST", 0), (0x90, "SPA", 2), (0x91, "SPC", 3), (0x92, "SPL", 2),
            (0x93, nil, 0), (0x94, nil, 0), (0x95, nil, 0), (0x96, nil, 0), (0x97, "SWA", 4),
        ]
        for (code, mnemonic, count) in fixed {
            codes.append(ControlCode(code: code, mnemonic: mnemonic, parameterBytes: count))
        }
        for window in 0..<8 {
            codes.append(ControlCode(code: 0x98 + UInt8(window), mnemonic: "DF\(window)", parameterBytes: 6))
        }
        return codes
    }()

    /// The bytes after a C2 (0x00–0x1F) or C3 (0x80–0x9F) code; `nil` for any other byte.
    public static func extendedControlLength(_ code: UInt8) -> ExtendedLength? {
        switch code {
        case 0x00...0x1F: .fixed(Int(code >> 3))
        case 0x80...0x87: .fixed(4)
        case 0x88...0x8F: .fixed(5)
        case 0x90...0x9F: .variable
        default: nil
        }
    }

    /// The character of a G0 or G1 byte (0x20–0x7F, 0xA0–0xFF): ASCII and ISO 8859-1, except 0x7F,
    /// the eighth note (§7.1.6); `nil` for control bytes.
    public static func basicCharacter(_ byte: UInt8) -> Unicode.Scalar? {
        switch byte {
        case 0x7F: "\u{266A}"
        case 0x20...0x7E, 0xA0...0xFF: Unicode.Scalar(byte)
        default: nil
        }
    }

    /// The G0 or G1 byte of a character, if it has one (the inverse of ``basicCharacter(_:)``).
    public static func basicByte(for scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x266A: 0x7F
        case 0x20...0x7E, 0xA0...0xFF: UInt8(scalar.value)
        default: nil
        }
    }

    /// The defined G2 characters (§7.1.8): TSP and NBTSP appear as U+0020 and U+00A0.
    public static let g2: [UInt8: Unicode.Scalar] = [
        0x20: "\u{20}", 0x21: "\u{A0}", 0x25: "\u{2026}", 0x2A: "\u{160}", 0x2C: "\u{152}", 0x30: "\u{2588}",
        0x31: "\u{2018}", 0x32: "\u{2019}", 0x33: "\u{201C}", 0x34: "\u{201D}", 0x35: "\u{2022}", 0x39: "\u{2122}",
        0x3A: "\u{161}", 0x3C: "\u{153}", 0x3D: "\u{2120}", 0x3F: "\u{178}", 0x76: "\u{215B}", 0x77: "\u{215C}",
        0x78: "\u{215D}", 0x79: "\u{215E}", 0x7A: "\u{2502}", 0x7B: "\u{2510}", 0x7C: "\u{2514}", 0x7D: "\u{2500}",
        0x7E: "\u{2518}", 0x7F: "\u{250C}",
    ]

    /// The defined G3 characters (§7.1.9): only the CC logo, as the private-use U+E9A0.
    public static let g3: [UInt8: Unicode.Scalar] = [0xA0: "\u{E9A0}"]

    /// The two transparent spaces of G2 (TSP 0x20, NBTSP 0x21): cells that show no background.
    public static let transparentSpaces: Set<UInt8> = [0x20, 0x21]

    /// The character of an extended code (G2 0x20–0x7F or G3 0xA0–0xFF); `nil` when reserved.
    public static func extendedCharacter(_ code: UInt8) -> Unicode.Scalar? {
        code < 0x80 ? g2[code] : g3[code]
    }

    /// The G2 or G3 code of a character (sent after EXT1, §7.1.8–9), if it has one; the
    /// transparent spaces are left out (U+0020 and U+00A0 are G0/G1 characters; the encoder
    /// sends U+00A0 as NBTSP by choice, Specs/cea708.md).
    public static func extendedCode(for scalar: Unicode.Scalar) -> UInt8? { extendedCodes[scalar] }

    static let extendedCodes: [Unicode.Scalar: UInt8] = {
        var codes: [Unicode.Scalar: UInt8] = [:]
        for (code, scalar) in g2 where !transparentSpaces.contains(code) { codes[scalar] = code }
        for (code, scalar) in g3 { codes[scalar] = code }
        return codes
    }()

    /// Whether a character has a code in G0–G3 (§7.1.6–9): what a caption's text can carry.
    public static func canEncode(_ scalar: Unicode.Scalar) -> Bool {
        basicByte(for: scalar) != nil || extendedCode(for: scalar) != nil
    }
}
