import CaptionCore

// XDS in field 2: CTA-608-E §8.4 (a control code 0x01–0x0F begins XDS data, a different data
// channel that may interrupt captioning), §8.6.2 (a caption or text control code returns to that
// service) and §9 (packets). The XDSDecoder tells which pairs are XDS; the caption decoder sees
// none of them, so XDS never shows in CC3/CC4 text, and captioning goes on where it stopped.

extension CEA608Decoder {
    /// The most XDS packets a decoder keeps (Specs/limits.md): a packet repeats every few
    /// seconds, so a 20-hour stream has some tens of thousands.
    public static let maximumXDSPackets = 100_000

    /// The step of a pair that the XDS receiver takes, or `nil` when the pair is not XDS.
    mutating func receiveXDS(_ first: UInt8, _ second: UInt8, failedParity: Bool) -> CEA608DecodeStep? {
        let byte1 = first & 0x7F
        let byte2 = second & 0x7F
        guard var receiver = xds else { return nil }
        let reception = receiver.receive(stripped: byte1, byte2, failedParity: failedParity, frame: currentFrame)
        xds = receiver
        switch reception {
        case .other:
            return nil
        case .xds(let problem):
            // A damaged pair is reported as such; the packet it belonged to is reported at its end.
            if failedParity && problem == nil { return .parityError(first, second) }
            return CEA608DecodeStep(code: .xds(byte1, byte2), diagnostic: problem)
        case .packet(let packet, let problem):
            xdsPacketCount += 1
            if xdsPackets.count < Self.maximumXDSPackets { xdsPackets.append(packet) }
            return CEA608DecodeStep(code: .xds(byte1, byte2), diagnostic: problem)
        }
    }
}
