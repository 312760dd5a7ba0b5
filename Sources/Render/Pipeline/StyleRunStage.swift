import CaptionCore

/// A run's style with the look's defaults filled in and its size in pixels.
struct ResolvedStyle: Hashable {
    var textColor: CaptionColor
    var backgroundColor: CaptionColor?
    var bold: Bool
    var italic: Bool
    var underline: Bool
    /// A line through the text (TTML `tts:textDecoration` lineThrough).
    var lineThrough: Bool = false
    var flash: Bool
    var ruby: CaptionRuby?
    var textCombine: Bool
    /// The characters' own edge (the CEA-708 look draws it).
    var edge: CaptionEdge?
    /// Drop shadows behind the characters, the first on top (TTML2 §10.2.43; the iTT look draws them).
    var shadows: [CaptionShadow] = []
    /// Marks beside each character (TTML2 §10.2.44; the iTT look draws them).
    var emphasis: CaptionEmphasis? = nil
    /// The run's embedding, override or isolate (UAX #9 explicit formatting; ``BidiStage``).
    var bidi: CaptionBidi? = nil
    var fontRequest: FontRequest
    /// Em size in pixels.
    var fontSize: Double
}

/// What a look fills in where a run says nothing.
struct StyleDefaults {
    var textColor: CaptionColor
    var backgroundColor: CaptionColor?
    var monospaced: Bool
    /// The em size in pixels for a run's `fontSize` (nil: the look's default).
    var fontSize: (CaptionDimension?) -> Double
    /// The family of a run that names none, or names TTML's generic `default` (nil: the
    /// renderer's sans).
    var fontFamily: String? = nil
}

/// A stretch of one line with one style: a piece of one `CaptionRun`.
struct StyledSpan {
    var range: Range<Int>
    var style: ResolvedStyle
}

/// One line of a caption (text between `"\n"`s) as Unicode scalars, with a style span and a
/// font choice for every scalar.
struct StyledLine {
    var scalars: [Unicode.Scalar] = []
    var spans: [StyledSpan] = []
    /// Index into ``spans`` for each scalar.
    var spanOfScalar: [Int] = []
    /// The fallback-chain entry that draws each scalar.
    var choices: [LoadedChoice] = []

    var isEmpty: Bool { scalars.isEmpty }
}

/// Stage 1 — style runs: splits a caption's runs into lines, resolves each run's style against
/// the look's defaults, and picks a face for every character from its fallback chain.
struct StyleRunStage {
    let fonts: FontFallback
    /// The text's language (BCP 47), for the font requests: see ``FontRequest/language``.
    var language: String?

    /// The caption's lines. Characters that no face has are appended to `missing` and drawn with
    /// the first face's `.notdef` glyph.
    func lines(of caption: Caption, defaults: StyleDefaults, missing: inout [Unicode.Scalar]) -> [StyledLine] {
        var lines: [StyledLine] = [StyledLine()]
        let vertical = caption.region?.writingMode == .topToBottomAndRightToLeft
        for run in caption.runs where !run.text.isEmpty {
            let style = resolve(run.style, defaults)
            let chain = fonts.chain(for: style.fontRequest)
            // Ruby and emphasis marks are shaped later, in line layout, but their characters need a
            // face too.
            let marks = style.emphasis.map { EmphasisMarks.text(of: $0, vertical: vertical) } ?? ""
            for s in ((style.ruby?.text ?? "") + marks).unicodeScalars
            where fonts.choice(for: s, in: chain) == nil && !Self.isInvisible(s) && !missing.contains(s) {
                missing.append(s)
            }
            var first = true
            for piece in run.text.split(separator: "\n", omittingEmptySubsequences: false) {
                if !first { lines.append(StyledLine()) }
                first = false
                let scalars = Array(piece.unicodeScalars)
                if scalars.isEmpty { continue }
                // No face at all (a provider returned an empty chain): nothing can be drawn, so
                // the characters are reported missing and left out rather than trapping.
                guard let firstChoice = fonts.first(in: chain) else {
                    for s in scalars where !Self.isInvisible(s) && !missing.contains(s) { missing.append(s) }
                    continue
                }
                var line = lines[lines.count - 1]
                let start = line.scalars.count
                line.spans.append(StyledSpan(range: start..<(start + scalars.count), style: style))
                let spanIndex = line.spans.count - 1
                for s in scalars {
                    let choice = choose(
                        s, previous: line.choices.last, first: firstChoice, chain: chain, missing: &missing)
                    fonts.noteUse(of: choice)
                    line.spanOfScalar.append(spanIndex)
                    line.choices.append(choice)
                    line.scalars.append(s)
                }
                lines[lines.count - 1] = line
            }
        }
        return lines
    }

    func resolve(_ s: CaptionTextStyle, _ defaults: StyleDefaults) -> ResolvedStyle {
        ResolvedStyle(
            textColor: s.textColor ?? defaults.textColor,
            backgroundColor: s.backgroundColor ?? defaults.backgroundColor,
            bold: s.bold, italic: s.italic, underline: s.underline, lineThrough: s.lineThrough, flash: s.flash,
            ruby: s.ruby, textCombine: s.textCombine, edge: s.edge, shadows: s.shadows, emphasis: s.emphasis,
            bidi: s.bidi,
            fontRequest: FontRequest(
                family: Self.family(s.fontFamily, default: defaults.fontFamily), bold: s.bold, italic: s.italic,
                monospaced: defaults.monospaced,
                language: language),
            // 1–1000 px: beyond that FreeType refuses the size, and nothing legible is lost.
            fontSize: Self.usableFontSize(defaults.fontSize(s.fontSize)))
    }

    /// A run's `tts:fontFamily` list with TTML's generic `default` (TTML1 §8.2.8: its face is
    /// the implementation's) as the look's default family, or that family when the run names
    /// none.
    static func family(_ value: String?, default family: String?) -> String? {
        guard let family else { return value }
        guard let value else { return family }
        let names = FontCatalog.familyNames(value)
        guard names.contains(where: { $0.lowercased() == "default" }) else { return value }
        return names.map { $0.lowercased() == "default" ? family : $0 }.joined(separator: ", ")
    }

    /// The face for `scalar`: marks and joiners stay with the previous character's face when it
    /// has them, so clusters are not split between fonts.
    /// `size` within 1–1000 px; NaN gives 16.
    static func usableFontSize(_ size: Double) -> Double {
        size.isNaN ? 16 : min(1000, max(1, size))
    }

    /// The face for `scalar`, `previous`'s or else `first` (the chain's first) when none has it.
    func choose(
        _ scalar: Unicode.Scalar, previous: LoadedChoice?, first: LoadedChoice, chain: FallbackChain,
        missing: inout [Unicode.Scalar]
    ) -> LoadedChoice {
        if let previous, Self.clingsToPrevious(scalar), previous.face.contains(scalar) { return previous }
        if let c = fonts.choice(for: scalar, in: chain) { return c }
        if !Self.isInvisible(scalar), !missing.contains(scalar) { missing.append(scalar) }
        return previous ?? first
    }

    static func clingsToPrevious(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format: return true
        default: return (0xFE00...0xFE0F).contains(s.value)
        }
    }

    /// Characters that draw nothing, so a font lacking them is no loss.
    static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return (0xFE00...0xFE0F).contains(s.value) || s.value == 0x200B
        }
    }
}
