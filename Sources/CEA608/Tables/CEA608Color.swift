// Colours named by the CEA-608 attribute codes.
// Source: 47 CFR 15.119 preamble address codes and mid-row codes tables (now 47 CFR 79.101);
// black only in the background and foreground attribute codes of CEA-608-B §6.2.

/// A colour that a CEA-608 attribute code can select.
///
/// The declaration order is the order of the three colour bits in preamble address codes,
/// mid-row codes and background attribute codes: white is 0, magenta is 6. Black (7) exists only
/// as a background colour and through the black-foreground codes; in preamble address and mid-row
/// codes the value 7 selects italics instead.
public enum CEA608Color: String, CaseIterable, Sendable {
    case white
    case green
    case blue
    case cyan
    case red
    case yellow
    case magenta
    case black

    /// The three-bit colour number used inside attribute codes.
    var bits: UInt8 {
        switch self {
        case .white: 0
        case .green: 1
        case .blue: 2
        case .cyan: 3
        case .red: 4
        case .yellow: 5
        case .magenta: 6
        case .black: 7
        }
    }

    /// The colour with the three-bit number `bits`; only the low three bits are read.
    init(bits: UInt8) {
        switch bits & 0x07 {
        case 0: self = .white
        case 1: self = .green
        case 2: self = .blue
        case 3: self = .cyan
        case 4: self = .red
        case 5: self = .yellow
        case 6: self = .magenta
        default: self = .black
        }
    }
}
