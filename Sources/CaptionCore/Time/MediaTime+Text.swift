extension MediaTime: CustomStringConvertible, LosslessStringConvertible, Codable {
    /// `"1001/30000"` for numeric times; `"invalid"`, `"indefinite"`, `"+infinity"`,
    /// `"-infinity"` otherwise. This is also the JSON form.
    public var description: String {
        switch kind {
        case .numeric: return "\(value)/\(timescale)"
        case .invalid: return "invalid"
        case .indefinite: return "indefinite"
        case .positiveInfinity: return "+infinity"
        case .negativeInfinity: return "-infinity"
        }
    }

    /// Parses ``description``'s form; a bare integer means whole seconds.
    public init?(_ text: String) {
        switch text {
        case "invalid": self = .invalid; return
        case "indefinite": self = .indefinite; return
        case "+infinity", "infinity": self = .positiveInfinity; return
        case "-infinity": self = .negativeInfinity; return
        default: break
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let v = Int64(parts[0]) else { return nil }
        var ts: Int32 = 1
        if parts.count == 2 {
            guard let t = Int32(parts[1]), t > 0 else { return nil }
            ts = t
        }
        self.init(value: v, timescale: ts)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = MediaTime(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected a rational time like \"1001/30000\", got \"\(text)\"")
        }
        self = time
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Creates the exact time for a decimal seconds string such as `"12.345"`, or nil.
    /// Decimal digits are taken exactly (no binary floating point).
    public init?(decimalSeconds text: Substring) {
        var s = text
        var negative = false
        if s.first == "-" { negative = true; s = s.dropFirst() }
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0]), whole >= 0 else { return nil }
        var value = whole
        var scale: Int32 = 1
        if parts.count == 2 {
            let frac = parts[1]
            guard !frac.isEmpty, frac.count <= 9, frac.allSatisfy(\.isASCII),
                let f = Int64(frac)
            else { return nil }
            scale = Int32(truncatingIfNeeded: Self.pow10(frac.count))
            let (m, o1) = whole.multipliedReportingOverflow(by: Int64(scale))
            let (sum, o2) = m.addingReportingOverflow(f)
            guard !o1, !o2 else { return nil }
            value = sum
        }
        self = MediaTime(value: negative ? -value : value, timescale: scale).reduced
    }

    static func pow10(_ n: Int) -> Int64 {
        var r: Int64 = 1
        for _ in 0..<n { r *= 10 }
        return r
    }
}
