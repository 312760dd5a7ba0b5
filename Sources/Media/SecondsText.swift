/// Seconds as text with three decimals ("12.345"), without Foundation.
enum SecondsText {
    static func format(_ seconds: Double, decimals: Int = 3) -> String {
        guard seconds.isFinite else { return "\(seconds)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let total = Int((abs(seconds) * scale).rounded())
        let whole = total / Int(scale)
        var fraction = String(total % Int(scale))
        while fraction.count < decimals { fraction = "0" + fraction }
        return (seconds < 0 && total > 0 ? "-" : "") + "\(whole)" + (decimals > 0 ? ".\(fraction)" : "")
    }
}
