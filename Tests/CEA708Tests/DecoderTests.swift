// The decoder's memory, CTA-708-E §8: each test builds a service's bytes by hand from the clause
// it names and checks the windows a viewer would see. Decisions where the standard is unclear are
// in Specs/cea708.md, "Decisions".

import Testing

@testable import CEA708

/// DFx bytes (§8.10.5.2) for tests.
func defineWindow(
    _ id: Int, rows: Int, columns: Int, visible: Bool = true, anchorPoint: UInt8 = 0, vertical: UInt8 = 0,
    horizontal: UInt8 = 0, priority: UInt8 = 0, windowStyle: UInt8 = 1, penStyle: UInt8 = 1, relative: Bool = false
) -> [UInt8] {
    [
        0x98 + UInt8(id), (visible ? 0x20 : 0) | 0x18 | priority, (relative ? 0x80 : 0) | vertical, horizontal,
        anchorPoint << 4 | UInt8(rows - 1), UInt8(columns - 1), windowStyle << 3 | penStyle,
    ]
}

private func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite("CEA-708 decoder memory")
struct CEA708DecoderTests {
    private func decoded(_ bytes: [UInt8]) -> CEA708Decoder {
        var decoder = CEA708Decoder()
        decoder.decode(bytes)
        return decoder
    }

    @Test("Pop-up: a hidden window is filled, then DSW shows it and HDW hides it (§8.10.5.2–3)")
    func popUp() throws {
        var decoder = CEA708Decoder()
        decoder.decode(
            defineWindow(0, rows: 2, columns: 32, visible: false) + ascii("HELLO") + [0x92, 1, 2] + ascii("WORLD"))
        #expect(decoder.screen.windows.isEmpty, "not yet displayed")
        #expect(decoder.windows[0]?.text(row: 0) == "HELLO")
        decoder.decode([0x89, 0x01])  // DSW window 0
        #expect(decoder.screen.lines == ["w0 r0: HELLO", "w0 r1:   WORLD"])
        decoder.decode([0x8A, 0x01])  // HDW
        #expect(decoder.screen.windows.isEmpty)
        decoder.decode([0x8B, 0x01, 0x88, 0x01])  // TGW shows it again, CLW empties it
        #expect(decoder.screen.windows.count == 1)
        #expect(decoder.screen.lines.isEmpty)
        #expect(decoder.warnings.isEmpty)
    }

    @Test("Roll-up: CR at the last row scrolls the rows up (§7.1.4 CR, scroll bottom-to-top)")
    func rollUp() {
        let decoder = decoded(defineWindow(1, rows: 2, columns: 32, windowStyle: 4) + ascii("ONE\rTWO\rTHREE"))
        #expect(decoder.screen.lines == ["w1 r0: TWO", "w1 r1: THREE"])
        #expect(decoder.windows[1]?.penRow == 1 && decoder.windows[1]?.penColumn == 5)
    }

    @Test("BS erases the cell before the pen, HCR erases the row, FF erases the window (§7.1.4)")
    func erasing() {
        var decoder = decoded(defineWindow(0, rows: 2, columns: 10) + ascii("ABC") + [0x08] + ascii("D\rXYZ"))
        #expect(decoder.screen.lines == ["w0 r0: ABD", "w0 r1: XYZ"])
        decoder.decode([0x0E] + ascii("Q"))
        #expect(decoder.screen.lines == ["w0 r0: ABD", "w0 r1: Q"])
        decoder.decode([0x0C] + ascii("Z"))
        #expect(decoder.screen.lines == ["w0 r0: Z"])
        decoder.decode([0x92, 0, 0, 0x08])  // BS at the start of a row: nothing
        #expect(decoder.screen.lines == ["w0 r0: Z"])
    }

    @Test("Word wrap off: text past the last column is not shown, with one located warning")
    func clipped() {
        let decoder = decoded(defineWindow(0, rows: 1, columns: 5) + ascii("ABCDEFG"))
        #expect(decoder.screen.lines == ["w0 r0: ABCDE"])
        #expect(decoder.warnings.map(\.ruleID) == ["708.clipped"])
        #expect(decoder.warnings.first?.offset == 7)
    }

    @Test("Word wrap on: the word that crosses the edge moves to the next row")
    func wordWrap() {
        let decoder = decoded(defineWindow(0, rows: 2, columns: 10, windowStyle: 4) + ascii("HELLO WORLD"))
        #expect(decoder.screen.lines == ["w0 r0: HELLO", "w0 r1: WORLD"])
    }

