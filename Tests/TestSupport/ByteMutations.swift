/// Deterministic mutations of real inputs for the hostile-bytes tests: each copy has one to four
/// bytes changed (a quarter of them to 0xFF) within a range, and one in eight is also cut short
/// there. The same seed always gives the same copies.
public enum ByteMutations {
    /// A linear congruential generator (Knuth's MMIX constants).
    public struct Generator {
        public var state: UInt64
        public init(seed: UInt64) { state = seed }
        public mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    }

    /// `count` mutated copies of `bytes`, changed within `range` (all of it by default).
    public static func of(_ bytes: [UInt8], in range: Range<Int>? = nil, count: Int, seed: UInt64) -> [[UInt8]] {
        let r = range ?? 0..<bytes.count
        guard !r.isEmpty else { return Array(repeating: bytes, count: count) }
        var g = Generator(seed: seed)
        return (0..<count).map { _ in
            var b = bytes
            for _ in 0..<(1 + g.below(4)) {
                let at = r.lowerBound + g.below(r.count)
                b[at] = g.below(3) == 0 ? 0xFF : UInt8(truncatingIfNeeded: g.next())
            }
            if g.below(8) == 0 { b = Array(b[..<(r.lowerBound + g.below(r.count))]) }
            return b
        }
    }
}
