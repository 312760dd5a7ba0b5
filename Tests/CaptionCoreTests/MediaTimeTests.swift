import CaptionCore
import Testing

/// Exact rational arithmetic, checked against an independent oracle on random operands.
@Suite struct MediaTimeTests {
    /// An oracle fraction in 128 bits, independent of MediaTime's implementation.
    struct Fraction {
        var n: Int128
        var d: Int128  // > 0
        init(_ t: MediaTime) { n = Int128(t.value); d = Int128(t.timescale) }
        init(n: Int128, d: Int128) { self.n = n; self.d = d }
        static func == (a: Fraction, b: Fraction) -> Bool {
            // Reduced fractions with positive denominators are unique; no 128-bit overflow.
            let (x, y) = (a.reduced(), b.reduced())
            return x.n == y.n && x.d == y.d
        }
        func reduced() -> Fraction {
            var (x, y) = (n.magnitude, d.magnitude)
            while y != 0 { (x, y) = (y, x % y) }
            let g = Int128(max(x, 1))
            return Fraction(n: n / g, d: d / g)
        }
        /// Whether some MediaTime (Int64 / Int32) equals this fraction exactly.
        var isRepresentable: Bool {
            let r = reduced()
            return Int64(exactly: r.n) != nil && r.d <= Int128(Int32.max)
        }
    }

    static let awkwardTimescales: [Int32] = [
        1, 2, 3, 24, 25, 30, 48, 600, 1000, 1001, 24000, 30000, 44100, 48000, 60000, 90000, 1_000_000,
        1_000_000_007 % Int32.max, Int32.max, Int32.max - 1, 65537, 7919,
    ]

    func randomTime(_ rng: inout SplitMix64) -> MediaTime {
        let ts: Int32
        if rng.next(below: 2) == 0 {
            ts = Self.awkwardTimescales[Int(rng.next(below: UInt64(Self.awkwardTimescales.count)))]
        } else {
            ts = Int32(truncatingIfNeeded: rng.next(below: UInt64(Int32.max)) + 1)
        }
        let value: Int64
        switch rng.next(below: 4) {
        case 0: value = Int64(bitPattern: rng.next())  // anything, overflow-prone
        case 1: value = Int64.max - Int64(rng.next(below: 1000))
        case 2: value = -Int64(rng.next(below: 1 << 40))
        default: value = Int64(rng.next(below: 1 << 33))
        }
        return MediaTime(value: value, timescale: ts)
    }

    @Test func additionIsExactOrReportsOverflow() {
        var rng = SplitMix64(seed: 42)
        var exact = 0
        var overflowed = 0
        for _ in 0..<200_000 {
            let a = randomTime(&rng)
            let b = randomTime(&rng)
            let truth = Fraction(
                n: Int128(a.value) * Int128(b.timescale) + Int128(b.value) * Int128(a.timescale),
                d: Int128(a.timescale) * Int128(b.timescale))
            do {
                let sum = try a.checkedAdding(b)
                if !(Fraction(sum) == truth) {
                    Issue.record("\(a) + \(b) = \(sum), wrong")
                    return
                }
                exact += 1
            } catch {
                // Overflow is reported only when no Int64/Int32 time equals the exact sum.
                if truth.isRepresentable {
                    Issue.record("\(a) + \(b) threw although \(truth.reduced()) is representable")
                    return
                }
                if (a + b).isValid {
                    Issue.record("operator + did not give invalid on overflow")
                    return
                }
                overflowed += 1
            }
        }
        // The generator must exercise both outcomes for the property to mean something.
        #expect(exact > 10_000)
        #expect(overflowed > 10_000)
    }

