import CaptionCore
import CaptionTracks
import Testing

/// 3GPP TS 26.245 §5.17 samples: a 16-bit text length, UTF-8 text, then modifier boxes; a
/// `styl` box holds 12-byte style records (start, end, font ID, face flags, size, RGBA).
@Suite struct MovTextSampleTests {
    @Test func plainTextIsItsLengthAndItsBytes() {
        #expect(MovTextSample(runs: [CaptionRun("Hé")]).bytes() == [0, 3, 0x48, 0xC3, 0xA9])
        #expect(MovTextSample(runs: []).bytes() == [0, 0])
    }

    @Test func styledRunsGetStyleRecordsCountedInCharacters() {
        var bold = CaptionTextStyle()
        bold.bold = true
        var red = CaptionTextStyle()
        red.italic = true
        red.textColor = CaptionColor(red: 255, green: 0, blue: 0)
        let sample = MovTextSample(runs: [CaptionRun("é "), CaptionRun("b", style: bold), CaptionRun("r", style: red)])
        let expected: [UInt8] =
            [0, 5, 0xC3, 0xA9, 0x20, 0x62, 0x72]
            + [0, 0, 0, 34, 0x73, 0x74, 0x79, 0x6C, 0, 2]
            // Characters 2–3 bold; 3–4 italic red (the é is one character, two bytes).
            + [0, 2, 0, 3, 0, 1, 1, 18, 255, 255, 255, 255]
            + [0, 3, 0, 4, 0, 1, 2, 18, 255, 0, 0, 255]
        #expect(sample.bytes() == expected)
        let back = MovTextSample.read(expected)
        #expect(back.problems.isEmpty)
        #expect(back.sample.runs.map(\.text) == ["é ", "b", "r"])
        #expect(back.sample.runs[1].style.bold && back.sample.runs[2].style.italic)
        #expect(back.sample.runs[2].style.textColor == CaptionColor(red: 255, green: 0, blue: 0))
    }

    @Test func utf16TextAndCarriageReturnsAreRead() {
        let bytes: [UInt8] = [0, 8, 0xFE, 0xFF, 0x00, 0x41, 0x00, 0x0D, 0x00, 0x42]
        #expect(MovTextSample.read(bytes).sample.text == "A\nB")
    }

    @Test func aTextLengthPastTheEndIsReadAsFarAsItGoes() {
        let r = MovTextSample.read([0, 9, 0x48, 0x69])
        #expect(r.sample.text == "Hi")
        #expect(r.problems.first?.contains("truncated") == true)
    }

    @Test func styleRecordsOutsideTheTextAreIgnored() {
        let bytes: [UInt8] =
            [0, 2, 0x48, 0x69, 0, 0, 0, 22, 0x73, 0x74, 0x79, 0x6C, 0, 1] + [
                0, 5, 0, 9, 0, 1, 1, 18, 255, 255, 255, 255,
            ]
        let r = MovTextSample.read(bytes)
        #expect(r.sample.runs.map(\.text) == ["Hi"])
        #expect(r.problems.first?.contains("covers characters 5–9") == true)
    }
}
