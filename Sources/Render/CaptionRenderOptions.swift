import CaptionCore

/// Choices that change how captions look, beyond what the captions themselves say.
public struct CaptionRenderOptions: Sendable, Hashable {
    /// Which presentation rules to follow.
    public enum Look: String, Sendable, Hashable, CaseIterable {
        /// CEA-608 for captions whose region is on the cell grid, iTT for the rest (a document
        /// read from CEA-708 asks for ``cea708`` through ``CaptionRenderOptions/adopting(_:)``).
        case automatic
        /// The CEA-608 decoder look: a 32×15 grid of character cells in the safe area.
        case cea608
        /// The CEA-708 decoder look: windows placed on the safe-title area, 15 rows of the
        /// standard pen, pen sizes, the eight font styles, pen backgrounds and character edges
        /// (Specs/cea708-look.md).
        case cea708
        /// The iTT (TTML) look: regions, proportional faces, alignment, vertical text and ruby.
        case timedText
    }

    public var look: Look
    /// Outline width as a fraction of the font size, drawn in ``outlineColor`` (iTT look).
    /// Zero draws none. A run whose own uniform edge gives a thickness (TTML `tts:textOutline`)
    /// is outlined as that edge says instead.
    public var outlineWidth: Double
    public var outlineColor: CaptionColor
    /// Drop shadow offset as a fraction of the font size, down and right (iTT look). Zero draws none.
    public var shadowOffset: Double
    public var shadowColor: CaptionColor
    /// The iTT font size when a caption does not give one, in CEA/TTML cells (a cell is 1/15 of
    /// the picture height; TTML's default is 1c).
    public var defaultFontSizeInCells: Double
    /// A width and height: a cell grid's columns and rows, or a pixel grid's size.
    public struct Grid: Sendable, Hashable {
        public var width: Double
        public var height: Double
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
        /// TTML's default cell resolution, 32 × 15 (TTML1 §6.2.1), also the CEA-608 grid.
        public static let cells32x15 = Grid(width: 32, height: 15)
    }

    /// The cell grid the iTT look measures `c` lengths on: 32 × 15, or a TTML document's own
    /// `ttp:cellResolution` (``adopting(_:)``).
    public var cellGrid: Grid
    /// The pixel grid the iTT look measures `px` lengths on: a TTML document's root
    /// `tts:extent` in pixels (``adopting(_:)``); nil for the picture's own pixels (regions) and
    /// 1080 rows (font sizes).
    public var pixelGrid: Grid?
    /// The iTT look's text alignment for a caption that gives none: centred (Apple's look), or
    /// start for a TTML document (TTML1 `tts:textAlign` initial value; ``adopting(_:)``).
    public var defaultTextAlignment: CaptionTextAlignment
    /// The iTT look's font family for a run that names none, or names TTML's generic `default`:
    /// nil for a proportional sans (Apple's look), `monospaceSerif` for a TTML document other
    /// than iTT (``adopting(_:)``): IMSC 1 takes `default` as `monospaceSerif`, the family of its
    /// reference font metrics (Courier New's), as the W3C's reference renderer (imscJS) does.
    public var defaultFontFamily: String?
    /// The iTT look's overflow for a region that gives none (``CaptionRegion/overflow``):
    /// visible, so that text is never cut (SRT, WebVTT, Apple's look), or hidden for a TTML
    /// document other than iTT (TTML1 §8.2.15 `tts:overflow` initial value; ``adopting(_:)``),
    /// whose text is cut to its region's area.
    public var defaultOverflow: CaptionRegion.Overflow = .visible
    /// Fraction of the centred 4:3 caption area, across and down, that the CEA-608 grid fills:
    /// the title-safe area (0.8 = 80%; Specs/cea608-look.md).
    public var safeAreaFraction: Double
    /// The captions' language as a BCP 47 tag (`ja`, `zh-CN`), when known (a document's
    /// `language`): fonts made for it come first (fontconfig's per-language preference), so
    /// that Han characters take the Japanese or the Chinese form.
    public var language: String?
    /// Length of one CEA-608 flash cycle; flashing text shows during the first half of each cycle.
    public var flashPeriod: MediaTime
    /// The viewer's character size, replacing every caption's own (47 CFR 79.102 lets the viewer
    /// choose it): in the iTT look cells of 1/15 of the picture height, in the CEA-708 look rows
    /// of the safe-title area (1 is the standard pen, 0.8 and 1.2 the small and large ones).
    public var fontSizeInCells: Double?
    /// The viewer's character edge, replacing the caption's own (CEA-708 look; 47 CFR 79.102).
    public var edge: CharacterEdge?
    /// The colour of the viewer's ``edge`` (CTA-708-E §8.5.6 edge colour; black, as pen style 1's).
    public var edgeColor: CaptionColor
    /// Regions drawn while they are shown whether or not a caption is in them (TTML1 §8.2.17
    /// `tts:showBackground` always): a document's ``CaptionDocument/regionBackdrops``, taken by
    /// ``adopting(_:)``, as every caller gives the renderer its document's options that way.
    public var regionBackdrops: [CaptionRegionBackdrop] = []

