/// One service block (CTA-708-E §6.2): the bytes of one caption service inside a DTVCC packet,
/// after a header of `service_number` (3 bits) and `block_size` (5 bits), and for services 7–63
/// an extended header byte (2 null bits, `extended_service_number`, 6 bits). The data bytes are
/// the interpretation layer's (§7), which this type does not look into.
public struct DTVCCServiceBlock: Sendable, Hashable {
    /// The most data bytes one block holds (`block_size` is 5 bits).
    public static let maximumDataSize = 31
    /// The service numbers a block can carry: 1–6 in the standard header, 7–63 extended.
    public static let serviceNumbers = 1...63

    /// The caption service, 1–63 (1 is the primary caption service, §6.2).
    public var service: Int
    /// The block data, at most 31 bytes.
    public var data: [UInt8]

    public init(service: Int, data: [UInt8]) {
        self.service = service
        self.data = data
    }

    /// The header (one byte, two for an extended service number) and the data; nil for a
    /// service outside 1–63 or more than 31 data bytes.
    public var bytes: [UInt8]? {
        guard Self.serviceNumbers.contains(service), data.count <= Self.maximumDataSize, !data.isEmpty else {
            return nil
        }
        let size = UInt8(data.count)
        if service < 7 { return [UInt8(service) << 5 | size] + data }
        return [7 << 5 | size, UInt8(service)] + data
    }

    /// The blocks that send `units` of `service` in order, none split unless it is longer than a
    /// block holds: a unit is what must arrive together (a command and its parameters), so a
    /// block closes before a unit that does not fit. Empty units are skipped. Keeping commands
    /// whole inside a block is our choice (Specs/cdp.md), so that a decoder that loses a packet
    /// never sees half a command.
    public static func blocks(service: Int, units: [[UInt8]]) -> [DTVCCServiceBlock] {
        var blocks: [DTVCCServiceBlock] = []
        var current: [UInt8] = []
        for unit in units where !unit.isEmpty {
            if current.count + unit.count > maximumDataSize && !current.isEmpty {
                blocks.append(DTVCCServiceBlock(service: service, data: current))
                current = []
            }
            var rest = unit[...]
            while current.count + rest.count > maximumDataSize {
                let take = maximumDataSize - current.count
                current += rest.prefix(take)
                rest = rest.dropFirst(take)
                blocks.append(DTVCCServiceBlock(service: service, data: current))
                current = []
            }
            current += rest
        }
        if !current.isEmpty { blocks.append(DTVCCServiceBlock(service: service, data: current)) }
        return blocks
    }
}
