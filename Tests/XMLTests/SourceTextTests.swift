import Testing

@testable import XML

/// Lines and columns of byte offsets, checked against counting by hand on a small text.
@Suite struct SourceTextTests {
    // Line 1 "ab", line 2 "é☃x" (é is 2 bytes, ☃ 3), line 3 empty, line 4 "z".
    static let bytes = Array("ab\né☃x\n\nz".utf8)
    /// Offset → (line, column), counted by hand.
    static let expected: [(offset: Int, line: Int, column: Int)] = [
        (0, 1, 1), (1, 1, 2), (2, 1, 3), (3, 2, 1), (5, 2, 2), (8, 2, 3), (9, 2, 4), (10, 3, 1), (11, 4, 1),
        (12, 4, 2), (99, 4, 2), (-5, 1, 1),
    ]

    /// Each order starts from a fresh text, so the line starts are found as far as each
    /// question needs (the scan stops part-way, then goes on).
    @Test(arguments: ["forwards", "backwards", "middle first"])
    func offsetsAreLinesAndColumnsInScalars(order: String) {
        let text = SourceText(bytes: Self.bytes, fileName: nil)
        var cases = Self.expected
        switch order {
        case "backwards": cases.reverse()
        case "middle first": cases = Array(cases[5...] + cases[..<5])
        default: break
        }
        for (offset, line, column) in cases {
            let found = text.lineAndColumn(ofOffset: offset)
            #expect(found.line == line && found.column == column, "offset \(offset): \(found)")
        }
    }

    @Test func endsInsideACharacter() {
        #expect(!SourceText(bytes: Self.bytes, fileName: nil).endsInsideCharacter)
        #expect(SourceText(bytes: Array(Self.bytes[..<4]), fileName: nil).endsInsideCharacter)  // é cut
        #expect(SourceText(bytes: Array(Self.bytes[..<7]), fileName: nil).endsInsideCharacter)  // ☃ cut after 2
        #expect(!SourceText(bytes: Array(Self.bytes[..<8]), fileName: nil).endsInsideCharacter)
        #expect(!SourceText(bytes: [], fileName: nil).endsInsideCharacter)
    }
}
