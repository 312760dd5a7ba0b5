import CaptionCore

/// The iTT look's text shadows (TTML2 §10.2.43 `tts:textShadow`) in picture pixels.
extension TimedTextLook {
    /// `shadows` of text `em` pixels high drawn in `textColor`, first on top: offsets rightwards
    /// and downwards in whole pixels (cells and root-container pixels across the picture for `x`,
    /// down it for `y`), a percentage being of `em` as for an outline's thickness; the blur's
    /// radius as long (TTML2: zero when not given), kept within one em so that no document can ask
    /// for a bitmap of any size; the colour the shadow's own or else the text's (TTML2: the
    /// computed `tts:color`), its alpha applying. A shadow with an unusable offset is left out.
    func pixelShadows(_ shadows: [CaptionShadow], em: Double, textColor: CaptionColor) -> [PixelShadow] {
        guard em > 0, em.isFinite else { return [] }
        return shadows.prefix(CaptionShadow.maximumCount).compactMap { s in
            let dx = runLength(s.offsetX, em: em, across: true), dy = runLength(s.offsetY, em: em)
            guard dx.isFinite, dy.isFinite else { return nil }
            let radius = s.blur.map { runLength($0, em: em) } ?? 0
            return PixelShadow(
                dx: dx.roundedClamped(to: PixelRect.coordinates), dy: dy.roundedClamped(to: PixelRect.coordinates),
                blur: radius.isFinite && radius > 0 ? min(radius, em) : 0, color: s.color ?? textColor)
        }
    }
}