    @Test func subtractionIsExactOrReportsOverflow() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<100_000 {
            let a = randomTime(&rng)
            let b = randomTime(&rng)
            let truth = Fraction(
                n: Int128(a.value) * Int128(b.timescale) - Int128(b.value) * Int128(a.timescale),
                d: Int128(a.timescale) * Int128(b.timescale))
            if let diff = try? a.checkedSubtracting(b) {
                if !(Fraction(diff) == truth) { Issue.record("\(a) − \(b) = \(diff)"); return }
            } else if truth.isRepresentable && b.value != .min {
                Issue.record("\(a) − \(b) threw although representable")
                return
            }
        }
    }

    @Test func comparisonIsExactAcrossTimescales() {
        var rng = SplitMix64(seed: 99)
        for _ in 0..<200_000 {
            let a = randomTime(&rng)
            let b = randomTime(&rng)
            let l = Int128(a.value) * Int128(b.timescale)
            let r = Int128(b.value) * Int128(a.timescale)
            if (a < b) != (l < r) || (a == b) != (l == r) {
                Issue.record("compare \(a) \(b)")
                return
            }
            let lo = MediaTime.minimum(a, b)
            let hi = MediaTime.maximum(a, b)
            if lo > hi || !(lo == a || lo == b) { Issue.record("min/max \(a) \(b)"); return }
        }
        // Values that differ only beyond Double's precision still compare correctly.
        let big = MediaTime(value: 1 << 53, timescale: 1)
        let bigger = MediaTime(value: (1 << 53) + 1, timescale: 1)
        #expect(big < bigger)
        #expect(big.seconds == bigger.seconds)  // floating point cannot tell them apart
        #expect(MediaTime(value: 1, timescale: 2) == MediaTime(value: 15, timescale: 30))
        #expect(MediaTime(value: 1001, timescale: 30000) < MediaTime(value: 1, timescale: 29))
    }

    @Test func conversionRoundsAsAsked() throws {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<100_000 {
            let t = MediaTime(
                value: Int64(rng.next(below: 1 << 40)) - (1 << 39),
                timescale: Int32(rng.next(below: 100_000) + 1))
            let target = Int32(rng.next(below: 100_000) + 1)
            let num = Int128(t.value) * Int128(target)
            let den = Int128(t.timescale)
            // Oracle: floor and ceiling of num/den by integer arithmetic.
            var floor = num / den
            if num % den != 0 && num < 0 { floor -= 1 }
            let ceil = num % den == 0 ? floor : floor + 1
            let down = try t.converted(toTimescale: target, rounding: .down)
            let up = try t.converted(toTimescale: target, rounding: .up)
            let zero = try t.converted(toTimescale: target, rounding: .towardZero)
            let near = try t.converted(toTimescale: target, rounding: .nearestOrAwayFromZero)
            if Int128(down.value) != floor || Int128(up.value) != ceil
                || Int128(zero.value) != (num < 0 ? ceil : floor)
            {
                Issue.record("rounding \(t) to /\(target)")
                return
            }
            // Nearest is within half a unit.
            let err = (Int128(near.value) * den - num).magnitude * 2
            if err > den.magnitude { Issue.record("nearest \(t) → \(near)"); return }
            if num % den != 0 {
                #expect(throws: MediaTimeError.self) { try t.converted(toTimescale: target, rounding: .exact) }
            }
        }
        // Ties.
        let half = MediaTime(value: 5, timescale: 10)
        #expect(try half.converted(toTimescale: 1, rounding: .nearestOrAwayFromZero).value == 1)
        #expect(try half.converted(toTimescale: 1, rounding: .nearestOrEven).value == 0)
        #expect(
            try MediaTime(value: -15, timescale: 10).converted(toTimescale: 1, rounding: .nearestOrEven).value == -2)
        #expect(
            try MediaTime(value: -15, timescale: 10).converted(toTimescale: 1, rounding: .nearestOrAwayFromZero).value
                == -2)
        // Overflow on conversion is reported.
        #expect(throws: MediaTimeError.overflow(operation: "convert")) {
            try MediaTime(value: Int64.max, timescale: 1).converted(toTimescale: 1000, rounding: .down)
        }
    }

    @Test func specialValuesFollowCoreMedia() {
        let one = MediaTime(value: 1, timescale: 1)
        #expect((one + .positiveInfinity) == .positiveInfinity)
        #expect((MediaTime.negativeInfinity - one) == .negativeInfinity)
        #expect(!(MediaTime.positiveInfinity + .negativeInfinity).isValid)
        #expect(!(one + .invalid).isValid)
        #expect((one + .indefinite).isIndefinite)
        #expect(MediaTime.invalid < .negativeInfinity)
        #expect(MediaTime.negativeInfinity < one)
        #expect(one < .positiveInfinity)
        #expect(MediaTime.positiveInfinity < .indefinite)
        #expect(!MediaTime(value: 1, timescale: 0).isValid)
        #expect(!MediaTime(value: 1, timescale: -5).isValid)
        #expect(MediaTime(value: Int64.min, timescale: 1).negated() == .invalid)
        #expect(MediaTime.positiveInfinity.seconds == .infinity)
    }

    @Test func textFormRoundTrips() {
        for t in [
            MediaTime(value: 1001, timescale: 30000), .zero, .invalid, .indefinite, .positiveInfinity,
            .negativeInfinity, MediaTime(value: -7, timescale: 3),
        ] {
            #expect(MediaTime(t.description) == t)
            #expect(MediaTime(t.description)?.kind == t.kind)
        }
        #expect(MediaTime("1/0") == nil)
        #expect(MediaTime("x/3") == nil)
        #expect(MediaTime(decimalSeconds: "12.345") == MediaTime(value: 12345, timescale: 1000))
        #expect(MediaTime(decimalSeconds: "-0.5") == MediaTime(value: -1, timescale: 2))
        #expect(MediaTime(decimalSeconds: "1.") == nil)
        #expect(MediaTime(decimalSeconds: "99999999999999999999") == nil)
    }

    @Test func multiplicationAndRanges() throws {
        let frame = MediaTime(value: 1001, timescale: 30000)
        #expect(try frame.checkedMultiplying(by: 30) == MediaTime(value: 30030, timescale: 30000))
        #expect(throws: MediaTimeError.self) { try MediaTime(value: Int64.max, timescale: 1).checkedMultiplying(by: 2) }
        let a = TimeRange(start: MediaTime(value: 1, timescale: 1), end: MediaTime(value: 3, timescale: 1))
        let b = TimeRange(start: MediaTime(value: 2, timescale: 1), end: MediaTime(value: 5, timescale: 1))
        #expect(
            a.union(b) == TimeRange(start: MediaTime(value: 1, timescale: 1), end: MediaTime(value: 5, timescale: 1)))
        #expect(
            a.intersection(b)
                == TimeRange(start: MediaTime(value: 2, timescale: 1), end: MediaTime(value: 3, timescale: 1)))
        #expect(a.overlaps(b))
        #expect(a.contains(MediaTime(value: 1, timescale: 1)))
        #expect(!a.contains(MediaTime(value: 3, timescale: 1)))  // half-open
        let c = TimeRange(start: MediaTime(value: 4, timescale: 1), end: MediaTime(value: 5, timescale: 1))
        #expect(a.intersection(c).isEmpty)
        #expect(!a.overlaps(c))
    }

    @Test func timeMappingScalesExactly() throws {
        // A 10 s segment played at half speed over 20 s, starting at 100 s.
        let m = TimeMapping(
            source: TimeRange(start: .zero, duration: MediaTime(value: 10, timescale: 1)),
            target: TimeRange(
                start: MediaTime(value: 100 * 30000, timescale: 30000),
                duration: MediaTime(value: 20, timescale: 1)))
        #expect(try m.map(MediaTime(value: 5, timescale: 1)) == MediaTime(value: 110, timescale: 1))
        #expect(
            try m.map(MediaTime(value: 1001, timescale: 30000))
                == MediaTime(value: 100 * 30000 + 2002, timescale: 30000))
        // 1/3 s of a 30000-timescale target rounds as asked.
        let third = TimeMapping(
            source: TimeRange(start: .zero, duration: MediaTime(value: 3, timescale: 1)),
            target: TimeRange(start: MediaTime(value: 0, timescale: 1000), duration: MediaTime(value: 1, timescale: 1)))
        #expect(
            try third.map(MediaTime(value: 1, timescale: 1), rounding: .down) == MediaTime(value: 333, timescale: 1000))
        #expect(
            try third.map(MediaTime(value: 1, timescale: 1), rounding: .up) == MediaTime(value: 334, timescale: 1000))
        let huge = TimeMapping(
            source: TimeRange(start: .zero, duration: MediaTime(value: 1, timescale: Int32.max)),
            target: TimeRange(
                start: MediaTime(value: 0, timescale: Int32.max), duration: MediaTime(value: Int64.max, timescale: 1)))
        #expect(throws: MediaTimeError.self) { try huge.map(MediaTime(value: Int64.max, timescale: 1)) }
    }
}
