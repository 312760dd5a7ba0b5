// Character attributes. Source: 47 CFR 15.119(h)(1)(i)–(iii) (colour, italics, underline,
// flash; now 47 CFR 79.101); black foreground and backgrounds: CEA-608-B §6.2.

/// The attributes of one character cell: colour, italics, underline, flash and background.
///
/// Kept in one 16-bit word, so that comparing two cells (which readers do for every cell of a
/// row that changes) is one comparison, not one per attribute: bits 0–2 the foreground's colour
/// number, 3 italics, 4 underline, 5 flash, 6–7 the kind of background (opaque,
/// semi-transparent, transparent) and 8–10 its colour number (0 when transparent).
public struct CEA608CellAttributes: Hashable, Sendable {
    private var bits: UInt16

    /// The text colour; black only through the FA and FAU codes.
    public var foreground: CEA608Color {
        get { CEA608Color(bits: UInt8(truncatingIfNeeded: bits)) }
        set { bits = bits & ~0x0007 | UInt16(newValue.bits) }
    }
    /// Italics, from a PAC or the italics mid-row code.
    public var italic: Bool {
        get { bits & 0x0008 != 0 }
        set { bits = newValue ? bits | 0x0008 : bits & ~0x0008 }
    }
    /// Underline, from bit 0 of a PAC or mid-row code, or FAU.
    public var underline: Bool {
        get { bits & 0x0010 != 0 }
        set { bits = newValue ? bits | 0x0010 : bits & ~0x0010 }
    }
    /// Set by Flash On; any mid-row code or PAC turns it off (47 CFR 15.119(h)(1)(iii)).
    public var flash: Bool {
        get { bits & 0x0020 != 0 }
        set { bits = newValue ? bits | 0x0020 : bits & ~0x0020 }
    }
    /// The box behind the cell.
    public var background: CEA608Background {
        get {
            let color = CEA608Color(bits: UInt8(truncatingIfNeeded: bits >> 8))
            switch bits >> 6 & 0x3 {
            case 0: return .opaque(color)
            case 1: return .semiTransparent(color)
            default: return .transparent
            }
        }
        set {
            let field: UInt16
            switch newValue {
            case .opaque(let color): field = UInt16(color.bits) << 8
            case .semiTransparent(let color): field = 1 << 6 | UInt16(color.bits) << 8
            case .transparent: field = 2 << 6
            }
            bits = bits & 0x003F | field
        }
    }

    public init(
        foreground: CEA608Color = .white, italic: Bool = false, underline: Bool = false,
        flash: Bool = false, background: CEA608Background = .default
    ) {
        bits = 0
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
