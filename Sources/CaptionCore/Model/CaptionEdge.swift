/// How the outline of characters, or the frame of a region, is drawn: CTA-708-E's edge types
/// (§8.5.5, SetPenAttributes edge type; §8.4.8, SetWindowAttributes border type, the same six),
/// which 47 CFR 79.102 lets a viewer choose for characters.
public enum CharacterEdge: String, Sendable, Hashable, CaseIterable, Codable {
    case none
    /// Lit from the top left: a light edge above and left, a dark one below and right.
    case raised
    /// Lit from the bottom right: a dark edge above and left, a light one below and right.
    case depressed
    /// An outline all round.
    case uniform
    case leftDropShadow
    case rightDropShadow
}

/// An edge of characters (a run's ``CaptionTextStyle/edge``) or the border of a region
/// (``CaptionRegion/border``), its colour and, for an outline, its thickness. JSON form:
/// `{"kind": "uniform", "color": "#000000FF", "width": "0.05c"}`.
public struct CaptionEdge: Sendable, Hashable, Codable {
    public var kind: CharacterEdge
    /// The dark side's colour (a raised or depressed edge's light side is white).
    public var color: CaptionColor
    /// The edge's thickness as the source gave it (TTML `tts:textOutline`'s length; a percentage
    /// is of the font size, TTML1 §8.2.20); nil leaves it to the renderer (CEA-708 names none).
    public var width: CaptionDimension?

    public init(_ kind: CharacterEdge, color: CaptionColor = .black, width: CaptionDimension? = nil) {
        self.kind = kind
        self.color = color
        self.width = width
    }
}
