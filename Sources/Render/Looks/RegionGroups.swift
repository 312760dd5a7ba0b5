import CaptionCore

/// Puts a scene's layers together: the regions' fills and the captions' backgrounds behind, the
/// captions' foregrounds after, and each region with an opacity below 1 drawn as one group
/// (TTML1 §8.2.13 `tts:opacity`: the region's fill, its text's backgrounds, text, outlines and
/// decorations are composited together, then the result faded as a whole), so that text over a
/// fill does not let the fill show through it, as layers faded one by one would.
struct RegionGroups {
    let size: RenderSize

    /// The scene's layers, back to front. `layers` are the captions', in the same order as
    /// `captions`; `fills` the regions' fills (``TimedTextLook/regionFills(of:placement:rasterizer:)``).
    func layers(
        of captions: [Caption], _ layers: [CaptionLayers], fills: [(region: CaptionRegion, layer: CaptionImage)]
    ) -> [CaptionImage] {
        var backgrounds = fills.filter { Self.opacity(of: $0.region) == nil }.map(\.layer)
        var foreground: [CaptionImage] = []
        var grouped = Set<CaptionRegion>()
        for (caption, own) in zip(captions, layers) {
            guard let region = caption.region, let opacity = Self.opacity(of: region) else {
                backgrounds += own.backgrounds
                foreground += own.foreground
                continue
            }
            // The group is painted where the region's first caption would have been.
            guard grouped.insert(region).inserted else { continue }
            var members = fills.filter { $0.region == region }.map(\.layer)
            for (other, theirs) in zip(captions, layers) where other.region == region {
                members += theirs.backgrounds + theirs.foreground
            }
            if let group = group(members, opacity: opacity) { foreground.append(group) }
        }
        return backgrounds + foreground
    }

    /// The region's opacity when it fades what is drawn in it (0 up to, not including, 1); nil
    /// for an opaque region, one without an opacity, or an unusable value.
    static func opacity(of region: CaptionRegion) -> Double? {
        guard let o = region.opacity, o.isFinite, o < 1 else { return nil }
        return max(0, o)
    }

    /// `members` composited on a transparent picture of their box (within the picture), as one
    /// layer whose alpha is `opacity`; nil when nothing would show.
    ///
    /// Flashing layers are drawn as on: flashing is CEA-608's, whose captions carry no opacity.
    func group(_ members: [CaptionImage], opacity: Double) -> CaptionImage? {
        let alpha = (opacity * 255).roundedClamped(to: 0...255)
        let visible = members.filter { $0.color.alpha > 0 && $0.width > 0 && $0.height > 0 }
        guard alpha > 0, let minX = visible.map(\.x).min(), let minY = visible.map(\.y).min(),
            let maxX = visible.map({ $0.x + $0.width }).max(), let maxY = visible.map({ $0.y + $0.height }).max()
        else { return nil }
        let x0 = max(0, minX), y0 = max(0, minY)
        let x1 = min(size.width, maxX), y1 = min(size.height, maxY)
        guard x0 < x1, y0 < y1 else { return nil }
        // A picture is at least 2 × 2 (RenderSize.isUsable); the compositor clips what is past
        // the picture's edge.
        guard var picture = try? RGBAImage(width: max(2, x1 - x0), height: max(2, y1 - y0)) else { return nil }
        let moved = visible.map { layer -> CaptionImage in
            var m = layer
            m.x -= x0
            m.y -= y0
            return m
        }
        Compositor().composite(moved, into: &picture, flashOn: true)
        return CaptionImage(
            content: .picture(picture), x: x0, y: y0,
            color: CaptionColor(red: 255, green: 255, blue: 255, alpha: UInt8(alpha)))
    }
}
