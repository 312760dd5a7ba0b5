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
#endif
