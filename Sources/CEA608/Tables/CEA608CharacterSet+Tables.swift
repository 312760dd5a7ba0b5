// The character tables as data. Keep in step with Specs/cea608/*.tsv: CodeTableSpecTests
// compares them in both directions.
// Sources: 47 CFR 15.119(g) (now 47 CFR 79.101) for the basic and special characters;
// CEA-608-B §6.4.2 for the extended characters. Disputed code points (0x27, 0x7F, 0x1139,
// 0x1226, 0x1229, 0x122A, 0x132C, 0x132E, 0x1337, 0x133C–0x133F):
// Specs/cea608/disputed-code-points.md.

extension CEA608CharacterSet {
    /// Codes 0x20–0x7F in order. 47 CFR 15.119(g), character set table.
    static let basicCharacters: [Character] = [
        "\u{20}",  // 0x20 space
        "!",  // 0x21 exclamation mark
        "\u{22}",  // 0x22 quotation mark
        "#",  // 0x23 number sign
        "$",  // 0x24 dollar sign
        "%",  // 0x25 percent sign
        "&",  // 0x26 ampersand
        "'",  // 0x27 apostrophe
        "(",  // 0x28 left parenthesis
        ")",  // 0x29 right parenthesis
        "á",  // 0x2A latin small letter a with acute
        "+",  // 0x2B plus sign
        ",",  // 0x2C comma
        "-",  // 0x2D hyphen-minus
        ".",  // 0x2E full stop
        "/",  // 0x2F solidus
        "0",  // 0x30 digit zero
        "1",  // 0x31 digit one
        "2",  // 0x32 digit two
        "3",  // 0x33 digit three
        "4",  // 0x34 digit four
        "5",  // 0x35 digit five
        "6",  // 0x36 digit six
        "7",  // 0x37 digit seven
        "8",  // 0x38 digit eight
        "9",  // 0x39 digit nine
        ":",  // 0x3A colon
        ";",  // 0x3B semicolon
        "<",  // 0x3C less-than sign
        "=",  // 0x3D equals sign
        ">",  // 0x3E greater-than sign
        "?",  // 0x3F question mark
        "@",  // 0x40 commercial at
        "A",  // 0x41 latin capital letter a
        "B",  // 0x42 latin capital letter b
        "C",  // 0x43 latin capital letter c
        "D",  // 0x44 latin capital letter d
        "E",  // 0x45 latin capital letter e
        "F",  // 0x46 latin capital letter f
        "G",  // 0x47 latin capital letter g
        "H",  // 0x48 latin capital letter h
        "I",  // 0x49 latin capital letter i
        "J",  // 0x4A latin capital letter j
        "K",  // 0x4B latin capital letter k
        "L",  // 0x4C latin capital letter l
        "M",  // 0x4D latin capital letter m
        "N",  // 0x4E latin capital letter n
        "O",  // 0x4F latin capital letter o
        "P",  // 0x50 latin capital letter p
        "Q",  // 0x51 latin capital letter q
        "R",  // 0x52 latin capital letter r
        "S",  // 0x53 latin capital letter s
        "T",  // 0x54 latin capital letter t
        "U",  // 0x55 latin capital letter u
        "V",  // 0x56 latin capital letter v
        "W",  // 0x57 latin capital letter w
        "X",  // 0x58 latin capital letter x
        "Y",  // 0x59 latin capital letter y
        "Z",  // 0x5A latin capital letter z
        "[",  // 0x5B left square bracket
        "é",  // 0x5C latin small letter e with acute
        "]",  // 0x5D right square bracket
        "í",  // 0x5E latin small letter i with acute
        "ó",  // 0x5F latin small letter o with acute
        "ú",  // 0x60 latin small letter u with acute
        "a",  // 0x61 latin small letter a
        "b",  // 0x62 latin small letter b
        "c",  // 0x63 latin small letter c
        "d",  // 0x64 latin small letter d
        "e",  // 0x65 latin small letter e
        "f",  // 0x66 latin small letter f
        "g",  // 0x67 latin small letter g
        "h",  // 0x68 latin small letter h
        "i",  // 0x69 latin small letter i
        "j",  // 0x6A latin small letter j
        "k",  // 0x6B latin small letter k
        "l",  // 0x6C latin small letter l
        "m",  // 0x6D latin small letter m
        "n",  // 0x6E latin small letter n
        "o",  // 0x6F latin small letter o
        "p",  // 0x70 latin small letter p
        "q",  // 0x71 latin small letter q
        "r",  // 0x72 latin small letter r
        "s",  // 0x73 latin small letter s
        "t",  // 0x74 latin small letter t
        "u",  // 0x75 latin small letter u
        "v",  // 0x76 latin small letter v
        "w",  // 0x77 latin small letter w
        "x",  // 0x78 latin small letter x
        "y",  // 0x79 latin small letter y
        "z",  // 0x7A latin small letter z
        "ç",  // 0x7B latin small letter c with cedilla
        "÷",  // 0x7C division sign
        "Ñ",  // 0x7D latin capital letter n with tilde
        "ñ",  // 0x7E latin small letter n with tilde
        "█",  // 0x7F full block (the rule's solid block)
    ]

