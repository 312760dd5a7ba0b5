// The CEA-608 character sets: basic, special and extended.
// Sources: 47 CFR 15.119(g), character set and special characters tables (now 47 CFR 79.101;
// reproduced in CTA-608-E Annex F); extended characters: CEA-608-B §6.4.2.
// Data: Specs/cea608/basic-characters.tsv, special-characters.tsv,
// extended-spanish-french.tsv, extended-portuguese-german.tsv.

/// Lookup between CEA-608 character codes and Swift characters.
///
/// Basic characters are single bytes 0x20–0x7F; two of them travel in one byte pair. Special
/// characters (0x1130–0x113F) and extended characters (0x1220–0x123F, 0x1320–0x133F) are byte
/// pairs that look like control codes; their codes here are in the data channel 1 form (first
/// byte 0x11–0x13; data channel 2 uses 0x19–0x1B, see ``CaptionChannel``).
///
/// An extended character replaces the character before it: encoders send a basic ``Entry/fallback``
/// first, and decoders that know the extended set backspace over it (CEA-608-B §6.4.2).
/// Where the reference decoders disagree on a code point, the choice and its reasons are in
/// Specs/cea608/disputed-code-points.md.
public enum CEA608CharacterSet {
    /// The table a character code belongs to.
    public enum Kind: String, CaseIterable, Sendable {
        /// One byte, 0x20–0x7F.
        case basic
        /// Byte pair 0x11 0x30–0x3F.
        case special
        /// Byte pair 0x12 0x20–0x3F: Spanish, miscellaneous and French.
        case extendedSpanishFrench
        /// Byte pair 0x13 0x20–0x3F: Portuguese, German and Danish.
        case extendedPortugueseGerman
    }

    /// One character code and the character it stands for.
    public struct Entry: Hashable, Sendable {
        /// The code: 0x0020–0x007F for a basic character, otherwise the byte pair (data channel 1
        /// form) as a 16-bit number, first byte high.
        public let code: UInt16
        /// The character shown for the code.
        public let character: Character
        /// The table the code belongs to.
        public let kind: Kind
        /// For an extended character, the basic character code to send just before it; `nil`
        /// for basic and special characters.
        public let fallback: UInt8?

        /// The bytes to transmit, parity not added: one byte for a basic character, otherwise two
        /// (data channel 1 form). The fallback is not included.
        public var bytes: [UInt8] {
            kind == .basic ? [UInt8(code & 0xFF)] : [UInt8(code >> 8), UInt8(code & 0xFF)]
        }
    }

    /// The code of the transparent space (47 CFR 15.119(g), special characters table).
    ///
    /// It is not a visible character: a decoder leaves the cell transparent. Its ``Entry`` uses
    /// U+00A0 NO-BREAK SPACE as a placeholder so text can round-trip.
    public static let transparentSpaceCode: UInt16 = 0x1139

    /// Every character code, ordered by kind and then by code.
    public static let entries: [Entry] = makeEntries()

    /// Returns the character for a basic character byte (0x20–0x7F, parity stripped).
    public static func character(basic byte: UInt8) -> Character? {
        guard (0x20...0x7F).contains(byte) else { return nil }
        return entry(code: UInt16(byte))?.character
    }

    /// Returns the character for a special or extended character byte pair.
    ///
    /// The pair must be in the data channel 1 form with parity stripped; other pairs give `nil`.
    public static func character(first: UInt8, second: UInt8) -> Character? {
        guard first >= 0x11 else { return nil }
        return entry(code: UInt16(first) << 8 | UInt16(second))?.character
    }

    /// Returns the entry for a code: a basic byte (0x0020–0x007F) or a byte pair as a 16-bit
    /// number, first byte high.
    public static func entry(code: UInt16) -> Entry? {
        let index: Int
        switch code {
        case 0x0020...0x007F: index = Int(code) - 0x20
        case 0x1130...0x113F: index = 96 + Int(code) - 0x1130
        case 0x1220...0x123F: index = 112 + Int(code) - 0x1220
        case 0x1320...0x133F: index = 144 + Int(code) - 0x1320
        default: return nil
        }
        return index < entries.count ? entries[index] : nil
    }

    /// Returns how to send `character`, or `nil` when CEA-608 has no code for it.
    ///
    /// No two codes share a character, so the answer is unique. Characters are compared by
    /// Swift's canonical equivalence, so a decomposed "e" + U+0301 finds é.
    public static func entry(for character: Character) -> Entry? {
        // A character of one ASCII byte is looked up by that byte: hashing a `Character` for the
        // dictionary (normalizing it first) was 8% of an SCC write and read back.
        if character.utf8.count == 1, let byte = character.utf8.first {
            return entriesByASCIIByte[Int(byte)]
        }
        return entriesByCharacter[character]
    }

    // MARK: - Building the lookup

    private static let entriesByCharacter: [Character: Entry] = Dictionary(
        entries.map { ($0.character, $0) },
        uniquingKeysWith: { first, _ in first }
    )

    /// `entriesByCharacter` for the 128 characters of one ASCII byte.
    private static let entriesByASCIIByte: [Entry?] = (0..<128).map {
        entriesByCharacter[Character(Unicode.Scalar(UInt8($0)))]
    }

    private static func makeEntries() -> [Entry] {
        var result: [Entry] = []
        result.reserveCapacity(176)
        for (offset, character) in basicCharacters.enumerated() {
            result.append(
                Entry(
                    code: 0x20 + UInt16(offset), character: character, kind: .basic, fallback: nil))
        }
        for (offset, character) in specialCharacters.enumerated() {
            result.append(
                Entry(
                    code: 0x1130 + UInt16(offset), character: character, kind: .special,
                    fallback: nil))
        }
        for (offset, item) in extendedSpanishFrenchCharacters.enumerated() {
            result.append(
                Entry(
                    code: 0x1220 + UInt16(offset), character: item.character,
                    kind: .extendedSpanishFrench, fallback: item.fallback))
        }
        for (offset, item) in extendedPortugueseGermanCharacters.enumerated() {
            result.append(
                Entry(
                    code: 0x1320 + UInt16(offset), character: item.character,
                    kind: .extendedPortugueseGerman, fallback: item.fallback))
        }
        return result
    }
}
