// Keeps the Swift code tables of the CEA708 module equal to Specs/cea708/*.tsv, in both
// directions: every TSV row must be in Swift and every Swift code in the TSV (as for 608).

import CEA708
import Foundation
import TestSupport
import Testing

private struct SpecError: Error, CustomStringConvertible { let description: String }

/// Reads Specs/cea708/`name`: `#` lines are comments, the first other line names the columns.
private func readTable(_ name: String) throws -> [[String: String]] {
    let text = try String(contentsOf: TestPaths.spec("cea708/\(name)"), encoding: .utf8)
    let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
    guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else {
        throw SpecError(description: "\(name): no header")
    }
    let rows = try lines.dropFirst().map { line in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == header.count else { throw SpecError(description: "\(name): bad row \(line)") }
        return Dictionary(uniqueKeysWithValues: zip(header, fields))
    }
    guard !rows.isEmpty else { throw SpecError(description: "\(name): no rows") }
    return rows
}

private func hex(_ text: String?) throws -> UInt8 {
    guard let text, text.hasPrefix("0x"), let value = UInt8(text.dropFirst(2), radix: 16) else {
        throw SpecError(description: "not a 0x byte: \(text ?? "nil")")
    }
    return value
}

private func scalar(_ text: String?) throws -> Unicode.Scalar {
    guard let text, text.hasPrefix("U+"), let value = UInt32(text.dropFirst(2), radix: 16),
        let scalar = Unicode.Scalar(value)
    else { throw SpecError(description: "not a U+ scalar: \(text ?? "nil")") }
    return scalar
}

private func key(_ code: UInt8, _ rest: String) -> String { String(format: "0x%02X ", code) + rest }

@Suite("CEA-708 code tables match Specs/cea708")
struct CEA708CodeTableTests {
    @Test("c0.tsv and c1.tsv equal the Swift control code tables, both ways")
    func controlCodes() throws {
        for (file, table) in [("c0.tsv", CEA708CodeTables.c0), ("c1.tsv", CEA708CodeTables.c1)] {
            let fromSpec = Set(
                try readTable(file).map { row in
                    key(try hex(row["code"]), "\(row["mnemonic"] ?? "?") \(row["parameter_bytes"] ?? "?")")
                })
            let fromSwift = Set(table.map { key($0.code, "\($0.mnemonic ?? "-") \($0.parameterBytes)") })
            #expect(fromSpec.count == 32, "\(file)")
            #expect(fromSwift == fromSpec, "\(file)")
        }
    }

    @Test("ext1-codes.tsv equals the C2/C3 lengths, both ways")
    func extendedControlLengths() throws {
        let fromSpec = Set(
            try readTable("ext1-codes.tsv").map { key(try hex($0["code"]), $0["parameter_bytes"] ?? "?") })
        var fromSwift: Set<String> = []
        for code in 0...255 {
            switch CEA708CodeTables.extendedControlLength(UInt8(code)) {
            case .fixed(let count): fromSwift.insert(key(UInt8(code), String(count)))
            case .variable: fromSwift.insert(key(UInt8(code), "variable"))
            case nil: break
            }
        }
        #expect(fromSwift == fromSpec)
        #expect(fromSpec.count == 64)
    }

    @Test("g0-g1.tsv, g2.tsv and g3.tsv equal the Swift character tables, both ways")
    func characters() throws {
        let basic = Set(
            try readTable("g0-g1.tsv").map { key(try hex($0["code"]), String(try scalar($0["unicode"]).value)) })
        let swiftBasic = Set(
            (0...255).compactMap { code in
                CEA708CodeTables.basicCharacter(UInt8(code)).map { key(UInt8(code), String($0.value)) }
            })
        #expect(basic == swiftBasic)
        #expect(basic.count == 192)
        for (file, range) in [("g2.tsv", 0x20...0x7F), ("g3.tsv", 0xA0...0xFF)] {
            let spec = Set(
                try readTable(file).map { key(try hex($0["code"]), String(try scalar($0["unicode"]).value)) })
            let swift = Set(
                range.compactMap { code in
                    CEA708CodeTables.extendedCharacter(UInt8(code)).map { key(UInt8(code), String($0.value)) }
                })
            #expect(spec == swift, "\(file)")
        }
    }

    @Test("Every G0/G1 character encodes back to its byte")
    func basicBytesRoundTrip() {
        for code in 0...255 {
            guard let scalar = CEA708CodeTables.basicCharacter(UInt8(code)) else { continue }
            #expect(CEA708CodeTables.basicByte(for: scalar) == UInt8(code))
        }
        #expect(CEA708CodeTables.basicCharacter(0x7F) == "\u{266A}", "§7.1.6: 0x7F is the music note")
        #expect(CEA708CodeTables.basicCharacter(0x85) == nil)
    }

    @Test("predefined-window-styles.tsv equals CEA708PredefinedStyles.window, 1–7")
    func windowStyles() throws {
        let rows = try readTable("predefined-window-styles.tsv")
        #expect(rows.count == 7)
        for row in rows {
            let id = try #require(UInt8(row["style"] ?? ""))
            let style = try #require(CEA708PredefinedStyles.window(id))
            #expect(style.justify.name == row["justify"], "style \(id)")
            #expect(style.printDirection.name == row["print_direction"], "style \(id)")
            #expect(style.scrollDirection.name == row["scroll_direction"], "style \(id)")
            #expect((style.wordWrap ? "yes" : "no") == row["word_wrap"], "style \(id)")
            #expect(style.displayEffect.name == row["display_effect"], "style \(id)")
            #expect(style.fillColor.rawValue == (try hex(row["fill_color"])), "style \(id)")
            #expect(style.fillOpacity.name == row["fill_opacity"], "style \(id)")
            #expect(style.borderType.name == row["border_type"], "style \(id)")
        }
        #expect(CEA708PredefinedStyles.window(0) == nil)
        #expect(CEA708PredefinedStyles.window(8) == nil)
    }

    @Test("predefined-pen-styles.tsv equals CEA708PredefinedStyles.pen, 1–7")
    func penStyles() throws {
        let rows = try readTable("predefined-pen-styles.tsv")
        #expect(rows.count == 7)
        for row in rows {
            let id = try #require(UInt8(row["style"] ?? ""))
            let style = try #require(CEA708PredefinedStyles.pen(id))
            #expect(String(style.attributes.fontStyle.rawValue) == row["font_style"], "style \(id)")
            #expect(style.attributes.edgeType.name == row["edge_type"], "style \(id)")
            #expect(style.attributes.penSize == .standard && style.attributes.offset == .normal, "style \(id)")
            #expect(!style.attributes.italics && !style.attributes.underline, "style \(id)")
            #expect(style.color.foreground.rawValue == (try hex(row["foreground"])), "style \(id)")
            #expect(style.color.foregroundOpacity.name == row["foreground_opacity"], "style \(id)")
            #expect(style.color.background.rawValue == (try hex(row["background"])), "style \(id)")
            #expect(style.color.backgroundOpacity.name == row["background_opacity"], "style \(id)")
            #expect(style.color.edge.rawValue == (try hex(row["edge_color"])), "style \(id)")
        }
    }
}