    /// Codes 0x1130–0x113F in order. 47 CFR 15.119(g), special characters table.
    static let specialCharacters: [Character] = [
        "®",  // 0x1130 registered sign
        "°",  // 0x1131 degree sign
        "½",  // 0x1132 vulgar fraction one half
        "¿",  // 0x1133 inverted question mark
        "™",  // 0x1134 trade mark sign
        "¢",  // 0x1135 cent sign
        "£",  // 0x1136 pound sign
        "♪",  // 0x1137 eighth note
        "à",  // 0x1138 latin small letter a with grave
        "\u{A0}",  // 0x1139 transparent space (placeholder scalar: no-break space)
        "è",  // 0x113A latin small letter e with grave
        "â",  // 0x113B latin small letter a with circumflex
        "ê",  // 0x113C latin small letter e with circumflex
        "î",  // 0x113D latin small letter i with circumflex
        "ô",  // 0x113E latin small letter o with circumflex
        "û",  // 0x113F latin small letter u with circumflex
    ]

    /// Codes 0x1220–0x123F in order, each with its fallback. CEA-608-B §6.4.2.
    static let extendedSpanishFrenchCharacters: [(character: Character, fallback: UInt8)] = [
        ("Á", 0x41),  // 0x1220 latin capital letter a with acute
        ("É", 0x45),  // 0x1221 latin capital letter e with acute
        ("Ó", 0x4F),  // 0x1222 latin capital letter o with acute
        ("Ú", 0x55),  // 0x1223 latin capital letter u with acute
        ("Ü", 0x55),  // 0x1224 latin capital letter u with diaeresis
        ("ü", 0x75),  // 0x1225 latin small letter u with diaeresis
        ("‘", 0x27),  // 0x1226 left single quotation mark
        ("¡", 0x21),  // 0x1227 inverted exclamation mark
        ("*", 0x2B),  // 0x1228 asterisk
        ("’", 0x27),  // 0x1229 right single quotation mark
        ("—", 0x2D),  // 0x122A em dash
        ("©", 0x63),  // 0x122B copyright sign
        ("℠", 0x20),  // 0x122C service mark
        ("•", 0x2E),  // 0x122D bullet
        ("“", 0x22),  // 0x122E left double quotation mark
        ("”", 0x22),  // 0x122F right double quotation mark
        ("À", 0x41),  // 0x1230 latin capital letter a with grave
        ("Â", 0x41),  // 0x1231 latin capital letter a with circumflex
        ("Ç", 0x43),  // 0x1232 latin capital letter c with cedilla
        ("È", 0x45),  // 0x1233 latin capital letter e with grave
        ("Ê", 0x45),  // 0x1234 latin capital letter e with circumflex
        ("Ë", 0x45),  // 0x1235 latin capital letter e with diaeresis
        ("ë", 0x65),  // 0x1236 latin small letter e with diaeresis
        ("Î", 0x49),  // 0x1237 latin capital letter i with circumflex
        ("Ï", 0x49),  // 0x1238 latin capital letter i with diaeresis
        ("ï", 0x69),  // 0x1239 latin small letter i with diaeresis
        ("Ô", 0x4F),  // 0x123A latin capital letter o with circumflex
        ("Ù", 0x55),  // 0x123B latin capital letter u with grave
        ("ù", 0x75),  // 0x123C latin small letter u with grave
        ("Û", 0x55),  // 0x123D latin capital letter u with circumflex
        ("«", 0x22),  // 0x123E left-pointing double angle quotation mark
        ("»", 0x22),  // 0x123F right-pointing double angle quotation mark
    ]

    /// Codes 0x1320–0x133F in order, each with its fallback. CEA-608-B §6.4.2.
    static let extendedPortugueseGermanCharacters: [(character: Character, fallback: UInt8)] = [
        ("Ã", 0x41),  // 0x1320 latin capital letter a with tilde
        ("ã", 0x61),  // 0x1321 latin small letter a with tilde
        ("Í", 0x49),  // 0x1322 latin capital letter i with acute
        ("Ì", 0x49),  // 0x1323 latin capital letter i with grave
        ("ì", 0x69),  // 0x1324 latin small letter i with grave
        ("Ò", 0x4F),  // 0x1325 latin capital letter o with grave
        ("ò", 0x6F),  // 0x1326 latin small letter o with grave
        ("Õ", 0x4F),  // 0x1327 latin capital letter o with tilde
        ("õ", 0x6F),  // 0x1328 latin small letter o with tilde
        ("{", 0x28),  // 0x1329 left curly bracket
        ("}", 0x29),  // 0x132A right curly bracket
        ("\u{5C}", 0x2F),  // 0x132B reverse solidus
        ("^", 0x20),  // 0x132C circumflex accent
        ("_", 0x2D),  // 0x132D low line
        ("|", 0x21),  // 0x132E vertical line
        ("~", 0x2D),  // 0x132F tilde
        ("Ä", 0x41),  // 0x1330 latin capital letter a with diaeresis
        ("ä", 0x61),  // 0x1331 latin small letter a with diaeresis
        ("Ö", 0x4F),  // 0x1332 latin capital letter o with diaeresis
        ("ö", 0x6F),  // 0x1333 latin small letter o with diaeresis
        ("ß", 0x73),  // 0x1334 latin small letter sharp s
        ("¥", 0x59),  // 0x1335 yen sign
        ("¤", 0x20),  // 0x1336 currency sign
        ("¦", 0x21),  // 0x1337 broken bar
        ("Å", 0x41),  // 0x1338 latin capital letter a with ring above
        ("å", 0x61),  // 0x1339 latin small letter a with ring above
        ("Ø", 0x4F),  // 0x133A latin capital letter o with stroke
        ("ø", 0x6F),  // 0x133B latin small letter o with stroke
        ("┌", 0x2B),  // 0x133C box drawings light down and right
        ("┐", 0x2B),  // 0x133D box drawings light down and left
        ("└", 0x2B),  // 0x133E box drawings light up and right
        ("┘", 0x2B),  // 0x133F box drawings light up and left
    ]
}
