/// Numbers and percentages as the writer prints them: at most three decimals, no trailing zeros.
enum WebVTTNumber {
    static func text(_ v: Double) -> String {
        guard v.isFinite, abs(v) < 1e15 else { return "0" }
        let r = (v * 1000).rounded() / 1000
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        var s = String(r)
        if s.contains("e") { s = String(Int64(r)) }
        return s
    }

    /// Clamped to 0–100 (a WebVTT percentage); a value that is not a number gives 0%.
    static func percent(_ v: Double) -> String { text(v.isNaN ? 0 : min(max(v, 0), 100)) + "%" }
}
