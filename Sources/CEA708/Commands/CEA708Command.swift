// One syntactic element of a DTVCC service's data, CTA-708-E §7.1 (code sets) and §8.10
// (commands). A service block's bytes parse into a sequence of these (CEA708Parser) and encode
// back (CEA708Encoder) to the same bytes.

/// A decoded code of a DTVCC service: text, a C0 or C1 command with its parameters, or a code
/// the standard leaves reserved, kept with its bytes.
public enum CEA708Command: Hashable, Sendable {
    /// A run of G0 and G1 characters (§7.1.6, §7.1.7), in order.
    case text(String)
    /// A G2 or G3 character after EXT1 (§7.1.8, §7.1.9), by its code (0x20–0x7F or 0xA0–0xFF).
    /// A reserved code has no ``CEA708CodeTables/extendedCharacter(_:)`` and shows nothing.
    case extendedCharacter(UInt8)
    /// P16 and its 16-bit character code (§7.1.4).
    case p16(UInt16)

    // C0 (§7.1.4)
    case nul
    case endOfText
    case backspace
    case formFeed
    case carriageReturn
    case horizontalCarriageReturn

    // C1 (§8.10.5)
    case setCurrentWindow(Int)
    case clearWindows(CEA708WindowSet)
    case displayWindows(CEA708WindowSet)
    case hideWindows(CEA708WindowSet)
    case toggleWindows(CEA708WindowSet)
    case deleteWindows(CEA708WindowSet)
    /// DLY: suspend the service for this many tenths of a second (§8.10.5.4… DLY).
    case delay(tenths: UInt8)
    case delayCancel
    case reset
    case setPenAttributes(CEA708PenAttributes)
    case setPenColor(CEA708PenColor)
    /// SPL: row 0–14 and column 0–41 within the current window (4 and 6 bits are sent).
    case setPenLocation(row: Int, column: Int)
    case setWindowAttributes(CEA708WindowAttributes)
    case defineWindow(CEA708WindowDefinition)

    // Reserved codes, skipped by a decoder with their parameter bytes.
    /// An unassigned C0 code (0x01, 0x02, 0x04–0x07, 0x09–0x0B, 0x0F, 0x11–0x17, 0x19–0x1F) and
    /// the bytes it takes.
    case reservedC0(code: UInt8, parameters: [UInt8])
    /// An unassigned C1 code (0x93–0x96).
    case reservedC1(UInt8)
    /// A C2 or C3 code after EXT1 (none is defined in CTA-708-E), with the bytes it takes; for a
    /// variable-length C3 code the header byte is the first parameter.
    case extendedControl(code: UInt8, parameters: [UInt8])
    /// A code cut off by the end of the data: the bytes that were there.
    case truncated([UInt8])
}

/// A ``CEA708Command`` and where it starts in the service's data.
public struct CEA708Item: Hashable, Sendable {
    /// The offset of the command's first byte in the data given to the parser.
    public var offset: Int
    public var command: CEA708Command

    public init(offset: Int, command: CEA708Command) {
        self.offset = offset
        self.command = command
    }
}

/// A problem found in a service's data or while acting on it, with the byte offset of the code.
public struct CEA708Warning: Hashable, Sendable, CustomStringConvertible {
    /// The byte offset of the code in the data given to the parser.
    public var offset: Int
    /// A stable identifier such as `708.truncated` (Specs/cea708.md lists them).
    public var ruleID: String
    /// What was found and what was expected.
    public var message: String

    public init(offset: Int, ruleID: String, message: String) {
        self.offset = offset
        self.ruleID = ruleID
        self.message = message
    }

    public var description: String { "byte \(offset): \(ruleID): \(message)" }
}
