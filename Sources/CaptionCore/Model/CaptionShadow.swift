/// One shadow of a run's characters (TTML2 §10.2.43 `tts:textShadow`): the glyphs drawn again in
/// `color`, moved by `offsetX` (rightwards) and `offsetY` (downwards), blurred over `blur`, behind
/// the text. Lengths in cells or pixels as elsewhere; a percentage is of the run's font size (the
/// TTML reader takes `em` as 100 %). JSON form:
/// `{"x": "5%", "y": "5%", "blur": "2%", "color": "#000000FF"}`.
public struct CaptionShadow: Sendable, Hashable {
    public var offsetX: CaptionDimension
    public var offsetY: CaptionDimension
    /// The blur radius; nil for a sharp shadow (TTML2's default, w3c/ttml2#721: zero).
    public var blur: CaptionDimension?
    /// nil: the text's own colour (TTML2 §10.2.43: the computed `tts:color`).
    public var color: CaptionColor?

    /// The most shadows one run may have (Specs/limits.md): each is drawn as a copy of the text,
    /// so a document of thousands would take the renderer that many times as long. Readers refuse
    /// more than this.
    public static let maximumCount = 16

    public init(
        offsetX: CaptionDimension, offsetY: CaptionDimension, blur: CaptionDimension? = nil, color: CaptionColor? = nil
    ) {
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blur = blur
        self.color = color
    }
}

extension CaptionShadow: Codable {
    enum CodingKeys: String, CodingKey { case offsetX = "x", offsetY = "y", blur, color }
}
