// Caption modes. Source: 47 CFR 15.119(f) (now 47 CFR 79.101): pop-on (RCL … EOC), roll-up
// (RU2–RU4 with CR) and paint-on (RDC).

/// How a caption reaches the screen.
public enum CEA608CaptionMode: Sendable, Hashable {
    /// Loaded into non-displayed memory, then shown at once by EOC.
    case popOn
    /// Sent into a window of 2–4 rows on a base row, each line rolling the earlier ones up.
    case rollUp(rows: Int)
    /// Written straight into displayed memory, characters appearing as they arrive.
    case paintOn
}

extension CEA608CaptionMode {
    /// Whether this is roll-up, of any depth.
    public var isRollUp: Bool {
        if case .rollUp = self { return true }
        return false
    }
}