    @Test("DLY holds the service until its time or DLC; RST acts at once (§8.10.5.4)")
    func delay() {
        var decoder = CEA708Decoder()
        decoder.decode(defineWindow(0, rows: 1, columns: 10) + [0x8D, 10] + ascii("LATE"), at: 5)
        #expect(decoder.screen.lines.isEmpty)
        decoder.advance(to: 5.9)
        #expect(decoder.screen.lines.isEmpty)
        decoder.advance(to: 6.0)
        #expect(decoder.screen.lines == ["w0 r0: LATE"])
        decoder.decode([0x8D, 50, 0x0C] + ascii("NOW") + [0x8E], at: 7)
        #expect(decoder.screen.lines == ["w0 r0: NOW"], "DLC ends the delay at once")
        decoder.decode([0x8D, 50] + ascii("X") + [0x8F], at: 8)
        #expect(decoder.screen.windows.isEmpty, "RST deletes every window and drops what was held")
        #expect(decoder.delayedUntil == nil)
    }

    @Test("DLW deletes the current window: text after it has nowhere to go (located warning)")
    func deleteWindows() {
        let decoder = decoded(defineWindow(2, rows: 1, columns: 10) + ascii("A") + [0x8C, 0x04] + ascii("B") + [0x83])
        #expect(decoder.windows[2] == nil && decoder.currentWindow == nil)
        #expect(decoder.warnings.map(\.ruleID) == ["708.no-current-window", "708.undefined-window"])
        #expect(decoder.warnings.map(\.offset) == [10, 11])
    }

    @Test("Predefined styles: a new window takes styles 1 for 0; a repeated DFx keeps the SPA pen")
    func styles() throws {
        var decoder = decoded(defineWindow(0, rows: 1, columns: 10, windowStyle: 0, penStyle: 0))
        let window = try #require(decoder.windows[0])
        #expect(window.attributes == CEA708PredefinedStyles.window(1))
        #expect(window.pen == CEA708PredefinedStyles.pen(1)?.attributes)
        decoder.decode([0x90, 0x05, 0x80])  // SPA: large? no: offset normal (01), size standard (01); italics
        decoder.decode(defineWindow(0, rows: 1, columns: 10, windowStyle: 0, penStyle: 0) + ascii("I"))
        #expect(decoder.windows[0]?.cell(row: 0, column: 0).pen.italics == true)
        decoder.decode(defineWindow(0, rows: 1, columns: 10, windowStyle: 2, penStyle: 6))
        #expect(decoder.windows[0]?.attributes.fillOpacity == .transparent)
        #expect(decoder.windows[0]?.penColor.backgroundOpacity == .transparent)
        #expect(decoder.windows[0]?.pen.edgeType == .uniform)
        #expect(decoder.windows[0]?.text(row: 0) == "I", "a changed definition keeps the text")
    }

    @Test("Ticker tape (window style 7): top-to-bottom print, CR moves one column on (§8.4 style 7)")
    func tickerTape() {
        let decoder = decoded(defineWindow(0, rows: 3, columns: 2, windowStyle: 7) + ascii("AB\rCD\rEF"))
        // Columns fill left to right; at the last column the window scrolls right-to-left.
        #expect(decoder.screen.lines == ["w0 r0: CE", "w0 r1: DF"])
    }

    @Test("Screen: visible windows by priority, runs split where the pen changes, G2 transparent space")
    func screen() throws {
        let bytes =
            defineWindow(3, rows: 1, columns: 10, priority: 5) + ascii("LOW")
            + defineWindow(1, rows: 1, columns: 10, vertical: 74, horizontal: 105, priority: 1) + ascii("A")
            + [0x91, 0x30, 0x00, 0x00] + ascii("B") + [0x10, 0x20] + ascii("C")
        let screen = decoded(bytes).screen
        #expect(screen.windows.map(\.id) == [1, 3])
        let runs = try #require(screen.windows.first?.rows.first)
        #expect(runs.map(\.text) == ["A", "B", " ", "C", "      "])
        #expect(runs[1].color?.foreground == CEA708Color(red: 3, green: 0, blue: 0))
        #expect(runs[2].pen == nil, "TSP shows no pen background (§7.1.8)")
        let anchor = try #require(screen.windows.first).anchorFraction()
        #expect(anchor.x == 105.0 / 209 && anchor.y == 1, "§8.4.4: 74 is the last row, 209 the last column")
    }

    @Test("SPL outside the window, CW of an undefined window, text before any window: warnings, no change")
    func badCommands() {
        let decoder = decoded(
            ascii("lost") + [0x81] + defineWindow(0, rows: 2, columns: 4) + [0x92, 5, 9] + ascii("Z"))
        #expect(decoder.screen.lines == ["w0 r1:    Z"])
        #expect(
            decoder.warnings.map(\.ruleID) == [
                "708.no-current-window", "708.undefined-window", "708.pen-outside-window",
            ])
        #expect(decoder.warnings.map(\.offset) == [0, 4, 12])
    }
}
