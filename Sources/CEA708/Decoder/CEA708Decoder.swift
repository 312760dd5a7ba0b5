// The DTVCC service decoder's memory, CTA-708-E §8: eight windows (§8.4), the current window,
// the pen (§8.5) and the delay of the service input buffer (§8.10.5.4 DLY, DLC). What each command
// does to it: Decoder/CEA708Decoder+Commands.swift and Specs/cea708.md, "Decoder memory".

/// A pure decoder for one DTVCC caption service.
///
/// Feed it the service's data (the bytes of its service blocks, in order) with
/// ``decode(_:at:baseOffset:)``, or parsed items with ``receive(_:at:)``; read what a viewer sees
/// with ``screen``. Work is bounded per byte: no command touches more than the eight windows'
/// cells (8 × 15 × 42), and held data during a delay is bounded by the service input buffer.
public struct CEA708Decoder: Sendable {
    /// The service input buffer's size (§8.4.x): during a delay at most this many bytes are held;
    /// more end the delay early (Specs/cea708.md).
    public static let serviceInputBufferSize = 128
    /// At most this many warnings are kept; ``droppedWarnings`` counts the rest.
    public static let warningLimit = 10_000

    /// Windows 0–7; `nil` when not defined (or deleted).
    public internal(set) var windows: [CEA708Window?] = Array(repeating: nil, count: 8)
    /// The window that text and pen commands go to; `nil` until a CWx or DFx names one.
    public internal(set) var currentWindow: Int?
    /// When a DLY is in force: the time it ends, in seconds.
    public internal(set) var delayedUntil: Double?
    /// Problems found while parsing and acting on the data, in order.
    public internal(set) var warnings: [CEA708Warning] = []
    public internal(set) var droppedWarnings = 0

    /// Items received during a delay, applied when it ends.
    var held: [CEA708Item] = []
    var heldBytes = 0

    public init() {}

    /// Parses `data` and acts on each command at `time` (seconds). `baseOffset` is added to the
    /// offsets of items and warnings (the data's place in the whole stream). Returns the items.
    @discardableResult
    public mutating func decode<Bytes: Collection<UInt8>>(
        _ data: Bytes, at time: Double = 0, baseOffset: Int = 0
    ) -> [CEA708Item] {
        let (parsed, parseWarnings) = CEA708Parser.parse(data)
        for warning in parseWarnings {
            note(CEA708Warning(offset: warning.offset + baseOffset, ruleID: warning.ruleID, message: warning.message))
        }
        var items: [CEA708Item] = []
        items.reserveCapacity(parsed.count)
        for var item in parsed {
            item.offset += baseOffset
            receive(item, at: time)
            items.append(item)
        }
        return items
    }

    /// Acts on one item received at `time`, or holds it while a delay is in force (§8.10.5.4).
    /// DLC and RST act at once even during a delay.
    public mutating func receive(_ item: CEA708Item, at time: Double) {
        advance(to: time)
        if delayedUntil != nil {
            switch item.command {
            case .delayCancel, .reset: break
            default:
                held.append(item)
                heldBytes += Self.byteCount(item.command)
                if heldBytes > Self.serviceInputBufferSize {
                    note(
                        item.offset, "708.buffer-overflow",
                        "more than \(Self.serviceInputBufferSize) bytes arrived during a delay (DLY); the delay ends here"
                    )
                    endDelay()
                }
                return
            }
        }
        apply(item.command, offset: item.offset, at: time)
    }

    /// Lets time pass: a delay that has ended releases the items it held.
    public mutating func advance(to time: Double) {
        if let until = delayedUntil, time >= until { endDelay() }
    }

    /// Ends the data: a delay still in force ends and its held items are applied.
    public mutating func finish() {
        if delayedUntil != nil { endDelay() }
    }

    mutating func endDelay() {
        let time = delayedUntil ?? 0
        delayedUntil = nil
        let items = held
        held = []
        heldBytes = 0
        for (index, item) in items.enumerated() {
            apply(item.command, offset: item.offset, at: time)
            if delayedUntil != nil {  // a held DLY starts a new delay: hold the rest again
                held = Array(items[(index + 1)...])
                heldBytes = held.reduce(0) { $0 + Self.byteCount($1.command) }
                return
            }
        }
    }

    static func byteCount(_ command: CEA708Command) -> Int {
        var bytes: [UInt8] = []
        try? CEA708Encoder.append(command, to: &bytes)
        return max(bytes.count, 1)
    }

    mutating func note(_ offset: Int, _ rule: String, _ message: String) {
        note(CEA708Warning(offset: offset, ruleID: rule, message: message))
    }

    mutating func note(_ warning: CEA708Warning) {
        if warnings.count < Self.warningLimit { warnings.append(warning) } else { droppedWarnings += 1 }
    }

    /// What a viewer sees now.
    public var screen: CEA708Screen { CEA708Screen(windows: windows) }
}
