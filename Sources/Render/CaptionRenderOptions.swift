import CaptionCore

/// Choices that change how captions look, beyond what the captions themselves say.
public struct CaptionRenderOptions: Sendable, Hashable {
    /// Which presentation rules to follow.
    public enum Look: String, Sendable, Hashable, CaseIterable {
        /// CEA-608 for captions whose region is on the cell grid, iTT for the rest.
        case automatic
        /// The CEA-608 decoder look: a 32×15 grid of character cells in the safe area.
        case cea608
        /// The iTT (TTML) look: regions, proportional faces, alignment, vertical text and ruby.
        case timedText
    }

    public var look: Look
    /// Outline width as a fraction of the font size, drawn in ``outlineColor`` (iTT look).
    /// Zero draws none.
    public var outlineWidth: Double
    public var outlineColor: CaptionColor
    /// Drop shadow offset as a fraction of the font size, down and right (iTT look). Zero draws none.
    public var shadowOffset: Double
    public var shadowColor: CaptionColor
    /// The iTT font size when a caption does not give one, in CEA/TTML cells (a cell is 1/15 of
    /// the picture height; TTML's default is 1c).
    public var defaultFontSizeInCells: Double
    /// Fraction of the centred 4:3 caption area, across and down, that the CEA-608 grid fills:
    /// the title-safe area (0.8 = 80%; Specs/cea608-look.md).
    public var safeAreaFraction: Double
    /// The captions' language as a BCP 47 tag (`ja`, `zh-CN`), when known (a document's
    /// `language`): fonts made for it come first (fontconfig's per-language preference), so
    /// that Han characters take the Japanese or the Chinese form.
    public var language: String?
    /// Length of one CEA-608 flash cycle; flashing text shows during the first half of each cycle.
    public var flashPeriod: MediaTime

    public init(
        look: Look = .automatic, outlineWidth: Double = 0.06, outlineColor: CaptionColor = .black,
        shadowOffset: Double = 0, shadowColor: CaptionColor = CaptionColor.black.withAlpha(160),
        defaultFontSizeInCells: Double = 0.8, safeAreaFraction: Double = 0.8,
        flashPeriod: MediaTime = MediaTime(value: 1, timescale: 1), language: String? = nil
    ) {
        self.look = look
        self.outlineWidth = outlineWidth
        self.outlineColor = outlineColor
        self.shadowOffset = shadowOffset
        self.shadowColor = shadowColor
        self.defaultFontSizeInCells = defaultFontSizeInCells
        self.safeAreaFraction = safeAreaFraction
        self.flashPeriod = flashPeriod
        self.language = language
    }
}
