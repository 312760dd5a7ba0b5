import CaptionCore

/// Style changes a user asks for when burning captions (the iTT look): a font family, a size,
/// a box behind the text. Applied to the captions before rendering; nil members leave the
/// captions' own style.
public struct CaptionStyleOverrides: Sendable, Hashable {
    public var fontFamily: String?
    /// Font size in cells (1/15 of the picture height, as TTML counts).
    public var fontSizeInCells: Double?
    /// A box painted behind the text.
    public var boxColor: CaptionColor?

    public init(fontFamily: String? = nil, fontSizeInCells: Double? = nil, boxColor: CaptionColor? = nil) {
        self.fontFamily = fontFamily
        self.fontSizeInCells = fontSizeInCells
        self.boxColor = boxColor
    }

    public var isEmpty: Bool { fontFamily == nil && fontSizeInCells == nil && boxColor == nil }

    /// `captions` with the overrides applied to every run.
    public func applied(to captions: [Caption]) -> [Caption] {
        guard !isEmpty else { return captions }
        return captions.map { caption in
            var c = caption
            c.runs = caption.runs.map { run in
                var r = run
                if let fontFamily { r.style.fontFamily = fontFamily }
                if let fontSizeInCells { r.style.fontSize = .cells(fontSizeInCells) }
                if let boxColor { r.style.backgroundColor = boxColor }
                return r
            }
            return c
        }
    }
}
