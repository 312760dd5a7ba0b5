// Background attribute codes and the black-foreground codes.
// Source: CEA-608-B §6.2 (not part of 47 CFR 15.119). Data:
// Specs/cea608/background-foreground-attributes.tsv.

/// A background attribute code (0x10 0x20–0x2F, 0x17 0x2D) or black-foreground code
/// (0x17 0x2E–0x2F), in the data channel 1 form (data channel 2: 0x18 and 0x1F).
///
/// Each takes a cell like a mid-row code. Decoders that predate these codes ignore them, so an
/// encoder sends a standard space first and decoders that know the code backspace over it, as
/// with extended characters (CEA-608-B §6.2).
public enum BackgroundForegroundAttribute: Hashable, CaseIterable, Sendable {
    /// BxO / BxS: background in `color`, opaque or semi-transparent.
    case background(CEA608Color, semiTransparent: Bool)
    /// BT: transparent background.
    case transparentBackground
    /// FA / FAU: black text, optionally underlined.
    case blackForeground(underline: Bool)

    /// Every code, in code order.
    public static let allCases: [BackgroundForegroundAttribute] =
        CEA608Color.allCases.flatMap { color in
            [
                Self.background(color, semiTransparent: false),
                .background(color, semiTransparent: true),
            ]
        } + [
            .transparentBackground, .blackForeground(underline: false),
            .blackForeground(underline: true),
        ]

    /// Decodes a byte pair in the data channel 1 form with parity stripped.
    public init?(first: UInt8, second: UInt8) {
        switch (first, second) {
        case (0x10, 0x20...0x2F):
            self = .background(CEA608Color(bits: second >> 1), semiTransparent: second & 0x01 != 0)
        case (0x17, 0x2D): self = .transparentBackground
        case (0x17, 0x2E): self = .blackForeground(underline: false)
        case (0x17, 0x2F): self = .blackForeground(underline: true)
        default: return nil
        }
    }

    /// The byte pair in the data channel 1 form, parity not added.
    public var bytes: (first: UInt8, second: UInt8) {
        switch self {
        case .background(let color, let semiTransparent):
            (0x10, 0x20 | color.bits << 1 | (semiTransparent ? 1 : 0))
        case .transparentBackground: (0x17, 0x2D)
        case .blackForeground(let underline): (0x17, underline ? 0x2F : 0x2E)
        }
    }

    /// The usual abbreviation, such as "BWO", "BRS", "BT" or "FAU".
    public var mnemonic: String {
        switch self {
        case .background(let color, let semiTransparent):
            let letter =
                switch color {
                case .white: "W"
                case .green: "G"
                case .blue: "B"
                case .cyan: "C"
                case .red: "R"
                case .yellow: "Y"
                case .magenta: "M"
                case .black: "A"
                }
            return "B" + letter + (semiTransparent ? "S" : "O")
        case .transparentBackground: return "BT"
        case .blackForeground(let underline): return underline ? "FAU" : "FA"
        }
    }
}
