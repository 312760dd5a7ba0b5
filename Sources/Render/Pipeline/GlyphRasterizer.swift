internal import CFreeType
import CaptionCore

/// A glyph's coverage bitmap and where it sits relative to the glyph origin on the baseline.
struct GlyphBitmap {
    /// Pixels from the origin to the bitmap's left edge.
    var left: Int
    /// Pixels from the baseline up to the bitmap's top edge.
    var top: Int
    var bitmap: AlphaBitmap
}

/// Stage 4 — glyph rasterizing: FreeType outlines to 8-bit coverage, with synthetic bold and
/// oblique and an optional stroked border for outlines, behind a cache so a glyph is rasterized
/// once per face, size and variant.
final class GlyphRasterizer {
    struct Key: Hashable {
        var face: Int
        var glyph: UInt32
        /// The em size as ``FontFace/setPixelSize(_:)`` sets it (``FontFace/size64(_:)``), so
        /// sizes drawn alike share an entry.
        var size64: Int
        var bold: Bool
        var oblique: Bool
        var sideways: Bool
        /// ``PlacedGlyph/widthScale`` in 16.16 fixed point (65536 for none).
        var widthScale16: Int
        /// Border radius in 26.6 pixels; 0 for the glyph itself.
        var stroke64: Int
        /// Blur radius in 26.6 pixels (a text shadow's); 0 for a sharp bitmap.
        var blur64: Int = 0
        /// ``GlyphSkew`` in 16.16 fixed point (0 for none).
        var skewX16: Int = 0
        var skewY16: Int = 0
    }

    private var cache: [Key: GlyphBitmap] = [:]
    private let stroker: FT_Stroker
    /// Kept so the library outlives the stroker it allocated.
    private let library: FreeTypeLibrary
    /// Glyphs rasterized (cache misses) and served from the cache.
    private(set) var rasterized = 0
    private(set) var cacheHits = 0

    init(library: FreeTypeLibrary) throws(RenderError) {
        var s: FT_Stroker?
        try RenderError.checkFreeType(FT_Stroker_New(library.handle, &s), "creating a FreeType stroker")
        guard let s else { throw .freeType(code: -1, operation: "creating a FreeType stroker") }
        stroker = s
        self.library = library
    }

    deinit { FT_Stroker_Done(stroker) }

    /// The bitmap of `glyph` of `face` at `size` pixels; `stroke` > 0 gives the glyph widened by
    /// that many pixels on every side (the outline layer), `blur` > 0 that bitmap blurred with a
    /// radius of that many pixels (a text shadow's: a Gaussian of half the radius as standard
    /// deviation, CSS's blur, ``AlphaBitmap/blurred(standardDeviation:)``); `skew` slants it as
    /// drawn on the picture (after any turn sideways).
    func bitmap(
        face: FontFace, glyph: UInt32, size: Double, bold: Bool, oblique: Bool, sideways: Bool = false,
        widthScale: Double = 1, stroke: Double = 0, blur: Double = 0, skew: GlyphSkew = GlyphSkew()
    ) throws(RenderError) -> GlyphBitmap {
        let key = Key(
            face: face.id, glyph: glyph, size64: FontFace.size64(size), bold: bold,
            oblique: oblique,
            sideways: sideways, widthScale16: (max(0.25, min(4, widthScale)) * 65536).roundedClamped(to: 1...(1 << 20)),
            stroke64: (stroke * 64).roundedClamped(to: PixelRect.coordinates),
            blur64: (blur * 64).roundedClamped(to: PixelRect.coordinates),
            skewX16: GlyphSkew.fixed(skew.x), skewY16: GlyphSkew.fixed(skew.y))
        if let hit = cache[key] {
            cacheHits += 1
            return hit
        }
        let result: GlyphBitmap
        if key.blur64 > 0 {
            let sharp = try bitmap(
                face: face, glyph: glyph, size: size, bold: bold, oblique: oblique, sideways: sideways,
                widthScale: widthScale, stroke: stroke, skew: skew)
            let (blurred, margin) = sharp.bitmap.blurred(standardDeviation: Double(key.blur64) / 64 / 2)
            result = GlyphBitmap(left: sharp.left - margin, top: sharp.top + margin, bitmap: blurred)
        } else {
            result = try rasterize(
                face: face, glyph: glyph, size: size, bold: bold, oblique: oblique, sideways: sideways,
                widthScale16: key.widthScale16, stroke64: key.stroke64, skew: (key.skewX16, key.skewY16))
            rasterized += 1
        }
        cache[key] = result
        return result
    }

