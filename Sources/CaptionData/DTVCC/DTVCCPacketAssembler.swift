import CaptionCore

/// Assembles DTVCC packets from the `cc_type` 2 and 3 constructs of successive `cc_data()`
/// (CTA-708-E §4.4 and §5), and says where packets were lost.
///
/// `cc_type` 3 (DTVCC_PACKET_START) starts a packet with its header byte; `cc_type` 2
/// (DTVCC_PACKET_DATA) continues it; constructs with `cc_valid` 0 are filler and ignored. A
/// packet is complete when it holds the size its `packet_size_code` announced. Lost packets are
/// warnings at the location the caller gives with the constructs: a `sequence_number` that is
/// not one more (mod 4) than the last, a packet cut short by the next start, packet data with
/// no start before it, a packet still incomplete at the end. Memory is bounded: one packet
/// (at most 128 bytes) in progress. (Fuzz entry point: constructs → packets and warnings.)
public struct DTVCCPacketAssembler: Sendable {
    public static let sequenceGapRule = "dtvcc.sequence-gap"
    public static let packetCutRule = "dtvcc.packet-cut"
    public static let dataWithoutStartRule = "dtvcc.data-without-start"
    public static let incompleteAtEndRule = "dtvcc.packet-incomplete"
    public static let dataPastPacketRule = "dtvcc.data-past-packet"

    /// A packet with the location of the construct that completed it.
    public struct Assembled: Sendable, Hashable {
        public var packet: DTVCCPacket
        public var location: DiagnosticLocation
    }

    private var current: [UInt8] = []
    private var expected = 0
    private var startLocation = DiagnosticLocation()
    private var lastSequence: UInt8?
    private var orphanRun = false
    private var pastPacketRun = false
    /// What was found so far.
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    /// Takes the constructs of one `cc_data()` (one picture) in order; returns the packets they
    /// complete. Constructs of `cc_type` 0 and 1 are passed over.
    public mutating func receive(
        _ constructs: some Sequence<CCData.Construct>, at location: DiagnosticLocation
    ) -> [Assembled] {
        var done: [Assembled] = []
        for c in constructs where c.valid && c.type >= 2 {
            if c.type == 3 {
                if !current.isEmpty && current.count < expected {
                    warn(
                        Self.packetCutRule,
                        "a DTVCC packet (sequence_number \(current[0] >> 6)) had \(current.count) of its \(expected) bytes when the next packet started; it is lost",
                        at: location)
                    // It was sent: the next number follows it, so it is not counted twice.
                    lastSequence = current[0] >> 6
                }
                current = [c.pair.first, c.pair.second]
                expected = DTVCCPacket.size(code: c.pair.first)
                startLocation = location
                orphanRun = false
                pastPacketRun = false
            } else if current.isEmpty || current.count >= expected {
                // Data with no packet open. Zero bytes after a complete packet are padding.
                let isZero = c.pair.first == 0 && c.pair.second == 0
                if current.isEmpty && !orphanRun {
                    orphanRun = true
                    warn(
                        Self.dataWithoutStartRule,
                        "DTVCC packet data (cc_type 2) with no packet start (cc_type 3) before it; ignored until the next start",
                        at: location)
                } else if !current.isEmpty && !isZero && !pastPacketRun {
                    pastPacketRun = true
                    warn(
                        Self.dataPastPacketRule,
                        "DTVCC packet data after a complete \(expected)-byte packet; ignored until the next start",
                        at: location)
                }
                continue
            } else {
                current += [c.pair.first, c.pair.second]
            }
            if current.count >= expected {
                // A 2-byte construct never overshoots: every packet size is even.
                let header = current[0]
                let sequence = header >> 6
                if let last = lastSequence, sequence != (last + 1) & 0x03 {
                    let lost = (Int(sequence) - Int(last) - 1 + 4) % 4
                    warn(
                        Self.sequenceGapRule,
                        "DTVCC packet sequence_number \(sequence) follows \(last): "
                            + (lost == 0
                                ? "the same number again (a packet repeated, or four lost)"
                                : "at least \(lost) packet(s) lost"),
                        at: startLocation)
                }
                lastSequence = sequence
                done.append(
                    Assembled(
                        packet: DTVCCPacket(sequenceNumber: sequence, data: Array(current[1..<expected])),
                        location: location))
                current = [header]  // keeps "a packet was complete" for padding after it
                expected = 1
            }
        }
        return done
    }

    /// Ends the stream: a packet still incomplete is reported lost. Returns every finding.
    public mutating func finish() -> [Diagnostic] {
        if current.count > 1 && current.count < expected {
            warn(
                Self.incompleteAtEndRule,
                "the last DTVCC packet (sequence_number \(current[0] >> 6)) has \(current.count) of its \(expected) bytes when the data ends; it is lost",
                at: startLocation)
        }
        current = []
        expected = 0
        return diagnostics
    }

    private mutating func warn(_ rule: String, _ message: String, at location: DiagnosticLocation) {
        diagnostics.append(Diagnostic(.warning, rule, message, at: location))
    }
}
