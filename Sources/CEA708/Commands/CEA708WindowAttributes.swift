// SetWindowAttributes's four parameter bytes, CTA-708-E §8.10.5.5 (SWA, Figure 22):
//   byte 1: fill opacity(2) | fill red(2) green(2) blue(2)
//   byte 2: border type bits 1–0 | border red(2) green(2) blue(2)
//   byte 3: border type bit 2 | word wrap | print direction(2) | scroll direction(2) | justify(2)
//   byte 4: effect speed(4) | effect direction(2) | display effect(2)

/// A window's attributes: what SetWindowAttributes sets and the predefined window styles hold.
public struct CEA708WindowAttributes: Hashable, Sendable {
    public var justify: CEA708Justify
    public var printDirection: CEA708Direction
    public var scrollDirection: CEA708Direction
    public var wordWrap: Bool
    public var displayEffect: CEA708DisplayEffect
    public var effectDirection: CEA708Direction
    /// Effect speed in units of 0.5 s, 1–15.
    public var effectSpeed: UInt8
    public var fillColor: CEA708Color
    public var fillOpacity: CEA708Opacity
    public var borderType: CEA708EdgeType
    public var borderColor: CEA708Color

    public init(
        justify: CEA708Justify = .left, printDirection: CEA708Direction = .leftToRight,
        scrollDirection: CEA708Direction = .bottomToTop, wordWrap: Bool = false,
        displayEffect: CEA708DisplayEffect = .snap, effectDirection: CEA708Direction = .leftToRight,
        effectSpeed: UInt8 = 0, fillColor: CEA708Color = .black, fillOpacity: CEA708Opacity = .solid,
        borderType: CEA708EdgeType = .none, borderColor: CEA708Color = .black
    ) {
        self.justify = justify
        self.printDirection = printDirection
        self.scrollDirection = scrollDirection
        self.wordWrap = wordWrap
        self.displayEffect = displayEffect
        self.effectDirection = effectDirection
        self.effectSpeed = effectSpeed & 15
        self.fillColor = fillColor
        self.fillOpacity = fillOpacity
        self.borderType = borderType
        self.borderColor = borderColor
    }

    init(_ p: ArraySlice<UInt8>) {
        let b = CEA708Parameters(p)
        self.init(
            justify: CEA708Justify(rawValue: b[2]), printDirection: CEA708Direction(rawValue: b[2] >> 4),
            scrollDirection: CEA708Direction(rawValue: b[2] >> 2), wordWrap: b[2] & 0x40 != 0,
            displayEffect: CEA708DisplayEffect(rawValue: b[3]), effectDirection: CEA708Direction(rawValue: b[3] >> 2),
            effectSpeed: b[3] >> 4, fillColor: CEA708Color(rawValue: b[0]),
            fillOpacity: CEA708Opacity(rawValue: b[0] >> 6),
            borderType: CEA708EdgeType(rawValue: (b[2] >> 5 & 4) | b[1] >> 6), borderColor: CEA708Color(rawValue: b[1]))
    }

    /// The four parameter bytes.
    var parameters: [UInt8] {
        [
            fillOpacity.rawValue << 6 | fillColor.rawValue,
            (borderType.rawValue & 3) << 6 | borderColor.rawValue,
            (borderType.rawValue & 4) << 5 | (wordWrap ? 0x40 : 0) | printDirection.rawValue << 4
                | scrollDirection.rawValue << 2 | justify.rawValue,
            effectSpeed << 4 | effectDirection.rawValue << 2 | displayEffect.rawValue,
        ]
    }

    func problems() -> [String] {
        var found: [String] = []
        if !borderType.isDefined { found.append("border type \(borderType.rawValue) is reserved (0–5)") }
        if !displayEffect.isDefined { found.append("display effect 3 is reserved (0–2)") }
        if printDirection.isHorizontal == scrollDirection.isHorizontal {
            found.append("scroll direction \(scrollDirection.name) runs along print direction \(printDirection.name)")
        }
        return found
    }
}
