#ifndef CAPTIONS_CFONTCONFIG_SHIM_H
#define CAPTIONS_CFONTCONFIG_SHIM_H
// Bridge to fontconfig (the font finder libass and most Linux programs use). Only the Render
// module imports this target.
#include <fontconfig/fontconfig.h>

// LeakSanitizer's switches (compiler-rt's sanitizer/lsan_interface.h), declared weak: they are
// null unless the program is built with AddressSanitizer (make test-sanitize).
void __lsan_disable(void) __attribute__((weak));
void __lsan_enable(void) __attribute__((weak));

/// FcInitLoadConfigAndFonts, for the configuration the process keeps until it exits, with the
/// leak checker (when there is one) ignoring what this one call allocates. fontconfig refers to
/// a pattern's elements by their offset from the pattern (FcPattern.elts_offset), not by a
/// pointer, so a leak checker cannot reach them: each <acceptfont>/<rejectfont> pattern of a
/// configuration still alive at exit (Debian's 70-no-bitmaps.conf has one) is reported as a
/// direct leak of its 256-byte element array and an indirect one of its 32-byte value. Our own
/// patterns, sets and configurations stay checked. An LSan suppression cannot say this as
/// narrowly: Debian's libfontconfig has no symbols for its internal functions and the fast
/// unwinder stops inside it, so the only name it offers is the whole library.
static inline FcConfig *captions_fc_load_process_configuration(void) {
    if (__lsan_disable && __lsan_enable) __lsan_disable();
    FcConfig *config = FcInitLoadConfigAndFonts();
    if (__lsan_disable && __lsan_enable) __lsan_enable();
    return config;
}
#endif
