import CaptionCore

/// A glyph at its place on a line: the origin on the baseline, in screen axes (y down),
/// relative to the line's origin.
struct PlacedGlyph {
    var face: FontFace
    var glyph: UInt32
    var size: Double
    var bold: Bool
    var oblique: Bool
    /// Turned 90° clockwise (sideways text in a vertical line).
    var sideways = false
    /// Horizontal scale of the outline (1: as designed): the 608 look widens its monospaced face
    /// to fill the character cells of the safe area (``CEA608Grid``).
    var widthScale = 1.0
    var x: Double
    var y: Double
    var color: CaptionColor
    var flashes: Bool
    /// The run's own character edge (``CaptionTextStyle/edge``).
    var edge: CaptionEdge? = nil
    /// The run's own drop shadows (``CaptionTextStyle/shadows``).
    var shadows: [CaptionShadow] = []
    /// The slant of its paragraph's shear (``ParagraphShear``).
    var skew = GlyphSkew()
}

/// A filled rectangle relative to a line's origin (backgrounds, underlines, lines through).
struct PlacedRect {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var color: CaptionColor
    var flashes: Bool = false
    /// A decoration is shadowed with its text (TTML2 §10.2.43, as CSS `text-shadow`): the text's
    /// shadows and the em size their percentages are of.
    var shadows: [CaptionShadow] = []
    var shadowEm: Double = 0
}

/// One displayed line. Horizontal lines have their origin at the inline start on the baseline;
/// vertical lines (columns) at the top, on the column's centre line.
struct LaidOutLine {
    var glyphs: [PlacedGlyph] = []
    var backgrounds: [PlacedRect] = []
    var decorations: [PlacedRect] = []
    /// Length along the line.
    var extent: Double = 0
    /// Across the line: above the baseline (horizontal) or right of the centre (vertical)…
    var over: Double = 0
    /// …and below the baseline or left of the centre.
    var under: Double = 0
    /// The largest em size on the line, for the line pitch.
    var emSize: Double = 0
    /// The caption's own distance between baselines in pixels (TTML `tts:lineHeight`), nil for
    /// the look's normal pitch (``RegionPlacementStage/pitch(of:)``).
    var lineHeight: Double?
    /// Room ruby needs over and under the line.
    var rubyOver: Double = 0
    var rubyUnder: Double = 0
    /// The characters that carry emphasis marks, not yet placed (``LineLayoutStage/placeEmphasis(in:first:)``).
    var emphasisSpots: [EmphasisSpot] = []
    var isRightToLeft = false
    var vertical = false
}

/// Stage 5 — line layout and wrapping: shapes a caption line's items (through stages 2 and 3),
/// breaks it where it would overflow the region, reorders each displayed line and places its
/// glyphs, backgrounds, underlines and ruby.
struct LineLayoutStage {
    let fonts: FontFallback
    let bidi: BidiStage
    let shaper: ShapingStage

    /// The displayed lines for one caption line, none longer than `maxExtent` unless a single
    /// unbreakable word is; `direction` is the paragraph's (``BidiStage/paragraph(of:direction:)``).
    /// `startsParagraph` says whether the first of them is its paragraph's first line (where
    /// `outside` ruby goes before the text, TTML2 §10.2.39).
    func layout(
        _ line: StyledLine, maxExtent: Double, vertical: Bool, direction: CaptionTextDirection? = nil,
        startsParagraph: Bool = true
    ) throws(RenderError) -> [LaidOutLine] {
        if line.isEmpty { return [] }
        let paragraph =
            vertical
            ? BidiParagraph(levels: [UInt8](repeating: 0, count: line.scalars.count), isRightToLeft: false)
            : try bidi.paragraph(of: line, direction: direction)
        let levels = paragraph.levels
        let items = bidi.items(of: line, levels: levels, in: 0..<line.scalars.count, vertical: vertical)
        var shaped: [ShapedItem] = []
        for item in items { shaped.append(try shape(item, line, vertical)) }
        let ranges = breaks(line, shaped, maxExtent: maxExtent)
        let rtl = paragraph.isRightToLeft
        var result: [LaidOutLine] = []
        for (k, range) in ranges.enumerated() {
            var pieces: [ShapedItem] = []
            for s in shaped {
                let r = s.item.range.clamped(to: range)
                if r.isEmpty { continue }
                if r == s.item.range {
                    pieces.append(s)
                } else {
                    var item = s.item
                    item.range = r
                    pieces.append(try shape(item, line, vertical))
                }
            }
            let order = bidi.visualOrder(of: pieces.map(\.item.level))
            var laid = try place(
                order.map { pieces[$0] }, line, vertical: vertical, firstLine: startsParagraph && k == 0)
            laid.isRightToLeft = rtl
            result.append(laid)
        }
        return result
    }

