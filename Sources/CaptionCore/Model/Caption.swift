/// One caption: styled text shown in a region over a time range, like `AVCaption`.
public struct Caption: Sendable, Hashable {
    /// An identifier from the source format (iTT `xml:id`), if any.
    public var id: String?
    /// The text as styled runs; lines are separated by `"\n"` inside the runs.
    public var runs: [CaptionRun]
    public var timeRange: TimeRange
    public var region: CaptionRegion?
    public var textAlignment: CaptionTextAlignment?
    public var animation: CaptionAnimation
    /// iTT `itts:forcedDisplay`: shown even when the viewer turned captions off.
    public var forcedDisplay: Bool
    /// The distance between the baselines of its lines (TTML1 §8.2.12 `tts:lineHeight`); nil for
    /// the renderer's normal spacing (IMSC: 125 % of the font size). A percentage is of the
    /// initial font size (the one a run's percentage ``CaptionTextStyle/fontSize`` is of), not of the
    /// caption's: a reader resolves TTML's percentage of the specifying element's font size to it.
    public var lineHeight: CaptionDimension?
    /// Whether lines too long for the region are broken (TTML1 §8.2.23 `tts:wrapOption`: false
    /// for noWrap, where only the text's own line breaks start a line).
    public var wrapsLines: Bool
    /// The paragraph's base direction (TTML2 §10.2.12 `tts:direction`): where its lines start and
    /// how mixed-direction text is ordered; nil takes it from the text's first strong character
    /// (UAX #9 P2).
    public var direction: CaptionTextDirection?
    /// The fill of the paragraph's block: the area of its lines across the region's width (TTML1
    /// §8.2.2 `tts:backgroundColor` on `p`, `div` or `body`), under the runs' own backgrounds;
    /// nil for none.
    public var blockBackground: CaptionColor?
    /// Room kept for ruby on every line (TTML2 §10.2.35 `tts:rubyReserve`); nil for none.
    public var rubyReserve: CaptionRubyReserve?
    /// Whether the runs' backgrounds fill the gaps between lines (IMSC 1.1 §8.5.2
    /// `itts:fillLineGap`).
    public var fillsLineGap: Bool
    /// Space added at the start and end of each line, inside its background (EBU-TT-D
    /// `ebutts:linePadding`, EBU Tech 3380 §4.4; cells); nil for none.
    public var linePadding: CaptionDimension?
    /// How the lines sit within the block they make together, independently of where the block
    /// is aligned (EBU-TT-D `ebutts:multiRowAlign`: start, center or end); nil for `auto`, as
    /// ``textAlignment``.
    public var multiRowAlign: CaptionTextAlignment?
    /// The lines' slant as a percentage of 90° (TTML2 §10.2.38 `tts:shear`, -100 to 100, its sign
    /// as TTML2 gives it); nil for none.
    public var shear: Double?

    public init(
        id: String? = nil, runs: [CaptionRun], timeRange: TimeRange,
        region: CaptionRegion? = nil, textAlignment: CaptionTextAlignment? = nil,
        animation: CaptionAnimation = .none, forcedDisplay: Bool = false, lineHeight: CaptionDimension? = nil,
        wrapsLines: Bool = true, direction: CaptionTextDirection? = nil, blockBackground: CaptionColor? = nil,
        rubyReserve: CaptionRubyReserve? = nil, fillsLineGap: Bool = false, linePadding: CaptionDimension? = nil,
        multiRowAlign: CaptionTextAlignment? = nil, shear: Double? = nil
    ) {
        self.id = id
        self.runs = runs
        self.timeRange = timeRange
        self.region = region
        self.textAlignment = textAlignment
        self.animation = animation
        self.forcedDisplay = forcedDisplay
        self.lineHeight = lineHeight
        self.wrapsLines = wrapsLines
        self.direction = direction
        self.blockBackground = blockBackground
        self.rubyReserve = rubyReserve
        self.fillsLineGap = fillsLineGap
        self.linePadding = linePadding
        self.multiRowAlign = multiRowAlign
        self.shear = shear
    }

    /// A caption of plain text.
    public init(_ text: String, start: MediaTime, end: MediaTime, region: CaptionRegion? = nil) {
        self.init(runs: [CaptionRun(text)], timeRange: TimeRange(start: start, end: end), region: region)
    }

    /// The plain text, lines joined by `"\n"`.
    public var text: String { runs.map(\.text).joined() }

    /// The plain text of each line.
    public var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The runs with neighbouring runs of equal style merged and empty runs removed.
    public var normalizedRuns: [CaptionRun] {
        var result: [CaptionRun] = []
        for run in runs where !run.text.isEmpty {
            if let last = result.last, last.style == run.style {
                result[result.count - 1].text += run.text
            } else {
                result.append(run)
            }
        }
        return result
    }
}

