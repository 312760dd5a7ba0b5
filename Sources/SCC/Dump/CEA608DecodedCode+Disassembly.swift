import CEA608
import CaptionCore

// Mnemonics follow the tables in Specs/cea608/ (47 CFR 15.119, now 47 CFR 79.101; CEA-608-B).

extension CEA608DecodedCode {
    /// A short human description, such as `RCL`, `PAC row 15 col 4 white U` or `"AB"`.
    public var disassembly: String {
        switch self {
        case .padding: return "filler"
        case .parityError: return "parity error (dropped)"
        case .characters(let first, let second):
            return "\"" + String(first) + (second.map { String($0) } ?? "") + "\""
        case .specialCharacter(let character):
            return "special \"\(character == "\u{A0}" ? "transparent space" : String(character))\""
        case .extendedCharacter(let character):
            return "extended \"\(character)\" (replaces the cell before)"
        case .preambleAddress(let pac):
            var text = "PAC row \(pac.row) col \(pac.indent) "
            switch pac.attribute {
            case .color(let color): text += color.rawValue
            case .italics: text += "white italics"
            case .indent: text += "white"
            }
            return pac.underline ? text + " underline" : text
        case .midRow(let code):
            var text = "mid-row "
            switch code.style {
            case .color(let color): text += color.rawValue
            case .italics: text += "italics"
            }
            return code.underline ? text + " underline" : text
        case .command(let command): return command.mnemonic
        case .attribute(let attribute): return attribute.mnemonic
        case .repeated: return "(repeat, ignored)"
        case .xds(let first, let second): return "XDS \(HexText.byte(first)) \(HexText.byte(second))"
        case .undefined(let first, let second): return "undefined \(HexText.byte(first))\(HexText.byte(second))"
        }
    }

}
