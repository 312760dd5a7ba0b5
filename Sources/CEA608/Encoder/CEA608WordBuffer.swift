// Building line 21 words. Sources: 47 CFR 15.119(b), (g), (i) (now 47 CFR 79.101): odd parity,
// two basic characters per word, control codes twice; extended characters follow their fallback
// (CEA-608-B §6.4.2); byte 0x00 with parity (0x80) fills an unused second byte.

/// Accumulates the words of one caption: pairs basic characters, doubles control codes, adds
/// parity and maps control codes to the chosen channel.
struct CEA608WordBuffer {
    private(set) var units: [TransmissionUnit] = []
    private var pendingByte: UInt8?
    let channel: CaptionChannel

    init(channel: CaptionChannel, capacity: Int = 0) {
        self.channel = channel
        units.reserveCapacity(capacity)
    }

    /// The filler byte: 0x00 with odd parity.
    static let filler: UInt8 = 0x80

    /// Appends one basic character byte (0x20–0x7F, parity not added).
    mutating func appendBasic(_ byte: UInt8) {
        if let first = pendingByte {
            units.append(TransmissionUnit(word: Self.word(first, byte), count: 1))
            pendingByte = nil
        } else {
            pendingByte = byte
        }
    }

    /// Appends a control code or special/extended character pair in the channel 1 form; it is
    /// sent twice.
    mutating func appendControl(first: UInt8, second: UInt8) {
        flush()
        let mapped = channel.encode(first: first, second: second)
        units.append(TransmissionUnit(word: Self.word(mapped.first, mapped.second), count: 2))
    }

    /// Appends a miscellaneous control code or tab offset, sent twice, or once when `once`.
    mutating func append(_ command: ControlCommand, once: Bool = false) {
        let bytes = command.bytes
        appendControl(first: bytes.first, second: bytes.second)
        if once, let last = units.last { units[units.count - 1] = TransmissionUnit(word: last.word, count: 1) }
    }

    /// Ends a half-filled basic pair with the filler byte.
    mutating func flush() {
        if let first = pendingByte {
            units.append(TransmissionUnit(word: Self.word(first, 0), count: 1))
            pendingByte = nil
        }
    }

    /// Takes the units collected so far and empties the buffer. The array returned has no spare
    /// capacity: plans keep it (the buffer reserves room for a long caption).
    mutating func take() -> [TransmissionUnit] {
        flush()
        let taken = units.count == units.capacity ? units : units.withUnsafeBufferPointer { Array($0) }
        units = []
        return taken
    }

    /// A word from two data bytes, parity added to each.
    static func word(_ first: UInt8, _ second: UInt8) -> UInt16 {
        UInt16(Parity.addingOddParity(to: first)) << 8 | UInt16(Parity.addingOddParity(to: second))
    }
}
