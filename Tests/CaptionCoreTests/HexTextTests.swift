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

    @Test func digitValues() {
        #expect(HexText.value(ofDigit: UInt8(ascii: "0")) == 0)
        #expect(HexText.value(ofDigit: UInt8(ascii: "9")) == 9)
        #expect(HexText.value(ofDigit: UInt8(ascii: "a")) == 10 && HexText.value(ofDigit: UInt8(ascii: "F")) == 15)
        for byte in [UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "/"), UInt8(ascii: ":"), 0x40, 0x60, 0xC3] {
            #expect(HexText.value(ofDigit: byte) == nil, "\(byte)")
        }
    }

    @Test func colourNamesAreUpperCaseRGBA() {
        #expect(CaptionColor(red: 0xAB, green: 0x01, blue: 0xFF, alpha: 0x80).description == "#AB01FF80")
        #expect(CaptionColor(hex: "#ab01ff80") == CaptionColor(red: 0xAB, green: 0x01, blue: 0xFF, alpha: 0x80))
        #expect(CaptionColor(hex: "#fa0") == CaptionColor(red: 0xFF, green: 0xAA, blue: 0x00))
        #expect(CaptionColor(hex: "#ggg") == nil)
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
