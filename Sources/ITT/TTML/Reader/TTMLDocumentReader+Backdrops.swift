import CaptionCore

extension TTMLDocumentReader {
    /// The regions shown whether or not content is in them (TTML1 §8.2.17: `tts:showBackground`
    /// always, the initial value, paints a region's `tts:backgroundColor` with no content in it
    /// too), in layout order: for each region, the intervals of its active time (§10.4; no `end`:
    /// +infinity) in which its `set` animations (§11.1.1) leave it shown, displayed and filled.
    func regionBackdrops() -> [CaptionRegionBackdrop] {
        var result: [CaptionRegionBackdrop] = []
        for id in regionOrder {
            guard let definition = regions[id] else { continue }
            let end = definition.end ?? .positiveInfinity
            // The times the region's computed style may change at.
            var times = [definition.begin, end]
            for a in definition.animations {
                times.append(a.begin)
                if let e = a.end { times.append(e) }
            }
            let bounds = Set(times.filter { $0 >= definition.begin && $0 <= end }).sorted()
            for (start, stop) in zip(bounds, bounds.dropFirst()) where start < stop {
                // TTML2 §10.1.2: `<initial>` values under the region's own.
                var style = initialStyle
                style.apply(definition.style(at: start))
                guard style.showBackground != false, style.display != false else { continue }
                let region = definition.region(styled: style)
                guard region.background != nil else { continue }
                if let last = result.last, last.region == region, last.timeRange.end == start {
                    result[result.count - 1].timeRange = TimeRange(start: last.timeRange.start, end: stop)
                } else {
                    result.append(CaptionRegionBackdrop(region: region, timeRange: TimeRange(start: start, end: stop)))
                }
            }
        }
        return result
    }
}
