import CaptionCore

/// MacCaption's one-letter abbreviations of common byte runs in MCC data lines, as every MCC
/// file's header comment lists them (Specs/mcc.md): G–O are 1–9 times FA 00 00 (DTVCC filler
/// constructs), P FB 80 80, Q FC 80 80, R FD 80 80 (CEA-608 filler constructs), S 96 69 (the
/// CDP identifier), T 61 01 (the VANC DID and SDID of a CDP), U E1 00 00 00, Z 00. Everything
/// else is two hexadecimal digits a byte.
public enum MCCRunLength {
    static let fillerConstruct: [UInt8] = [0xFA, 0x00, 0x00]

    /// The bytes a letter stands for; nil for a character outside the alphabet.
    public static func expansion(of letter: UInt8) -> [UInt8]? {
        guard letter >= UInt8(ascii: "G"), letter <= UInt8(ascii: "Z") else { return nil }
        return expansions[Int(letter - UInt8(ascii: "G"))]
    }

    /// The runs of G…Z in order, made once (each line decodes and encodes many).
    private static let expansions: [[UInt8]?] = (UInt8(ascii: "G")...UInt8(ascii: "Z")).map { letter in
        switch letter {
        case UInt8(ascii: "G")...UInt8(ascii: "O"):
            return Array([[UInt8]](repeating: fillerConstruct, count: Int(letter - UInt8(ascii: "F"))).joined())
        case UInt8(ascii: "P"): return [0xFB, 0x80, 0x80]
        case UInt8(ascii: "Q"): return [0xFC, 0x80, 0x80]
        case UInt8(ascii: "R"): return [0xFD, 0x80, 0x80]
        case UInt8(ascii: "S"): return [0x96, 0x69]
        case UInt8(ascii: "T"): return [0x61, 0x01]
        case UInt8(ascii: "U"): return [0xE1, 0x00, 0x00, 0x00]
        case UInt8(ascii: "Z"): return [0x00]
        default: return nil
        }
    }

    /// The letters the encoder tries after the filler runs, each with its run.
    private static let abbreviations: [(letter: UInt8, run: [UInt8])] = "PQRSTUZ".utf8.compactMap { letter in
        expansion(of: letter).map { (letter, $0) }
    }

    /// What decoding a data line's payload gave: the bytes, for each byte the 1-based column
    /// of the character it came from (relative to the payload's first character), and the
    /// first character that is neither a hex digit pair nor a letter of the alphabet.
    public struct Decoded: Sendable, Hashable {
        public var bytes: [UInt8]
        public var columns: [Int]
        /// The first bad character, when there is one.
        public var failure: Failure?
    }

    /// A character that is not MCC payload: its 1-based column and what was found there.
    public struct Failure: Sendable, Hashable {
        public var column: Int
        public var message: String
    }

    /// Decodes `payload` (the characters after the tab); stops at the first bad character.
    public static func decode(_ payload: some Collection<UInt8>) -> Decoded {
        var bytes: [UInt8] = []
        var columns: [Int] = []
        var column = 1
        var i = payload.startIndex
        while i != payload.endIndex {
            let c = payload[i]
            if let high = hexValue(c) {
                let j = payload.index(after: i)
                guard j != payload.endIndex, let low = hexValue(payload[j]) else {
                    let found = j == payload.endIndex ? "the end of the line" : "'\(printable(payload[j]))'"
                    return Decoded(
                        bytes: bytes, columns: columns,
                        failure: Failure(
                            column: column + 1, message: "expected a second hexadecimal digit, found \(found)"))
                }
                bytes.append(high << 4 | low)
                columns.append(column)
                i = payload.index(after: j)
                column += 2
            } else if let run = expansion(of: c) {
                bytes += run
                columns += repeatElement(column, count: run.count)
                i = payload.index(after: i)
                column += 1
            } else {
                return Decoded(
                    bytes: bytes, columns: columns,
                    failure: Failure(
                        column: column,
                        message:
                            "expected hexadecimal digits or one of MacCaption's letters G–U, Z; found '\(printable(c))'"
                    ))
            }
        }
        return Decoded(bytes: bytes, columns: columns, failure: nil)
    }

    /// `bytes` as MCC payload text: upper-case hex digits with the runs abbreviated, longest
    /// first (nine filler constructs as O, then the rest), as Adobe Premiere Pro and GStreamer's
    /// `mccenc` write them.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var i = 0
        func matches(_ pattern: [UInt8], at i: Int) -> Bool {
            guard i + pattern.count <= bytes.count else { return false }
            for k in 0..<pattern.count where bytes[i + k] != pattern[k] { return false }
            return true
        }
        bytes: while i < bytes.count {
            var runs = 0
            while runs < 9 && matches(fillerConstruct, at: i + 3 * runs) { runs += 1 }
            if runs > 0 {
                out.append(UInt8(ascii: "F") + UInt8(runs))
                i += 3 * runs
                continue
            }
            for (letter, run) in abbreviations where matches(run, at: i) {
                out.append(letter)
                i += run.count
                continue bytes
            }
            out.append(HexText.digit(bytes[i] >> 4, uppercase: true))
            out.append(HexText.digit(bytes[i], uppercase: true))
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        // Upper-case A–F only count as digits here: every letter G–Z is an abbreviation, and
        // lower-case a–f are read as digits too (FFmpeg's reader does).
        HexText.value(ofDigit: c)
    }

    static func printable(_ c: UInt8) -> String {
        (0x21...0x7E).contains(c) ? String(UnicodeScalar(c)) : "0x\(HexText.byte(c))"
    }
}
