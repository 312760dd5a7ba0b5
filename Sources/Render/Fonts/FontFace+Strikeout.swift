internal import CFreeType
internal import CHarfBuzz

extension FontFace {
    /// The strike-out stroke (TTML `tts:textDecoration` lineThrough) at an em of `pixels`: the
    /// distance from the baseline up to the stroke's top, and its thickness, in pixels.
    ///
    /// From the face's OpenType metrics (OS/2 `yStrikeoutPosition`: "the position of the top of
    /// the strikeout stroke relative to the baseline", and `yStrikeoutSize`), through HarfBuzz's
    /// `hb_ot_metrics_get_position`, in the font's scale. A face without them (no `OS/2` table,
    /// or a zero size) gets a stroke the underline's thickness whose centre is 0.3 em above the
    /// baseline, about half a Latin x-height.
    func strikeout(atPixelSize pixels: Double) -> (top: Double, thickness: Double) {
        let px = Double(Self.size64(pixels)) / 64
        if let (position, size) = otStrikeout(), size > 0 {
            return (position * px, max(1, size * px))
        }
        let thickness = underline(atPixelSize: pixels).thickness
        return (0.3 * px + thickness / 2, thickness)
    }

    /// The strike-out offset and size as fractions of the em, nil when the face has none.
    private func otStrikeout() -> (position: Double, size: Double)? {
        var xScale: Int32 = 0
        var yScale: Int32 = 0
        hb_font_get_scale(hbFont, &xScale, &yScale)
        var position: hb_position_t = 0
        var size: hb_position_t = 0
        guard yScale > 0, hb_ot_metrics_get_position(hbFont, HB_OT_METRICS_TAG_STRIKEOUT_OFFSET, &position) != 0,
            hb_ot_metrics_get_position(hbFont, HB_OT_METRICS_TAG_STRIKEOUT_SIZE, &size) != 0
        else { return nil }
        return (Double(position) / Double(yScale), Double(size) / Double(yScale))
    }
}
