import CaptionCore
import Testing

@Suite struct HexTextTests {
    @Test func bytesAndPairs() {
        #expect(HexText.byte(0x00) == "00")
        #expect(HexText.byte(0x94) == "94")
        #expect(HexText.byte(0xAF) == "af")
        #expect(HexText.byte(0xAF, uppercase: true) == "AF")
        #expect(HexText.pair(0x94, 0x2C) == "942c")
        #expect(HexText.pair(0x0F, 0xF0) == "0ff0")
    }

    @Test func codePoints() {
        #expect(HexText.codePoint("\u{0}") == "U+0000")
        #expect(HexText.codePoint("A") == "U+0041")
        #expect(HexText.codePoint("\u{E9}") == "U+00E9")
        #expect(HexText.codePoint("\u{2013}") == "U+2013")
        #expect(HexText.codePoint("\u{1F984}") == "U+1F984")
        #expect(HexText.codePoint("\u{10FFFD}") == "U+10FFFD")
    }
}
