// Keeps the Swift code tables of the CEA608 module equal to Specs/cea608/*.tsv, in both
// directions: every TSV row must be in Swift and every Swift code in the TSV.

import CEA608
import Foundation
import Testing

// MARK: - Reading the TSV files

/// The repository root: this file is Tests/CEA608Tests/CodeTableSpecTests.swift.
private let projectRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

private struct SpecError: Error, CustomStringConvertible {
    let description: String
}

/// Reads Specs/cea608/`name`: lines starting with "#" are comments, the first other line names
/// the columns, each later line is one row.
private func readTable(_ name: String) throws -> [[String: String]] {
    let url = projectRoot.appendingPathComponent("Specs/cea608/\(name)")
    let text = try String(contentsOf: url, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        .filter { !$0.hasPrefix("#") }
    guard
        let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(
            String.init)
    else { throw SpecError(description: "\(name): no header line") }
    return try lines.dropFirst().map { line in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == header.count else {
            throw SpecError(
                description: "\(name): \(fields.count) fields, header has \(header.count): \(line)")
        }
        return Dictionary(uniqueKeysWithValues: zip(header, fields))
    }
}

/// The named columns of a row, joined by spaces.
private func columns(_ row: [String: String], _ names: String...) throws -> String {
    try names.map { try field(row, $0) }.joined(separator: " ")
}

private func field(_ row: [String: String], _ column: String) throws -> String {
    guard let value = row[column] else {
        throw SpecError(description: "no column \(column) in \(row)")
    }
    return value
}

/// Parses "0x1420" or "0x2A".
private func hex(_ text: String) throws -> UInt16 {
    guard text.hasPrefix("0x"), let value = UInt16(text.dropFirst(2), radix: 16) else {
        throw SpecError(description: "not a 0x code: \(text)")
    }
    return value
}

/// Parses "U+00E1".
private func scalar(_ text: String) throws -> Unicode.Scalar {
    guard text.hasPrefix("U+"), let value = UInt32(text.dropFirst(2), radix: 16),
        let scalar = Unicode.Scalar(value)
    else { throw SpecError(description: "not a U+ scalar: \(text)") }
    return scalar
}

private func yesNo(_ text: String) throws -> Bool {
    switch text {
    case "yes": return true
    case "no": return false
    default: throw SpecError(description: "not yes/no: \(text)")
    }
}

private func code(_ pair: (first: UInt8, second: UInt8)) -> String {
    String(format: "0x%02X%02X", pair.first, pair.second)
}

/// One character row as text, for comparing the TSV and Swift sides as sets.
private func characterKey(code: UInt16, scalars: String, fallback: UInt16?) -> String {
    let fallbackText = fallback.map { String(format: "0x%02X", $0) } ?? "-"
    return "\(String(format: "0x%04X", code)) \(scalars) \(fallbackText)"
}

private func scalarText(_ character: Character) -> String {
    character.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
}

// MARK: - Characters

@Suite("CEA-608 character tables match Specs/cea608")
struct CharacterTableTests {
    static let files: [(file: String, kind: CEA608CharacterSet.Kind)] = [
        ("basic-characters.tsv", .basic),
        ("special-characters.tsv", .special),
        ("extended-spanish-french.tsv", .extendedSpanishFrench),
        ("extended-portuguese-german.tsv", .extendedPortugueseGerman),
    ]

    @Test("Each character TSV equals its Swift table", arguments: files.map(\.file))
    func tableMatches(file: String) throws {
        let kind = try #require(Self.files.first { $0.file == file }?.kind)
        let extended = kind == .extendedSpanishFrench || kind == .extendedPortugueseGerman

        var fromSpec: Set<String> = []
        for row in try readTable(file) {
            let codeText = try field(row, "code")
            let code = try hex(codeText)
            let unicode = try scalar(field(row, "unicode"))
            let fallback = extended ? try hex(field(row, "fallback")) : nil
            fromSpec.insert(
                characterKey(
                    code: code, scalars: String(format: "U+%04X", unicode.value), fallback: fallback
                ))

            let entry = try #require(
                CEA608CharacterSet.entry(code: code), "no Swift entry for \(codeText)")
            #expect(entry.kind == kind)
            #expect(entry.character == Character(unicode), "\(codeText)")
            #expect(entry.fallback.map(UInt16.init) == fallback, "\(codeText)")
        }

        let fromSwift = Set(
            CEA608CharacterSet.entries.filter { $0.kind == kind }.map { entry in
                characterKey(
                    code: entry.code, scalars: scalarText(entry.character),
                    fallback: entry.fallback.map(UInt16.init))
            })
        #expect(fromSwift == fromSpec)
    }

    @Test("Byte lookups agree with the entries")
    func byteLookups() {
        for entry in CEA608CharacterSet.entries {
            let bytes = entry.bytes
            if entry.kind == .basic {
                #expect(bytes.count == 1)
                #expect(CEA608CharacterSet.character(basic: bytes[0]) == entry.character)
            } else {
                #expect(bytes.count == 2)
                #expect(
                    CEA608CharacterSet.character(first: bytes[0], second: bytes[1])
                        == entry.character)
            }
        }
        #expect(CEA608CharacterSet.character(basic: 0x1F) == nil)
        #expect(CEA608CharacterSet.character(basic: 0x80) == nil)
        #expect(CEA608CharacterSet.character(first: 0x11, second: 0x2F) == nil)
        #expect(CEA608CharacterSet.character(first: 0x00, second: 0x41) == nil)
        #expect(
            CEA608CharacterSet.character(first: 0x19, second: 0x37) == nil,
            "data channel 2 must be normalized first")
    }

    @Test("No two codes share a character, so reverse lookup is exact")
    func reverseLookup() throws {
        for entry in CEA608CharacterSet.entries {
            #expect(
                CEA608CharacterSet.entry(for: entry.character) == entry,
                "\(String(format: "0x%04X", entry.code))")
        }
        #expect(CEA608CharacterSet.entry(for: "e\u{301}")?.code == 0x5C, "canonical equivalence")
        #expect(CEA608CharacterSet.entry(for: "€") == nil)
    }

    @Test("Fallbacks are basic characters that are the same in ASCII")
    func fallbacksArePlainASCII() throws {
        for entry in CEA608CharacterSet.entries where entry.fallback != nil {
            let fallback = try #require(entry.fallback)
            let character = try #require(CEA608CharacterSet.character(basic: fallback))
            #expect(
                character.unicodeScalars.map(\.value) == [UInt32(fallback)],
                "\(String(format: "0x%04X", entry.code))")
        }
    }

    @Test("Transparent space is the special code 0x1139")
    func transparentSpace() {
        #expect(
            CEA608CharacterSet.entry(code: CEA608CharacterSet.transparentSpaceCode)?.kind
                == .special)
    }
}

