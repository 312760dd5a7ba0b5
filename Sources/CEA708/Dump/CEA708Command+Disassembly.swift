// Disassembly names of the DTVCC commands: the mnemonics of CTA-708-E §7.1.4, §7.1.5 and §8.10.5
// (Specs/cea708/c0.tsv, c1.tsv), with their parameters spelled out.

extension CEA708Command {
    /// A short human description, such as `"Hello"`, `CR`, `DF0(...)` or `SPA(...)`.
    public var disassembly: String {
        switch self {
        case .text(let text): return "\"\(text)\""
        case .extendedCharacter(let code):
            let set = code < 0x80 ? "G2" : "G3"
            guard let scalar = CEA708CodeTables.extendedCharacter(code) else {
                return "\(set) 0x\(hex(code)) (reserved)"
            }
            if code == 0x20 { return "TSP" }
            if code == 0x21 { return "NBTSP" }
            if code == 0xA0 { return "G3 [CC] logo" }
            return "\(set) \"\(Character(scalar))\""
        case .p16(let value): return "P16 0x\(hex(UInt8(value >> 8)))\(hex(UInt8(value & 0xFF)))"
        case .nul: return "NUL"
        case .endOfText: return "ETX"
        case .backspace: return "BS"
        case .formFeed: return "FF"
        case .carriageReturn: return "CR"
        case .horizontalCarriageReturn: return "HCR"
        case .setCurrentWindow(let id): return "CW\(id)"
        case .clearWindows(let set): return "CLW(\(windows(set)))"
        case .displayWindows(let set): return "DSW(\(windows(set)))"
        case .hideWindows(let set): return "HDW(\(windows(set)))"
        case .toggleWindows(let set): return "TGW(\(windows(set)))"
        case .deleteWindows(let set): return "DLW(\(windows(set)))"
        case .delay(let tenths): return "DLY(\(tenths / 10).\(tenths % 10) s)"
        case .delayCancel: return "DLC"
        case .reset: return "RST"
        case .setPenAttributes(let pen):
            var parts = [pen.penSize.name, "offset \(pen.offset.name)", "font \(pen.fontStyle.name)", pen.textTag.name]
            if pen.edgeType != .none { parts.append("edge \(pen.edgeType.name)") }
            if pen.italics { parts.append("italics") }
            if pen.underline { parts.append("underline") }
            return "SPA(\(parts.joined(separator: ", ")))"
        case .setPenColor(let color):
            return "SPC(fg \(color.foreground.hex) \(color.foregroundOpacity.name), bg \(color.background.hex) "
                + "\(color.backgroundOpacity.name), edge \(color.edge.hex))"
        case .setPenLocation(let row, let column): return "SPL(row \(row), column \(column))"
        case .setWindowAttributes(let a):
            var parts = [
                "justify \(a.justify.name)", "print \(a.printDirection.name)", "scroll \(a.scrollDirection.name)",
                a.wordWrap ? "wrap" : "no wrap", "fill \(a.fillColor.hex) \(a.fillOpacity.name)",
            ]
            if a.borderType != .none { parts.append("border \(a.borderType.name) \(a.borderColor.hex)") }
            if a.displayEffect != .snap {
                parts.append("\(a.displayEffect.name) \(a.effectDirection.name) \(Double(a.effectSpeed) / 2) s")
            }
            return "SWA(\(parts.joined(separator: ", ")))"
        case .defineWindow(let d):
            var parts = [
                "priority \(d.priority)", "anchor \(d.anchorPoint.name)",
                d.relativePositioning
                    ? "at \(d.anchorVertical)% down \(d.anchorHorizontal)% across"
                    : "at row \(d.anchorVertical) column \(d.anchorHorizontal)",
                "\(d.rowCount)x\(d.columnCount)",
            ]
            if d.rowLock { parts.append("row lock") }
            if d.columnLock { parts.append("column lock") }
            parts.append(d.visible ? "visible" : "hidden")
            parts.append("window style \(d.windowStyle)")
            parts.append("pen style \(d.penStyle)")
            return "DF\(d.window)(\(parts.joined(separator: ", ")))"
        case .reservedC0(let code, _): return "reserved C0 0x\(hex(code))"
        case .reservedC1(let code): return "reserved C1 0x\(hex(code))"
        case .extendedControl(let code, let parameters):
            return "\(code < 0x20 ? "C2" : "C3") 0x\(hex(code)) (reserved, \(parameters.count) byte(s))"
        case .truncated(let bytes): return "truncated \(CEA708Parser.name(of: bytes)) (\(bytes.count) byte(s))"
        }
    }

    private func hex(_ byte: UInt8) -> String { CEA708Parser.hex(byte) }

    private func windows(_ set: CEA708WindowSet) -> String {
        let ids = Array(set)
        return ids.isEmpty ? "none" : ids.map(String.init).joined(separator: " ")
    }
}
