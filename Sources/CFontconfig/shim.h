#ifndef CAPTIONS_CFONTCONFIG_SHIM_H
#define CAPTIONS_CFONTCONFIG_SHIM_H
// Bridge to fontconfig (the font finder libass and most Linux programs use). Only the Render
// module imports this target.
#include <fontconfig/fontconfig.h>
#endif
