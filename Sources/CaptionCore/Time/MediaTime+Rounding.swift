extension MediaTime {
    /// How a conversion to another timescale rounds when the time falls between two units.
    public enum Rounding: String, Sendable, Hashable, Codable, CaseIterable {
        /// Fail with ``MediaTimeError/inexact(_:timescale:)`` rather than round.
        case exact
        case towardZero
        case awayFromZero
        /// Toward −∞ (floor).
        case down
        /// Toward +∞ (ceiling).
        case up
        /// Nearest; halves away from zero (Core Media's default).
        case nearestOrAwayFromZero
        /// Nearest; halves to even (banker's rounding).
        case nearestOrEven
    }

    /// This time expressed in `timescale` units, rounded by `rounding`.
    public func converted(toTimescale timescale: Int32, rounding: Rounding)
        throws(MediaTimeError) -> MediaTime
    {
        guard timescale > 0 else { throw .undefined(operation: "convert") }
        guard isNumeric else { return self }
        if timescale == self.timescale { return self }
        let num = Int128(value) * Int128(timescale)
        let den = Int128(self.timescale)
        let q = try Self.divide(num, den, rounding: rounding, original: self, timescale: timescale)
        guard let v = Int64(exactly: q) else { throw .overflow(operation: "convert") }
        return MediaTime(value: v, timescale: timescale)
    }

    /// `num / den` (den > 0) as an integer, rounded.
    static func divide(
        _ num: Int128, _ den: Int128, rounding: Rounding, original: MediaTime, timescale: Int32
    ) throws(MediaTimeError) -> Int128 {
        let q = num / den  // truncates toward zero
        let r = num % den
        if r == 0 { return q }
        let negative = num < 0
        let awayStep: Int128 = negative ? -1 : 1
        switch rounding {
        case .exact: throw .inexact(original, timescale: timescale)
        case .towardZero: return q
        case .awayFromZero: return q + awayStep
        case .down: return negative ? q - 1 : q
        case .up: return negative ? q : q + 1
        case .nearestOrAwayFromZero, .nearestOrEven:
            let twice = r.magnitude * 2
            let d = den.magnitude
            if twice > d { return q + awayStep }
            if twice < d { return q }
            if rounding == .nearestOrAwayFromZero { return q + awayStep }
            return q % 2 == 0 ? q : q + awayStep
        }
    }
}
