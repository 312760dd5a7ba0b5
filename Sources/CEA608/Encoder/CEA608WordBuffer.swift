// Building line 21 words. Sources: 47 CFR 15.119(b), (g), (i) (now 47 CFR 79.101): odd parity,
// two basic characters per word, control codes twice; extended characters follow their fallback
// (CEA-608-B §6.4.2); byte 0x00 with parity (0x80) fills an unused second byte.

/// Accumulates the words of one caption: pairs basic characters, doubles control codes, adds
/// parity and maps control codes to the chosen channel.
struct CEA608WordBuffer {
    private(set) var units: [TransmissionUnit] = []
    private var pendingByte: UInt8?
    let channel: CaptionChannel
    /// The unit that carries the first visible character, once one was sent.
    private(set) var firstVisibleUnit: Int?
    /// The number of units up to the end of the first row's PAC and tab offset.
    private(set) var addressEnd: Int?

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

    /// Appends a miscellaneous control code or tab offset.
    mutating func append(_ command: ControlCommand) {
        let bytes = command.bytes
        appendControl(first: bytes.first, second: bytes.second)
    }

    /// Notes that the next character appended is visible: the unit that will carry it is the
    /// caption's anchor if none was noted before. Call after any flush the character causes.
    mutating func markVisible() {
        if firstVisibleUnit == nil { firstVisibleUnit = units.count }
    }

    /// Notes that the first row's cursor positioning (PAC, tab offset) is complete.
    mutating func markAddressed() {
        flush()
        if addressEnd == nil { addressEnd = units.count }
    }

    /// Frames taken by the units before the first visible character (all of them if none).
    var framesBeforeFirstVisible: Int {
        let end = firstVisibleUnit ?? units.count
        return units[..<min(end, units.count)].reduce(0) { $0 + $1.count }
    }

    /// Appends units built elsewhere (a pending character is flushed first).
    mutating func append(contentsOf other: [TransmissionUnit], firstVisibleUnit visible: Int?) {
        flush()
        if firstVisibleUnit == nil, let visible { firstVisibleUnit = units.count + visible }
        units.append(contentsOf: other)
    }

    /// Ends a half-filled basic pair with the filler byte.
    mutating func flush() {
        if let first = pendingByte {
            units.append(TransmissionUnit(word: Self.word(first, 0), count: 1))
            pendingByte = nil
        }
    }

    /// Takes the units collected so far and empties the buffer.
    mutating func take() -> [TransmissionUnit] {
        flush()
        let taken = units
        units = []
        firstVisibleUnit = nil
        addressEnd = nil
        return taken
    }

    /// A word from two data bytes, parity added to each.
    static func word(_ first: UInt8, _ second: UInt8) -> UInt16 {
        UInt16(Parity.addingOddParity(to: first)) << 8 | UInt16(Parity.addingOddParity(to: second))
    }
}
