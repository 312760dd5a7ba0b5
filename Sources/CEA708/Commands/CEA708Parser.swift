// Service block data → commands, CTA-708-E §7.1 (code sets and their lengths) and §8.10.5 (the
// parameters of each command). Work is linear in the data: each byte is read once.

/// Parses one DTVCC service's data (the bytes of its service blocks, in order) into commands.
///
/// Bad input never stops the parse: a command cut off at the end becomes
/// ``CEA708Command/truncated(_:)``, reserved codes are kept with their bytes, and parameters out
/// of range are kept as sent; each gives a ``CEA708Warning`` at its byte offset.
public enum CEA708Parser {
    /// The commands of `data` and what was wrong with them.
    public static func parse<Bytes: Collection<UInt8>>(_ data: Bytes) -> (
        items: [CEA708Item], warnings: [CEA708Warning]
    ) {
        let bytes = Array(data)
        var items: [CEA708Item] = []
        var warnings: [CEA708Warning] = []
        var index = 0
        var text = String.UnicodeScalarView()
        var textStart = 0

        func flushText() {
            guard !text.isEmpty else { return }
            items.append(CEA708Item(offset: textStart, command: .text(String(text))))
            text = String.UnicodeScalarView()
        }
        func warn(_ offset: Int, _ rule: String, _ message: String) {
            warnings.append(CEA708Warning(offset: offset, ruleID: rule, message: message))
        }

        while index < bytes.count {
            let start = index
            let code = bytes[index]
            if let scalar = CEA708CodeTables.basicCharacter(code) {
                if text.isEmpty { textStart = start }
                text.append(scalar)
                index += 1
                continue
            }
            flushText()
            let length = elementLength(bytes, at: start)
            guard start + length <= bytes.count else {
                let rest = Array(bytes[start...])
                items.append(CEA708Item(offset: start, command: .truncated(rest)))
                warn(
                    start, "708.truncated",
                    "\(name(of: rest)) needs \(length) bytes, the data ends after \(rest.count); dropped")
                break
            }
            let element = bytes[start..<start + length]
            let command = decode(element)
            items.append(CEA708Item(offset: start, command: command))
            for problem in problems(of: command, element: element) { warn(start, problem.rule, problem.message) }
            index += length
        }
        flushText()
        return (items, warnings)
    }

    /// How many bytes the code at `start` takes with its parameters (at least 1). A code whose
    /// length the data cannot tell yet (EXT1 at the end, a variable C3 without header) gives a
    /// length that runs past the end.
    static func elementLength(_ bytes: [UInt8], at start: Int) -> Int {
        let code = bytes[start]
        switch code {
        case 0x80...0x9F:
            return 1 + CEA708CodeTables.c1[Int(code - 0x80)].parameterBytes
        case CEA708CodeTables.ext1:
            guard start + 1 < bytes.count else { return 2 }
            let extended = bytes[start + 1]
            switch CEA708CodeTables.extendedControlLength(extended) {
            case .fixed(let count): return 2 + count
            case .variable:
                // §7.1.11.2: a header byte (type 2 bits, a zero bit, length 5 bits), then the data.
                guard start + 2 < bytes.count else { return 3 }
                return 3 + Int(bytes[start + 2] & 0x1F)
            case nil: return 2  // a G2 or G3 character
            }
        default:
            return 1 + CEA708CodeTables.c0[Int(code & 0x1F)].parameterBytes
        }
    }

