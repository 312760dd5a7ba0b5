import CaptionCore
import Testing

/// Lines and columns as messages give them, and offsets outside the text kept to it (the count
/// reads the bytes through an unsafe buffer).
@Suite struct TextPositionTests {
    let text = Array("ab\nçd\nef".utf8)  // ç is two bytes

    @Test func linesAndColumnsCountScalarsFromOne() {
        #expect(TextPosition.lineAndColumn(of: 0, in: text) == (1, 1))
        #expect(TextPosition.lineAndColumn(of: 2, in: text) == (1, 3))
        #expect(TextPosition.lineAndColumn(of: 3, in: text) == (2, 1))
        // After ç's two bytes, column 2; the 'd' is the second scalar of line 2.
        #expect(TextPosition.lineAndColumn(of: 5, in: text) == (2, 2))
        #expect(TextPosition.lineAndColumn(of: 7, in: text, from: 7, line: 3) == (3, 1))
    }

    @Test func offsetsAndStartsOutsideTheTextStayInIt() {
        // Past the end: counted to the end (line 3, after "ef").
        #expect(TextPosition.lineAndColumn(of: 1000, in: text) == (3, 3))
        // Negative offsets and starts: nothing is read before the first byte.
        #expect(TextPosition.lineAndColumn(of: -3, in: text) == (1, 1))
        #expect(TextPosition.lineAndColumn(of: -3, in: text, from: -5) == (1, 1))
        #expect(TextPosition.lineAndColumn(of: 2, in: text, from: -5) == (1, 3))
        #expect(TextPosition.lineAndColumn(of: 2, in: [], from: -5) == (1, 1))
    }
}
