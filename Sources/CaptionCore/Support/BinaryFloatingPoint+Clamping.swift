extension BinaryFloatingPoint {
    /// The nearest integer, clamped into `range`; NaN gives the range's lower bound.
    ///
    /// Lengths and rates come from files: `Int(x.rounded())` traps on NaN, infinity or values
    /// beyond `Int`, which a hostile or broken file must never cause.
    public func roundedClamped(to range: ClosedRange<Int>) -> Int {
        guard !isNaN else { return range.lowerBound }
        let r = rounded()
        if r <= Self(range.lowerBound) { return range.lowerBound }
        if r >= Self(range.upperBound) { return range.upperBound }
        return Int(r)
    }
}