    private func shape(_ item: TextItem, _ line: StyledLine, _ vertical: Bool) throws(RenderError) -> ShapedItem {
        let style = line.spans[item.span].style
        return try shaper.shape(item, of: line, size: style.fontSize, vertical: vertical, combine: style.textCombine)
    }

    // MARK: - Wrapping

    /// Greedy line breaking at spaces and between CJK characters; trailing spaces are dropped.
    func breaks(_ line: StyledLine, _ shaped: [ShapedItem], maxExtent: Double) -> [Range<Int>] {
        let n = line.scalars.count
        var advance = [Double](repeating: 0, count: n)
        for s in shaped {
            if s.combined {
                advance[s.item.range.lowerBound] += s.advance
                continue
            }
            for g in s.glyphs where g.cluster < n {
                advance[g.cluster] += s.vertical && !s.sideways ? -g.yAdvance : g.xAdvance
            }
        }
        let total = advance.reduce(0, +)
        if total <= maxExtent || maxExtent <= 0 { return [trimmed(line, 0..<n)] }
        var ranges: [Range<Int>] = []
        var start = 0
        var width = 0.0
        var lastBreak: Int?
        var i = 0
        while i < n {
            if i > start && canBreak(line, before: i) { lastBreak = i }
            width += advance[i]
            if width > maxExtent, let b = lastBreak, b > start {
                ranges.append(trimmed(line, start..<b))
                start = b
                while start < n && Self.isSpace(line.scalars[start]) { start += 1 }
                width = start <= i ? advance[start..<(i + 1)].reduce(0, +) : 0
                lastBreak = nil
            }
            i += 1
        }
        if start < n { ranges.append(trimmed(line, start..<n)) }
        return ranges.filter { !$0.isEmpty }
    }

    private func trimmed(_ line: StyledLine, _ r: Range<Int>) -> Range<Int> {
        var end = r.upperBound
        while end > r.lowerBound && Self.isSpace(line.scalars[end - 1]) { end -= 1 }
        return end > r.lowerBound ? r.lowerBound..<end : r
    }

    private func canBreak(_ line: StyledLine, before i: Int) -> Bool {
        let a = line.scalars[i - 1], b = line.scalars[i]
        // Ruby bases and combined text are never split.
        let sa = line.spans[line.spanOfScalar[i - 1]].style, same = line.spanOfScalar[i - 1] == line.spanOfScalar[i]
        if same && (sa.ruby != nil || sa.textCombine) { return false }
        if Self.isSpace(a) && !Self.isSpace(b) { return true }
        // Kinsoku (JIS X 4051): no line starts with closing punctuation or small kana marks,
        // none ends with an opening bracket.
        if "、。，．・：；？！ー）」』】〕〉》ぁぃぅぇぉっゃゅょァィゥェォッャュョ".unicodeScalars.contains(b) { return false }
        if "（「『【〔〈《".unicodeScalars.contains(a) { return false }
        return Self.isIdeographicBreakable(a) || Self.isIdeographicBreakable(b)
    }

    static func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\u{3000}" || s == "\t" }

