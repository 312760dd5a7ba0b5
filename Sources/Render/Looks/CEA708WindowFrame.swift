import CaptionCore

/// A CEA-708 window's fill and border as rectangles (CTA-708-E §8.4.8, SetWindowAttributes
/// §8.10.5.5; Specs/cea708-look.md): the fill covers the area; the border is a band `width`
/// pixels wide outside it, lit as a character edge is: raised light above and left and dark below
/// and right, depressed the reverse, uniform all round, a drop shadow dark below and on one side.
/// The iTT look frames a region that has a border the same way
/// (``TimedTextLook/regionFill(of:placement:rasterizer:)``).
struct CEA708WindowFrame {
    var area: PixelRect
    var fill: CaptionColor?
    var border: CaptionEdge?
    var width: Double

    var rectangles: [PlacedRect] {
        var out: [PlacedRect] = []
        if let fill { out.append(Self.rect(area.x, area.y, area.width, area.height, fill)) }
        guard let border, border.kind != .none else { return out }
        let dark = border.color
        let light = CaptionColor.white.withAlpha(dark.alpha)
        let w = width
        let (x0, y0, x1) = (area.x - w, area.y - w, area.maxX + w)
        let top = Self.rect(x0, y0, x1 - x0, w, dark)
        let bottom = Self.rect(x0, area.maxY, x1 - x0, w, dark)
        let left = Self.rect(x0, area.y, w, area.height, dark)
        let right = Self.rect(area.maxX, area.y, w, area.height, dark)
        func lit(_ r: PlacedRect) -> PlacedRect { var r = r; r.color = light; return r }
        switch border.kind {
        case .none: break
        case .uniform: out += [top, bottom, left, right]
        case .raised: out += [lit(top), lit(left), bottom, right]
        case .depressed: out += [top, left, lit(bottom), lit(right)]
        case .rightDropShadow:
            out += [
                Self.rect(area.x + w, area.maxY, area.width, w, dark),
                Self.rect(area.maxX, area.y + w, w, area.height, dark),
            ]
        case .leftDropShadow:
            out += [
                Self.rect(area.x - w, area.maxY, area.width, w, dark),
                Self.rect(area.x - w, area.y + w, w, area.height - w, dark),
            ]
        }
        return out
    }

    private static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ color: CaptionColor)
        -> PlacedRect
    {
        PlacedRect(x: x, y: y, width: width, height: height, color: color)
    }
}
