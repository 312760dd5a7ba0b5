// Character attributes. Source: 47 CFR 15.119(h)(1)(i)–(iii) (colour, italics, underline,
// flash; now 47 CFR 79.101); black foreground and backgrounds: CEA-608-B §6.2.

/// The attributes of one character cell: colour, italics, underline, flash and background.
public struct CEA608CellAttributes: Hashable, Sendable {
    /// The text colour; black only through the FA and FAU codes.
    public var foreground: CEA608Color
    /// Italics, from a PAC or the italics mid-row code.
    public var italic: Bool
    /// Underline, from bit 0 of a PAC or mid-row code, or FAU.
    public var underline: Bool
    /// Set by Flash On; any mid-row code or PAC turns it off (47 CFR 15.119(h)(1)(iii)).
    public var flash: Bool
    /// The box behind the cell.
    public var background: CEA608Background

    public init(
        foreground: CEA608Color = .white, italic: Bool = false, underline: Bool = false,
        flash: Bool = false, background: CEA608Background = .default
    ) {
        self.foreground = foreground
        self.italic = italic
        self.underline = underline
        self.flash = flash
        self.background = background
    }

    /// White, upright, not underlined, not flashing, on opaque black: the state after a PAC
    /// with no attribute.
    public static let `default` = CEA608CellAttributes()
}
