// Names of the caption styles of 47 CFR 15.119(f) (now 47 CFR 79.101), for disassemblies.

extension CEA608CaptionMode {
    /// The short name used in disassemblies, such as "pop-on" or "roll-up 3".
    public var name: String {
        switch self {
        case .popOn: "pop-on"
        case .rollUp(let rows): "roll-up \(rows)"
        case .paintOn: "paint-on"
        }
    }
}
