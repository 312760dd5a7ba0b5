import CaptionCore

/// A run's drop shadow (TTML2 §10.2.43 `tts:textShadow`) in picture pixels, as the iTT look
/// resolves it (``RegionPlacementStage/pixelShadows(_:em:textColor:)``).
struct PixelShadow: Hashable {
    /// Rightwards and downwards, whole pixels.
    var dx: Int
    var dy: Int
    /// The blur radius in pixels; 0 for a sharp shadow.
    var blur: Double
    var color: CaptionColor
}

extension LayerBuilder {
    /// The shadow `s` of a decoration drawn as `rule` (a rectangle layer): the rectangle moved,
    /// or, blurred, a mask of it blurred as a glyph's shadow is. A blurred mask covers only the
    /// part of the rectangle within the reach of the blur of ``picture``.
    func rectangleShadow(_ rule: CaptionImage, _ s: PixelShadow) -> CaptionImage? {
        guard case .rectangle(let width, let height) = rule.content else { return nil }
        var x0 = rule.x + s.dx, y0 = rule.y + s.dy
        var x1 = x0 + width, y1 = y0 + height
        guard s.blur > 0 else {
            return CaptionImage(
                content: .rectangle(width: width, height: height), x: x0, y: y0, color: s.color, flashes: rule.flashes)
        }
        if let picture {
            // Past twice the radius a blur leaves nothing (its reach is about 1.4 radii).
            let reach = Int(min(s.blur, 2 * AlphaBitmap.maximumBlurDeviation).rounded(.up)) * 2 + 2
            x0 = max(x0, picture.x0 - reach); y0 = max(y0, picture.y0 - reach)
            x1 = min(x1, picture.x1 + reach); y1 = min(y1, picture.y1 + reach)
            guard x0 < x1, y0 < y1 else { return nil }
        }
        let solid = AlphaBitmap(
            width: x1 - x0, height: y1 - y0, pixels: [UInt8](repeating: 255, count: (x1 - x0) * (y1 - y0)))
        let (mask, margin) = solid.blurred(standardDeviation: s.blur / 2)
        return CaptionImage(
            content: .bitmap(mask), x: x0 - margin, y: y0 - margin, color: s.color, flashes: rule.flashes)
    }
}
