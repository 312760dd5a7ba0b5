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

    /// `#RRGGBBAA`, upper case (the JSON form); built without intermediate strings, as the
    /// JSON writer asks for it for every styled run.
    public var description: String {
        String(unsafeUninitializedCapacity: 9) { buffer in
            buffer[0] = UInt8(ascii: "#")
            func put(_ component: UInt8, at index: Int) {
                buffer[index] = HexText.digit(component >> 4, uppercase: true)
                buffer[index + 1] = HexText.digit(component, uppercase: true)
            }
            put(red, at: 1)
            put(green, at: 3)
            put(blue, at: 5)
            put(alpha, at: 7)
            return 9
        }
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    public init?(hex text: String) {
        guard text.first == "#" else { return nil }
        let digits = Array(text.utf8.dropFirst())
        let values = digits.compactMap(HexText.value(ofDigit:))
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
}
