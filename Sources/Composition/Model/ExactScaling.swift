import CaptionCore

/// Exact rational scaling of media times for the edits: `time × numerator ÷ denominator`, where
/// numerator and denominator are durations, in 128-bit integers and reduced to fit a MediaTime
/// (never through Double, so a scaled cut stays on the instant it names).
enum ExactScaling {
    static func scale(_ time: MediaTime, by numerator: MediaTime, over denominator: MediaTime, what: String)
        throws(CompositionError) -> MediaTime
    {
        guard time.isNumeric, numerator.isNumeric, denominator.isNumeric, denominator.value != 0 else {
            throw .timeOverflow(what)
        }
        // (t.v / t.s) × (n.v / n.s) ÷ (d.v / d.s) = t.v·n.v·d.s / (t.s·n.s·d.v)
        var num = Int128(time.value) * Int128(numerator.value)
        let (n2, o1) = num.multipliedReportingOverflow(by: Int128(denominator.timescale))
        var den = Int128(time.timescale) * Int128(numerator.timescale)
        let (d2, o2) = den.multipliedReportingOverflow(by: Int128(denominator.value))
        guard !o1, !o2 else { throw .timeOverflow(what) }
        num = n2
        den = d2
        if den < 0 { (num, den) = (-num, -den) }
        let g = gcd(num.magnitude, den.magnitude)
        if g > 1 { (num, den) = (num / Int128(g), den / Int128(g)) }
        guard let v = Int64(exactly: num), let s = Int32(exactly: den), s > 0 else { throw .timeOverflow(what) }
        return MediaTime(value: v, timescale: s)
    }

    static func add(_ a: MediaTime, _ b: MediaTime, what: String) throws(CompositionError) -> MediaTime {
        do { return try a.checkedAdding(b) } catch { throw .timeOverflow(what) }
    }

    static func subtract(_ a: MediaTime, _ b: MediaTime, what: String) throws(CompositionError) -> MediaTime {
        do { return try a.checkedSubtracting(b) } catch { throw .timeOverflow(what) }
    }

    private static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }
}
