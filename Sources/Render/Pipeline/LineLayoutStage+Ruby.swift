import CaptionCore

/// Ruby set beside its base text on a laid-out line (TTML2 §10.2.39 `tts:rubyPosition`).
extension LineLayoutStage {
    /// The room a line of ruby `size` pixels high in `request`'s first face takes across a line,
    /// as ``placeRuby(_:style:over:line:firstLine:)`` measures placed ruby: the face's ascent and
    /// descent, or the size itself in a vertical line (its glyphs are an em wide); 0 without a face.
    func rubyThickness(of request: FontRequest, size: Double, vertical: Bool) throws(RenderError) -> Double {
        if vertical { return size }
        guard let first = fonts.first(in: fonts.chain(for: request)) else { return 0 }
        try first.face.setPixelSize(size)
        return first.face.ascender - first.face.descender
    }

    /// Ruby at half the base size, centred on (or starting at) its base: above or below
    /// horizontal text, right or left of vertical text (TTML `tts:rubyPosition`; `outside` on
    /// the side ``CaptionRuby/Position/isBefore(onFirstLine:)`` gives for this line).
    func placeRuby(
        _ ruby: CaptionRuby, style: ResolvedStyle, over base: (lo: Double, hi: Double), line: inout LaidOutLine,
        firstLine: Bool
    ) throws(RenderError) {
        var rubyStyle = style
        rubyStyle.fontSize = style.fontSize / 2
        let vertical = line.vertical
        guard var rubyLine = try annotation(ruby.text, style: rubyStyle, vertical: vertical) else { return }
        let before = ruby.position.isBefore(onFirstLine: firstLine)
        let baseLength = base.hi - base.lo
        var start = base.lo + (baseLength - rubyLine.extent) / 2
        if ruby.alignment == .start { start = base.lo }
        let thickness = rubyLine.over + rubyLine.under
        let dx: Double, dy: Double
        if vertical {
            // Columns: "before" is to the right.
            dx = before ? line.over + rubyLine.under : -(line.under + rubyLine.over)
            dy = start
        } else {
            dx = start
            dy = before ? -(line.over + rubyLine.under) : line.under + rubyLine.over
        }
        for i in rubyLine.glyphs.indices {
            rubyLine.glyphs[i].x += dx
            rubyLine.glyphs[i].y += dy
        }
        line.glyphs += rubyLine.glyphs
        if before {
            line.rubyOver = max(line.rubyOver, thickness)
        } else {
            line.rubyUnder = max(line.rubyUnder, thickness)
        }
    }
}

extension CaptionRuby.Position {
    /// Whether ruby in this position goes before its base (above horizontal text, right of a
    /// column) on a line that is, or is not, its paragraph's first: `outside` is before on the
    /// first line and after on every other (TTML2 §10.2.39), so a one-line paragraph's is before.
    func isBefore(onFirstLine first: Bool) -> Bool {
        switch self {
        case .before: return true
        case .after: return false
        case .outside: return first
        }
    }
}
