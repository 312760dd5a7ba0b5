#ifndef CAPTIONS_CHARFBUZZ_SHIM_H
#define CAPTIONS_CHARFBUZZ_SHIM_H
// Bridge to HarfBuzz. Only the Render module imports this target.
// hb.h, hb-ft.h and hb-ot.h (OpenType metrics) only; libharfbuzz-dev's glib integration
// headers are deliberately not included, so glib is not needed to build.
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>

/// HB_TAG is a macro; Swift cannot import it.
static inline hb_tag_t captions_hb_tag(char a, char b, char c, char d) {
    return HB_TAG(a, b, c, d);
}
#endif
