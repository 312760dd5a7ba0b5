/// An exact rational media time, `value / timescale` seconds, modelled on Core Media's `CMTime`.
///
/// Arithmetic and comparison are exact across timescales: they use 128-bit intermediates and
/// never floating point. A result that cannot be represented with an `Int64` value and an `Int32`
/// timescale is reported (``MediaTimeError/overflow``) by the `checked…` methods and becomes
/// ``invalid`` through the operators; it never wraps. Non-numeric times (invalid, indefinite,
/// ±infinity) follow `CMTime`'s rules.
public struct MediaTime: Sendable, Hashable {
    /// What kind of time this is.
    public enum Kind: Int, Sendable, Hashable, Codable {
        case numeric, invalid, indefinite, positiveInfinity, negativeInfinity
    }

    /// The numerator, in units of `1 / timescale` seconds.
    public let value: Int64
    /// Units per second; always positive for numeric times.
    public let timescale: Int32
    public let kind: Kind

    /// Creates the time `value / timescale` seconds. A non-positive timescale gives ``invalid``.
    public init(value: Int64, timescale: Int32) {
        if timescale > 0 {
            self.value = value
            self.timescale = timescale
            self.kind = .numeric
        } else {
            self = .invalid
        }
    }

    private init(kind: Kind) {
        self.value = 0
        self.timescale = 0
        self.kind = kind
    }

    public static let zero = MediaTime(value: 0, timescale: 1)
    public static let invalid = MediaTime(kind: .invalid)
    public static let indefinite = MediaTime(kind: .indefinite)
    public static let positiveInfinity = MediaTime(kind: .positiveInfinity)
    public static let negativeInfinity = MediaTime(kind: .negativeInfinity)

    public var isNumeric: Bool { kind == .numeric }
    public var isValid: Bool { kind != .invalid }
    public var isIndefinite: Bool { kind == .indefinite }
    public var isInfinite: Bool { kind == .positiveInfinity || kind == .negativeInfinity }

    /// Seconds as a `Double`, for display only: never use it for arithmetic.
    public var seconds: Double {
        switch kind {
        case .numeric: return Double(value) / Double(timescale)
        case .positiveInfinity: return .infinity
        case .negativeInfinity: return -.infinity
        case .invalid, .indefinite: return .nan
        }
    }

    /// The same instant with the smallest timescale that represents it exactly.
    public var reduced: MediaTime {
        guard isNumeric else { return self }
        let g = Self.gcd(value.magnitude, UInt64(timescale))
        guard g > 1 else { return self }
        return MediaTime(value: value / Int64(g), timescale: timescale / Int32(g))
    }
}

// MARK: - Exact arithmetic

/// Why an exact media-time operation could not produce a result.
public enum MediaTimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The exact result does not fit an `Int64` value over an `Int32` timescale.
    case overflow(operation: String)
    /// An operand was invalid or the operation is undefined (e.g. +∞ − +∞).
    case undefined(operation: String)
    /// Rounding was required but ``MediaTime/Rounding/exact`` was asked for.
    case inexact(MediaTime, timescale: Int32)

    public var description: String {
        switch self {
        case .overflow(let op): return "media time overflow in \(op)"
        case .undefined(let op): return "media time operation \(op) is undefined"
        case .inexact(let t, let ts):
            return "\(t) cannot be represented exactly with timescale \(ts)"
        }
    }
}

extension MediaTime {
    /// The exact sum, or an error when it cannot be represented.
    public func checkedAdding(_ other: MediaTime) throws(MediaTimeError) -> MediaTime {
        if let special = Self.specialSum(self, other, op: "add") { return try special.get() }
        let (num, den) = Self.rationalSum(
            Int128(value), Int128(timescale), Int128(other.value), Int128(other.timescale))
        return try Self.make(num, den, op: "add")
    }

    /// The exact difference, or an error when it cannot be represented.
    public func checkedSubtracting(_ other: MediaTime) throws(MediaTimeError) -> MediaTime {
        try checkedAdding(other.negated())
    }

    /// The exact product with a rational `numerator / denominator`.
    public func checkedMultiplying(by numerator: Int64, dividingBy denominator: Int64 = 1)
        throws(MediaTimeError) -> MediaTime
    {
        guard denominator != 0 else { throw .undefined(operation: "multiply") }
        switch kind {
        case .invalid, .indefinite: return self
        case .positiveInfinity, .negativeInfinity:
            if numerator == 0 { throw .undefined(operation: "multiply") }
            let flip = (numerator < 0) != (denominator < 0)
            return flip ? negated() : self
        case .numeric:
            var num = Int128(value) * Int128(numerator)
            var den = Int128(timescale) * Int128(denominator)
            if den < 0 { num = -num; den = -den }
            return try Self.make(num, den, op: "multiply")
        }
    }

    /// The additive inverse. `-Int64.min` is not representable and gives ``invalid``.
    public func negated() -> MediaTime {
        switch kind {
        case .numeric:
            guard value != .min else { return .invalid }
            return MediaTime(value: -value, timescale: timescale)
        case .positiveInfinity: return .negativeInfinity
        case .negativeInfinity: return .positiveInfinity
        case .invalid, .indefinite: return self
        }
    }

    /// The sum; ``invalid`` when it overflows or is undefined (see ``checkedAdding(_:)``).
    public static func + (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        (try? lhs.checkedAdding(rhs)) ?? .invalid
    }

    /// The difference; ``invalid`` when it overflows or is undefined.
    public static func - (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        (try? lhs.checkedSubtracting(rhs)) ?? .invalid
    }

    public static prefix func - (time: MediaTime) -> MediaTime { time.negated() }

    // MARK: Helpers

    private static func specialSum(_ a: MediaTime, _ b: MediaTime, op: String)
        -> Result<MediaTime, MediaTimeError>?
    {
        if a.isNumeric && b.isNumeric { return nil }
        if !a.isValid || !b.isValid { return .failure(.undefined(operation: op)) }
        if a.isIndefinite || b.isIndefinite { return .success(.indefinite) }
        if a.isInfinite && b.isInfinite {
            return a.kind == b.kind ? .success(a) : .failure(.undefined(operation: op))
        }
        return .success(a.isInfinite ? a : b)
    }

    /// a/b + c/d with the least common denominator, in 128 bits (cannot overflow for 64/32-bit
    /// operands).
    private static func rationalSum(_ a: Int128, _ b: Int128, _ c: Int128, _ d: Int128)
        -> (Int128, Int128)
    {
        if b == d { return (a + c, b) }
        let g = Int128(gcd(UInt64(b), UInt64(d)))
        let l = b / g * d
        return (a * (l / b) + c * (l / d), l)
    }

    /// Builds `num/den` (den > 0), reducing the fraction only as far as needed to fit.
    static func make(_ num: Int128, _ den: Int128, op: String) throws(MediaTimeError) -> MediaTime {
        var n = num
        var d = den
        if d > Int128(Int32.max) || n > Int128(Int64.max) || n < Int128(Int64.min) {
            let g = gcd128(n.magnitude, UInt128(d))
            n /= Int128(g)
            d /= Int128(g)
        }
        guard d <= Int128(Int32.max), d > 0, let v = Int64(exactly: n) else {
            throw .overflow(operation: op)
        }
        return MediaTime(value: v, timescale: Int32(d))
    }

    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    static func gcd128(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x == 0 ? 1 : x
    }
}
