import CaptionCore

// The pen (CTA-708-E §8.5, SetPenAttributes §8.10.5.6, SetPenColor §8.10.5.7) ↔ the model's run
// style. Specs/cea708.md, "Into and out of the caption model", has the table both ways. The
// defaults of pen style 1 (white text on solid black, standard size, default font) are left `nil`,
// "the format's default", as the SCC reader leaves 608's white on black.

/// Which pen features a run style could not hold; each is reported once per document.
public enum CEA708Unmapped: String, Sendable, Hashable, CaseIterable {
    case textTag = "708.model.text-tag"
    case penOffset = "708.model.pen-offset"
    case edgeType = "708.model.edge"
    case smallCapitals = "708.model.small-capitals"
    case windowFill = "708.model.window-fill"
    case displayEffect = "708.model.display-effect"
    case printDirection = "708.model.print-direction"
    case priority = "708.model.priority"

    /// What the model loses, in words.
    var message: String {
        switch self {
        case .textTag: "pen text tags (speaker, sound effect …) have no place in the caption model; the text is kept"
        case .penOffset: "subscript and superscript pen offsets have no place in the caption model; set as normal"
        case .edgeType: "reserved edge types (6, 7) have no place in the caption model; read as no edge"
        case .smallCapitals: "the small-capitals font style has no place in the caption model; the default font is used"
        case .windowFill:
            "a window's fill and border are kept on the rows and columns its text takes; the blank rest of a larger window is not filled"
        case .displayEffect: "fade and wipe display effects have no place in the caption model; shown at once"
        case .printDirection:
            "this print and scroll direction has no writing mode in the caption model; read as left to right"
        case .priority: "window priorities (which window is drawn on top) have no place in the caption model"
        }
    }
}

extension CaptionColor {
    /// A 708 colour at 8 bits a component (0, 85, 170, 255) with the alpha of an opacity.
    init(_ color: CEA708Color, opacity: CEA708Opacity) {
        self.init(
            red: CEA708Color.intensity(color.red), green: CEA708Color.intensity(color.green),
            blue: CEA708Color.intensity(color.blue), alpha: opacity.alpha)
    }

    /// The nearest 708 colour (each component to the nearest third) and the opacity of the alpha.
    var cea708: (color: CEA708Color, opacity: CEA708Opacity) {
        func two(_ c: UInt8) -> UInt8 { UInt8((Int(c) + 42) / 85) }
        return (CEA708Color(red: two(red), green: two(green), blue: two(blue)), CEA708Opacity(alpha: alpha))
    }
}

extension CEA708Opacity {
    /// Solid 255, translucent 128 (the SCC reader's semi-transparent alpha), transparent 0;
    /// flash is shown solid (the run's `flash` says it flashes).
    var alpha: UInt8 {
        switch self {
        case .transparent: 0
        case .translucent: 128
        default: 255
        }
    }

    /// The opacity of an alpha: 0 transparent, 255 solid, anything between translucent.
    init(alpha: UInt8) {
        self = alpha == 0 ? .transparent : alpha == 255 ? .solid : .translucent
    }
}

/// Font tags (§8.10.5.6) ↔ generic font family names (TTML's `tts:fontFamily` generic names where
/// one exists; `casual` and `cursive` as CSS calls them).
enum CEA708FontNames {
    static let families: [UInt8: String] = [
        1: "monospaceSerif", 2: "proportionalSerif", 3: "monospaceSansSerif", 4: "proportionalSansSerif",
        5: "casual", 6: "cursive",
    ]

    static func fontStyle(family: String?) -> CEA708FontStyle? {
        guard let family else { return .default }
        if let (tag, _) = families.first(where: { $0.value == family }) { return CEA708FontStyle(rawValue: tag) }
        switch family {
        case "default": return .default
        case "monospace": return CEA708FontStyle(rawValue: 3)
        case "sansSerif": return CEA708FontStyle(rawValue: 4)
        case "serif": return CEA708FontStyle(rawValue: 2)
        default: return nil
        }
    }
}

