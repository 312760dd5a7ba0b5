import CaptionCore

extension DTVCCPacket {
    /// What splitting a packet's data into service blocks found.
    public struct ServiceBlocks: Sendable, Hashable {
        public var blocks: [DTVCCServiceBlock]
        /// Sentences about what was wrong (a block past the packet end, a bad extended header…);
        /// the caller locates them.
        public var problems: [String]
    }

    /// The service blocks of the packet data, in order (CTA-708-E §6.2): each header gives the
    /// service (7 announces an extended header byte with services 7–63) and the block size; a
    /// null block header (service 0) ends the blocks, and what follows it is padding. A block
    /// that runs past the packet end keeps the bytes there are, with a problem.
    public var serviceBlocks: ServiceBlocks {
        var blocks: [DTVCCServiceBlock] = []
        var problems: [String] = []
        var i = 0
        while i < data.count {
            let header = data[i]
            var service = Int(header >> 5)
            let size = Int(header & 0x1F)
            // Service number 0 is the null service block header: the rest is padding (§6.2.1).
            if service == 0 {
                if size != 0 {
                    problems.append(
                        "a null block header (service 0) with block_size \(size) at packet byte \(i + 1); the rest of the packet is read as padding"
                    )
                }
                break
            }
            i += 1
            if service == 7 {
                // Extended service block header (§6.2.2): 2 null bits, extended_service_number.
                guard i < data.count else {
                    problems.append("the packet ends inside an extended service block header")
                    break
                }
                let extended = data[i]
                service = Int(extended & 0x3F)
                if service == 0 {
                    // No service is numbered 0 (§6.2: 1–63): the block belongs to none, so its
                    // bytes are skipped, said, never handed on as a service's.
                    let skipped = min(size, data.count - i - 1)
                    problems.append(
                        "extended_service_number byte 0x\(HexText.byte(extended)) at packet byte \(i + 1) names service 0, which no service has; the block's \(skipped) bytes are skipped"
                    )
                    i += 1 + skipped
                    continue
                }
                if extended & 0xC0 != 0 || service < 7 {
                    problems.append(
                        "extended_service_number byte 0x\(HexText.byte(extended)) at packet byte \(i + 1) is not 7–63 with two null bits; read as service \(service)"
                    )
                }
                i += 1
            }
            let available = min(size, data.count - i)
            if available < size {
                problems.append(
                    "the service \(service) block at packet byte \(i) announces \(size) bytes, but the packet ends after \(available); the \(available) are kept"
                )
            }
            if available > 0 {
                blocks.append(DTVCCServiceBlock(service: service, data: Array(data[i..<i + available])))
            }
            i += available
        }
        return ServiceBlocks(blocks: blocks, problems: problems)
    }

    /// Packets carrying `blocks` in order, as many whole blocks as fit in each (127 data bytes),
    /// numbered from `firstSequenceNumber` on; each packet is padded to an even size by
    /// ``bytes``. Blocks that cannot be sent (service outside 1–63, empty, over 31 bytes) are
    /// left out; check them with ``DTVCCServiceBlock/bytes`` first.
    public static func packets(carrying blocks: [DTVCCServiceBlock], firstSequenceNumber: UInt8) -> [DTVCCPacket] {
        var packets: [DTVCCPacket] = []
        var sequence = firstSequenceNumber & 0x03
        var data: [UInt8] = []
        for block in blocks {
            guard let bytes = block.bytes else { continue }
            if data.count + bytes.count > maximumSize - 1 {
                packets.append(DTVCCPacket(sequenceNumber: sequence, data: data))
                sequence = (sequence + 1) & 0x03
                data = []
            }
            data += bytes
        }
        if !data.isEmpty { packets.append(DTVCCPacket(sequenceNumber: sequence, data: data)) }
        return packets
    }
}
