extension MediaTime: Comparable {
    /// Total order like `CMTimeCompare`: invalid < −∞ < numeric < +∞ < indefinite.
    /// Numeric times compare exactly across timescales (`1/2 == 15/30`).
    public static func < (lhs: MediaTime, rhs: MediaTime) -> Bool {
        compare(lhs, rhs) < 0
    }

    public static func == (lhs: MediaTime, rhs: MediaTime) -> Bool {
        compare(lhs, rhs) == 0
    }

    public func hash(into hasher: inout Hasher) {
        let r = reduced
        hasher.combine(kind)
        hasher.combine(r.value)
        hasher.combine(r.timescale)
    }

    /// −1, 0 or 1.
    public static func compare(_ a: MediaTime, _ b: MediaTime) -> Int {
        func rank(_ k: Kind) -> Int {
            switch k {
            case .invalid: return 0
            case .negativeInfinity: return 1
            case .numeric: return 2
            case .positiveInfinity: return 3
            case .indefinite: return 4
            }
        }
        if a.kind != b.kind || !a.isNumeric {
            let (ra, rb) = (rank(a.kind), rank(b.kind))
            return ra < rb ? -1 : (ra > rb ? 1 : 0)
        }
        let l = Int128(a.value) * Int128(b.timescale)
        let r = Int128(b.value) * Int128(a.timescale)
        return l < r ? -1 : (l > r ? 1 : 0)
    }

    /// The earlier of two times, exactly.
    public static func minimum(_ a: MediaTime, _ b: MediaTime) -> MediaTime { b < a ? b : a }
    /// The later of two times, exactly.
    public static func maximum(_ a: MediaTime, _ b: MediaTime) -> MediaTime { b > a ? b : a }
}
