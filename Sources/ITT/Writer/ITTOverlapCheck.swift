import CaptionCore

/// Apple's iTT allows captions to overlap in time only when they are in different regions
/// (AVFoundation, `AVCaption.timeRange`); this reports each overlap in one region.
enum ITTOverlapCheck {
    static func diagnostics(for captions: [Caption], regions: ITTRegionTable, fileName: String?) -> [Diagnostic] {
        var byRegion: [String: [TimeRange]] = [:]
        var table = regions
        for caption in captions {
            let key = caption.region.map { table.id(for: $0) } ?? ""
            byRegion[key, default: []].append(caption.timeRange)
        }
        var result: [Diagnostic] = []
        for key in byRegion.keys.sorted() {
            let ranges = byRegion[key, default: []].sorted { $0.start < $1.start }
            var latestEnd: MediaTime?
            for r in ranges {
                if let e = latestEnd, r.start < e {
                    result.append(
                        Diagnostic(
                            .warning, "itt.overlap",
                            "a caption starting at \(r.start.seconds) s overlaps an earlier one in the same region"
                                + (key.isEmpty ? "" : " (\(key))")
                                + "; Apple's iTT allows overlaps only across regions",
                            at: DiagnosticLocation(file: fileName, time: r.start),
                            suggestedFix: "end the earlier caption sooner or move one to another region"))
                }
                latestEnd = latestEnd.map { MediaTime.maximum($0, r.end) } ?? r.end
            }
        }
        return result
    }
}