extension Caption: Codable {
    enum CodingKeys: String, CodingKey {
        case id, start, end, startTime, endTime, text, styles, region, textAlignment, animation
        case forcedDisplay, lineHeight, wrapsLines, direction, blockBackground, rubyReserve
        case fillsLineGap, linePadding, multiRowAlign, shear
    }

    /// See Specs/json-format.md. `startTime`/`endTime` are authoritative; `start`/`end`
    /// (seconds) are used only when they are absent. `styles` wins over `text` when present.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func time(_ exact: CodingKeys, _ seconds: CodingKeys) throws -> MediaTime {
            if let t = try c.decodeIfPresent(MediaTime.self, forKey: exact) { return t }
            if let s = try c.decodeIfPresent(Double.self, forKey: seconds) {
                guard let time = MediaTime(jsonSeconds: s) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: seconds, in: c, debugDescription: "\(s) is not a usable time in seconds")
                }
                return time
            }
            throw DecodingError.keyNotFound(
                exact,
                .init(
                    codingPath: c.codingPath,
                    debugDescription: "a caption needs \(exact.rawValue) or \(seconds.rawValue)"))
        }
        let start = try time(.startTime, .start)
        let end = try time(.endTime, .end)
        var runs = try c.decodeIfPresent([CaptionRun].self, forKey: .styles)
        // An empty text with no runs is a caption without runs (the writer writes both), so that
        // write → read keeps it (Specs/json-format.md).
        if runs == nil || runs?.isEmpty == true, let text = try c.decodeIfPresent(String.self, forKey: .text),
            !text.isEmpty
        {
            runs = [CaptionRun(text)]
        }
        self.init(
            id: try c.decodeIfPresent(String.self, forKey: .id),
            runs: runs ?? [],
            timeRange: .asWritten(start: start, end: end),
            region: try c.decodeIfPresent(CaptionRegion.self, forKey: .region),
            textAlignment: try c.decodeIfPresent(CaptionTextAlignment.self, forKey: .textAlignment),
            animation: try c.decodeIfPresent(CaptionAnimation.self, forKey: .animation) ?? .none,
            forcedDisplay: try c.decodeIfPresent(Bool.self, forKey: .forcedDisplay) ?? false,
            lineHeight: try c.decodeIfPresent(CaptionDimension.self, forKey: .lineHeight),
            wrapsLines: try c.decodeIfPresent(Bool.self, forKey: .wrapsLines) ?? true,
            direction: try c.decodeIfPresent(CaptionTextDirection.self, forKey: .direction),
            blockBackground: try c.decodeIfPresent(CaptionColor.self, forKey: .blockBackground),
            rubyReserve: try c.decodeIfPresent(CaptionRubyReserve.self, forKey: .rubyReserve),
            fillsLineGap: try c.decodeIfPresent(Bool.self, forKey: .fillsLineGap) ?? false,
            linePadding: try c.decodeIfPresent(CaptionDimension.self, forKey: .linePadding),
            multiRowAlign: try c.decodeIfPresent(CaptionTextAlignment.self, forKey: .multiRowAlign),
            shear: try c.decodeIfPresent(Double.self, forKey: .shear))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        // Seconds are a convenience; JSON has no number for a non-numeric time.
        let (s, e) = (timeRange.start.seconds, timeRange.end.seconds)
        if s.isFinite { try c.encode(s, forKey: .start) } else { try c.encodeNil(forKey: .start) }
        if e.isFinite { try c.encode(e, forKey: .end) } else { try c.encodeNil(forKey: .end) }
        try c.encode(timeRange.start, forKey: .startTime)
        try c.encode(timeRange.end, forKey: .endTime)
        try c.encode(text, forKey: .text)
        try c.encode(runs, forKey: .styles)
        try c.encodeIfPresent(region, forKey: .region)
        try c.encodeIfPresent(textAlignment, forKey: .textAlignment)
        if animation != .none { try c.encode(animation, forKey: .animation) }
        if forcedDisplay { try c.encode(true, forKey: .forcedDisplay) }
        try c.encodeIfPresent(lineHeight, forKey: .lineHeight)
        if !wrapsLines { try c.encode(false, forKey: .wrapsLines) }
        try c.encodeIfPresent(direction, forKey: .direction)
        try c.encodeIfPresent(blockBackground, forKey: .blockBackground)
        try c.encodeIfPresent(rubyReserve, forKey: .rubyReserve)
        if fillsLineGap { try c.encode(true, forKey: .fillsLineGap) }
        try c.encodeIfPresent(linePadding, forKey: .linePadding)
        try c.encodeIfPresent(multiRowAlign, forKey: .multiRowAlign)
        try c.encodeIfPresent(shear, forKey: .shear)
    }
}
