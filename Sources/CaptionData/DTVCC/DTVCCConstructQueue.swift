/// DTVCC packets waiting to be sent, handed out as constructs a picture at a time within the
/// picture's budget (CTA-708-E §4.1: `cc_count` per picture is fixed by the frame rate, and the
/// CEA-608 pairs take their share first). A packet may span pictures; its constructs go out in
/// order, `cc_type` 3 first.
public struct DTVCCConstructQueue: Sendable {
    private var pending: [CCData.Construct] = []
    private var head = 0
    private var nextSequence: UInt8 = 0

    public init(firstSequenceNumber: UInt8 = 0) {
        nextSequence = firstSequenceNumber & 0x03
    }

    /// Whether every queued construct has been taken.
    public var isEmpty: Bool { head >= pending.count }
    /// How many constructs are still queued.
    public var count: Int { pending.count - head }

    /// Queues `blocks` in as few packets as they fit, numbered on from the last packet queued.
    public mutating func enqueue(_ blocks: [DTVCCServiceBlock]) {
        for packet in DTVCCPacket.packets(carrying: blocks, firstSequenceNumber: nextSequence) {
            enqueue(packet)
        }
    }

    /// Queues one packet as it is (its sequence number is the caller's).
    public mutating func enqueue(_ packet: DTVCCPacket) {
        if head > 0 && head == pending.count {
            pending.removeAll(keepingCapacity: true)
            head = 0
        }
        pending += packet.constructs
        nextSequence = (packet.sequenceNumber + 1) & 0x03
    }

    /// Up to `budget` constructs, in order.
    public mutating func take(budget: Int) -> [CCData.Construct] {
        let n = max(0, min(budget, count))
        let out = Array(pending[head..<head + n])
        head += n
        return out
    }
}
