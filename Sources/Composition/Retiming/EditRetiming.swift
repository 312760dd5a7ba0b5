import CaptionCore
import Metadata

/// Moves timed things (captions, metadata groups) from a source's timeline onto a composition's,
/// through the time mappings of the segments that use that source: each item is cut to every
/// segment's source range it overlaps and mapped through it, scaled with a scaled segment (so a
/// caption of a 2× slow-motion segment stays up twice as long), repeated when a source range is
/// used twice, dropped where it was trimmed away. Exact rational arithmetic throughout.
public enum EditRetiming {
    /// The pieces of `range` (on the source's timeline) on the composition's timeline, in the
    /// order of `mappings`.
    public static func map(_ range: TimeRange, through mappings: [TimeMapping]) throws(CompositionError) -> [TimeRange]
    {
        var out: [TimeRange] = []
        for m in mappings {
            let cut = range.intersection(m.source)
            guard cut.isValid, cut.duration > .zero, m.source.duration > .zero else { continue }
            let start = try map(cut.start, through: m)
            let end = try map(cut.end, through: m)
            guard end > start else { continue }
            out.append(TimeRange(start: start, end: end))
        }
        return out
    }

    /// `target.start + (time − source.start) × target.duration ÷ source.duration`, exactly.
    public static func map(_ time: MediaTime, through m: TimeMapping) throws(CompositionError) -> MediaTime {
        let offset = try ExactScaling.subtract(time, m.source.start, what: "a retimed item")
        var scaled = offset
        if m.source.duration != m.target.duration {
            scaled = try ExactScaling.scale(
                offset, by: m.target.duration, over: m.source.duration, what: "a retimed item")
        }
        return try ExactScaling.add(m.target.start, scaled, what: "a retimed item")
    }

    /// `captions` of one source, retimed; sorted by start.
    public static func retime(_ captions: [Caption], through mappings: [TimeMapping]) throws(CompositionError)
        -> [Caption]
    {
        var out: [Caption] = []
        for c in captions {
            for r in try map(c.timeRange, through: mappings) {
                var copy = c
                copy.timeRange = r
                out.append(copy)
            }
        }
        return out.enumerated().sorted {
            ($0.element.timeRange.start, $0.offset) < ($1.element.timeRange.start, $1.offset)
        }
        .map(\.element)
    }

    /// Timed-metadata groups of one source (GPS samples…), retimed; sorted by start.
    public static func retime(_ groups: [TimedMetadataGroup], through mappings: [TimeMapping])
        throws(CompositionError) -> [TimedMetadataGroup]
    {
        var out: [TimedMetadataGroup] = []
        for g in groups {
            for r in try map(g.timeRange, through: mappings) {
                out.append(TimedMetadataGroup(timeRange: r, items: g.items))
            }
        }
        return out.sorted { $0.timeRange.start < $1.timeRange.start }
    }
}

extension MutableComposition {
    /// The mappings of every segment, on tracks of `mediaType`, that plays `trackID` of the file
    /// at `path` (in timeline order): what ``EditRetiming`` moves that source's captions and
    /// metadata through.
    public func timeMappings(ofSource path: String, trackID: Int? = nil, mediaType: CompositionTrack.MediaType = .video)
        -> [TimeMapping]
    {
        tracks(withMediaType: mediaType).flatMap(\.segments)
            .filter { s in s.source.map { $0.path == path && (trackID == nil || $0.trackID == trackID) } ?? false }
            .map(\.timeMapping)
            .sorted { $0.target.start < $1.target.start }
    }
}
