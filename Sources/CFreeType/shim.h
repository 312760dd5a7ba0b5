#ifndef CAPTIONS_CFREETYPE_SHIM_H
#define CAPTIONS_CFREETYPE_SHIM_H
// Bridge to FreeType. Only the Render module imports this target.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_GLYPH_H
#include FT_OUTLINE_H
#include FT_STROKER_H
#include FT_SYNTHESIS_H
#include FT_BITMAP_H

// FT_LOAD_TARGET_* are function-like macros that Swift cannot import.
static inline FT_Int32 captions_ft_load_target_normal(void) { return FT_LOAD_TARGET_NORMAL; }
static inline FT_Int32 captions_ft_load_target_light(void) { return FT_LOAD_TARGET_LIGHT; }
static inline FT_Int32 captions_ft_load_target_mono(void) { return FT_LOAD_TARGET_MONO; }
static inline FT_Int32 captions_ft_load_target_lcd(void) { return FT_LOAD_TARGET_LCD; }

/// 26.6 fixed point helpers.
static inline FT_F26Dot6 captions_ft_from_int(long v) { return (FT_F26Dot6)(v * 64); }

/// The load flags the renderer uses: unhinted outlines, so that FreeType's rasterized glyphs agree
/// with HarfBuzz's unhinted advances, and no embedded bitmaps (they cannot be stroked or slanted).
static inline FT_Int32 captions_ft_load_flags_outline(void) {
    return FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
}
static inline int captions_ft_has_vertical(FT_Face face) { return FT_HAS_VERTICAL(face) ? 1 : 0; }
static inline int captions_ft_is_fixed_width(FT_Face face) { return FT_IS_FIXED_WIDTH(face) ? 1 : 0; }
/// Whether the face has outlines; bitmap-only faces (CBDT colour emoji, BDF, PCF) do not.
static inline int captions_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
/// A glyph converted by FT_Glyph_To_Bitmap is an FT_BitmapGlyph; C casts between the two.
static inline FT_BitmapGlyph captions_ft_bitmap_glyph(FT_Glyph glyph) { return (FT_BitmapGlyph)glyph; }
#endif
