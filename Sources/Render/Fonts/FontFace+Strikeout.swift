internal import CFreeType
internal import CHarfBuzz

extension FontFace {
    /// The strike-out stroke (TTML `tts:textDecoration` lineThrough) at an em of `pixels`: the
    /// distance from the baseline up to the stroke's top, and its thickness, in pixels.
    ///
    /// From the face's `OS/2` table (OpenType, OS/2 `yStrikeoutPosition`: "the position of the
    /// top of the strikeout stroke relative to the baseline", and `yStrikeoutSize`), read as raw
    /// bytes through HarfBuzz: the CFreeType bridge does not include FreeType's `tttables.h`.
    /// A face without them (no `OS/2` table, or a zero size) gets a stroke the underline's
    /// thickness whose centre is 0.3 em above the baseline, about half a Latin x-height.
    func strikeout(atPixelSize pixels: Double) -> (top: Double, thickness: Double) {
        let units = Double(face.pointee.units_per_EM)
        let px = Double(Self.size64(pixels)) / 64
        if units > 0, let (position, size) = os2Strikeout(), size > 0 {
            let thickness = max(1, Double(size) / units * px)
            return (Double(position) / units * px, thickness)
        }
        let thickness = underline(atPixelSize: pixels).thickness
        return (0.3 * px + thickness / 2, thickness)
    }

    /// `yStrikeoutSize` and `yStrikeoutPosition` in font units: big-endian int16s at bytes 26 and
    /// 28 of the `OS/2` table, present in every version of it (OpenType spec, OS/2 table).
    private func os2Strikeout() -> (position: Int16, size: Int16)? {
        guard let hbFace = hb_font_get_face(hbFont) else { return nil }
        let tag = captions_hb_tag(
            CChar(UInt8(ascii: "O")), CChar(UInt8(ascii: "S")), CChar(UInt8(ascii: "/")), CChar(UInt8(ascii: "2")))
        guard let blob = hb_face_reference_table(hbFace, tag) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 30 else { return nil }
        let bytes = UnsafeRawPointer(data)
        func int16(at offset: Int) -> Int16 {
            Int16(
                bitPattern: UInt16(bytes.load(fromByteOffset: offset, as: UInt8.self)) << 8
                    | UInt16(bytes.load(fromByteOffset: offset + 1, as: UInt8.self)))
        }
        return (int16(at: 28), int16(at: 26))
    }
}
