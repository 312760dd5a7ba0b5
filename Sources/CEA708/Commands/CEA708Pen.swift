// The pen: SetPenAttributes (§8.10.5.6, Figure 23) and SetPenColor (§8.10.5.7, Figure 24).
//   SPA byte 1: text tag(4) | offset(2) | pen size(2)
//   SPA byte 2: italics | underline | edge type(3) | font tag(3)
//   SPC byte 1: foreground opacity(2) | red green blue (2 each)
//   SPC byte 2: background opacity(2) | red green blue
//   SPC byte 3: 0 0 | edge red green blue

/// The pen's attributes, as SetPenAttributes sets them.
public struct CEA708PenAttributes: Hashable, Sendable {
    public var penSize: CEA708PenSize
    public var offset: CEA708PenOffset
    public var textTag: CEA708TextTag
    public var fontStyle: CEA708FontStyle
    public var edgeType: CEA708EdgeType
    public var underline: Bool
    public var italics: Bool

    public init(
        penSize: CEA708PenSize = .standard, offset: CEA708PenOffset = .normal, textTag: CEA708TextTag = .dialog,
        fontStyle: CEA708FontStyle = .default, edgeType: CEA708EdgeType = .none, underline: Bool = false,
        italics: Bool = false
    ) {
        self.penSize = penSize
        self.offset = offset
        self.textTag = textTag
        self.fontStyle = fontStyle
        self.edgeType = edgeType
        self.underline = underline
        self.italics = italics
    }

    init(_ p: ArraySlice<UInt8>) {
        let b = CEA708Parameters(p)
        self.init(
            penSize: CEA708PenSize(rawValue: b[0]), offset: CEA708PenOffset(rawValue: b[0] >> 2),
            textTag: CEA708TextTag(rawValue: b[0] >> 4), fontStyle: CEA708FontStyle(rawValue: b[1]),
            edgeType: CEA708EdgeType(rawValue: b[1] >> 3), underline: b[1] & 0x40 != 0, italics: b[1] & 0x80 != 0)
    }

    var parameters: [UInt8] {
        [
            textTag.rawValue << 4 | offset.rawValue << 2 | penSize.rawValue,
            (italics ? 0x80 : 0) | (underline ? 0x40 : 0) | edgeType.rawValue << 3 | fontStyle.rawValue,
        ]
    }

    func problems() -> [String] {
        var found: [String] = []
        if !penSize.isDefined { found.append("pen size 3 is reserved (0–2)") }
        if !offset.isDefined { found.append("offset 3 is reserved (0–2)") }
        if !edgeType.isDefined { found.append("edge type \(edgeType.rawValue) is reserved (0–5)") }
        if !textTag.isDefined { found.append("text tag \(textTag.rawValue) is reserved") }
        return found
    }
}

/// The pen's colours, as SetPenColor sets them.
public struct CEA708PenColor: Hashable, Sendable {
    public var foreground: CEA708Color
    public var foregroundOpacity: CEA708Opacity
    public var background: CEA708Color
    public var backgroundOpacity: CEA708Opacity
    public var edge: CEA708Color

    public init(
        foreground: CEA708Color = .white, foregroundOpacity: CEA708Opacity = .solid,
        background: CEA708Color = .black, backgroundOpacity: CEA708Opacity = .solid, edge: CEA708Color = .black
    ) {
        self.foreground = foreground
        self.foregroundOpacity = foregroundOpacity
        self.background = background
        self.backgroundOpacity = backgroundOpacity
        self.edge = edge
    }

    init(_ p: ArraySlice<UInt8>) {
        let b = CEA708Parameters(p)
        self.init(
            foreground: CEA708Color(rawValue: b[0]), foregroundOpacity: CEA708Opacity(rawValue: b[0] >> 6),
            background: CEA708Color(rawValue: b[1]), backgroundOpacity: CEA708Opacity(rawValue: b[1] >> 6),
            edge: CEA708Color(rawValue: b[2]))
    }

    var parameters: [UInt8] {
        [
            foregroundOpacity.rawValue << 6 | foreground.rawValue,
            backgroundOpacity.rawValue << 6 | background.rawValue,
            edge.rawValue,
        ]
    }
}
