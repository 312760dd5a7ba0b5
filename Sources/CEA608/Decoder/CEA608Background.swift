// Cell backgrounds. Source: 47 CFR 15.119(h)(1) (a solid black box behind the characters by
// default, now 47 CFR 79.101); background attribute codes: CEA-608-B §6.2 (see
// Specs/cea608/background-foreground-attributes.tsv).

/// The background drawn behind one character cell.
public enum CEA608Background: Hashable, Sendable {
    /// An opaque box in this colour; opaque black is the default (47 CFR 15.119(h)(1)).
    case opaque(CEA608Color)
    /// A semi-transparent box in this colour (BxS codes, CEA-608-B §6.2).
    case semiTransparent(CEA608Color)
    /// No box: the video shows through (BT, CEA-608-B §6.2).
    case transparent

    /// The background a row starts with: opaque black.
    public static let `default` = CEA608Background.opaque(.black)
}
