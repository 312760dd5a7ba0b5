#ifndef CAPTIONS_CFRIBIDI_SHIM_H
#define CAPTIONS_CFRIBIDI_SHIM_H
// Bridge to GNU FriBidi (Unicode bidirectional algorithm). Only the Render module imports it:
// HarfBuzz shapes runs but does not reorder bidirectional text.
#include <fribidi.h>

// FRIBIDI_PAR_* are macros built from other macros; Swift cannot import them.
static inline FriBidiParType captions_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType captions_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType captions_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
#endif
