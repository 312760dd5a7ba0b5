import CaptionData
import Testing

/// `cc_data()` (CTA-708-E §4.4, A/53 Part 4 §6.2.3): the header byte (process flags, cc_count),
/// em_data, then three bytes a construct: '11111', cc_valid, cc_type, two data bytes.
@Suite struct CCDataTests {
    @Test func readsTheFieldsOfEachConstruct() throws {
        // cc_count 3: a field 1 pair, a field 2 pair, DTVCC filler; then the 0xFF marker byte.
        let bytes: [UInt8] = [0xC3, 0xFF, 0xFC, 0x94, 0x2C, 0xFD, 0x15, 0x2C, 0xFA, 0x00, 0x00, 0xFF]
        let r = CCData.read(bytes[...])
        #expect(r.problems.isEmpty)
        let data = try #require(r.data)
        #expect(data.constructs.count == 3)
        #expect(data.pairs.map(\.field) == [.one, .two])
        #expect(data.pairs.map(\.pair) == [CEA608BytePair(0x94, 0x2C), CEA608BytePair(0x15, 0x2C)])
    }

    @Test func aCountLargerThanTheBytesGivesTheCompleteConstructs() throws {
        // cc_count 20 in 2 + 2×3 + 1 bytes.
        let bytes: [UInt8] = [0xD4, 0xFF, 0xFC, 0xC1, 0xC2, 0xFC, 0xC3, 0xC4, 0xFC]
        let r = CCData.read(bytes[...])
        #expect(try #require(r.data).pairs.count == 2)
        #expect(r.problems == ["cc_count is 20 but only 2 construct(s) fit in the 9 bytes; the complete ones are read"])
    }

    @Test func constructsMarkedNotValidAreIgnoredAndReportedWhenTheyCarryData() throws {
        // Field 1 data with cc_valid 0, then field 1 filler with cc_valid 0 (normal, silent).
        let bytes: [UInt8] = [0xC2, 0xFF, 0xF8, 0x94, 0x2C, 0xF8, 0x80, 0x80]
        let r = CCData.read(bytes[...])
        #expect(try #require(r.data).pairs.isEmpty)
        #expect(r.problems.count == 1)
        #expect(r.problems.first?.contains("cc_valid 0 carries 942c") == true)
    }

    @Test func processCCDataFlagOffMeansNoPairs() throws {
        let bytes: [UInt8] = [0x81, 0xFF, 0xFC, 0x94, 0x2C]
        #expect(try #require(CCData.read(bytes[...]).data).pairs.isEmpty)
    }

    @Test func encodingWritesOneConstructPerFieldThenFiller() {
        let bytes = CCData.encode(field1: CEA608BytePair(0x94, 0x2C), field2: nil, count: 3)
        #expect(bytes == [0xC3, 0xFF, 0xFC, 0x94, 0x2C, 0xF9, 0x80, 0x80, 0xFA, 0x00, 0x00])
    }
}
