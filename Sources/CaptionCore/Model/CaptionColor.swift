/// An sRGB colour with alpha, 8 bits per channel. JSON form: `"#RRGGBBAA"`.
public struct CaptionColor: Sendable, Hashable, Codable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// 255 is opaque, 0 transparent.
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    // The eight CEA-608 colours (47 CFR §15.119, the PAC and mid-row colour attributes).
    public static let white = CaptionColor(red: 255, green: 255, blue: 255)
    public static let green = CaptionColor(red: 0, green: 255, blue: 0)
    public static let blue = CaptionColor(red: 0, green: 0, blue: 255)
    public static let cyan = CaptionColor(red: 0, green: 255, blue: 255)
    public static let red = CaptionColor(red: 255, green: 0, blue: 0)
    public static let yellow = CaptionColor(red: 255, green: 255, blue: 0)
    public static let magenta = CaptionColor(red: 255, green: 0, blue: 255)
    public static let black = CaptionColor(red: 0, green: 0, blue: 0)
    public static let clear = CaptionColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: UInt8) -> CaptionColor {
        CaptionColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public var description: String {
        "#" + [red, green, blue, alpha].map(Self.hex).joined()
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    public init?(hex text: String) {
        guard text.first == "#" else { return nil }
        let digits = Array(text.utf8.dropFirst())
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: return c - 48
            case 65...70: return c - 55
            case 97...102: return c - 87
            default: return nil
            }
        }
        let values = digits.compactMap(nibble)
        guard values.count == digits.count else { return nil }
        switch values.count {
        case 3:
            self.init(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
        case 6, 8:
            var bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
            if bytes.count == 3 { bytes.append(255) }
            self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes[3])
        default:
            return nil
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = CaptionColor(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a colour like \"#FFFFFFFF\", got \"\(text)\"")
        }
        self = color
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func hex(_ b: UInt8) -> String { HexText.byte(b, uppercase: true) }
}