    private func rasterize(
        face: FontFace, glyph: UInt32, size: Double, bold: Bool, oblique: Bool, sideways: Bool, widthScale16: Int,
        stroke64: Int, skew: (x: Int, y: Int)
    ) throws(RenderError) -> GlyphBitmap {
        try face.setPixelSize(size)
        let ft = face.face
        try RenderError.checkFreeType(
            FT_Load_Glyph(ft, glyph, captions_ft_load_flags_outline()),
            "loading glyph \(glyph) of \(face.descriptor.family)")
        guard let slot = ft.pointee.glyph else { throw .freeType(code: -1, operation: "loading glyph \(glyph)") }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            if bold {
                // About what FT_GlyphSlot_Embolden does: 1/24 em, split over both sides.
                let strength = FT_Pos((size * 64 / 24).rounded())
                try RenderError.checkFreeType(
                    FT_Outline_EmboldenXY(&slot.pointee.outline, strength, strength), "emboldening glyph \(glyph)")
            }
            if widthScale16 != 0x10000 {
                var widen = FT_Matrix(xx: FT_Fixed(widthScale16), xy: 0, yx: 0, yy: 0x10000)
                FT_Outline_Transform(&slot.pointee.outline, &widen)
            }
            if oblique {
                // The same 12° shear as FT_GlyphSlot_Oblique.
                var shear = FT_Matrix(xx: 0x10000, xy: 0x0366A, yx: 0, yy: 0x10000)
                FT_Outline_Transform(&slot.pointee.outline, &shear)
            }
            if sideways {
                // 90° clockwise on screen: the glyph's up points right, its advance down.
                var turn = FT_Matrix(xx: 0, xy: 0x10000, yx: -0x10000, yy: 0)
                FT_Outline_Transform(&slot.pointee.outline, &turn)
            }
            if skew != (0, 0) {
                // A paragraph's shear (TTML2 §10.2.38), in FreeType's axes (y up).
                var slant = FT_Matrix(xx: 0x10000, xy: FT_Fixed(skew.x), yx: FT_Fixed(skew.y), yy: 0x10000)
                FT_Outline_Transform(&slot.pointee.outline, &slant)
            }
        }
        if stroke64 > 0 {
            return try strokedBitmap(slot, radius: stroke64, glyph: glyph)
        }
        try RenderError.checkFreeType(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "rasterizing glyph \(glyph)")
        return GlyphBitmap(
            left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            bitmap: Self.copy(slot.pointee.bitmap))
    }

    private func strokedBitmap(_ slot: FT_GlyphSlot, radius: Int, glyph: UInt32) throws(RenderError) -> GlyphBitmap {
        var g: FT_Glyph?
        try RenderError.checkFreeType(FT_Get_Glyph(slot, &g), "copying glyph \(glyph)")
        defer { if let g { FT_Done_Glyph(g) } }
        FT_Stroker_Set(stroker, FT_Fixed(radius), FT_STROKER_LINECAP_ROUND, FT_STROKER_LINEJOIN_ROUND, 0)
        try RenderError.checkFreeType(FT_Glyph_StrokeBorder(&g, stroker, 0, 1), "stroking glyph \(glyph)")
        try RenderError.checkFreeType(
            FT_Glyph_To_Bitmap(&g, FT_RENDER_MODE_NORMAL, nil, 1), "rasterizing the border of glyph \(glyph)")
        guard let g, let bitmapGlyph = captions_ft_bitmap_glyph(g) else {
            throw .freeType(code: -1, operation: "rasterizing the border of glyph \(glyph)")
        }
        return GlyphBitmap(
            left: Int(bitmapGlyph.pointee.left), top: Int(bitmapGlyph.pointee.top),
            bitmap: Self.copy(bitmapGlyph.pointee.bitmap))
    }

    /// Copies an 8-bit grey FreeType bitmap, whose rows may be padded or stored bottom-up.
    private static func copy(_ b: FT_Bitmap) -> AlphaBitmap {
        let w = Int(b.width)
        let h = Int(b.rows)
        guard w > 0, h > 0, let buffer = b.buffer, b.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else {
            return AlphaBitmap(width: 0, height: 0, pixels: [])
        }
        let pitch = Int(b.pitch)
        var pixels = [UInt8](repeating: 0, count: w * h)
        pixels.withUnsafeMutableBufferPointer { dst in
            for row in 0..<h {
                let srcRow = pitch >= 0 ? row * pitch : (h - 1 - row) * -pitch
                for x in 0..<w { dst[row * w + x] = buffer[srcRow + x] }
            }
        }
        return AlphaBitmap(width: w, height: h, pixels: pixels)
    }
}

/// A slant applied to a glyph's outline about its origin, as drawn on the picture: `x` moves each
/// point right by that many pixels per pixel above the baseline (as an oblique face leans; FreeType
/// `xy`), `y` moves it up by that many per pixel right of the origin (FreeType `yx`).
struct GlyphSkew: Hashable {
    var x = 0.0
    var y = 0.0

    /// Kept to tan 80° (5.67) each way, so that no document can ask for a bitmap of any size.
    static let limit = 5.671_281_819_617_709

    /// `v` in 16.16 fixed point, within ±``limit``; NaN gives 0.
    static func fixed(_ v: Double) -> Int {
        v.isNaN ? 0 : (max(-limit, min(limit, v)) * 65536).roundedClamped(to: -(1 << 20)...(1 << 20))
    }
}
