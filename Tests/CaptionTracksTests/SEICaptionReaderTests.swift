import CaptionData
import CaptionTracks
import Testing

/// H.264 samples as MP4 stores them (ISO/IEC 14496-15: NAL units after a 4-byte length), with
/// SEI messages laid out as H.264 §7.3.2.3 says, written out by hand.
@Suite struct SEICaptionReaderTests {
    static func nal(_ bytes: [UInt8]) -> [UInt8] {
        let n = UInt32(bytes.count)
        return [UInt8(n >> 24), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)] + bytes
    }

    /// `user_data_registered_itu_t_t35` with GA94 cc_data: one field 1 pair.
    static let captionMessage: [UInt8] =
        [0x04, 13, 0xB5, 0x00, 0x31, 0x47, 0x41, 0x39, 0x34, 0x03, 0xC1, 0xFF, 0xFC, 0x94, 0x2C]

    /// `user_data_unregistered` of 20 bytes whose last four are 00 00 03 01 escaped: stored as
    /// 00 00 03 03 01 (H.264 §7.4.1: an emulation prevention byte after two zeros).
    static let unregisteredMessage: [UInt8] =
        [0x05, 20] + Array(repeating: 0x11, count: 16) + [0x00, 0x00, 0x03, 0x03, 0x01]

    @Test func findsCaptionDataAfterAnEscapedMessageAndStopsAtTheSlice() throws {
        let sample =
            Self.nal([0x09, 0xF0])  // access unit delimiter
            + Self.nal([0x06] + Self.unregisteredMessage + Self.captionMessage + [0x80])
            + Self.nal([0x65, 0x88, 0x84, 0x00])  // IDR slice
            // An SEI after the slice is not where captions go, and is not read.
            + Self.nal([0x06] + Self.captionMessage + [0x80])
        let r = SEICaptionReader(codec: .h264, lengthSize: 4).read(sample: sample)
        #expect(r.problems.isEmpty, "\(r.problems)")
        #expect(r.ccData.count == 1)
        #expect(r.ccData.first?.pairs.map(\.pair) == [CEA608BytePair(0x94, 0x2C)])
    }

    @Test func hevcPrefixSEIIsReadToo() {
        // HEVC NAL header: type 39 (prefix SEI) in bits 1–6 of the first byte, then layer/TID.
        let sample = Self.nal([39 << 1, 0x01] + Self.captionMessage + [0x80]) + Self.nal([0x26, 0x01, 0xAF])
        let r = SEICaptionReader(codec: .hevc, lengthSize: 4).read(sample: sample)
        #expect(r.ccData.first?.pairs.map(\.field) == [.one])
    }

    @Test func aNALUnitLongerThanTheSampleIsAProblemNotACrash() {
        var sample = Self.nal([0x06] + Self.captionMessage + [0x80])
        sample[3] = 200
        let r = SEICaptionReader(codec: .h264, lengthSize: 4).read(sample: sample)
        #expect(r.ccData.isEmpty)
        #expect(r.problems.first?.contains("says 200 bytes") == true)
    }

    @Test func aTruncatedSEIMessageIsReadAsFarAsItGoes() {
        // The message says 13 bytes; the NAL unit ends after 11 of them (a 1-pair cc_count of
        // which only the first byte of the construct is there).
        let cut = Array(Self.captionMessage.prefix(13))
        let r = SEICaptionReader(codec: .h264, lengthSize: 4).read(sample: Self.nal([0x06] + cut))
        #expect(r.problems.contains { $0.contains("truncated") })
        #expect(r.problems.contains { $0.contains("cc_count is 1 but only 0") })
    }
}
