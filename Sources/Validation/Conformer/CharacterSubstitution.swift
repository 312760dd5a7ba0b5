import CEA608

/// Substitutes for characters outside the CEA-608 set (47 CFR §15.119(g), CTA-608-E §6.4.2):
/// typographic punctuation to its plain form, accented Latin letters to their base letter.
enum CharacterSubstitution {
    /// Whether 608 can carry `c` (a newline counts: it is a row break).
    static func isEncodable(_ c: Character) -> Bool {
        c == "\n" || CEA608CharacterSet.entry(for: c) != nil
    }

    /// The text to send instead of `c`, made only of 608 characters.
    static func substitute(for c: Character) -> String {
        if let s = punctuation[c] { return s }
        if let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1 {
            let v = scalar.value
            if (0xC0...0x17F).contains(v) {
                let base = latinBase[Int(v - 0xC0)]
                let candidate = base
                if candidate != "?" && isEncodable(candidate) { return String(candidate) }
            }
        } else if let first = c.unicodeScalars.first, isEncodable(Character(first)) {
            // A base letter with combining marks: keep the base.
            return String(Character(first))
        }
        return "?"
    }

    static let punctuation: [Character: String] = [
        "\u{201C}": "\"", "\u{201D}": "\"", "\u{201E}": "\"", "\u{201F}": "\"", "\u{2033}": "\"",
        "\u{2018}": "'", "\u{201A}": "'", "\u{201B}": "'", "\u{2032}": "'", "\u{2019}": "'",
        "\u{2013}": "-", "\u{2010}": "-", "\u{2011}": "-", "\u{2012}": "-", "\u{2212}": "-", "\u{2015}": "-",
        "\u{2026}": "...", "\u{00A0}": " ", "\u{2007}": " ", "\u{202F}": " ", "\u{2009}": " ", "\u{200A}": " ",
        "\t": " ", "\u{00B7}": ".", "\u{2022}": "*", "\u{00D7}": "x", "\u{2044}": "/",
        "\u{266B}": "\u{266A}", "\u{2669}": "\u{266A}",
        "\u{00C6}": "AE", "\u{00E6}": "ae", "\u{0152}": "OE", "\u{0153}": "oe", "\u{0132}": "IJ", "\u{0133}": "ij",
        "\u{00DF}": "ss",
    ]

    /// Base letters of U+00C0…U+017F in order ("?" where there is none).
    static let latinBase: [Character] = Array(
        "AAAAAAACEEEEIIIIDNOOOOO?OUUUUY?saaaaaaaceeeeiiiidnooooo?ouuuuy?y"
            + "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiJjJjKkkLlLlLlLlLlNnNnNnnNnOoOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs"
    )
}
