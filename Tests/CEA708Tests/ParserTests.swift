// The parser and encoder: byte sequences worked out by hand from the bit layouts of CTA-708-E
// §8.10.5 (each test names its clause), bad input, and the round trip bytes → items → bytes.

import Testing

@testable import CEA708

@Suite("CEA-708 parser and encoder")
struct CEA708ParserTests {
    private func commands(_ bytes: [UInt8]) -> [CEA708Command] { CEA708Parser.parse(bytes).items.map(\.command) }

    @Test("DefineWindow: §8.10.5.2 field by field")
    func defineWindow() throws {
        // DF1: byte 1 = 0 0 | visible 1 | row lock 1 | column lock 1 | priority 010 = 0x3A;
        // byte 2 = absolute | vertical 70 = 0x46; byte 3 = horizontal 100 = 0x64;
        // byte 4 = anchor point 7 (bottom center) | row count − 1 = 2 → 0x72;
        // byte 5 = columns − 1 = 31 → 0x1F; byte 6 = window style 4 | pen style 1 → 0x21.
        let bytes: [UInt8] = [0x99, 0x3A, 0x46, 0x64, 0x72, 0x1F, 0x21]
        let parsed = CEA708Parser.parse(bytes)
        #expect(parsed.warnings.isEmpty)
        guard case .defineWindow(let d) = try #require(parsed.items.first?.command) else {
            Issue.record("not a DefineWindow: \(parsed.items)")
            return
        }
        #expect(d.window == 1 && d.priority == 2 && d.visible && d.rowLock && d.columnLock)
        #expect(!d.relativePositioning && d.anchorVertical == 70 && d.anchorHorizontal == 100)
        #expect(d.anchorPoint == .bottomCenter && d.rowCount == 3 && d.columnCount == 32)
        #expect(d.windowStyle == 4 && d.penStyle == 1)
        #expect(try CEA708Encoder.encode([.defineWindow(d)]) == bytes)
    }

    @Test("SetWindowAttributes: §8.10.5.5, the border type split over two bytes")
    func setWindowAttributes() throws {
        // fill: translucent (10) blue (000011) → 0x83; border type 5 = 101: low bits 01 in byte 2
        // → 01 | red (110000) → 0x70; byte 3: border bit 2 = 1 | wrap 1 | print RTL 01 |
        // scroll TTB 10 | justify center 10 → 1 1 01 10 10 = 0xDA; byte 4: speed 3 | direction
        // BTT 11 | fade 01 → 0011 11 01 = 0x3D.
        let bytes: [UInt8] = [0x97, 0x83, 0x70, 0xDA, 0x3D]
        guard case .setWindowAttributes(let a) = try #require(commands(bytes).first) else {
            Issue.record("not SWA")
            return
        }
        #expect(a.fillOpacity == .translucent && a.fillColor == CEA708Color(red: 0, green: 0, blue: 3))
        #expect(a.borderType == .rightDropShadow && a.borderColor == CEA708Color(red: 3, green: 0, blue: 0))
        #expect(a.wordWrap && a.printDirection == .rightToLeft && a.scrollDirection == .topToBottom)
        #expect(a.justify == .center && a.effectSpeed == 3 && a.effectDirection == .bottomToTop)
        #expect(a.displayEffect == .fade)
        #expect(try CEA708Encoder.encode([.setWindowAttributes(a)]) == bytes)
    }

    @Test("SetPenAttributes, SetPenColor, SetPenLocation: §8.10.5.6–8")
    func penCommands() throws {
        // SPA: text tag 9 (sound effect) | offset superscript 10 | size large 10 → 1001 10 10 =
        // 0x9A; italics 1 | underline 0 | edge uniform 011 | font 5 (casual) 101 → 0x9D.
        // SPC: fg flash 01 white 111111 → 0x7F; bg transparent 11 black → 0xC0; edge 010101 → 0x15.
        // SPL: row 14, column 41.
        let bytes: [UInt8] = [0x90, 0x9A, 0x9D, 0x91, 0x7F, 0xC0, 0x15, 0x92, 0x0E, 0x29]
        let parsed = CEA708Parser.parse(bytes)
        #expect(parsed.warnings.isEmpty)
        let expected: [CEA708Command] = [
            .setPenAttributes(
                CEA708PenAttributes(
                    penSize: .large, offset: .superscript, textTag: CEA708TextTag(rawValue: 9),
                    fontStyle: CEA708FontStyle(rawValue: 5), edgeType: .uniform, underline: false, italics: true)),
            .setPenColor(
                CEA708PenColor(
                    foreground: .white, foregroundOpacity: .flash, background: .black, backgroundOpacity: .transparent,
                    edge: CEA708Color(red: 1, green: 1, blue: 1))),
            .setPenLocation(row: 14, column: 41),
        ]
        #expect(parsed.items.map(\.command) == expected)
        #expect(parsed.items.map(\.offset) == [0, 3, 7])
        #expect(try CEA708Encoder.encode(expected) == bytes)
    }

    @Test("Code set lengths of §7.1.4, §7.1.5, §7.1.10, §7.1.11 and text runs")
    func codeSetLengths() throws {
        let bytes: [UInt8] = [
            0x48, 0x69, 0x7F, 0xE9,  // "Hi♪é": G0 and G1 (§7.1.6, §7.1.7)
            0x10, 0x25,  // EXT1 + G2 0x25: horizontal ellipsis
            0x10, 0xA0,  // EXT1 + G3 0xA0: the CC logo
            0x11, 0x55,  // reserved C0 0x11 and its one byte
            0x19, 0x01, 0x02,  // reserved C0 0x19 and its two bytes
            0x18, 0x4E, 0x2D,  // P16 U+4E2D
            0x10, 0x09, 0xAA,  // C2 0x09: one byte
            0x10, 0x88, 1, 2, 3, 4, 5,  // C3 0x88: five bytes
            0x10, 0x91, 0x42, 7, 8,  // C3 0x91: header type 01, length 2, then two bytes
            0x93,  // reserved C1, no parameter
            0x8D, 0x0F, 0x8E, 0x8F, 0x0D, 0x0E, 0x08, 0x0C, 0x03, 0x00,
        ]
        let parsed = CEA708Parser.parse(bytes)
        #expect(
            parsed.items.map(\.command) == [
                .text("Hi\u{266A}é"), .extendedCharacter(0x25), .extendedCharacter(0xA0),
                .reservedC0(code: 0x11, parameters: [0x55]), .reservedC0(code: 0x19, parameters: [1, 2]), .p16(0x4E2D),
                .extendedControl(code: 0x09, parameters: [0xAA]),
                .extendedControl(code: 0x88, parameters: [1, 2, 3, 4, 5]),
                .extendedControl(code: 0x91, parameters: [0x42, 7, 8]), .reservedC1(0x93), .delay(tenths: 15),
                .delayCancel, .reset, .carriageReturn, .horizontalCarriageReturn, .backspace, .formFeed, .endOfText,
                .nul,
            ])
        #expect(parsed.items.map(\.offset).prefix(6) == [0, 4, 6, 8, 10, 13])
        #expect(Set(parsed.warnings.map(\.ruleID)) == ["708.reserved-code"])
        #expect(parsed.warnings.map(\.offset) == [8, 10, 16, 19, 26, 31])
        #expect(try CEA708Encoder.encode(parsed.items.map(\.command)) == bytes)
    }

    @Test("A command cut off at the end is kept and located; what came before is intact")
    func truncated() {
        let parsed = CEA708Parser.parse([0x41, 0x0D, 0x98, 0x20, 0x00])
        #expect(parsed.items.map(\.command) == [.text("A"), .carriageReturn, .truncated([0x98, 0x20, 0x00])])
        #expect(parsed.warnings.count == 1)
        #expect(parsed.warnings.first?.offset == 2)
        #expect(parsed.warnings.first?.ruleID == "708.truncated")
        #expect(parsed.warnings.first?.message.contains("DF0 needs 7 bytes, the data ends after 3") == true)
        for cut in [[UInt8(0x10)], [0x10, 0x90], [0x10, 0x90, 0x05, 1], [0x18, 0x4E], [0x92, 1]] {
            let result = CEA708Parser.parse(cut)
            #expect(result.items.map(\.command) == [.truncated(cut)], "\(cut)")
            #expect(result.warnings.map(\.ruleID) == ["708.truncated"], "\(cut)")
        }
    }

    @Test("Parameters out of range and reserved values give located warnings and are kept as sent")
    func outOfRange() throws {
        // DF2 with 16 rows (row count field 15), 43 columns, anchor point 9, vertical 80 ≥ 75,
        // horizontal 220 ≥ 210, reserved bits in byte 1: all kept, all reported.
        let bytes: [UInt8] = [0x41, 0x9A, 0xC0, 0x50, 0xDC, 0x9F, 0x2A, 0x09, 0x92, 0x1F, 0x3F, 0x90, 0x07, 0x38]
        let parsed = CEA708Parser.parse(bytes)
        let messages = parsed.warnings.map(\.message).joined(separator: " | ")
        #expect(messages.contains("row count 16 > 15"))
        #expect(messages.contains("column count 43 > 42"))
        #expect(messages.contains("anchor point 9 is reserved"))
        #expect(messages.contains("anchor vertical 80 > 74"))
        #expect(messages.contains("anchor horizontal 220 > 209"))
        #expect(messages.contains("reserved bits"))
        #expect(messages.contains("SPL: row 31 > 14"))
        #expect(messages.contains("SPL: column 63 > 41"))
        #expect(messages.contains("pen size 3 is reserved"))
        #expect(messages.contains("edge type 7 is reserved"))
        #expect(Set(parsed.warnings.filter { $0.message.hasPrefix("DF2") }.map(\.offset)) == [1])
        #expect(parsed.items.count == 4)
        guard case .defineWindow(let d) = parsed.items[1].command else {
            Issue.record("not DF2")
            return
        }
        #expect(d.rowCount == 16 && d.columnCount == 43 && d.anchorPoint.rawValue == 9)
    }

    @Test("Property: bytes → items → bytes is exact for many generated command sequences")
    func roundTrip() throws {
        var generator = SeededGenerator(seed: 708)
        for _ in 0..<2_000 {
            let commands = (0..<Int.random(in: 1...24, using: &generator)).map { _ in
                CommandGenerator.command(using: &generator)
            }
            let bytes = try CEA708Encoder.encode(commands)
            let parsed = CEA708Parser.parse(bytes)
            #expect(parsed.warnings.isEmpty, "\(commands)")
            #expect(try CEA708Encoder.encode(parsed.items.map(\.command)) == bytes)
            #expect(parsed.items.map(\.command) == CommandGenerator.normalized(commands))
        }
    }

    @Test("The encoder refuses what has no code")
    func encoderRefuses() {
        #expect(throws: CEA708Encoder.Failure.notABasicCharacter("\u{4E2D}")) { try CEA708Encoder.encode([.text("中")]) }
        #expect(throws: CEA708Encoder.Failure.self) { try CEA708Encoder.encode([.setCurrentWindow(8)]) }
    }
}
