import CaptionCore

/// The PSI sections of a transport stream's packets (ISO/IEC 13818-1 §2.4.3.2 packet header,
/// §2.4.3.4 adaptation field, §2.4.4 pointer_field and sections), reassembled per PID for the
/// PIDs asked for. Hand-written: libavformat's demuxer parses the PAT and PMT but keeps no
/// ATSC descriptor, and no library here reads PSI; only what ``TransportStreamCaptionServices``
/// needs is read.
struct TransportStreamSections {
    /// A whole section: its bytes (table_id to CRC_32) and the packet that completed it.
    struct Section {
        var bytes: [UInt8]
        var packet: Int
    }

    /// 188-byte packets, or 192 with a 4-byte time code in front (Blu-ray M2TS).
    let stride: Int
    let first: Int
    private var partial: [Int: [UInt8]] = [:]

    /// Finds the packets of `bytes`: the first offset where three sync bytes (0x47) follow one
    /// another a packet apart; nil when there is none (not a transport stream).
    init?(_ bytes: [UInt8]) {
        for stride in [188, 192] {
            let lead = stride - 188
            for offset in 0..<stride where offset + lead + 2 * stride < bytes.count {
                if (0..<3).allSatisfy({ bytes[offset + lead + $0 * stride] == 0x47 }) {
                    self.stride = stride
                    first = offset
                    return
                }
            }
        }
        return nil
    }

    /// Calls `body` with each whole section of the packets on `pids()` (asked again at every
    /// packet, so that a PAT can add the PMT's PID), in file order, until it returns false.
    mutating func forEachSection(
        in bytes: [UInt8], pids: () -> Set<Int>, _ body: (Section) -> Bool
    ) {
        var index = 0
        var at = first + (stride - 188)
        while at + 188 <= bytes.count {
            defer {
                at += stride
                index += 1
            }
            guard bytes[at] == 0x47 else { continue }
            let pid = Int(bytes[at + 1] & 0x1F) << 8 | Int(bytes[at + 2])
            guard pids().contains(pid) else { continue }
            let unitStart = bytes[at + 1] & 0x40 != 0
            let control = bytes[at + 3] >> 4 & 3
            var payload = at + 4
            if control == 2 || control == 0 { continue }  // no payload (§2.4.3.3 Table 2-5)
            if control == 3 { payload += 1 + Int(bytes[at + 4]) }  // adaptation_field_length
            let end = at + 188
            guard payload < end else { continue }
            var data = Array(bytes[payload..<end])
            if unitStart {
                // pointer_field: the bytes before the new section end the one in progress.
                let pointer = Int(data[0])
                guard 1 + pointer <= data.count else {
                    partial[pid] = nil
                    continue
                }
                if var open = partial[pid] {
                    open += data[1..<(1 + pointer)]
                    partial[pid] = open
                    if !drain(pid, packet: index, body) { return }
                }
                data = Array(data[(1 + pointer)...])
                partial[pid] = data
            } else if partial[pid] != nil {
                partial[pid]? += data
            } else {
                continue
            }
            if !drain(pid, packet: index, body) { return }
        }
    }

    /// Hands on each whole section at the front of `pid`'s bytes; stuffing (0xFF) ends them.
    private mutating func drain(_ pid: Int, packet: Int, _ body: (Section) -> Bool) -> Bool {
        while let open = partial[pid], let head = open.first {
            if head == 0xFF {
                partial[pid] = nil
                return true
            }
            guard open.count >= 3 else { return true }
            let length = 3 + (Int(open[1] & 0x0F) << 8 | Int(open[2]))
            guard open.count >= length else { return true }
            partial[pid] = open.count > length ? Array(open[length...]) : nil
            if !body(Section(bytes: Array(open[..<length]), packet: packet)) { return false }
        }
        return true
    }

    /// CRC_32 of a section (ISO/IEC 13818-1 Annex A: polynomial 0x04C11DB7, register preset to
    /// all ones, no reflection, no final inversion): 0 over a whole section whose CRC is right.
    static func crc32(_ bytes: some Collection<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte) << 24
            for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? crc << 1 ^ 0x04C1_1DB7 : crc << 1 }
        }
        return crc
    }
}
