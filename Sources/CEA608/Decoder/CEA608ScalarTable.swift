// The character tables as Unicode scalars, for the decoder's inner loop. Built once from
// CEA608CharacterSet (Specs/cea608/*.tsv), so the two cannot drift apart.

/// Scalars for every character code, indexed like ``CEA608CharacterSet/entries``.
enum CEA608ScalarTable {
    /// Basic characters 0x20–0x7F at index `byte - 0x20`.
    static let basic: [Unicode.Scalar] = (0x20...0x7F).map { scalar(code: UInt16($0)) }
    /// Special characters 0x1130–0x113F at index `second - 0x30`.
    static let special: [Unicode.Scalar] = (0x30...0x3F).map { scalar(code: 0x1100 | UInt16($0)) }
    /// Extended characters 0x1220–0x123F then 0x1320–0x133F at index `(first - 0x12) * 32 +
    /// second - 0x20`.
    static let extended: [Unicode.Scalar] =
        (0x20...0x3F).map { scalar(code: 0x1200 | UInt16($0)) }
        + (0x20...0x3F).map { scalar(code: 0x1300 | UInt16($0)) }

    private static func scalar(code: UInt16) -> Unicode.Scalar {
        CEA608CharacterSet.entry(code: code)?.character.unicodeScalars.first ?? "\u{FFFD}"
    }
}
