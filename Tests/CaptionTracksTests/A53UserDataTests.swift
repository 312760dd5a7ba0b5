import CaptionTracks
import Testing

/// The ATSC A/53 wrapper of `cc_data()` in ITU-T T.35 user data (A/53 Part 4 §6.2.3; ANSI/SCTE
/// 128-1 §8.1): country code 0xB5, provider 0x0031, identifier 'GA94', type 0x03.
@Suite struct A53UserDataTests {
    @Test func theATSCWrapperIsRecognisedAndOtherUserDataIsNot() {
        let payload = A53UserData.t35Payload(ccData: [0xC1, 0xFF, 0xFC, 0x94, 0x2C])
        #expect(payload == [0xB5, 0x00, 0x31, 0x47, 0x41, 0x39, 0x34, 0x03, 0xC1, 0xFF, 0xFC, 0x94, 0x2C])
        #expect(A53UserData.ccData(inT35Payload: payload[...]).map(Array.init) == [0xC1, 0xFF, 0xFC, 0x94, 0x2C])
        // Bar data (user_data_type_code 0x06) and another provider are not captions.
        var bar = payload
        bar[7] = 0x06
        #expect(A53UserData.ccData(inT35Payload: bar[...]) == nil)
        var other = payload
        other[2] = 0x3C
        #expect(A53UserData.ccData(inT35Payload: other[...]) == nil)
    }
}
