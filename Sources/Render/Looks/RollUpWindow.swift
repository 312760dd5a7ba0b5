import CaptionCore

/// A CEA-608 roll-up window on the grid: the rows a region of roll-up captions spans. Captions
/// in the same window roll each other up; their columns may differ.
struct RollUpWindow: Hashable {
    var top: Int
    var rows: Int

    init?(_ region: CaptionRegion?) {
        guard let region, case .rollUp(let depth) = region.scroll, let origin = region.origin else { return nil }
        top = origin.y.value.roundedClamped(to: PixelRect.coordinates)
        rows = region.size.map { $0.height.value.roundedClamped(to: PixelRect.coordinates) } ?? depth
    }
}
