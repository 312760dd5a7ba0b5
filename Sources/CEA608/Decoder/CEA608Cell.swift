// One position of the 32 × 15 caption grid. Source: 47 CFR 15.119(d) (screen format, now
// 47 CFR 79.101).

/// One character cell of a caption memory: a character, or nothing, and its attributes.
public struct CEA608Cell: Hashable, Sendable {
    /// The character shown, or `nil` when the cell was never written or was erased (the cell is
    /// then transparent, 47 CFR 15.119(d)).
    public var character: Unicode.Scalar?
    /// The attributes in effect when the cell was written.
    public var style: CEA608CellAttributes

    public init(character: Unicode.Scalar?, style: CEA608CellAttributes = .default) {
        self.character = character
        self.style = style
    }

    /// An erased cell.
    public static let empty = CEA608Cell(character: nil)

    /// Whether the cell shows nothing: erased, or never written.
    public var isEmpty: Bool { character == nil }

    /// Whether the cell shows a blank: empty, or a standard space (0x20). Mid-row codes, Flash
    /// On and the attribute codes leave standard spaces (47 CFR 15.119(h)(1)(i)).
    public var isBlank: Bool { character == nil || character == " " }
}
