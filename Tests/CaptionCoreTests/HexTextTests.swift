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
}
