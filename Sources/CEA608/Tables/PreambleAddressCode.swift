// Preamble address codes (PACs): row, indent and style of the text that follows.
// Source: 47 CFR 15.119, preamble address codes table; (e)(1)(i) indent; (h)(1) attributes
// (now 47 CFR 79.101). Data: Specs/cea608/preamble-address-rows.tsv and
// preamble-address-attributes.tsv.

/// A preamble address code: moves the cursor to a row and sets an indent or a style.
///
/// A PAC is the byte pair `first` (0x10–0x17) and `second` (0x40–0x7F) in the data channel 1
/// form; data channel 2 adds 0x08 to `first` (see ``CaptionChannel``). The first byte and bit 5
/// of the second byte select the row; the low five bits of the second byte select the
/// ``Attribute`` and, in bit 0, underline. First byte 0x10 with a second byte 0x60–0x7F is not
/// a PAC.
///
/// A PAC is non-spacing: it takes no cell (47 CFR 15.119(h)(1)(i)).
public struct PreambleAddressCode: Hashable, Sendable {
    /// What a PAC sets besides row and underline.
    public enum Attribute: Hashable, Sendable {
        /// Text in this colour, not italic, from column 0. Black is not available.
        case color(CEA608Color)
        /// White italic text from column 0.
        case italics
        /// White, non-italic text from this column: 0, 4, 8, …, 28 (0-based).
        case indent(Int)
    }

    /// The row, 1 (top) to 15 (bottom).
    public let row: Int
    /// The colour, italics or indent the code sets.
    public let attribute: Attribute
    /// Whether the text that follows is underlined.
    public let underline: Bool

    /// Creates a PAC, or returns `nil` when no code expresses the values: the row must be
    /// 1–15, the colour not black, the indent a multiple of 4 from 0 to 28.
    public init?(row: Int, attribute: Attribute, underline: Bool = false) {
        guard (1...15).contains(row) else { return nil }
        switch attribute {
        case .color(let color) where color == .black: return nil
        case .indent(let indent) where !(0...28).contains(indent) || indent % 4 != 0: return nil
        default: break
        }
        self.row = row
        self.attribute = attribute
        self.underline = underline
    }

    /// Decodes a byte pair in the data channel 1 form with parity stripped; `nil` if it is not
    /// a PAC.
    public init?(first: UInt8, second: UInt8) {
        guard (0x10...0x17).contains(first), (0x40...0x7F).contains(second) else { return nil }
        let lowerHalf = second & 0x20 != 0
        guard
            let row = Self.rowBytes.firstIndex(where: {
                $0.first == first && $0.lowerHalf == lowerHalf
            })
        else { return nil }
        let bits = second & 0x1F
        let attribute: Attribute
        if bits >= 0x10 {
            attribute = .indent(Int((bits - 0x10) >> 1) * 4)
        } else if bits >> 1 == 7 {
            attribute = .italics
        } else {
            attribute = .color(CEA608Color(bits: bits >> 1))
        }
        self.row = row + 1
        self.attribute = attribute
        self.underline = bits & 0x01 != 0
    }

    /// The byte pair in the data channel 1 form, parity not added.
    ///
    /// `.color(.white)` and `.indent(0)` mean the same and keep their distinct codes.
    public var bytes: (first: UInt8, second: UInt8) {
        let address = Self.rowBytes[row - 1]
        var bits: UInt8
        switch attribute {
        case .color(let color): bits = color.bits << 1
        case .italics: bits = 0x0E
        case .indent(let indent): bits = 0x10 | UInt8(indent / 4) << 1
        }
        if underline { bits |= 0x01 }
        return (address.first, (address.lowerHalf ? 0x60 : 0x40) | bits)
    }

    /// The text colour: white unless the attribute is a colour.
    public var color: CEA608Color {
        if case .color(let color) = attribute { return color }
        return .white
    }

    /// Whether the text is italic.
    public var isItalic: Bool { attribute == .italics }

    /// The cursor column the code sets, 0-based: the indent, or 0.
    public var indent: Int {
        if case .indent(let indent) = attribute { return indent }
        return 0
    }

    /// Returns the PAC and tab offset that put the cursor at a row and 0-based column (0–31).
    ///
    /// The PAC indents to the multiple of 4 at or below `column`; a tab offset of 1–3 columns
    /// (47 CFR 15.119(e)(1)(ii)) covers the rest, or is `nil` when none is needed. Text placed
    /// this way is white and not italic; send a mid-row code for other styles.
    public static func addressing(row: Int, column: Int, underline: Bool = false)
        -> (code: PreambleAddressCode, tabOffset: ControlCommand?)?
    {
        guard (0...31).contains(column),
            let code = PreambleAddressCode(
                row: row, attribute: .indent(column / 4 * 4), underline: underline)
        else { return nil }
        let tabOffset: ControlCommand? =
            switch column % 4 {
            case 1: .tabOffset1
            case 2: .tabOffset2
            case 3: .tabOffset3
            default: nil
            }
        return (code, tabOffset)
    }

    /// First byte and second-byte half (0x60–0x7F when `lowerHalf`) for rows 1 to 15, in order.
    static let rowBytes: [(first: UInt8, lowerHalf: Bool)] = [
        (0x11, false), (0x11, true),  // rows 1, 2
        (0x12, false), (0x12, true),  // rows 3, 4
        (0x15, false), (0x15, true),  // rows 5, 6
        (0x16, false), (0x16, true),  // rows 7, 8
        (0x17, false), (0x17, true),  // rows 9, 10
        (0x10, false),  // row 11
        (0x13, false), (0x13, true),  // rows 12, 13
        (0x14, false), (0x14, true),  // rows 14, 15
    ]
}
