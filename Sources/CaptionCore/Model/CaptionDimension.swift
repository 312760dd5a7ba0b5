/// A length in one of the units caption formats use, like `AVCaptionDimension`.
public struct CaptionDimension: Sendable, Hashable, CustomStringConvertible {
    public enum Unit: String, Sendable, Hashable, Codable {
        /// Character cells (CEA-608's 32×15 grid; TTML's `c`).
        case cells
        /// Percent of the video's width or height.
        case percent
        case pixels
    }

    public var value: Double
    public var unit: Unit

    public init(_ value: Double, _ unit: Unit) {
        self.value = value
        self.unit = unit
    }

    public static func cells(_ v: Double) -> CaptionDimension { .init(v, .cells) }
    public static func percent(_ v: Double) -> CaptionDimension { .init(v, .percent) }
    public static func pixels(_ v: Double) -> CaptionDimension { .init(v, .pixels) }

    public var description: String {
        // Whole numbers without ".0"; Int64 only where the value surely fits.
        let number = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        switch unit {
        case .cells: return number + "c"
        case .percent: return number + "%"
        case .pixels: return number + "px"
        }
    }
}

extension CaptionDimension: Codable {
    /// Parses `"4c"`, `"85%"`, `"12px"` (TTML's length syntax).
    public init?(_ text: String) {
        let units: [(String, Unit)] = [("px", .pixels), ("%", .percent), ("c", .cells)]
        for (suffix, unit) in units where text.hasSuffix(suffix) {
            guard let v = Double(text.dropLast(suffix.count)), v.isFinite else { return nil }
            self.init(v, unit)
            return
        }
        return nil
    }

    /// JSON form: the same text as ``description``, e.g. `"4c"`.
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let d = CaptionDimension(text) else {
            throw DecodingError.dataCorruptedError(
                in: c, debugDescription: "expected a length like \"4c\", \"85%\" or \"12px\", got \"\(text)\"")
        }
        self = d
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

/// A position: ``x`` from the left edge, ``y`` from the top.
public struct CaptionPoint: Sendable, Hashable, Codable {
    public var x: CaptionDimension
    public var y: CaptionDimension

    public init(x: CaptionDimension, y: CaptionDimension) {
        self.x = x
        self.y = y
    }
}

/// A width and a height.
public struct CaptionSize: Sendable, Hashable, Codable {
    public var width: CaptionDimension
    public var height: CaptionDimension

    public init(width: CaptionDimension, height: CaptionDimension) {
        self.width = width
        self.height = height
    }
}
