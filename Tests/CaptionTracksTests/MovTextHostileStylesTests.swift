import CaptionTracks
import Testing

/// A `tx3g` sample whose style records all cover the whole text. Each record was applied
/// character by character, so N records over M characters cost N × M steps, and the 16-bit
/// record count and text length allow 65,535 of each: 20,000 records over 20,000 characters (a
/// 260 KB sample) took 23 s in a debug build before, 0.1 s now that records are applied from the
/// last to the first, each character styled once. What is checked here is the result, which
/// must not change: later records win where they overlap (TS 26.245 §5.16 orders them).
@Suite struct MovTextHostileStylesTests {
    static func sample(characters: Int, records: Int) -> [UInt8] {
        var bytes =
            [UInt8(characters >> 8), UInt8(characters & 0xFF)] + Array(repeating: UInt8(ascii: "a"), count: characters)
        let size = 8 + 2 + records * 12
        bytes += [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)]
        bytes += Array("styl".utf8) + [UInt8(records >> 8), UInt8(records & 0xFF)]
        for k in 0..<records {
            // Records 0..<records-1 italic over everything, the last bold over the second half.
            let start = k == records - 1 ? characters / 2 : 0
            let flags: UInt8 = k == records - 1 ? 1 : 2
            bytes += [UInt8(start >> 8), UInt8(start & 0xFF), UInt8(characters >> 8), UInt8(characters & 0xFF)]
            bytes += [0, 1, flags, 18, 0xFF, 0xFF, 0xFF, 0xFF]
        }
        return bytes
    }

    @Test func twentyThousandRecordsOverTwentyThousandCharacters() {
        let reading = MovTextSample.read(Self.sample(characters: 20_000, records: 20_000))
        #expect(reading.problems.isEmpty)
        // Later records win where they overlap: italic, then bold over the second half.
        #expect(reading.sample.runs.map(\.text.count) == [10_000, 10_000])
        #expect(reading.sample.runs.map(\.style.italic) == [true, false])
        #expect(reading.sample.runs.map(\.style.bold) == [false, true])
    }
}
