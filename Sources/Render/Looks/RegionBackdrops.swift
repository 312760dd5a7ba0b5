import CaptionCore

/// The regions a document shows whether or not a caption is in them (TTML1 §8.2.17
/// `tts:showBackground` always; ``CaptionRenderOptions/regionBackdrops``): which are drawn at a
/// time, their layers (each drawn once), and where they change the picture.
///
/// A region is drawn here only while no caption on screen is in it: a caption's own drawing
/// already paints its region (``TimedTextLook/regionFills(of:placement:rasterizer:)``), and
/// painting it twice would double a translucent fill.
struct RegionBackdrops {
    let backdrops: [CaptionRegionBackdrop]
    /// The layers of each backdrop drawn so far, by index.
    private var drawn: [Int: [CaptionImage]] = [:]

    init(_ backdrops: [CaptionRegionBackdrop]) {
        self.backdrops = backdrops
    }

    /// The layers of the backdrops shown at `time` that none of `captions` is in, in the
    /// document's order, to paint below the captions. `draw` gives a region's layers, faded by
    /// its opacity.
    mutating func layers(
        at time: MediaTime, besides captions: [Caption], draw: (CaptionRegion) -> [CaptionImage]
    ) -> [CaptionImage] {
        var result: [CaptionImage] = []
        for (k, backdrop) in backdrops.enumerated() where Self.isShown(backdrop.timeRange, at: time) {
            if captions.contains(where: { Self.isSame(backdrop.region, as: $0.region) }) { continue }
            if let known = drawn[k] {
                result += known
            } else {
                let layers = draw(backdrop.region)
                drawn[k] = layers
                result += layers
            }
        }
        return result
    }

    /// Whether `range` holds `time`: from its start up to, not including, its end, which may be
    /// +infinity (a region without an `end`, shown to the end of the document).
    static func isShown(_ range: TimeRange, at time: MediaTime) -> Bool {
        range.start.isNumeric && (range.end.isNumeric || range.end == .positiveInfinity) && range.contains(time)
    }

    /// Whether a caption's `region` is `backdrop`'s: the same identifier when both have one, else
    /// the same origin and size.
    static func isSame(_ backdrop: CaptionRegion, as region: CaptionRegion?) -> Bool {
        guard let region else { return false }
        if let a = backdrop.identifier, let b = region.identifier { return a == b }
        return backdrop.origin == region.origin && backdrop.size == region.size
    }

    /// `scenes` cut wherever a backdrop starts or ends inside one, so that the picture stays the
    /// same over each (``CaptionRenderer/captionSceneChanges(in:)``).
    func splitting(_ scenes: [CaptionRendererScene]) -> [CaptionRendererScene] {
        let cuts = Set(backdrops.flatMap { [$0.timeRange.start, $0.timeRange.end] }.filter(\.isNumeric)).sorted()
        guard !cuts.isEmpty else { return scenes }
        var result: [CaptionRendererScene] = []
        for scene in scenes {
            var start = scene.timeRange.start
            // The first cut after the scene's start, found by halving: scenes times cuts would
            // be quadratic with many backdrops (a JSON document may hold a million).
            var (low, high) = (0, cuts.count)
            while low < high {
                let mid = (low + high) / 2
                if cuts[mid] > start { high = mid } else { low = mid + 1 }
            }
            for cut in cuts[low...] {
                guard cut < scene.timeRange.end else { break }
                var piece = scene
                piece.timeRange = TimeRange(start: start, end: cut)
                result.append(piece)
                start = cut
            }
            var last = scene
            last.timeRange = TimeRange(start: start, end: scene.timeRange.end)
            result.append(last)
        }
        return result
    }
}