// MARK: - Preamble address codes

@Suite("CEA-608 preamble address codes match Specs/cea608")
struct PreambleAddressCodeTests {
    @Test("Rows: preamble-address-rows.tsv equals the decoder, both ways")
    func rows() throws {
        var fromSpec: Set<String> = []
        for row in try readTable("preamble-address-rows.tsv") {
            fromSpec.insert(
                try columns(row, "row", "first_byte", "second_byte_first", "second_byte_last")
            )
        }

        var fromSwift: Set<String> = []
        for first in UInt8(0x10)...0x17 {
            for half: UInt8 in [0x40, 0x60] {
                let rows = Set(
                    (half...(half + 0x1F)).compactMap {
                        PreambleAddressCode(first: first, second: $0)?.row
                    })
                #expect(rows.count <= 1, "one row per first byte and half")
                if let row = rows.first {
                    fromSwift.insert(
                        "\(row) \(String(format: "0x%02X 0x%02X 0x%02X", first, half, half + 0x1F))"
                    )
                }
            }
        }
        #expect(fromSwift == fromSpec)
    }

    @Test("Attributes: preamble-address-attributes.tsv equals the decoder, both ways")
    func attributes() throws {
        var fromSpec: Set<String> = []
        for row in try readTable("preamble-address-attributes.tsv") {
            let bits = try hex(field(row, "low_bits"))
            let italics = try yesNo(field(row, "italics"))
            let underline = try yesNo(field(row, "underline"))
            fromSpec.insert(
                try "\(String(format: "0x%02X", bits)) \(columns(row, "color")) \(italics) "
                    + "\(columns(row, "indent")) \(underline)"
            )
        }

        for half: UInt8 in [0x40, 0x60] {
            var fromSwift: Set<String> = []
            for bits in UInt8(0)...0x1F {
                let pac = try #require(PreambleAddressCode(first: 0x14, second: half | bits))
                fromSwift.insert(
                    "\(String(format: "0x%02X", bits)) \(pac.color.rawValue) \(pac.isItalic) "
                        + "\(pac.indent) \(pac.underline)"
                )
            }
            #expect(fromSwift == fromSpec)
        }
    }

