import CaptionCore

extension MediaTimeline {
    /// The part of the timeline an ``ExportSession/timeRange`` writes, as a timeline of its own
    /// starting at 0, and where it starts on this one (what the compositors are told, as
    /// `AVAssetExportSession.timeRange` leaves a composition's times as they are). The range is
    /// first put on the frame grid (``frames(in:)``). Each segment is cut to it, its source
    /// range cut in proportion (a scaled segment keeps its speed).
    public func trimmed(to range: TimeRange) throws(MediaFileError) -> (timeline: MediaTimeline, start: MediaTime) {
        let written = try frames(in: range)
        let (start, end) = (written.start, written.end)
        var out = self
        do {
            for t in out.tracks.indices {
                var kept: [MediaSegment] = []
                for segment in out.tracks[t].segments {
                    let from = max(segment.targetRange.start, start), to = min(segment.targetRange.end, end)
                    guard from < to else { continue }
                    var cut = MediaSegment(
                        source: segment.source,
                        targetRange: TimeRange(
                            start: try from.checkedSubtracting(start), end: try to.checkedSubtracting(start)))
                    if var source = segment.source, let a = try segment.sourceTime(at: from),
                        let b = try segment.sourceTime(at: to)
                    {
                        source.timeRange = TimeRange(start: a, end: b)
                        cut.source = source
                    }
                    kept.append(cut)
                }
                out.tracks[t].segments = kept
            }
        } catch {
            throw MediaFileError.invalidSetting("cutting the timeline to \(start.seconds)–\(end.seconds) s: \(error)")
        }
        // Every track ends with the range, so the cut timeline lasts the range's length.
        let length = end - start
        if out.duration < length, let t = out.tracks.indices.first {
            out.tracks[t].segments.append(.empty(TimeRange(start: out.duration, end: length)))
        }
        return (out, start)
    }

    /// The range on the frame grid (`n × frameDuration`), as an asset's range is taken: from
    /// the first output frame at or after `range.start` to the first at or after `range.end`
    /// (or the timeline's end); an error when it holds no frame.
    public func frames(in range: TimeRange) throws(MediaFileError) -> TimeRange {
        let whole = duration
        func frame(at time: MediaTime, what: String) throws(MediaFileError) -> MediaTime {
            guard time.isNumeric else { return whole }
            do {
                let n = try time.checkedMultiplying(by: Int64(frameDuration.timescale), dividingBy: frameDuration.value)
                    .converted(toTimescale: 1, rounding: .up).value
                return try frameDuration.checkedMultiplying(by: max(0, n))
            } catch {
                throw MediaFileError.invalidSetting(
                    "the range's \(what) \(time.seconds) s is not a time on the timeline")
            }
        }
        let start = try frame(at: range.start, what: "start")
        let end = min(try frame(at: range.end, what: "end"), whole)
        guard start < end else {
            throw MediaFileError.invalidSetting(
                "the range \(range.start.seconds)–\(range.end.seconds) s holds no frame of the timeline "
                    + "(0–\(whole.seconds) s)")
        }
        return TimeRange(start: start, end: end)
    }
}
