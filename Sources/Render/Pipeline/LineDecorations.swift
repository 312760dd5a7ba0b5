import CaptionCore

/// The rules a span's text decoration draws along a line (TTML1 §8.2.19 `tts:textDecoration`),
/// in the span's colour, with the metrics of the face and size of the span's first item.
enum LineDecorations {
    /// The underline and line-through of a span running from `lo` to `hi` along the line.
    ///
    /// An underline is drawn on horizontal lines only. A line through horizontal text lies at the
    /// face's strike-out position (``FontFace/strikeout(atPixelSize:)``); through a vertical
    /// column, whose glyphs are centred on the column's centre line, it runs down that line.
    static func rules(
        for style: ResolvedStyle, from lo: Double, to hi: Double, face: FontFace, size: Double, vertical: Bool
    ) -> [PlacedRect] {
        var rules: [PlacedRect] = []
        if style.underline && !vertical {
            let u = face.underline(atPixelSize: size)
            rules.append(
                PlacedRect(
                    x: lo, y: u.offset - u.thickness / 2, width: hi - lo, height: u.thickness,
                    color: style.textColor, flashes: style.flash))
        }
        if style.lineThrough {
            let s = face.strikeout(atPixelSize: size)
            rules.append(
                vertical
                    ? PlacedRect(
                        x: -s.thickness / 2, y: lo, width: s.thickness, height: hi - lo, color: style.textColor,
                        flashes: style.flash)
                    : PlacedRect(
                        x: lo, y: -s.top, width: hi - lo, height: s.thickness, color: style.textColor,
                        flashes: style.flash))
        }
        // Shadowed with the text: TTML2 §10.2.43 maps to CSS `text-shadow`, which shadows a text's
        // decorations too (CSS Text Decoration 3, `text-shadow`).
        return rules.map { rule in
            var r = rule
            r.shadows = style.shadows
            r.shadowEm = size
            return r
        }
    }
}