    @Test("Every PAC encodes back to its own bytes")
    func roundTrip() {
        var count = 0
        for first in UInt8(0x10)...0x17 {
            for second in UInt8(0x40)...0x7F {
                guard let pac = PreambleAddressCode(first: first, second: second) else { continue }
                count += 1
                #expect(pac.bytes == (first, second))
                #expect(
                    PreambleAddressCode(
                        row: pac.row, attribute: pac.attribute, underline: pac.underline) == pac)
            }
        }
        #expect(count == 15 * 32)
        #expect(PreambleAddressCode(first: 0x10, second: 0x60) == nil)
        #expect(
            PreambleAddressCode(first: 0x18, second: 0x40) == nil,
            "data channel 2 must be normalized first")
    }

    @Test("Invalid values have no PAC")
    func invalid() {
        #expect(PreambleAddressCode(row: 0, attribute: .italics) == nil)
        #expect(PreambleAddressCode(row: 16, attribute: .italics) == nil)
        #expect(PreambleAddressCode(row: 1, attribute: .color(.black)) == nil)
        #expect(PreambleAddressCode(row: 1, attribute: .indent(6)) == nil)
        #expect(PreambleAddressCode(row: 1, attribute: .indent(32)) == nil)
    }

    @Test("Addressing a column uses an indent and a tab offset")
    func addressing() throws {
        let exact = try #require(PreambleAddressCode.addressing(row: 15, column: 8))
        #expect(exact.code.bytes == (0x14, 0x74))
        #expect(exact.tabOffset == nil)

        let between = try #require(
            PreambleAddressCode.addressing(row: 1, column: 31, underline: true))
        #expect(between.code.bytes == (0x11, 0x5F))
        #expect(between.tabOffset == .tabOffset3)

        #expect(PreambleAddressCode.addressing(row: 1, column: 32) == nil)
    }
}

// MARK: - Mid-row, control and attribute codes

@Suite("CEA-608 control code tables match Specs/cea608")
struct ControlTableTests {
    @Test("mid-row-codes.tsv equals the decoder, both ways")
    func midRowCodes() throws {
        var fromSpec: Set<String> = []
        for row in try readTable("mid-row-codes.tsv") {
            fromSpec.insert(
                try "\(field(row, "code")) \(field(row, "style")) \(yesNo(field(row, "underline")))"
            )
        }

        var fromSwift: Set<String> = []
        for second in UInt8(0x00)...0x7F {
            guard let midRow = MidRowCode(first: 0x11, second: second) else { continue }
            #expect(midRow.bytes == (0x11, second))
            let style: String
            switch midRow.style {
            case .color(let color): style = color.rawValue
            case .italics: style = "italics"
            }
            fromSwift.insert("\(code(midRow.bytes)) \(style) \(midRow.underline)")
        }
        #expect(fromSwift == fromSpec)
        #expect(MidRowCode(style: .color(.black)) == nil)
    }

    @Test("control-codes.tsv equals ControlCommand, both ways")
    func controlCodes() throws {
        var fromSpec: Set<String> = []
        for row in try readTable("control-codes.tsv") {
            fromSpec.insert(try "\(field(row, "code")) \(field(row, "mnemonic"))")
        }

        var fromSwift: Set<String> = []
        for first: UInt8 in [0x14, 0x17] {
            for second in UInt8(0x00)...0x7F {
                guard let command = ControlCommand(first: first, second: second) else { continue }
                #expect(command.bytes == (first, second))
                fromSwift.insert("\(code(command.bytes)) \(command.mnemonic)")
            }
        }
        #expect(fromSwift == fromSpec)
        #expect(Set(ControlCommand.allCases.map { "\(code($0.bytes)) \($0.mnemonic)" }) == fromSpec)
    }

    @Test("background-foreground-attributes.tsv equals BackgroundForegroundAttribute, both ways")
    func backgroundForegroundAttributes() throws {
        var fromSpec: Set<String> = []
        for row in try readTable("background-foreground-attributes.tsv") {
            fromSpec.insert(
                try columns(row, "code", "mnemonic", "target", "color", "opacity")
                    + " \(yesNo(field(row, "underline")))"
            )
        }

        var fromSwift: Set<String> = []
        for first: UInt8 in [0x10, 0x17] {
            for second in UInt8(0x00)...0x7F {
                guard let attribute = BackgroundForegroundAttribute(first: first, second: second)
                else { continue }
                #expect(attribute.bytes == (first, second))
                let description: String
                switch attribute {
                case .background(let color, let semiTransparent):
                    description =
                        "background \(color.rawValue) "
                        + "\(semiTransparent ? "semi-transparent" : "opaque") false"
                case .transparentBackground:
                    description = "background none transparent false"
                case .blackForeground(let underline):
                    description = "foreground black opaque \(underline)"
                }
                fromSwift.insert("\(code(attribute.bytes)) \(attribute.mnemonic) \(description)")
            }
        }
        #expect(fromSwift == fromSpec)
        #expect(BackgroundForegroundAttribute.allCases.count == fromSpec.count)
    }

