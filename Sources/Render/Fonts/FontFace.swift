internal import CFreeType
internal import CHarfBuzz
import CaptionCore

/// One loaded font face: owns the `FT_Face` and the HarfBuzz font made from it.
///
/// A face has one current pixel size; the pipeline sets it before shaping or rasterizing, and
/// caches key on the size, so changing it is cheap and safe.
final class FontFace {
    let descriptor: FontFaceDescriptor
    /// A number unique within one ``FontFallback``, used in cache keys.
    let id: Int
    let hbFont: OpaquePointer
    private let owner: FreeTypeFace
    var face: FT_Face { owner.handle }
    /// The current size in 26.6 pixels.
    private(set) var size64: Int = 0

    init(_ descriptor: FontFaceDescriptor, id: Int, library: FreeTypeLibrary) throws(RenderError) {
        let owner = try FreeTypeFace(path: descriptor.path, index: descriptor.index, library: library)
        // hb_ft_font_create_referenced takes its own reference on the face (FT_Reference_Face).
        guard let font = hb_ft_font_create_referenced(owner.handle) else {
            throw .harfBuzz(operation: "creating a HarfBuzz font for \(descriptor.path)")
        }
        hb_ft_font_set_load_flags(font, captions_ft_load_flags_outline())
        self.descriptor = descriptor
        self.id = id
        self.owner = owner
        self.hbFont = font
    }

    /// The HarfBuzz font goes first; ``owner`` then drops the last reference to the face.
    deinit { hb_font_destroy(hbFont) }

    /// Sets the em size in pixels (rounded to 1/64 px).
    func setPixelSize(_ pixels: Double) throws(RenderError) {
        let s = Self.size64(pixels)
        if s == size64 { return }
        try RenderError.checkFreeType(
            FT_Set_Char_Size(face, 0, FT_F26Dot6(s), 72, 72), "setting size \(pixels)px on \(descriptor.family)")
        hb_ft_font_changed(hbFont)
        size64 = s
    }

    /// The glyph for `scalar`, or nil when the face's character map lacks it.
    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        let g = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        return g == 0 ? nil : UInt32(g)
    }

    func contains(_ scalar: Unicode.Scalar) -> Bool { glyph(for: scalar) != nil }

    /// Ascender and descender (descender negative) in pixels at the current size.
    var ascender: Double {
        guard let size = face.pointee.size else { return 0 }
        return Double(size.pointee.metrics.ascender) / 64
    }
    var descender: Double {
        guard let size = face.pointee.size else { return 0 }
        return Double(size.pointee.metrics.descender) / 64
    }

    /// `pixels` in 26.6 fixed point as ``setPixelSize(_:)`` sets it: rounded, at least 1 px.
    static func size64(_ pixels: Double) -> Int {
        max(64, (pixels * 64).roundedClamped(to: PixelRect.coordinates))
    }

    /// Underline position (below the baseline, positive down) and thickness in pixels at an em of
    /// `pixels`. It takes the size rather than reading the face's current one: the face is shared
    /// by every run and ruby that uses it, so its current size is whichever was set last.
    func underline(atPixelSize pixels: Double) -> (offset: Double, thickness: Double) {
        let units = Double(face.pointee.units_per_EM)
        let px = Double(Self.size64(pixels)) / 64
        guard units > 0 else { return (px * 0.1, px * 0.05) }
        let offset = -Double(face.pointee.underline_position) / units * px
        let thickness = Double(face.pointee.underline_thickness) / units * px
        return (max(1, offset), max(1, thickness))
    }

    var hasVerticalMetrics: Bool { captions_ft_has_vertical(face) != 0 }

    /// The horizontal advance of `scalar`'s glyph as a fraction of the em, or nil when the face
    /// lacks the glyph or FreeType cannot load it. Read in font units, whatever the current size.
    func advanceInEms(of scalar: Unicode.Scalar) -> Double? {
        let units = Double(face.pointee.units_per_EM)
        guard units > 0, let glyph = glyph(for: scalar),
            FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph
        else { return nil }
        return Double(slot.pointee.advance.x) / units
    }

    /// The face's ascender and descender (both positive) as fractions of the em: the line a
    /// font is designed to fill, accented capitals and descenders included.
    var lineExtentInEms: (ascent: Double, descent: Double)? {
        let units = Double(face.pointee.units_per_EM)
        guard units > 0 else { return nil }
        return (Double(face.pointee.ascender) / units, -Double(face.pointee.descender) / units)
    }

    /// The distance from one baseline to the next the font asks for, as a fraction of the em:
    /// FreeType's `height` (ascender − descender + line gap of the font's `hhea` metrics, or of
    /// `OS/2` when the font says to use those).
    var lineSpacingInEms: Double? {
        let units = Double(face.pointee.units_per_EM)
        guard units > 0, face.pointee.height > 0 else { return nil }
        return Double(face.pointee.height) / units
    }
}