    public init(
        look: Look = .automatic, outlineWidth: Double = 0.06, outlineColor: CaptionColor = .black,
        shadowOffset: Double = 0, shadowColor: CaptionColor = CaptionColor.black.withAlpha(160),
        defaultFontSizeInCells: Double = 0.8, safeAreaFraction: Double = 0.8,
        flashPeriod: MediaTime = MediaTime(value: 1, timescale: 1), language: String? = nil,
        fontSizeInCells: Double? = nil, edge: CharacterEdge? = nil, edgeColor: CaptionColor = .black,
        defaultTextAlignment: CaptionTextAlignment = .center, cellGrid: Grid = .cells32x15, pixelGrid: Grid? = nil
    ) {
        self.defaultTextAlignment = defaultTextAlignment
        self.cellGrid = cellGrid
        self.pixelGrid = pixelGrid
        self.look = look
        self.outlineWidth = outlineWidth
        self.outlineColor = outlineColor
        self.shadowOffset = shadowOffset
        self.shadowColor = shadowColor
        self.defaultFontSizeInCells = defaultFontSizeInCells
        self.safeAreaFraction = safeAreaFraction
        self.flashPeriod = flashPeriod
        self.language = language
        self.fontSizeInCells = fontSizeInCells
        self.edge = edge
        self.edgeColor = edgeColor
    }

    /// These options for drawing `document`: its language when none is set, its regions shown
    /// without captions (``regionBackdrops``), the CEA-708 look for a document read from a
    /// CEA-708 service when the look is ``Look/automatic``, and TTML's initial values for a
    /// document read from a TTML profile other than iTT (TTML1 §8.2: text aligned at the start,
    /// `tts:fontSize` 100 % = 1c, `tts:overflow` hidden, IMSC 1's `default` family a monospaced
    /// serif; the W3C IMSC reference renderings draw them so). Whether to draw Apple's default
    /// outline is the caller's (the CLI leaves it out for such documents unless `--outline` is
    /// given).
    public func adopting(_ document: CaptionDocument) -> CaptionRenderOptions {
        var options = self
        if options.language == nil { options.language = document.language }
        options.regionBackdrops = document.regionBackdrops
        if options.look == .automatic, document.isCEA708 { options.look = .cea708 }
        if document.usesTTMLInitialValues {
            options.defaultFontSizeInCells = 1
            options.defaultTextAlignment = .start
            options.defaultFontFamily = "monospaceSerif"
            options.defaultOverflow = .hidden
        }
        // A TTML document's own grids (TTML1 §6.2.1, §8.2.7): its cells and its pixels.
        if let cells = document.ttmlCellResolution { options.cellGrid = Grid(width: cells.columns, height: cells.rows) }
        if let root = document.ttmlRootExtentInPixels {
            options.pixelGrid = Grid(width: root.width, height: root.height)
        }
        return options
    }
}
