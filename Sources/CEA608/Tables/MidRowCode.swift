// Mid-row codes: change colour, italics and underline within a row.
// Source: 47 CFR 15.119, mid-row codes table; (h)(1)(i)-(ii) (now 47 CFR 79.101).
// Data: Specs/cea608/mid-row-codes.tsv.

/// A mid-row code: byte pair 0x11 0x20–0x2F in the data channel 1 form (data channel 2: 0x19).
///
/// A mid-row code is a spacing attribute: it takes a cell, shown as a space, and styles the text
/// after it up to the end of the row (47 CFR 15.119(h)(1)(i)). A colour code turns italics off;
/// the italics code keeps the colour (47 CFR 15.119(h)(1)(ii)). Bit 0 sets underline. Any
/// mid-row code turns flash off (47 CFR 15.119(h)(1)(iii)).
public struct MidRowCode: Hashable, Sendable {
    /// What a mid-row code sets besides underline.
    public enum Style: Hashable, Sendable {
        /// This colour, not italic. Black is not available.
        case color(CEA608Color)
        /// Italic, keeping the current colour.
        case italics
    }

    /// The colour or italics the code sets.
    public let style: Style
    /// Whether the text that follows is underlined.
    public let underline: Bool

    /// Creates a mid-row code, or returns `nil` for black, which has none.
    public init?(style: Style, underline: Bool = false) {
        if case .color(.black) = style { return nil }
        self.style = style
        self.underline = underline
    }

    /// Decodes a byte pair in the data channel 1 form with parity stripped; `nil` if it is not a
    /// mid-row code.
    public init?(first: UInt8, second: UInt8) {
        guard first == 0x11, (0x20...0x2F).contains(second) else { return nil }
        let number = (second >> 1) & 0x07
        style = number == 7 ? .italics : .color(CEA608Color(bits: number))
        underline = second & 0x01 != 0
    }

    /// The byte pair in the data channel 1 form, parity not added.
    public var bytes: (first: UInt8, second: UInt8) {
        let number: UInt8
        switch style {
        case .color(let color): number = color.bits
        case .italics: number = 7
        }
        return (0x11, 0x20 | number << 1 | (underline ? 1 : 0))
    }
}
