// The dump (one entry per command, the screen after each change) and the fuzz entry point.

import Testing

@testable import CEA708

@Suite("CEA-708 dump and fuzz entry point")
struct CEA708DumpAndFuzzTests {
    @Test("Dump: offsets, bytes, disassembly names and the screen after each change")
    func dump() {
        var decoder = CEA708Decoder()
        let bytes = defineWindow(0, rows: 1, columns: 32, visible: false) + Array("Hi".utf8) + [0x89, 0x01]
        let entries = CEA708Dump.entries(bytes, at: 1.5, decoder: &decoder)
        #expect(entries.map(\.offset) == [0, 7, 9])
        #expect(entries.map(\.bytes) == ["98 18 00 00 00 1f 09", "48 69", "89 01"])
        #expect(
            entries.map(\.meaning) == [
                "DF0(priority 0, anchor top left, at row 0 column 0, 1x32, row lock, column lock, hidden, "
                    + "window style 1, pen style 1)",
                "\"Hi\"", "DSW(0)",
            ])
        #expect(entries.map(\.screen) == [nil, nil, ["w0 r0: Hi"]])
        #expect(CEA708Dump.text(entries).contains("1500 ms  @9  DSW(0)  [89 01]\n    screen w0 r0: Hi"))
    }

    @Test("Arbitrary bytes never trap, and everything not reserved re-encodes to the same bytes")
    func randomBytes() throws {
        var generator = SeededGenerator(seed: 0x708)
        for round in 0..<3_000 {
            let count = Int.random(in: 0...400, using: &generator)
            // Bias towards command bytes so that commands, not text, dominate.
            let bytes = (0..<count).map { _ in
                Bool.random(using: &generator)
                    ? UInt8.random(in: 0x80...0x9F, using: &generator) : UInt8.random(in: 0...255, using: &generator)
            }
            let result = CEA708.decode(bytes)
            if !result.warnings.contains(where: { $0.ruleID == "708.reserved-bits" }) {
                #expect(try CEA708Encoder.encode(result.items.map(\.command)) == bytes, "round \(round)")
            }
            #expect(result.items.allSatisfy { (0..<max(count, 1)).contains($0.offset) })
        }
    }
}
