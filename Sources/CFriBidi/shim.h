#ifndef CAPTIONS_CFRIBIDI_SHIM_H
#define CAPTIONS_CFRIBIDI_SHIM_H
// Bridge to GNU FriBidi (Unicode bidirectional algorithm). Only the Render module imports it:
// HarfBuzz shapes runs but does not reorder bidirectional text.
#include <fribidi.h>
#endif