/// Pen size ↔ font size: small 80 %, standard (nil), large 120 % of the default size.
enum CEA708PenSizes {
    static let small = 80.0
    static let large = 120.0

    static func size(_ dimension: CaptionDimension?) -> CEA708PenSize {
        guard let dimension, dimension.unit == .percent else { return .standard }
        if dimension.value < 90 { return .small }
        if dimension.value > 110 { return .large }
        return .standard
    }
}

extension CaptionTextStyle {
    /// The run style of a pen; `lost` collects what the model could not hold.
    init(pen: CEA708PenAttributes, color: CEA708PenColor, lost: inout Set<CEA708Unmapped>) {
        self.init()
        italic = pen.italics
        underline = pen.underline
        if color.foreground != .white || color.foregroundOpacity != .solid {
            textColor = CaptionColor(color.foreground, opacity: color.foregroundOpacity)
            if color.foregroundOpacity == .flash { textColor = textColor?.withAlpha(255) }
        }
        if color.background != .black || color.backgroundOpacity != .solid {
            backgroundColor = CaptionColor(color.background, opacity: color.backgroundOpacity)
        }
        if textColor == .white { textColor = nil }
        if backgroundColor == .black { backgroundColor = nil }
        flash = color.foregroundOpacity == .flash || color.backgroundOpacity == .flash
        if pen.fontStyle.rawValue == 7 { lost.insert(.smallCapitals) }
        fontFamily = CEA708FontNames.families[pen.fontStyle.rawValue]
        switch pen.penSize {
        case .small: fontSize = .percent(CEA708PenSizes.small)
        case .large: fontSize = .percent(CEA708PenSizes.large)
        default: break
        }
        if pen.textTag != .dialog { lost.insert(.textTag) }
        if pen.offset != .normal { lost.insert(.penOffset) }
        if pen.edgeType != .none {
            if let kind = CharacterEdge(pen.edgeType) {
                edge = CaptionEdge(kind, color: CaptionColor(color.edge, opacity: .solid))
            } else {
                lost.insert(.edgeType)
            }
        }
    }

    /// What of this run style a 708 pen cannot hold, by name (bold, ruby, a font family or a
    /// size in other units): what the encoder leaves out (the validator's `708.pen`).
    public var cea708Unmappable: [String] { cea708Pen().lost }

    /// The pen for this run style, and the names of what 708 cannot hold.
    func cea708Pen() -> (pen: CEA708PenAttributes, color: CEA708PenColor, lost: [String]) {
        var lost: [String] = []
        var pen = CEA708PenAttributes(italics: italic)
        pen.underline = underline
        pen.penSize = CEA708PenSizes.size(fontSize)
        if let fontSize, fontSize.unit != .percent { lost.append("font size \(fontSize)") }
        if let style = CEA708FontNames.fontStyle(family: fontFamily) {
            pen.fontStyle = style
        } else {
            lost.append("font family \(fontFamily ?? "")")
        }
        var color = CEA708PenColor()
        if let textColor {
            (color.foreground, color.foregroundOpacity) = textColor.cea708
        }
        if let backgroundColor {
            (color.background, color.backgroundOpacity) = backgroundColor.cea708
        }
        if flash { color.foregroundOpacity = .flash }
        if let edge {
            pen.edgeType = edge.kind.cea708
            color.edge = edge.color.cea708.color
        }
        if bold { lost.append("bold") }
        if ruby != nil { lost.append("ruby") }
        if textCombine { lost.append("text combination") }
        return (pen, color, lost)
    }
}

extension CharacterEdge {
    /// The kind of a 708 edge or border type (§8.10.5.6, §8.10.5.5: 0–5 in ``allCases``' order);
    /// nil for the reserved 6 and 7.
    init?(_ type: CEA708EdgeType) {
        let all = Self.allCases
        guard Int(type.rawValue) < all.count else { return nil }
        self = all[Int(type.rawValue)]
    }

    /// The 708 edge or border type of this kind.
    var cea708: CEA708EdgeType {
        CEA708EdgeType(rawValue: UInt8(Self.allCases.firstIndex(of: self) ?? 0))
    }
}
