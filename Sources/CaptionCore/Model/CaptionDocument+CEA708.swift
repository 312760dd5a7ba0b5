extension CaptionDocument {
    /// The ``metadata`` key under which a document read from a CEA-708 caption service records
    /// the screen its windows were placed on, `16:9` or `4:3` (CTA-708-E §8.4.4: anchors 0–209
    /// or 0–159 across). Its presence says the captions came from 708, so that a renderer can
    /// choose the 708 look (Specs/cea708-look.md).
    public static let cea708ScreenKey = "cea708.screen"

    /// Whether the document was read from a CEA-708 service (``cea708ScreenKey`` is set).
    public var isCEA708: Bool { metadata[Self.cea708ScreenKey] != nil }
}
