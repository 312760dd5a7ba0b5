internal import CFriBidi
import CaptionCore

/// A stretch of a line drawn with one style span, one face and one bidi embedding level: the
/// unit that is shaped.
struct TextItem {
    var range: Range<Int>
    var span: Int
    var choice: LoadedChoice
    var level: UInt8
    /// In vertical lines: set sideways (rotated 90° clockwise), as TTML's default "mixed" text
    /// orientation does for scripts that are not upright (UAX #50 orientation R).
    var sideways = false

    var isRightToLeft: Bool { level & 1 == 1 }
}

/// A line's bidi embedding levels (one per scalar) and its paragraph's direction.
struct BidiParagraph {
    var levels: [UInt8]
    var isRightToLeft: Bool
}

/// Stage 2 — bidi: the Unicode bidirectional algorithm (UAX #9) through FriBidi. HarfBuzz shapes
/// each item in its direction but does not reorder; this stage gives the embedding levels, cuts
/// lines into items, and reorders a line's items for display (rule L2).
struct BidiStage {
    /// Embedding levels per scalar, the paragraph direction taken from the first strong
    /// character (rules P2–P3).
    func levels(of line: StyledLine) throws(RenderError) -> [UInt8] { try paragraph(of: line).levels }

    /// The line's embedding levels and its paragraph's direction: `direction` when given (TTML
    /// `tts:direction`, the paragraph level of UAX #9 rule P3's higher-level protocol, HL1), else
    /// the first strong character's (rules P2–P3). Runs with an embedding, override or isolate
    /// (``ResolvedStyle/bidi``) are given to FriBidi between their explicit formatting characters
    /// (``explicitText(of:)``), whose own levels are then left out.
    func paragraph(of line: StyledLine, direction: CaptionTextDirection? = nil) throws(RenderError) -> BidiParagraph {
        let n = line.scalars.count
        // Pure left-to-right text in a paragraph that is not right-to-left needs no work.
        if n == 0
            || (direction != .rightToLeft && !line.scalars.contains(where: { $0.value >= 0x0590 })
                && !line.spans.contains(where: { $0.style.bidi?.direction == .rightToLeft }))
        {
            return BidiParagraph(levels: Array(repeating: 0, count: n), isRightToLeft: false)
        }
        let explicit = Self.explicitText(of: line)
        let positions = explicit.positions
        let resolved = try paragraph(of: explicit.scalars, direction: direction)
        return BidiParagraph(levels: positions.map { resolved.levels[$0] }, isRightToLeft: resolved.isRightToLeft)
    }

    /// The levels of `scalars`, one paragraph (FriBidi's rules P2–I2).
    private func paragraph(of scalars: [UInt32], direction: CaptionTextDirection?) throws(RenderError)
        -> BidiParagraph
    {
        let n = scalars.count
        let text: [FriBidiChar] = scalars.map { FriBidiChar($0) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        var base: FriBidiParType
        switch direction {
        case .leftToRight: base = captions_fribidi_par_ltr()
        case .rightToLeft: base = captions_fribidi_par_rtl()
        case nil: base = captions_fribidi_par_on()
        }
        fribidi_get_bidi_types(text, FriBidiStrIndex(n), &types)
        fribidi_get_bracket_types(text, FriBidiStrIndex(n), types, &brackets)
        let maxLevel = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &base, &levels)
        if maxLevel == 0 { throw .fribidi(operation: "resolving embedding levels") }
        // FriBidi leaves the resolved paragraph direction in `base`.
        return BidiParagraph(
            levels: levels.map { UInt8(clamping: Int($0)) }, isRightToLeft: base == captions_fribidi_par_rtl())
    }

    /// Splits `range` of `line` into items in logical order, wherever the span, the face or the
    /// level changes, and in vertical lines the orientation.
    func items(of line: StyledLine, levels: [UInt8], in range: Range<Int>, vertical: Bool = false) -> [TextItem] {
        var result: [TextItem] = []
        var previousSideways = false
        for i in range {
            let span = line.spanOfScalar[i]
            let choice = line.choices[i]
            var sideways = vertical && !Self.isUpright(line.scalars[i])
            // Spaces and other neutrals follow the orientation of what precedes them.
            if vertical && Self.isNeutral(line.scalars[i]) { sideways = previousSideways }
            previousSideways = sideways
            if var last = result.last, last.span == span, last.level == levels[i], last.sideways == sideways,
                last.choice.face === choice.face, last.choice.synthesizesBold == choice.synthesizesBold,
                last.choice.synthesizesOblique == choice.synthesizesOblique
            {
                last.range = last.range.lowerBound..<(i + 1)
                result[result.count - 1] = last
            } else {
                result.append(
                    TextItem(range: i..<(i + 1), span: span, choice: choice, level: levels[i], sideways: sideways))
            }
        }
        return result
    }

    /// Whether a character stands upright in vertical text (UAX #50 orientation U or Tu/Tr,
    /// approximated by block): CJK, kana, Hangul, CJK punctuation, fullwidth forms.
    static func isUpright(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x11FF, 0x2E80...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
            0xFE10...0xFE1F, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x1F000...0x1FAFF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    static func isNeutral(_ s: Unicode.Scalar) -> Bool {
        s == " " || s.properties.generalCategory == .nonspacingMark || s.properties.generalCategory == .format
    }

    /// Display order of items on one line (UAX #9 rule L2): from the highest level down to the
    /// lowest odd level, reverse every run of items at that level or higher.
    func visualOrder(of levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        // L2 stops at the line's lowest odd level: a line without one (Latin at level 2 in a
        // right-to-left paragraph) is all left-to-right and nothing is reversed, as in the UAX #9
        // reference implementation.
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd && level > 0 {
            var i = 0
            while i < order.count {
                if levels[order[i]] >= level {
                    var j = i
                    while j < order.count && levels[order[j]] >= level { j += 1 }
                    order[i..<j].reverse()
                    i = j
                } else {
                    i += 1
                }
            }
            level -= 1
        }
        return order
    }
}
