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
        case .xds(let first, let second): return Self.xdsDisassembly(first, second)
        case .undefined(let first, let second): return "undefined \(HexText.byte(first))\(HexText.byte(second))"
        }
    }

    /// `XDS start Current Program Name`, `XDS continue …`, `XDS end, checksum 1d`, or the
    /// informational characters: `XDS "Ti"` when both are characters, else their hex
    /// (CTA-608-E §8.6.1, §9.3).
    private static func xdsDisassembly(_ first: UInt8, _ second: UInt8) -> String {
        if let packetClass = XDSPacket.PacketClass(controlCode: first) {
            let type = XDSPacket.typeName(packetClass, type: second)
            return "XDS \(first & 1 == 1 ? "start" : "continue") \(packetClass.name) \(type)"
        }
        if first == 0x0F { return "XDS end, checksum \(HexText.byte(second))" }
        if let a = CEA608CharacterSet.character(basic: first), let b = CEA608CharacterSet.character(basic: second) {
            return "XDS \"\(a)\(b)\""
        }
        return "XDS \(HexText.byte(first)) \(HexText.byte(second))"
    }
}
