/// Where captions appear and how their block of lines is laid out, like `AVCaptionRegion`.
///
/// CEA-608 places text on a grid of 32 columns × 15 rows: such regions use ``CaptionDimension/Unit/cells``
/// with a zero-based origin (column 0–31, row 0–14, i.e. 608 row N has y = N − 1).
public struct CaptionRegion: Sendable, Hashable {
    /// Which edge of the region the block of lines sits against, across the lines.
    public enum DisplayAlignment: String, Sendable, Hashable, Codable {
        case before, center, after
    }

    /// The direction of text and lines.
    public enum WritingMode: String, Sendable, Hashable, Codable {
        /// Lines of horizontal text stacked downwards (`lrtb`).
        case leftToRightAndTopToBottom
        /// Vertical lines placed right to left (`tbrl`), as in Japanese.
        case topToBottomAndRightToLeft
    }

    /// Whether text that does not fit the region is drawn outside it (TTML1 §8.2.15
    /// `tts:overflow`).
    public enum Overflow: String, Sendable, Hashable, Codable {
        case visible
        /// Clipped to the region's area.
        case hidden
    }

    /// How new lines enter the region.
    public enum Scroll: Sendable, Hashable {
        case none
        /// CEA-608 roll-up with a window of 2–4 rows, the bottom row being the region's last.
        case rollUp(rows: Int)
    }

    /// A name the format uses for this region (iTT `xml:id`, e.g. "bottom").
    public var identifier: String?
    public var origin: CaptionPoint?
    public var size: CaptionSize?
    public var displayAlignment: DisplayAlignment?
    public var writingMode: WritingMode
    public var scroll: Scroll
    /// The colour the region's area is filled with behind its text (a CEA-708 window fill;
    /// TTML's `tts:backgroundColor` on a region); nil for none.
    public var background: CaptionColor?
    /// A frame round the region's area (a CEA-708 window border, §8.4.8); nil for none.
    public var border: CaptionEdge?
    /// Space between the region's edges and its text (TTML `tts:padding`); nil for none.
    public var padding: CaptionPadding?
    /// The region's opacity, 0 (invisible) to 1, applied to everything drawn in it, fill included
    /// (TTML1 §8.2.13 `tts:opacity`); nil for opaque.
    public var opacity: Double?
    /// What is done with text that does not fit; nil for the format's default (TTML's initial
    /// value is hidden; the others' text is never clipped).
    public var overflow: Overflow?

    public init(
        identifier: String? = nil, origin: CaptionPoint? = nil, size: CaptionSize? = nil,
        displayAlignment: DisplayAlignment? = nil,
        writingMode: WritingMode = .leftToRightAndTopToBottom, scroll: Scroll = .none,
        background: CaptionColor? = nil, border: CaptionEdge? = nil, padding: CaptionPadding? = nil,
        opacity: Double? = nil, overflow: Overflow? = nil
    ) {
        self.identifier = identifier
        self.origin = origin
        self.size = size
        self.displayAlignment = displayAlignment
        self.writingMode = writingMode
        self.scroll = scroll
        self.background = background
        self.border = border
        self.padding = padding
        self.opacity = opacity
        self.overflow = overflow
    }

    /// A region on the CEA-608 grid: `row` and `column` zero-based, `rows` × `columns` cells.
    public static func cells(row: Int, column: Int, rows: Int, columns: Int, scroll: Scroll = .none)
        -> CaptionRegion
    {
        CaptionRegion(
            origin: CaptionPoint(x: .cells(Double(column)), y: .cells(Double(row))),
            size: CaptionSize(width: .cells(Double(columns)), height: .cells(Double(rows))),
            scroll: scroll)
    }
}

extension CaptionRegion: Codable {
    enum CodingKeys: String, CodingKey {
        case identifier = "id", origin, size, displayAlignment, writingMode, rollUpRows, background, border
        case padding, opacity, overflow
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let rows = try c.decodeIfPresent(Int.self, forKey: .rollUpRows)
        self.init(
            identifier: try c.decodeIfPresent(String.self, forKey: .identifier),
            origin: try c.decodeIfPresent(CaptionPoint.self, forKey: .origin),
            size: try c.decodeIfPresent(CaptionSize.self, forKey: .size),
            displayAlignment: try c.decodeIfPresent(DisplayAlignment.self, forKey: .displayAlignment),
            writingMode: try c.decodeIfPresent(WritingMode.self, forKey: .writingMode)
                ?? .leftToRightAndTopToBottom,
            scroll: rows.map { .rollUp(rows: $0) } ?? .none,
            background: try c.decodeIfPresent(CaptionColor.self, forKey: .background),
            border: try c.decodeIfPresent(CaptionEdge.self, forKey: .border),
            padding: try c.decodeIfPresent(CaptionPadding.self, forKey: .padding),
            opacity: try c.decodeIfPresent(Double.self, forKey: .opacity),
            overflow: try c.decodeIfPresent(Overflow.self, forKey: .overflow))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(identifier, forKey: .identifier)
        try c.encodeIfPresent(origin, forKey: .origin)
        try c.encodeIfPresent(size, forKey: .size)
        try c.encodeIfPresent(displayAlignment, forKey: .displayAlignment)
        if writingMode != .leftToRightAndTopToBottom { try c.encode(writingMode, forKey: .writingMode) }
        if case .rollUp(let rows) = scroll { try c.encode(rows, forKey: .rollUpRows) }
        try c.encodeIfPresent(background, forKey: .background)
        try c.encodeIfPresent(border, forKey: .border)
        try c.encodeIfPresent(padding, forKey: .padding)
        try c.encodeIfPresent(opacity, forKey: .opacity)
        try c.encodeIfPresent(overflow, forKey: .overflow)
    }
}
