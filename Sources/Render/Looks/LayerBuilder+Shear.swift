import CaptionCore

extension LayerBuilder {
    /// `r`, moved by `dx`, `dy`, slanted with its paragraph (TTML2 §10.2.38): a parallelogram whose
    /// rows (columns, for vertical text) are the rectangle's, each moved along the lines by the
    /// shear at its centre, its ends covering the fractions of pixels they reach. Only the part
    /// over `picture` is drawn, so that no rectangle can ask for a bitmap larger than the picture.
    static func parallelogram(
        _ r: PlacedRect, dx: Double, dy: Double, shear: ParagraphShear, picture: PixelBox
    ) -> CaptionImage? {
        guard r.color.alpha > 0 else { return nil }
        let v = shear.vertical
        // Across the lines: whole pixels, as an upright rectangle's edges are rounded.
        let acrossLo = (v ? r.x + dx : r.y + dy).roundedClamped(to: PixelRect.coordinates)
        let acrossHi = (v ? r.x + r.width + dx : r.y + r.height + dy).roundedClamped(to: PixelRect.coordinates)
        let a0 = max(acrossLo, v ? picture.x0 : picture.y0), a1 = min(acrossHi, v ? picture.x1 : picture.y1)
        let alongLo = v ? r.y + dy : r.x + dx, alongHi = v ? r.y + r.height + dy : r.x + r.width + dx
        guard a0 < a1, alongLo < alongHi else { return nil }
        let (first, last) = (shear.shift(at: Double(a0) + 0.5), shear.shift(at: Double(a1) - 0.5))
        let lowest = alongLo + min(first, last), highest = alongHi + max(first, last)
        guard lowest.isFinite, highest.isFinite else { return nil }
        let p0 = max(Int(lowest.rounded(.down)), v ? picture.y0 : picture.x0)
        let p1 = min(Int(highest.rounded(.up)), v ? picture.y1 : picture.x1)
        guard p0 < p1 else { return nil }
        let (across, along) = (a1 - a0, p1 - p0)
        var pixels = [UInt8](repeating: 0, count: across * along)
        for a in 0..<across {
            let shift = shear.shift(at: Double(a0 + a) + 0.5)
            let lo = alongLo + shift, hi = alongHi + shift
            let first = max(p0, Int(lo.rounded(.down))), last = min(p1, Int(hi.rounded(.up)))
            guard first < last else { continue }
            for p in first..<last {
                let cover = min(hi, Double(p + 1)) - max(lo, Double(p))
                guard cover > 0 else { continue }
                let value = UInt8(min(255, (cover * 255).rounded()))
                // Rows of the bitmap run along horizontal lines, down columns.
                pixels[v ? (p - p0) * across + a : a * along + (p - p0)] = value
            }
        }
        let bitmap =
            v
            ? AlphaBitmap(width: across, height: along, pixels: pixels)
            : AlphaBitmap(width: along, height: across, pixels: pixels)
        return CaptionImage(
            content: .bitmap(bitmap), x: v ? a0 : p0, y: v ? p0 : a0, color: r.color, flashes: r.flashes)
    }

    /// The shadow `s` of a decoration drawn as a bitmap (a slanted one): the bitmap moved, or
    /// blurred as a glyph's shadow is.
    func bitmapShadow(_ rule: CaptionImage, _ s: PixelShadow) -> CaptionImage? {
        guard case .bitmap(let mask) = rule.content else { return nil }
        guard s.blur > 0 else {
            return CaptionImage(
                content: rule.content, x: rule.x + s.dx, y: rule.y + s.dy, color: s.color, flashes: rule.flashes)
        }
        let (blurred, margin) = mask.blurred(standardDeviation: s.blur / 2)
        return CaptionImage(
            content: .bitmap(blurred), x: rule.x + s.dx - margin, y: rule.y + s.dy - margin, color: s.color,
            flashes: rule.flashes)
    }
}
