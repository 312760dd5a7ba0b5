/// A stretch of caption text with one style. Line breaks are `"\n"` inside ``text``.
public struct CaptionRun: Sendable, Hashable {
    public var text: String
    public var style: CaptionTextStyle

    public init(_ text: String, style: CaptionTextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

extension CaptionRun: Codable {
    enum CodingKeys: String, CodingKey { case text }

    /// JSON form: the style's attributes flattened beside `"text"`.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try c.decode(String.self, forKey: .text), style: try CaptionTextStyle(from: decoder))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try style.encode(to: encoder)
    }
}
