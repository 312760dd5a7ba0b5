/// Turns captions into the ordered, non-overlapping scenes "what is on screen from t1 to t2",
/// like `AVCaptionGrouper`. Flat writers (SCC), renderers and validators consume these scenes
/// instead of re-deriving timing.
public struct CaptionGrouper: Sendable {
    /// Whether to emit empty groups for the gaps between scenes.
    public var includesGaps: Bool
    /// Whether a caption that never ends (end +infinity: a TTML `p` with no end and no ancestor's,
    /// shown to the end of the media, TTML1 §10.4) is on screen from its start. Renderers draw it;
    /// writers that need an end leave it out (the default).
    public var includesOpenEnded: Bool

    public init(includesGaps: Bool = false, includesOpenEnded: Bool = false) {
        self.includesGaps = includesGaps
        self.includesOpenEnded = includesOpenEnded
    }

    /// The scenes of `captions`: sorted, never overlapping, and covering every instant at which
    /// some caption is on screen. Adjacent instants with the same set of captions form one group.
    /// Captions with an empty or invalid time range are never on screen, nor are those that never
    /// end unless ``includesOpenEnded``.
    public func groups(for captions: [Caption]) -> [CaptionGroup] {
        let visible = captions.indices.filter {
            let r = captions[$0].timeRange
            let ends = r.end.isNumeric || (includesOpenEnded && r.end == .positiveInfinity)
            return r.start.isNumeric && ends && r.duration > .zero
        }
        // Sweep over boundaries: +1 at each start, −1 at each end.
        var events: [(time: MediaTime, isStart: Bool, index: Int)] = []
        events.reserveCapacity(visible.count * 2)
        for i in visible {
            events.append((captions[i].timeRange.start, true, i))
            events.append((captions[i].timeRange.end, false, i))
        }
        events.sort { $0.time < $1.time }
        var active = Set<Int>()
        var result: [CaptionGroup] = []
        var k = 0
        var lastTime: MediaTime?
        while k < events.count {
            let t = events[k].time
            if let from = lastTime, from < t {
                let range = TimeRange(start: from, end: t)
                let members = active.sorted()
                if members.isEmpty {
                    if includesGaps { result.append(CaptionGroup(timeRange: range, captions: [])) }
                } else if let last = result.last, last.timeRange.end == from,
                    !last.captions.isEmpty,
                    last.captions == members.map({ captions[$0] })
                {
                    result[result.count - 1].timeRange = TimeRange(start: last.timeRange.start, end: t)
                } else {
                    result.append(CaptionGroup(timeRange: range, captions: members.map { captions[$0] }))
                }
            }
            while k < events.count && events[k].time == t {
                if events[k].isStart { active.insert(events[k].index) } else { active.remove(events[k].index) }
                k += 1
            }
            lastTime = t
        }
        return result
    }
}
