import CaptionCore

// The edits of `AVMutableCompositionTrack`, with AVFoundation's documented semantics: an
// insertion pushes everything at or after its time later by its duration (an insertion past the
// end first fills the gap with an empty segment); a removal pulls what follows earlier; a
// scaling stretches the media in a range to a new duration and moves what follows by the
// difference. A segment cut by an edit is split, its source range cut at the exactly mapped
// instant (scaled segments included).
extension CompositionTrack {
    /// Inserts `timeRange` of `source` at `startTime` (`insertTimeRange(_:of:at:)`).
    public mutating func insertTimeRange(_ timeRange: TimeRange, of source: SourceTrack, at startTime: MediaTime)
        throws(CompositionError)
    {
        try Self.check(timeRange, allowNegativeStart: true)
        try Self.check(TimeRange(start: startTime, duration: .zero), allowNegativeStart: false)
        guard source.mediaType == mediaType else {
            throw .mediaTypeMismatch(trackID: trackID, expected: mediaType.rawValue, found: source.mediaType.rawValue)
        }
        guard source.timeRange.contains(timeRange) else {
            throw .outsideSource(
                path: source.path, trackID: source.trackID, range: timeRange, available: source.timeRange)
        }
        guard timeRange.duration > .zero else { return }
        let target = TimeRange(start: startTime, duration: timeRange.duration)
        let segment = CompositionTrackSegment(
            source: .init(path: source.path, trackID: source.trackID),
            timeMapping: TimeMapping(source: timeRange, target: target))
        try insert(segment)
    }

    /// Inserts nothing for `timeRange.duration` at `timeRange.start` (`insertEmptyTimeRange(_:)`).
    public mutating func insertEmptyTimeRange(_ timeRange: TimeRange) throws(CompositionError) {
        try Self.check(timeRange, allowNegativeStart: false)
        guard timeRange.duration > .zero else { return }
        try insert(.empty(timeRange))
    }

    /// Removes `timeRange` from the track; what follows moves earlier by its duration
    /// (`removeTimeRange(_:)`). The part past the track's end is ignored.
    public mutating func removeTimeRange(_ timeRange: TimeRange) throws(CompositionError) {
        try Self.check(timeRange, allowNegativeStart: false)
        let end = MediaTime.minimum(timeRange.end, duration)
        guard timeRange.start < end else { return }
        var work = self
        try work.split(at: timeRange.start)
        try work.split(at: end)
        let removed = try ExactScaling.subtract(end, timeRange.start, what: "a removal")
        var out: [CompositionTrackSegment] = []
        for s in work.segments {
            if s.targetRange.end <= timeRange.start {
                out.append(s)
            } else if s.targetRange.start >= end {
                out.append(try Self.shifted(s, by: -removed))
            }
        }
        work.segments = out
        self = work
    }

    /// Changes the duration of the media in `timeRange` to `duration`: each segment in it plays
    /// faster or slower by `timeRange.duration / duration`, and what follows moves by the
    /// difference (`scaleTimeRange(_:toDuration:)`).
    public mutating func scaleTimeRange(_ timeRange: TimeRange, toDuration newDuration: MediaTime)
        throws(CompositionError)
    {
        try Self.check(timeRange, allowNegativeStart: false)
        guard newDuration.isNumeric, newDuration > .zero else {
            throw .invalidTimeRange(timeRange, "cannot be scaled to \(newDuration)")
        }
        let end = MediaTime.minimum(timeRange.end, duration)
        guard timeRange.start < end else { return }
        let range = TimeRange(start: timeRange.start, end: end)
        // Only the part of the range that has media is scaled; the rest keeps its proportion.
        var target = newDuration
        if end != timeRange.end {
            target = try ExactScaling.scale(
                range.duration, by: newDuration, over: timeRange.duration, what: "a scaling")
        }
        var work = self
        try work.split(at: range.start)
        try work.split(at: range.end)
        let delta = try ExactScaling.subtract(target, range.duration, what: "a scaling")
        var out: [CompositionTrackSegment] = []
        for var s in work.segments {
            if s.targetRange.end <= range.start {
                out.append(s)
            } else if s.targetRange.start >= range.end {
                out.append(try Self.shifted(s, by: delta))
            } else {
                let offset = try ExactScaling.subtract(s.targetRange.start, range.start, what: "a scaling")
                let start = try ExactScaling.add(
                    range.start, try ExactScaling.scale(offset, by: target, over: range.duration, what: "a scaling"),
                    what: "a scaling")
                let length = try ExactScaling.scale(
                    s.targetRange.duration, by: target, over: range.duration, what: "a scaling")
                let newTarget = TimeRange(start: start, duration: length)
                s.timeMapping = TimeMapping(source: s.isEmpty ? newTarget : s.timeMapping.source, target: newTarget)
                out.append(s)
            }
        }
        work.segments = out
        self = work
    }

    // MARK: - Helpers

    private mutating func insert(_ segment: CompositionTrackSegment) throws(CompositionError) {
        let at = segment.targetRange.start
        var work = self
        if at > work.duration {
            work.segments.append(.empty(TimeRange(start: work.duration, end: at)))
        } else {
            try work.split(at: at)
        }
        var out: [CompositionTrackSegment] = []
        for s in work.segments {
            if s.targetRange.start >= at {
                out.append(try Self.shifted(s, by: segment.targetRange.duration))
            } else {
                out.append(s)
            }
        }
        let index = out.firstIndex { $0.targetRange.start >= at } ?? out.count
        out.insert(segment, at: index)
        work.segments = out
        self = work
    }

    /// Cuts the segment that `time` falls strictly inside into two at `time`.
    mutating func split(at time: MediaTime) throws(CompositionError) {
        guard let i = segments.firstIndex(where: { $0.targetRange.start < time && time < $0.targetRange.end }) else {
            return
        }
        let s = segments[i]
        let t = s.timeMapping.target
        let src = s.timeMapping.source
        let head = try ExactScaling.subtract(time, t.start, what: "a split")
        let sourceHead = try ExactScaling.scale(head, by: src.duration, over: t.duration, what: "a split")
        let sourceCut = try ExactScaling.add(src.start, sourceHead, what: "a split")
        let first = CompositionTrackSegment(
            source: s.source,
            timeMapping: TimeMapping(
                source: TimeRange(start: src.start, end: sourceCut), target: TimeRange(start: t.start, end: time)))
        let second = CompositionTrackSegment(
            source: s.source,
            timeMapping: TimeMapping(
                source: TimeRange(start: sourceCut, end: src.end), target: TimeRange(start: time, end: t.end)))
        segments.replaceSubrange(i...i, with: [first, second])
    }

    private static func shifted(_ s: CompositionTrackSegment, by delta: MediaTime) throws(CompositionError)
        -> CompositionTrackSegment
    {
        var out = s
        let start = try ExactScaling.add(s.targetRange.start, delta, what: "a shift")
        let target = TimeRange(start: start, duration: s.targetRange.duration)
        out.timeMapping = TimeMapping(source: s.isEmpty ? target : s.timeMapping.source, target: target)
        return out
    }

    private static func check(_ r: TimeRange, allowNegativeStart: Bool) throws(CompositionError) {
        guard r.start.isNumeric, r.duration.isNumeric else { throw .invalidTimeRange(r, "is not numeric") }
        guard r.duration >= .zero else { throw .invalidTimeRange(r, "has a negative duration") }
        guard allowNegativeStart || r.start >= .zero else { throw .invalidTimeRange(r, "starts before zero") }
        guard r.end.isNumeric else { throw .timeOverflow("the end of \(CompositionError.text(r))") }
    }
}
