import CaptionData
import CaptionTracks
import Testing

/// Pictures as a demuxer hands them on from transport streams: MPEG-2 video (ISO/IEC 13818-2
/// start codes, A/53 Part 4 user data) and H.264/HEVC byte streams (Annex B), written by hand.
@Suite struct PictureUserDataTests {
    /// `ATSC_user_data()` with GA94 cc_data: one field 1 pair (EOC 0x942f) and one field 2 pair.
    static let ga94: [UInt8] = [
        0x47, 0x41, 0x39, 0x34, 0x03, 0xC2, 0xFF, 0xFC, 0x94, 0x2F, 0xFD, 0x15, 0x2F, 0xFF,
    ]

    static func startCode(_ code: UInt8) -> [UInt8] { [0x00, 0x00, 0x01, code] }

    /// Sequence header, GOP, picture header and coding extension (their fields are not read),
    /// user data, then slices.
    static func mpeg2Picture(userData: [[UInt8]], afterSlice: [UInt8] = []) -> [UInt8] {
        var p = startCode(0xB3) + [0x04, 0x00, 0x30, 0x14, 0xFF, 0xFF, 0xE0, 0x18]
        p += startCode(0xB8) + [0x00, 0x08, 0x00, 0x40]
        p += startCode(0x00) + [0x00, 0x0F, 0xFF, 0xF8]
        p += startCode(0xB5) + [0x8F, 0xFF, 0xF3, 0x41, 0x80]
        for u in userData { p += startCode(0xB2) + u }
        p += startCode(0x01) + [0x13, 0xF8, 0x7D, 0x29] + afterSlice
        return p
    }

    @Test func mpeg2UserDataGivesBothFieldsAndStopsAtTheFirstSlice() {
        // User data that looks like captions inside the slice data is slice data, never read.
        let picture = Self.mpeg2Picture(userData: [Self.ga94], afterSlice: Self.startCode(0xB2) + Self.ga94)
        let r = MPEG2UserDataReader.read(picture: picture)
        #expect(r.problems.isEmpty)
        #expect(r.ccData.count == 1)
        #expect(r.ccData.first?.pairs.map(\.field) == [.one, .two])
        #expect(r.ccData.first?.pairs.map(\.pair.word) == [0x942F, 0x152F])
    }

    @Test func otherUserDataIsNotCaptions() {
        // Bar data (user_data_type_code 0x06), another registrant, and user data too short.
        var bar = Self.ga94
        bar[4] = 0x06
        var dvd = Self.ga94
        dvd[0...3] = [0x43, 0x43, 0x01, 0xF8]
        let r = MPEG2UserDataReader.read(picture: Self.mpeg2Picture(userData: [bar, dvd, [0x47, 0x41]]))
        #expect(r.ccData.isEmpty)
        #expect(r.problems.isEmpty)
    }

    @Test func aWrongCountInMPEG2UserDataIsAProblem() {
        var bad = Self.ga94
        bad[5] = 0xC9  // cc_count 9; two constructs (and the marker byte) there
        let r = MPEG2UserDataReader.read(picture: Self.mpeg2Picture(userData: [bad]))
        #expect(r.problems.first?.contains("cc_count is 9") == true)
        #expect(r.ccData.first?.pairs.count == 2)
    }

    @Test func annexBSEIBeforeTheSliceIsRead() {
        let message = SEICaptionReaderTests.captionMessage
        // Access unit delimiter after a 4-byte start code, the SEI with an escaped zero run,
        // then the IDR slice and an SEI after it (not read).
        let escaped = SEICaptionReaderTests.unregisteredMessage
        let stream =
            [0x00, 0x00, 0x00, 0x01, 0x09, 0xF0]
            + [0x00, 0x00, 0x01, 0x06] + escaped + message + [0x80]
            + [0x00, 0x00, 0x01, 0x65, 0x88, 0x84, 0x00]
            + [0x00, 0x00, 0x01, 0x06] + message + [0x80]
        let r = SEICaptionReader(codec: .h264, lengthSize: 4).read(annexB: stream)
        #expect(r.problems.isEmpty, "\(r.problems)")
        #expect(r.ccData.count == 1)
        #expect(r.ccData.first?.pairs.map(\.pair) == [CEA608BytePair(0x94, 0x2C)])
    }

    @Test func truncatedPicturesAreNeverACrash() {
        let picture = Self.mpeg2Picture(userData: [Self.ga94])
        for n in 0...picture.count {
            _ = MPEG2UserDataReader.read(picture: Array(picture.prefix(n)))
            _ = SEICaptionReader(codec: .h264, lengthSize: 4).read(annexB: Array(picture.prefix(n)))
        }
        // A picture ending inside its user data (no slice, no field 2 construct): the complete one.
        let cut = Array(picture.prefix(picture.count - 8 - 4))
        #expect(MPEG2UserDataReader.read(picture: cut).ccData.first?.pairs.count == 1)
    }
}
