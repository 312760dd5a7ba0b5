import Testing

@testable import ITT

/// Lines and columns of byte offsets, checked against counting by hand on a small text.
@Suite struct SourceTextTests {
    // Line 1 "ab", line 2 "é☃x" (é is 2 bytes, ☃ 3), line 3 empty, line 4 "z".
    static let text = SourceText(bytes: Array("ab\né☃x\n\nz".utf8), fileName: "t.itt")

    @Test(arguments: [
        (0, 1, 1), (1, 1, 2), (2, 1, 3), (3, 2, 1), (5, 2, 2), (8, 2, 3), (9, 2, 4), (10, 3, 1), (11, 4, 1),
        (12, 4, 2), (99, 4, 2), (-5, 1, 1),
    ])
    func offsetsAreLinesAndColumnsInScalars(offset: Int, line: Int, column: Int) {
        let found = Self.text.lineAndColumn(ofOffset: offset)
        #expect(found.line == line && found.column == column, "offset \(offset): \(found)")
    }

    @Test func askingBackwardsAfterForwardsGivesTheSameAnswers() {
        let text = SourceText(bytes: Array("ab\né☃x\n\nz".utf8), fileName: nil)
        let forwards = (0...12).map { text.lineAndColumn(ofOffset: $0) }
        let backwards = (0...12).reversed().map { text.lineAndColumn(ofOffset: $0) }.reversed()
        #expect(zip(forwards, backwards).allSatisfy { $0 == $1 })
    }
}
