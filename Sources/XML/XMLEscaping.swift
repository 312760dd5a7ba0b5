/// Escaping for the text and attribute values the writer emits (XML 1.0 §2.4, §3.3.3).
public enum XMLEscaping {
    /// Appends `text` as character data: `&`, `<` and `>` escaped, `\r` as `&#13;` so that it
    /// survives line-end normalisation. Characters XML 1.0 cannot carry at all are dropped;
    /// returns false when that happened.
    @discardableResult
    public static func appendText(_ text: some StringProtocol, to out: inout String) -> Bool {
        escape(text, attribute: false, to: &out)
    }

    /// Appends `text` as an attribute value inside double quotes: also `"`, and tab, line feed
    /// and carriage return as character references so attribute-value normalisation keeps them.
    @discardableResult
    public static func appendAttribute(_ text: some StringProtocol, to out: inout String) -> Bool {
        escape(text, attribute: true, to: &out)
    }

    private static func escape(_ text: some StringProtocol, attribute: Bool, to out: inout String) -> Bool {
        // Fast path: nothing to escape or drop (0xEF may start U+FFFE or U+FFFF).
        if !text.utf8.contains(where: {
            $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0xEF
        }) {
            out += text
            return true
        }
        var clean = true
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\r": out += "&#13;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            default:
                if isAllowed(scalar) {
                    out.unicodeScalars.append(scalar)
                } else {
                    clean = false
                }
            }
        }
        return clean
    }

    /// XML 1.0 §2.2 `Char`.
    public static func isAllowed(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
