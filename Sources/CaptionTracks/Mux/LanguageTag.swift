/// A caption track's language as a movie holds it: the ISO 639-2/T code of `mdhd` (three
/// letters, ISO/IEC 14496-12 §8.4.2.3) and, when known, the BCP 47 tag of `elng` (§8.4.6;
/// QuickTime's "Extended language tag atom").
public struct LanguageTag: Sendable, Hashable {
    public var iso639_2: String
    public var bcp47: String?

    public static let undetermined = LanguageTag(iso639_2: "und", bcp47: nil)

    public init(iso639_2: String, bcp47: String?) {
        self.iso639_2 = iso639_2
        self.bcp47 = bcp47
    }

    /// From a user's or a document's tag: three letters (`fra`), two (`fr`, mapped for the
    /// languages below), or BCP 47 (`en-US`, `pt-BR`, `zh-Hant`: its primary subtag for
    /// `mdhd`, the whole tag for `elng`). Nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let primary = parts.first?.lowercased(), primary.allSatisfy({ $0 >= "a" && $0 <= "z" }) else {
            return nil
        }
        let code: String
        switch primary.count {
        case 3:
            // ISO 639-2/B codes that differ from /T (fre → fra…); mdhd takes /T.
            code = Self.bibliographic[primary] ?? primary
        case 2:
            guard let c = Self.twoLetter[primary] else { return nil }
            code = c
        default:
            return nil
        }
        guard
            parts.dropFirst().allSatisfy({
                !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isLetter || $0.isNumber }
            })
        else { return nil }
        iso639_2 = code
        bcp47 = parts.count > 1 || primary.count == 2 ? parts.joined(separator: "-") : nil
    }

    /// ISO 639-1 → ISO 639-2/T for the languages captions are most often in.
    static let twoLetter: [String: String] = [
        "ar": "ara", "bg": "bul", "ca": "cat", "cs": "ces", "cy": "cym", "da": "dan", "de": "deu", "el": "ell",
        "en": "eng", "es": "spa", "et": "est", "eu": "eus", "fa": "fas", "fi": "fin", "fr": "fra", "ga": "gle",
        "gl": "glg", "he": "heb", "hi": "hin", "hr": "hrv", "hu": "hun", "hy": "hye", "id": "ind", "is": "isl",
        "it": "ita", "ja": "jpn", "ka": "kat", "ko": "kor", "lt": "lit", "lv": "lav", "mk": "mkd", "ms": "msa",
        "mt": "mlt", "nb": "nob", "nl": "nld", "nn": "nno", "no": "nor", "pl": "pol", "pt": "por", "ro": "ron",
        "ru": "rus", "sk": "slk", "sl": "slv", "sq": "sqi", "sr": "srp", "sv": "swe", "sw": "swa", "ta": "tam",
        "th": "tha", "tl": "tgl", "tr": "tur", "uk": "ukr", "ur": "urd", "vi": "vie", "zh": "zho",
    ]

    /// ISO 639-2/B → /T where they differ.
    static let bibliographic: [String: String] = [
        "alb": "sqi", "arm": "hye", "baq": "eus", "chi": "zho", "cze": "ces", "dut": "nld", "fre": "fra",
        "geo": "kat", "ger": "deu", "gre": "ell", "ice": "isl", "mac": "mkd", "may": "msa", "per": "fas",
        "rum": "ron", "slo": "slk", "wel": "cym",
    ]
}
