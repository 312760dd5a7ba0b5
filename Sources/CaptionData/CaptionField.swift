/// The line-21 field a byte pair belongs to: field 1 carries CC1, CC2, T1 and T2; field 2 CC3,
/// CC4, T3, T4 and XDS (47 CFR 15.119(c); CTA-608-E §8).
public enum CaptionField: Int, Sendable, Hashable, CaseIterable, Comparable {
    case one = 1
    case two = 2

    public static func < (a: CaptionField, b: CaptionField) -> Bool { a.rawValue < b.rawValue }

    /// The field of a caption channel (1–4); nil for another number.
    public init?(channel: Int) {
        switch channel {
        case 1, 2: self = .one
        case 3, 4: self = .two
        default: return nil
        }
    }
}
