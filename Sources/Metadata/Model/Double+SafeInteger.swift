extension Double {
    /// The nearest integer, clamped to ±2^53 (beyond which Doubles are not whole-number exact);
    /// nil for NaN and infinities. Values read from files go through this, never `Int(_:)`,
    /// which traps on them.
    var safeInteger: Int64? {
        guard isFinite else { return nil }
        let limit = 9_007_199_254_740_992.0
        return Int64(Swift.min(Swift.max(rounded(), -limit), limit))
    }

    /// ``safeInteger`` as an `Int`.
    var safeInt: Int? { safeInteger.map { Int($0) } }

    /// `self × scale` rounded into an Int32 (clamped; 0 for NaN), as GPMF stores scaled values.
    func scaledInt32(_ scale: Int32) -> Int32 { Int32(clamping: (self * Double(scale)).safeInteger ?? 0) }
}
