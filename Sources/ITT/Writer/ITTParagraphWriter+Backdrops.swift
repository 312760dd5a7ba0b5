import CaptionCore

extension ITTParagraphWriter {
    /// Defines the document's region backdrops (TTML1 §8.2.17: `tts:showBackground` always, the
    /// initial value, shows a region's fill with no content in it) before any caption takes a
    /// region id, so that a caption in the same region shares its definition. A backdrop shown for
    /// part of the document gets the region's `begin` and `end` where the profile times regions;
    /// what the profile cannot hold is reported and left out. Returns the indices of the
    /// backdrops written.
    @discardableResult
    mutating func defineBackdrops(
        of document: CaptionDocument, timecodes: inout ITTTimecodeFormatter, regions: inout ITTRegionTable
    ) -> [Int] {
        let backdrops = document.regionBackdrops
        let location = DiagnosticLocation(file: fileName)
        guard !backdrops.isEmpty else { return [] }
        guard profile.holdsRegionBackground else {
            report(
                .warning, "region-backdrop",
                "\(profile) has no region fill; the \(backdrops.count) regions shown with no caption in them are left out",
                at: location)
            return []
        }
        var written: [Int] = []
        for (index, backdrop) in backdrops.enumerated() {
            let range = backdrop.timeRange
            guard let region = heldRegion(backdrop.region, at: location), region.background != nil,
                range.start < range.end
            else {
                report(
                    .warning, "region-backdrop-empty",
                    "a region shown with no caption in it from \(range.start) to \(range.end), without a fill or a time, shows nothing; left out",
                    at: location)
                continue
            }
            var begin: String?
            var end: String?
            if range.start != .zero || range.end != .positiveInfinity {
                guard profile.holdsRegionTiming else {
                    report(
                        .warning, "region-backdrop-timing",
                        "\(profile) has no region timing; a region shown with no caption in it for part of the document (\(range)) is left out",
                        at: location)
                    continue
                }
                if range.start != .zero { begin = range.start.isNumeric ? timecodes.label(for: range.start) : nil }
                if range.end != .positiveInfinity { end = range.end.isNumeric ? timecodes.label(for: range.end) : nil }
                guard (range.start == .zero || begin != nil) && (range.end == .positiveInfinity || end != nil),
                    (begin ?? timecodes.label(for: .zero)) != end
                else {
                    report(
                        .warning, "region-backdrop-timing",
                        "a region shown with no caption in it from \(range.start) to \(range.end) cannot be timed in \(profile); left out",
                        at: location)
                    continue
                }
            }
            // Region timing bounds the content too (TTML1 §10.4): a caption in the region
            // outside the interval would vanish.
            if begin != nil || end != nil,
                document.captions.contains(where: { $0.region == backdrop.region && !range.contains($0.timeRange) })
            {
                report(
                    .warning, "region-backdrop-timing",
                    "a region shown with no caption in it from \(range.start) to \(range.end) also holds captions outside that time, which its timing would hide; left out",
                    at: location)
                continue
            }
            if regions.defineBackdrop(region, begin: begin, end: end) {
                written.append(index)
            } else {
                report(
                    .warning, "region-backdrop-interval",
                    "a region is shown with no caption in it in more than one interval; only the first is written (a region element has one begin and end)",
                    at: location)
            }
        }
        return written
    }
}
