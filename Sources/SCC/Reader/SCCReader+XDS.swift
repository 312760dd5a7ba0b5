import CEA608
import CaptionCore

// XDS packets of a field-2 reading (CTA-608-E §9; Specs/scc.md "Channels", Specs/cea608/xds.md).

extension SCCReader {
    /// The most packets named in the summary note: one per class and type, the latest of each.
    static let xdsSummaryLimit = 8

    /// `608.xds`: the packets a field-2 reading received, for format-neutral callers (the
    /// packets themselves are ``SCCReadResult/xdsPackets``): how many, and the latest of each
    /// class and type, in the order first seen; `nil` when there were none.
    static func xdsSummary(_ decoder: CEA608Decoder, fileName: String?) -> Diagnostic? {
        guard decoder.xdsPacketCount > 0 else { return nil }
        var order: [UInt16] = []
        var latest: [UInt16: XDSPacket] = [:]
        for packet in decoder.xdsPackets {
            let key = UInt16(packet.packetClass.rawValue) << 8 | UInt16(packet.type)
            if latest.updateValue(packet, forKey: key) == nil { order.append(key) }
        }
        var named = order.prefix(xdsSummaryLimit).compactMap { latest[$0]?.summary }
        if order.count > xdsSummaryLimit { named.append("\(order.count - xdsSummaryLimit) more kinds") }
        let count = decoder.xdsPacketCount
        let kept =
            count > decoder.xdsPackets.count
            ? " (the first \(grouped(decoder.xdsPackets.count)) kept, Specs/limits.md)" : ""
        return Diagnostic(
            .info, "608.xds",
            "\(grouped(count)) XDS packet\(count == 1 ? "" : "s") (CTA-608-E §9), kept apart from the captions\(kept): "
                + named.joined(separator: "; "),
            at: DiagnosticLocation(file: fileName))
    }
}
