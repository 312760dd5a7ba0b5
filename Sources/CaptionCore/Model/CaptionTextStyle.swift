/// The look of one run of caption text. `nil` colours mean "the format's default".
public struct CaptionTextStyle: Sendable, Hashable {
    public var textColor: CaptionColor?
    public var backgroundColor: CaptionColor?
    public var italic: Bool
    public var bold: Bool
    public var underline: Bool
    /// A line through the text (TTML `tts:textDecoration` lineThrough).
    public var lineThrough: Bool
    /// CEA-608 flashing text (Flash On, 47 CFR §15.119).
    public var flash: Bool
    public var ruby: CaptionRuby?
    /// iTT `tts:fontFamily`.
    public var fontFamily: String?
    /// iTT `tts:fontSize`.
    public var fontSize: CaptionDimension?
    /// Horizontal-in-vertical text (TTML `tts:textCombine`).
    public var textCombine: Bool
    /// The characters' edge (CEA-708 pen edge type and edge colour; TTML `tts:textOutline` for a
    /// uniform one, `tts:textShadow` for a drop shadow); nil for none.
    public var edge: CaptionEdge?
    /// Drop shadows behind the characters, first on top (TTML2 §10.2.43 `tts:textShadow`); empty
    /// for none.
    public var shadows: [CaptionShadow]
    /// Emphasis marks beside each character (TTML2 §10.2.44 `tts:textEmphasis`); nil for none.
    public var emphasis: CaptionEmphasis?
    /// An embedding, override or isolate of the run's direction; nil for none (the run takes part
    /// in its paragraph's ordering).
    public var bidi: CaptionBidi?

    public init(
        textColor: CaptionColor? = nil, backgroundColor: CaptionColor? = nil,
        italic: Bool = false, bold: Bool = false, underline: Bool = false, flash: Bool = false,
        ruby: CaptionRuby? = nil, fontFamily: String? = nil, fontSize: CaptionDimension? = nil,
        textCombine: Bool = false, edge: CaptionEdge? = nil, lineThrough: Bool = false, shadows: [CaptionShadow] = [],
        emphasis: CaptionEmphasis? = nil, bidi: CaptionBidi? = nil
    ) {
        self.textColor = textColor
        self.backgroundColor = backgroundColor
        self.italic = italic
        self.bold = bold
        self.underline = underline
        self.flash = flash
        self.ruby = ruby
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.textCombine = textCombine
        self.edge = edge
        self.lineThrough = lineThrough
        self.shadows = shadows
        self.emphasis = emphasis
        self.bidi = bidi
    }

    /// No attribute set.
    public static let plain = CaptionTextStyle()
}

extension CaptionTextStyle: Codable {
    enum CodingKeys: String, CodingKey {
        case textColor = "color", backgroundColor, italic, bold, underline, flash, ruby
        case fontFamily, fontSize, textCombine, edge, lineThrough, shadows, emphasis, bidi
    }

    /// Absent keys take their defaults, so `{}` is the plain style.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            textColor: try c.decodeIfPresent(CaptionColor.self, forKey: .textColor),
            backgroundColor: try c.decodeIfPresent(CaptionColor.self, forKey: .backgroundColor),
            italic: try c.decodeIfPresent(Bool.self, forKey: .italic) ?? false,
            bold: try c.decodeIfPresent(Bool.self, forKey: .bold) ?? false,
            underline: try c.decodeIfPresent(Bool.self, forKey: .underline) ?? false,
            flash: try c.decodeIfPresent(Bool.self, forKey: .flash) ?? false,
            ruby: try c.decodeIfPresent(CaptionRuby.self, forKey: .ruby),
            fontFamily: try c.decodeIfPresent(String.self, forKey: .fontFamily),
            fontSize: try c.decodeIfPresent(CaptionDimension.self, forKey: .fontSize),
            textCombine: try c.decodeIfPresent(Bool.self, forKey: .textCombine) ?? false,
            edge: try c.decodeIfPresent(CaptionEdge.self, forKey: .edge),
            lineThrough: try c.decodeIfPresent(Bool.self, forKey: .lineThrough) ?? false,
            shadows: try c.decodeIfPresent([CaptionShadow].self, forKey: .shadows) ?? [],
            emphasis: try c.decodeIfPresent(CaptionEmphasis.self, forKey: .emphasis),
            bidi: try c.decodeIfPresent(CaptionBidi.self, forKey: .bidi))
    }

    /// Only attributes that differ from the default are written.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(textColor, forKey: .textColor)
        try c.encodeIfPresent(backgroundColor, forKey: .backgroundColor)
        if italic { try c.encode(true, forKey: .italic) }
        if bold { try c.encode(true, forKey: .bold) }
        if underline { try c.encode(true, forKey: .underline) }
        if flash { try c.encode(true, forKey: .flash) }
        try c.encodeIfPresent(ruby, forKey: .ruby)
        try c.encodeIfPresent(fontFamily, forKey: .fontFamily)
        try c.encodeIfPresent(fontSize, forKey: .fontSize)
        if textCombine { try c.encode(true, forKey: .textCombine) }
        try c.encodeIfPresent(edge, forKey: .edge)
        if lineThrough { try c.encode(true, forKey: .lineThrough) }
        if !shadows.isEmpty { try c.encode(shadows, forKey: .shadows) }
        try c.encodeIfPresent(emphasis, forKey: .emphasis)
        try c.encodeIfPresent(bidi, forKey: .bidi)
    }
}