    @Test("The code tables do not overlap")
    func disjoint() {
        for first in UInt8(0x10)...0x17 {
            for second in UInt8(0x20)...0x7F {
                let matches = [
                    PreambleAddressCode(first: first, second: second) != nil,
                    MidRowCode(first: first, second: second) != nil,
                    ControlCommand(first: first, second: second) != nil,
                    BackgroundForegroundAttribute(first: first, second: second) != nil,
                    CEA608CharacterSet.character(first: first, second: second) != nil,
                ].filter { $0 }.count
                #expect(matches <= 1, "\(code((first, second)))")
            }
        }
    }
}

// MARK: - Parity and channels

@Suite("Odd parity")
struct ParityTests {
    @Test("Adding parity gives odd parity and keeps the data bits")
    func allBytes() throws {
        for data in UInt8(0x00)...0x7F {
            let byte = Parity.addingOddParity(to: data)
            #expect(Parity.hasOddParity(byte))
            #expect(byte & 0x7F == data)
            #expect(Parity.addingOddParity(to: data | 0x80) == byte)
            #expect(Parity.strippingParity(byte) == data)
            #expect(Parity.strippingParity(byte ^ 0x80) == nil)
        }
    }

    @Test(
        "Known bytes from SCC files",
        arguments: [
            (UInt8(0x14), UInt8(0x94)),  // first byte of RCL, EOC
            (0x20, 0x20),  // RCL second byte
            (0x2C, 0x2C),  // EDM second byte
            (0x2F, 0x2F),  // EOC second byte
            (0x00, 0x80),  // null filler
            (0x41, 0xC1),  // "A"
            (0x61, 0x61),  // "a"
            (0x7F, 0x7F),  // solid block
        ])
    func knownBytes(data: UInt8, transmitted: UInt8) {
        #expect(Parity.addingOddParity(to: data) == transmitted)
    }
}

@Suite("Caption channels")
struct CaptionChannelTests {
    @Test("Misc control codes move to 0x15/0x1D in field 2; other codes only take the channel bit")
    func encoding() {
        let eoc = ControlCommand.endOfCaption.bytes
        #expect(CaptionChannel.cc1.encode(first: eoc.first, second: eoc.second) == (0x14, 0x2F))
        #expect(CaptionChannel.cc2.encode(first: eoc.first, second: eoc.second) == (0x1C, 0x2F))
        #expect(CaptionChannel.cc3.encode(first: eoc.first, second: eoc.second) == (0x15, 0x2F))
        #expect(CaptionChannel.cc4.encode(first: eoc.first, second: eoc.second) == (0x1D, 0x2F))

        let row14 = PreambleAddressCode(first: 0x14, second: 0x40)
        #expect(row14?.row == 14)
        #expect(
            CaptionChannel.cc3.encode(first: 0x14, second: 0x40) == (0x14, 0x40),
            "a PAC is the same in field 2")
        #expect(
            CaptionChannel.cc4.encode(first: 0x17, second: 0x21) == (0x1F, 0x21),
            "tab offsets only take the channel bit")
        #expect(
            CaptionChannel.cc2.encode(first: 0x41, second: 0x42) == (0x41, 0x42),
            "characters carry no channel")
    }

    @Test("Normalizing undoes encoding for every channel and code")
    func roundTrip() throws {
        for channel in CaptionChannel.allCases {
            #expect(
                CaptionChannel(field: channel.field, dataChannel: channel.dataChannel) == channel)
            for first in UInt8(0x10)...0x17 {
                for second in UInt8(0x20)...0x7F {
                    let sent = channel.encode(first: first, second: second)
                    let received = try #require(
                        CaptionChannel.normalize(first: sent.first, second: sent.second))
                    #expect(received.dataChannel == channel.dataChannel)
                    let expectedFirst: UInt8 = (first == 0x15 && second < 0x30) ? 0x14 : first
                    #expect(received.first == expectedFirst && received.second == second)
                }
            }
        }
        #expect(
            CaptionChannel.normalize(first: 0x0F, second: 0x20) == nil,
            "XDS is not a caption control code")
        #expect(CaptionChannel.normalize(first: 0x20, second: 0x20) == nil)
        #expect(CaptionChannel(field: 3, dataChannel: 1) == nil)
    }
}

@Suite("XDS program type keywords match Specs/cea608/xds-program-types.tsv")
struct XDSProgramTypeTableTests {
    @Test func everyKeywordBothWays() throws {
        let rows = try readTable("xds-program-types.tsv")
        #expect(rows.count == 96)
        let fromTable = try Set(rows.map { try columns($0, "code", "keyword", "group") })
        let fromSwift = Set(
            (UInt8(0x20)...0x7F).compactMap { XDSProgramKeyword(code: $0) }.map {
                "0x\(String($0.code, radix: 16, uppercase: true)) \($0.name) \($0.isBasic ? "basic" : "detail")"
            })
        #expect(fromTable == fromSwift)
        #expect(XDSProgramKeyword(code: 0x1F) == nil && XDSProgramKeyword(code: 0x80) == nil)
    }
}