    /// The command of one complete element (a control code and its parameters).
    static func decode(_ element: ArraySlice<UInt8>) -> CEA708Command {
        let code = element[element.startIndex]
        let parameters = element.dropFirst()
        switch code {
        case 0x00: return .nul
        case 0x03: return .endOfText
        case 0x08: return .backspace
        case 0x0C: return .formFeed
        case 0x0D: return .carriageReturn
        case 0x0E: return .horizontalCarriageReturn
        case CEA708CodeTables.ext1:
            let extended = parameters[parameters.startIndex]
            if CEA708CodeTables.extendedControlLength(extended) == nil { return .extendedCharacter(extended) }
            return .extendedControl(code: extended, parameters: Array(parameters.dropFirst()))
        case CEA708CodeTables.p16:
            let p = CEA708Parameters(parameters)
            return .p16(UInt16(p[0]) << 8 | UInt16(p[1]))
        case 0x00...0x1F: return .reservedC0(code: code, parameters: Array(parameters))
        case 0x80...0x87: return .setCurrentWindow(Int(code - 0x80))
        case 0x88: return .clearWindows(CEA708WindowSet(rawValue: parameters.first ?? 0))
        case 0x89: return .displayWindows(CEA708WindowSet(rawValue: parameters.first ?? 0))
        case 0x8A: return .hideWindows(CEA708WindowSet(rawValue: parameters.first ?? 0))
        case 0x8B: return .toggleWindows(CEA708WindowSet(rawValue: parameters.first ?? 0))
        case 0x8C: return .deleteWindows(CEA708WindowSet(rawValue: parameters.first ?? 0))
        case 0x8D: return .delay(tenths: parameters.first ?? 0)
        case 0x8E: return .delayCancel
        case 0x8F: return .reset
        case 0x90: return .setPenAttributes(CEA708PenAttributes(parameters))
        case 0x91: return .setPenColor(CEA708PenColor(parameters))
        case 0x92:
            let p = CEA708Parameters(parameters)
            return .setPenLocation(row: Int(p[0]), column: Int(p[1]))
        case 0x97: return .setWindowAttributes(CEA708WindowAttributes(parameters))
        case 0x98...0x9F: return .defineWindow(CEA708WindowDefinition(command: code, parameters))
        default: return .reservedC1(code)
        }
    }

    /// The mnemonic of the code that starts `bytes`, for messages.
    static func name(of bytes: [UInt8]) -> String {
        guard let code = bytes.first else { return "nothing" }
        switch code {
        case 0x80...0x9F: return CEA708CodeTables.c1[Int(code - 0x80)].mnemonic ?? "reserved C1 code"
        case CEA708CodeTables.ext1:
            guard bytes.count > 1 else { return "EXT1" }
            return (bytes[1] < 0x20 ? "C2" : "C3") + " code 0x\(hex(bytes[1]))"
        default: return CEA708CodeTables.c0[Int(code & 0x1F)].mnemonic ?? "reserved C0 code 0x\(hex(code))"
        }
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// What is wrong with a complete command: reserved codes, reserved bits, values out of range.
    static func problems(of command: CEA708Command, element: ArraySlice<UInt8>) -> [(rule: String, message: String)] {
        let p = CEA708Parameters(element.dropFirst())
        var found: [(String, String)] = []
        func range(_ name: String, _ list: [String]) {
            for item in list { found.append(("708.parameter-range", "\(name): \(item)")) }
        }
        func reservedBits(_ name: String, _ byte: UInt8, mask: UInt8) {
            if byte & mask != 0 {
                found.append(("708.reserved-bits", "\(name): reserved bits 0x\(hex(byte & mask)) are set; ignored"))
            }
        }
        switch command {
        case .reservedC0(let code, _):
            found.append(
                ("708.reserved-code", "C0 code 0x\(hex(code)) is reserved; skipped with its \(p.count) byte(s)"))
        case .reservedC1(let code):
            found.append(("708.reserved-code", "C1 code 0x\(hex(code)) is reserved; skipped"))
        case .extendedControl(let code, _):
            found.append(
                (
                    "708.reserved-code",
                    "\(code < 0x20 ? "C2" : "C3") code 0x\(hex(code)) is reserved; skipped with its bytes"
                ))
            if code >= 0x90, p.count > 1, p[1] & 0x20 != 0 {
                found.append(("708.reserved-bits", "C3 variable-length header: bit 5 must be zero"))
            }
        case .extendedCharacter(let code) where CEA708CodeTables.extendedCharacter(code) == nil:
            found.append(
                ("708.reserved-code", "\(code < 0x80 ? "G2" : "G3") code 0x\(hex(code)) is reserved; nothing shown"))
        case .setPenLocation(let row, let column):
            if row > 14 { found.append(("708.parameter-range", "SPL: row \(row) > 14")) }
            if column > 41 { found.append(("708.parameter-range", "SPL: column \(column) > 41")) }
        case .setPenAttributes(let pen): range("SPA", pen.problems())
        case .setPenColor: reservedBits("SPC edge colour", p[2], mask: 0xC0)
        case .setWindowAttributes(let attributes): range("SWA", attributes.problems())
        case .defineWindow(let definition):
            range("DF\(definition.window)", definition.problems())
            reservedBits("DF\(definition.window) byte 1", p[0], mask: 0xC0)
            reservedBits("DF\(definition.window) byte 5", p[4], mask: 0xC0)
            reservedBits("DF\(definition.window) byte 6", p[5], mask: 0xC0)
        default: break
        }
        return found
    }
}
