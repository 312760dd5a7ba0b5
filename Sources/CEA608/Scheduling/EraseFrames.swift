// EDM is a control code and goes out twice (47 CFR 15.119(i), now 47 CFR 79.101).

/// The frames taken by the plans' own EDM pairs, which never move, for fast lookups.
struct EraseFrames {
    /// First frames of the EDM pairs, sorted.
    private let starts: [Int64]

    init(plans: [CaptionTransmissionPlan]) {
        var starts: [Int64] = []
        for plan in plans {
            if case .erase(let frame) = plan.end { starts.append(frame) }
        }
        self.starts = starts.sorted()
    }

    /// Index of the first pair starting at or after `frame`.
    private func lowerBound(_ frame: Int64) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < frame { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first occupied frame in [`from`, `to`), if any (none when `to` ≤ `from`).
    func firstOccupied(from: Int64, to: Int64) -> Int64? {
        guard from < to else { return nil }
        // A pair starting one frame before the range covers its first frame.
        let index = lowerBound(from - 1)
        guard index < starts.count else { return nil }
        let pair = starts[index]
        let first = max(pair, from)
        return first < to && first <= pair + 1 ? first : nil
    }

    /// The first frames of the pairs that touch [`from`, `to`), in order.
    func pairs(from: Int64, to: Int64) -> ArraySlice<Int64> {
        guard from < to else { return [] }
        let low = lowerBound(from - 1)
        let high = lowerBound(to)
        return starts[low..<max(low, high)]
    }

    /// How many frames of [`from`, `to`) are occupied (0 when `to` ≤ `from`).
    func count(from: Int64, to: Int64) -> Int {
        guard from < to else { return 0 }
        var total = 0
        var index = lowerBound(from - 1)
        while index < starts.count, starts[index] < to {
            let low = max(starts[index], from)
            let high = min(starts[index] + 2, to)
            if high > low { total += Int(high - low) }
            index += 1
        }
        return total
    }
}
