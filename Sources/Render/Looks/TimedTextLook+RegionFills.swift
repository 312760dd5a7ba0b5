import CaptionCore

/// The iTT look's drawing of a region's area: its fill and its border. The one drawing of a region,
/// for the captions in it and for a region shown with none (``RegionBackdrops``).
extension TimedTextLook {
    /// The fills of the regions `captions` are in (TTML1 §8.2.2: a region's background colour
    /// fills its area, padding included), each region once however many captions it holds, to
    /// paint behind them; each with its region, for ``RegionGroups``.
    static func regionFills(
        of captions: some Sequence<Caption>, placement: RegionPlacementStage, rasterizer: GlyphRasterizer
    ) -> [(region: CaptionRegion, layer: CaptionImage)] {
        var fills: [(region: CaptionRegion, layer: CaptionImage)] = []
        var filled = Set<CaptionRegion>()
        for caption in captions {
            guard let region = caption.region, filled.insert(region).inserted else { continue }
            fills += regionFill(of: region, placement: placement, rasterizer: rasterizer).map { (region, $0) }
        }
        return fills
    }

    /// `region`'s area (``RegionPlacementStage/rect(of:)``) filled with its background, and its
    /// border round it as a CEA-708 window's is drawn (``CEA708WindowFrame``); none for a region
    /// with neither. Unfaded: its opacity is ``RegionGroups``'.
    static func regionFill(
        of region: CaptionRegion, placement: RegionPlacementStage, rasterizer: GlyphRasterizer
    ) -> [CaptionImage] {
        guard region.background != nil || region.border != nil else { return [] }
        let frame = CEA708WindowFrame(
            area: placement.rect(of: region), fill: region.background, border: region.border,
            width: region.border.map { borderWidth(of: $0, placement: placement) } ?? 0)
        var builder = LayerBuilder(rasterizer: rasterizer)
        for r in frame.rectangles { builder.addBackground(r, dx: 0, dy: 0) }
        return builder.backgrounds
    }

    /// A region border's width in pixels: its own (a percentage of a cell's height, as of a 1c
    /// font; cells and pixels down the picture as region lengths are), else what the CEA-708 look
    /// draws for a 1c pen (``CEA708Look/edgeOffset`` of it, a pixel at least); at most a cell.
    static func borderWidth(of border: CaptionEdge, placement: RegionPlacementStage) -> Double {
        let height = Double(placement.size.height)
        let cell = height / placement.cellGrid.height
        guard let width = border.width else { return max(1, (cell * CEA708Look.edgeOffset).rounded()) }
        let pixels =
            width.unit == .percent
            ? width.value / 100 * cell
            : placement.pixels(
                width, along: height, cells: placement.cellGrid.height, grid: placement.pixelGrid?.height)
        guard pixels.isFinite, pixels > 0 else { return 0 }
        return min(pixels, cell)
    }
}
