// The four caption services and how their control codes differ.
// Source: 47 CFR 15.119(c) (data channels C1 and C2) and the channel bit of every control code
// table (now 47 CFR 79.101); field 2 and the field bit of the miscellaneous control codes:
// CEA-608-B §8. See Specs/cea608/channels.md.

/// One of the four CEA-608 caption services, CC1 to CC4.
///
/// CC1 and CC2 travel in field 1, CC3 and CC4 in field 2. Within a field, data channel 2 sets
/// bit 3 of a control code's first byte (0x10–0x17 become 0x18–0x1F). In field 2 the
/// miscellaneous control codes (RCL … EOC) also set bit 0 of the first byte (0x14 becomes 0x15,
/// 0x1C becomes 0x1D); every other code is the same in both fields. Characters carry no channel:
/// they belong to the channel of the last control code in the same field.
///
/// The code tables in this module take control codes in the channel 1, field 1 form. Use
/// ``normalize(first:second:)`` on received pairs and ``encode(first:second:)`` before sending.
public enum CaptionChannel: Int, CaseIterable, Sendable {
    case cc1 = 1
    case cc2 = 2
    case cc3 = 3
    case cc4 = 4

    /// Creates the service for a field (1 or 2) and a data channel (1 or 2).
    public init?(field: Int, dataChannel: Int) {
        switch (field, dataChannel) {
        case (1, 1): self = .cc1
        case (1, 2): self = .cc2
        case (2, 1): self = .cc3
        case (2, 2): self = .cc4
        default: return nil
        }
    }

    /// The field, 1 or 2, that carries this service.
    public var field: Int { self == .cc1 || self == .cc2 ? 1 : 2 }

    /// The data channel, 1 or 2, within the field.
    public var dataChannel: Int { self == .cc1 || self == .cc3 ? 1 : 2 }

    /// Splits a control code into its data channel and its channel 1, field 1 form.
    ///
    /// Returns `nil` when `first` is not a control code's first byte (0x10–0x1F). The field is
    /// not returned: it comes from the transport. A miscellaneous control code in the field 2
    /// form (first byte 0x15 or 0x1D with a second byte 0x20–0x2F) is mapped to 0x14.
    /// Bytes must have their parity bit stripped.
    public static func normalize(first: UInt8, second: UInt8)
        -> (dataChannel: Int, first: UInt8, second: UInt8)?
    {
        guard (0x10...0x1F).contains(first) else { return nil }
        let dataChannel = first & 0x08 == 0 ? 1 : 2
        var channelOne = first & ~0x08
        if channelOne == 0x15 && (0x20...0x2F).contains(second) {
            channelOne = 0x14
        }
        return (dataChannel, channelOne, second)
    }

    /// Returns the bytes that carry a channel 1, field 1 control code on this service.
    ///
    /// Bytes that are not a control code's first byte (outside 0x10–0x17) are returned unchanged.
    public func encode(first: UInt8, second: UInt8) -> (first: UInt8, second: UInt8) {
        guard (0x10...0x17).contains(first) else { return (first, second) }
        var byte = first
        if field == 2 && byte == 0x14 && (0x20...0x2F).contains(second) {
            byte = 0x15
        }
        if dataChannel == 2 {
            byte |= 0x08
        }
        return (byte, second)
    }
}
