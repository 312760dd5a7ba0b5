// EDM is a control code and goes out twice (47 CFR 15.119(i), now 47 CFR 79.101), or once where
// the data is tight (RedundancyReducer).

/// The frames taken by the plans' own EDM words, which never move, for fast lookups.
struct EraseFrames {
    /// The words of one plan's end: its end word at `word` and, when doubled, `word + 1`, after
    /// its lead word (``CaptionTransmissionPlan/endLeadWord``) in the two frames before, if any.
    struct Span {
        var start: Int64
        var end: Int64
        var word: Int64
    }

    /// Sorted by start.
    private var spans: [Span]

    /// The most frames one plan's end words take: a lead word and the end word, each twice.
    static let longestSpan: Int64 = 4

    init(plans: [CaptionTransmissionPlan]) {
        var spans: [Span] = []
        for plan in plans {
            if case .erase(let frame) = plan.end {
                spans.append(
                    Span(start: frame - Int64(plan.endLeadFrames), end: frame + Int64(plan.eraseCount), word: frame))
            }
        }
        spans.sort { $0.start < $1.start }
        self.spans = spans
    }

    /// Index of the first span starting at or after `frame`.
    private func lowerBound(_ frame: Int64) -> Int {
        var low = 0
        var high = spans.count
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].start < frame { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The EDM starting on `frame` now goes once (its plan's ``CaptionTransmissionPlan/eraseCount``
    /// became 1): its second frame is free.
    mutating func sendOnce(at frame: Int64) {
        // A span with a lead word starts two frames before its end word.
        var index = lowerBound(frame - 2)
        while index < spans.count, spans[index].start <= frame {
            if spans[index].word == frame && spans[index].end == frame + 2 {
                spans[index].end = frame + 1
                return
            }
            index += 1
        }
    }

    /// The first occupied frame in [`from`, `to`), if any (none when `to` ≤ `from`).
    func firstOccupied(from: Int64, to: Int64) -> Int64? {
        guard from < to else { return nil }
        // A span starting up to three frames before the range may cover its first frame.
        var index = lowerBound(from - Self.longestSpan + 1)
        while index < spans.count, spans[index].start < to {
            if spans[index].end > from { return max(spans[index].start, from) }
            index += 1
        }
        return nil
    }

    /// The spans that touch [`from`, `to`), in order.
    func spans(from: Int64, to: Int64) -> ArraySlice<Span> {
        guard from < to else { return [] }
        var low = lowerBound(from - Self.longestSpan + 1)
        while low < spans.count, spans[low].start < from, spans[low].end <= from { low += 1 }
        let high = lowerBound(to)
        return spans[min(low, high)..<high]
    }

    /// How many frames of [`from`, `to`) are occupied (0 when `to` ≤ `from`).
    func count(from: Int64, to: Int64) -> Int {
        guard from < to else { return 0 }
        var total = 0
        var index = lowerBound(from - Self.longestSpan + 1)
        while index < spans.count, spans[index].start < to {
            let low = max(spans[index].start, from)
            let high = min(spans[index].end, to)
            if high > low { total += Int(high - low) }
            index += 1
        }
        return total
    }
}
