import CaptionCore
import CaptionData
import MCC
import Testing

/// MacCaption's abbreviations, against GStreamer's `mccenc` test (gst-plugins-rs
/// tests/mcc_enc.rs) and the alphabet every MCC header lists.
@Suite struct MCCRunLengthTests {
    @Test func encodesGStreamersTestPacketAsMccencDoes() {
        // test_encode's CDP; mccenc writes the line
        // "11:12:13;14\tT52S524F67ZZ72F4QRFF0222FE8CFFOM739181656E67817FFF74ZZ1CZ", whose last
        // character is its ANC checksum (mccenc writes 00; we write the 8-bit sum).
        let cdp: [UInt8] =
            [
                0x96, 0x69, 0x52, 0x4F, 0x67, 0x00, 0x00, 0x72, 0xF4, 0xFC, 0x80, 0x80, 0xFD, 0x80, 0x80, 0xFF, 0x02,
                0x22,
                0xFE, 0x8C, 0xFF,
            ] + [UInt8](repeating: 0, count: 0) + Array([[UInt8]](repeating: [0xFA, 0x00, 0x00], count: 16).joined())
            + [
                0x73, 0x91, 0x81, 0x65, 0x6E, 0x67, 0x81, 0x7F, 0xFF, 0x74, 0x00, 0x00, 0x1C,
            ]
        #expect(cdp.count == 0x52)
        let text = MCCRunLength.encode([0x61, 0x01, 0x52] + cdp)
        #expect(text == "T52S524F67ZZ72F4QRFF0222FE8CFFOM739181656E67817FFF74ZZ1C")
        #expect(MCCRunLength.decode(Array(text.utf8)).bytes == [0x61, 0x01, 0x52] + cdp)
    }

    @Test func everyLetterOfTheHeaderTable() {
        let filler: [UInt8] = [0xFA, 0, 0]
        for (i, letter) in "GHIJKLMNO".utf8.enumerated() {
            #expect(MCCRunLength.expansion(of: letter) == Array(repeatElement(filler, count: i + 1).joined()))
        }
        #expect(
            MCCRunLength.decode(Array("PQRSTUZ".utf8)).bytes == [
                0xFB, 0x80, 0x80, 0xFC, 0x80, 0x80, 0xFD, 0x80, 0x80, 0x96, 0x69, 0x61, 0x01, 0xE1, 0, 0, 0, 0,
            ])
    }

    @Test func aBadCharacterIsLocated() {
        let d = MCCRunLength.decode(Array("9669V1".utf8))
        #expect(d.bytes == [0x96, 0x69])
        #expect(d.failure?.column == 5)
        let odd = MCCRunLength.decode(Array("966".utf8))
        #expect(odd.failure?.column == 4)
    }
}