    static func isIdeographicBreakable(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FFFF:
            return true
        default:
            return false
        }
    }

    // MARK: - Placing

    /// Places items (already in display order) along one line (ruby and emphasis marks too:
    /// ``annotation(_:style:vertical:)``); `firstLine` is whether it is its paragraph's first.
    func place(
        _ items: [ShapedItem], _ line: StyledLine, vertical: Bool, firstLine: Bool = true
    ) throws(RenderError) -> LaidOutLine {
        var out = LaidOutLine()
        out.vertical = vertical
        var pen = 0.0
        // Where each span starts and ends along the line, for backgrounds and ruby.
        var spanExtents: [Int: (lo: Double, hi: Double)] = [:]
        for s in items {
            let style = line.spans[s.item.span].style
            let face = s.item.choice.face
            try face.setPixelSize(s.size)
            out.emSize = max(out.emSize, style.fontSize)
            let start = pen
            // Each character's extent along the line, for its emphasis mark.
            var clusters: [Int: (lo: Double, hi: Double)] = [:]
            func note(_ cluster: Int, _ a: Double, _ b: Double) {
                guard style.emphasis != nil else { return }
                let e = clusters[cluster] ?? (min(a, b), max(a, b))
                clusters[cluster] = (min(e.lo, a, b), max(e.hi, a, b))
            }
            func add(_ g: ShapedGlyph, x: Double, y: Double) {
                out.glyphs.append(
                    PlacedGlyph(
                        face: face, glyph: g.glyph, size: s.size, bold: s.item.choice.synthesizesBold,
                        oblique: s.item.choice.synthesizesOblique, sideways: s.sideways, x: x, y: y,
                        color: style.textColor, flashes: style.flash, edge: style.edge, shadows: style.shadows))
            }
            if !vertical {
                out.over = max(out.over, face.ascender)
                out.under = max(out.under, -face.descender)
                for g in s.glyphs {
                    add(g, x: pen + g.xOffset, y: -g.yOffset)
                    note(g.cluster, pen, pen + g.xAdvance)
                    pen += g.xAdvance
                }
            } else if s.sideways {
                // The baseline runs down the column; the em box is centred on the column.
                let baseline = -(face.ascender + face.descender) / 2
                for g in s.glyphs {
                    add(g, x: baseline + g.yOffset, y: pen + g.xOffset)
                    note(g.cluster, pen, pen + g.xAdvance)
                    pen += g.xAdvance
                }
            } else if s.combined {
                let width = s.glyphs.reduce(0) { $0 + $1.xAdvance }
                var x = -width / 2
                let baseline = pen + style.fontSize / 2 + (face.ascender + face.descender) / 2
                for g in s.glyphs {
                    add(g, x: x + g.xOffset, y: baseline - g.yOffset)
                    x += g.xAdvance
                }
                pen += s.advance
                // Combined text takes one mark, as one character (CSS Text Decoration 3 §3).
                note(s.item.range.lowerBound, start, pen)
            } else {
                out.over = max(out.over, style.fontSize / 2)
                out.under = max(out.under, style.fontSize / 2)
                var penY = 0.0  // HarfBuzz axes: y up, advances negative going down
                for g in s.glyphs {
                    add(g, x: g.xOffset, y: pen - (penY + g.yOffset))
                    note(g.cluster, pen - penY, pen - penY - g.yAdvance)
                    penY += g.yAdvance
                }
                pen += -penY
            }
            let lo = min(start, pen), hi = max(start, pen)
            if let e = spanExtents[s.item.span] {
                spanExtents[s.item.span] = (min(e.lo, lo), max(e.hi, hi))
            } else {
                spanExtents[s.item.span] = (lo, hi)
            }
            if vertical { out.over = max(out.over, style.fontSize / 2); out.under = max(out.under, style.fontSize / 2) }
            out.emphasisSpots += EmphasisSpot.spots(clusters, of: line, style: style)
        }
        out.extent = pen
        for (span, e) in spanExtents.sorted(by: { $0.key < $1.key }) {
            let style = line.spans[span].style
            if let bg = style.backgroundColor, bg.alpha > 0 {
                out.backgrounds.append(
                    vertical
                        ? PlacedRect(
                            x: -out.under, y: e.lo, width: out.over + out.under, height: e.hi - e.lo, color: bg)
                        : PlacedRect(x: e.lo, y: -out.over, width: e.hi - e.lo, height: out.over + out.under, color: bg)
                )
            }
            if let first = items.first(where: { $0.item.span == span }) {
                out.decorations += LineDecorations.rules(
                    for: style, from: e.lo, to: e.hi, face: first.item.choice.face, size: first.size, vertical: vertical
                )
            }
            if let ruby = style.ruby, !ruby.text.isEmpty {
                try placeRuby(ruby, style: style, over: e, line: &out, firstLine: firstLine)
            }
        }
        return out
    }
}
