/// The registered user data that wraps `cc_data()` in an H.264 or HEVC SEI message of type 4,
/// `user_data_registered_itu_t_t35` (ITU-T H.264 §D.1.6 / H.265 §D.2.6): country code 0xB5
/// (United States, ITU-T T.35), provider code 0x0031 (ATSC), then `ATSC1_data()` of ANSI/SCTE
/// 128-1 §8.1: the identifier `GA94` and `user_data_type_code` 0x03 for `cc_data()` (ATSC A/53
/// Part 4 §6.2.3; 0x06 is bar data, not captions).
public enum A53UserData {
    /// `GA94`.
    public static let atscIdentifier: [UInt8] = [0x47, 0x41, 0x39, 0x34]

    /// The bytes of `cc_data()` inside a T.35 payload; nil when the payload is other registered
    /// user data (another country, provider, identifier or type: AFD, bar data, HDR metadata).
    public static func ccData(inT35Payload payload: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var p = payload.startIndex
        let end = payload.endIndex
        guard end - p >= 8, payload[p] == 0xB5 else { return nil }
        p += 1
        guard payload[p] == 0x00, payload[p + 1] == 0x31 else { return nil }
        p += 2
        guard payload[p..<(p + 4)].elementsEqual(atscIdentifier) else { return nil }
        p += 4
        guard payload[p] == 0x03 else { return nil }
        return payload[(p + 1)..<end]
    }

    /// A T.35 payload carrying `ccData` (for the SEI the export pipeline or a test writes).
    public static func t35Payload(ccData: [UInt8]) -> [UInt8] {
        [0xB5, 0x00, 0x31] + atscIdentifier + [0x03] + ccData
    }
}
