import CaptionCore

extension LineLayoutStage {
    /// `text` laid out as a line of its own in `style` (its ruby, combination, background,
    /// decorations and emphasis left out): ruby, or an emphasis mark. Each character takes a face
    /// from the style's chain as ruby's do (``StyleRunStage/lines(of:defaults:missing:)`` reports
    /// those none has); nil when the chain has no face at all.
    func annotation(_ text: String, style: ResolvedStyle, vertical: Bool) throws(RenderError) -> LaidOutLine? {
        var plain = style
        plain.ruby = nil
        plain.textCombine = false
        plain.backgroundColor = nil
        plain.underline = false
        plain.lineThrough = false
        plain.emphasis = nil
        var styled = StyledLine()
        styled.spans = [StyledSpan(range: 0..<text.unicodeScalars.count, style: plain)]
        let chain = fonts.chain(for: plain.fontRequest)
        guard let first = fonts.first(in: chain) else { return nil }
        for s in text.unicodeScalars {
            styled.scalars.append(s)
            styled.spanOfScalar.append(0)
            let choice = fonts.choice(for: s, in: chain) ?? styled.choices.last ?? first
            fonts.noteUse(of: choice)
            styled.choices.append(choice)
        }
        let zeros = [UInt8](repeating: 0, count: styled.scalars.count)
        var shaped: [ShapedItem] = []
        for i in bidi.items(of: styled, levels: zeros, in: 0..<styled.scalars.count) {
            shaped.append(try shaper.shape(i, of: styled, size: plain.fontSize, vertical: vertical, combine: false))
        }
        return try place(shaped, styled, vertical: vertical)
    }
}
