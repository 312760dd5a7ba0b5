// One character position of a window, CTA-708-E §8.4.5 (rows and columns of a window) and
// §8.5 (pen): the character and the pen it was written with.

/// A cell of a window's grid.
public struct CEA708Cell: Hashable, Sendable {
    /// The character, or `nil` for a cell nothing was written to (the window fill shows).
    public var character: Unicode.Scalar?
    /// Whether the character is a transparent space (G2 TSP or NBTSP, §7.1.8): a space that shows
    /// neither pen background nor window fill.
    public var isTransparentSpace: Bool
    public var pen: CEA708PenAttributes
    public var color: CEA708PenColor

    public init(
        character: Unicode.Scalar?, isTransparentSpace: Bool = false, pen: CEA708PenAttributes = .init(),
        color: CEA708PenColor = .init()
    ) {
        self.character = character
        self.isTransparentSpace = isTransparentSpace
        self.pen = pen
        self.color = color
    }

    /// A cell nothing was written to.
    public static let empty = CEA708Cell(character: nil)
}
