/// One DTVCC caption channel packet (CTA-708-E §5): a header byte of `sequence_number` (2 bits)
/// and `packet_size_code` (6 bits), then the packet data, a run of service blocks (§6) that a
/// null block header or the packet end closes. See Specs/cdp.md.
public struct DTVCCPacket: Sendable, Hashable {
    /// The largest packet, header included: `packet_size_code` 0 means 128 bytes (§5).
    public static let maximumSize = 128

    /// `sequence_number`, 0–3, one more (mod 4) than the packet before (§5).
    public var sequenceNumber: UInt8
    /// The bytes after the header: `packet_size - 1` of them, an odd count (packets are sent in
    /// two-byte constructs, so their size is even).
    public var data: [UInt8]

    public init(sequenceNumber: UInt8, data: [UInt8]) {
        self.sequenceNumber = sequenceNumber & 0x03
        self.data = data
    }

    /// The packet size in bytes, header included, that a `packet_size_code` announces:
    /// `2 × code`, and 128 for code 0 (CTA-708-E §5, Table 4).
    public static func size(code: UInt8) -> Int {
        let c = Int(code & 0x3F)
        return c == 0 ? maximumSize : 2 * c
    }

    /// The header and the data, padded with zero bytes (a null block header, then padding) to
    /// an even size; nil when the data is longer than 127 bytes.
    public var bytes: [UInt8]? {
        var size = data.count + 1
        guard size <= Self.maximumSize else { return nil }
        if size % 2 == 1 { size += 1 }
        let code = UInt8(size == Self.maximumSize ? 0 : size / 2)
        var out = [sequenceNumber << 6 | code]
        out += data
        while out.count < size { out.append(0) }
        return out
    }

    /// The packet's bytes as DTVCC constructs: `cc_type` 3 (DTVCC_PACKET_START) for the first
    /// two bytes, 2 (DTVCC_PACKET_DATA) for the rest, all `cc_valid` (CTA-708-E §4.4).
    public var constructs: [CCData.Construct] {
        guard let bytes else { return [] }
        return stride(from: 0, to: bytes.count, by: 2).map { i in
            CCData.Construct(valid: true, type: i == 0 ? 3 : 2, pair: CEA608BytePair(bytes[i], bytes[i + 1]))
        }
    }
}
