/// Emphasis marks set beside each character of a run (TTML2 §10.2.44 `tts:textEmphasis`, as
/// CSS `text-emphasis`; Japanese bouten). JSON form:
/// `{"shape": "sesame", "filled": true, "color": "#FF0000FF", "position": "before"}`.
public struct CaptionEmphasis: Sendable, Hashable, Codable {
    /// The mark's shape: one of TTML2's three, or a character of the document's choosing.
    public enum Shape: Sendable, Hashable {
        case circle, dot, sesame
        /// The first grapheme of a quoted string (TTML2 §10.2.44 `<quoted-string>`).
        case character(String)
    }

    /// Which side of the line the marks are on.
    public enum Position: String, Sendable, Hashable, Codable {
        /// Above horizontal text, right of vertical text.
        case before
        /// Below horizontal text, left of vertical text.
        case after
        /// Before for the first line and after for the last, as ruby's `outside`.
        case outside
    }

    /// nil: TTML2's `auto`, a filled circle in horizontal text and a filled sesame in vertical.
    public var shape: Shape?
    /// Filled (TTML2 `filled`) or hollow (`open`) marks; a character mark is drawn as it is.
    public var filled: Bool
    /// nil: the text's colour (TTML2's `current`).
    public var color: CaptionColor?
    /// nil: TTML2's `auto` (before, or outside in ruby).
    public var position: Position?

    public init(shape: Shape? = nil, filled: Bool = true, color: CaptionColor? = nil, position: Position? = nil) {
        self.shape = shape
        self.filled = filled
        self.color = color
        self.position = position
    }
}

extension CaptionEmphasis {
    enum CodingKeys: String, CodingKey { case shape, filled, color, position }

    /// Absent keys take their defaults, so `{}` is TTML2's `auto`.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            shape: try c.decodeIfPresent(Shape.self, forKey: .shape),
            filled: try c.decodeIfPresent(Bool.self, forKey: .filled) ?? true,
            color: try c.decodeIfPresent(CaptionColor.self, forKey: .color),
            position: try c.decodeIfPresent(Position.self, forKey: .position))
    }

    /// Only what differs from the defaults is written, as the JSON writer does.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(shape, forKey: .shape)
        if !filled { try c.encode(false, forKey: .filled) }
        try c.encodeIfPresent(color, forKey: .color)
        try c.encodeIfPresent(position, forKey: .position)
    }
}

extension CaptionEmphasis.Shape: Codable {
    /// JSON form: `"circle"`, `"dot"`, `"sesame"`, or `{"character": "※"}`.
    public init(from decoder: Decoder) throws {
        if let c = try? decoder.singleValueContainer(), let name = try? c.decode(String.self) {
            switch name {
            case "circle": self = .circle
            case "dot": self = .dot
            case "sesame": self = .sesame
            default:
                throw DecodingError.dataCorruptedError(
                    in: c, debugDescription: "expected circle, dot, sesame or {\"character\": …}, got \"\(name)\"")
            }
            return
        }
        let keyed = try decoder.container(keyedBy: CodingKeys.self)
        self = .character(try keyed.decode(String.self, forKey: .character))
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .circle, .dot, .sesame:
            var c = encoder.singleValueContainer()
            try c.encode(name)
        case .character(let text):
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(text, forKey: .character)
        }
    }

    enum CodingKeys: String, CodingKey { case character }

    /// TTML2's word for the shape (`circle`, `dot`, `sesame`); a character's own text.
    public var name: String {
        switch self {
        case .circle: return "circle"
        case .dot: return "dot"
        case .sesame: return "sesame"
        case .character(let text): return text
        }
    }
}
