// fontconfig, loaded the first time a character is in none of the bundled fonts
// (CLibraryLoader).
#ifndef WG_FONTCONFIG_LIBRARY_H
#define WG_FONTCONFIG_LIBRARY_H
#include <fontconfig/fontconfig.h>

#define WG_FONTCONFIG_FUNCTIONS(X) \
    X(FcCharSetAddChar) \
    X(FcCharSetCreate) \
    X(FcCharSetDestroy) \
    X(FcCharSetHasChar) \
    X(FcConfigSubstitute) \
    X(FcDefaultSubstitute) \
    X(FcFontSetDestroy) \
    X(FcFontSort) \
    X(FcInit) \
    X(FcPatternAddBool) \
    X(FcPatternAddCharSet) \
    X(FcPatternCreate) \
    X(FcPatternDestroy) \
    X(FcPatternGetCharSet) \
    X(FcPatternGetString)

struct wg_fontconfig_functions {
#define WG_FONTCONFIG_POINTER(name) __typeof__(name) *name;
    WG_FONTCONFIG_FUNCTIONS(WG_FONTCONFIG_POINTER)
#undef WG_FONTCONFIG_POINTER
};

extern struct wg_fontconfig_functions wg_fontconfig;

/// Loads fontconfig once (thread-safe): NULL, or why it cannot be used.
const char *wg_fontconfig_load(void);

#ifndef WG_FONTCONFIG_LIBRARY_LOADER
#define FcCharSetAddChar (wg_fontconfig.FcCharSetAddChar)
#define FcCharSetCreate (wg_fontconfig.FcCharSetCreate)
#define FcCharSetDestroy (wg_fontconfig.FcCharSetDestroy)
#define FcCharSetHasChar (wg_fontconfig.FcCharSetHasChar)
#define FcConfigSubstitute (wg_fontconfig.FcConfigSubstitute)
#define FcDefaultSubstitute (wg_fontconfig.FcDefaultSubstitute)
#define FcFontSetDestroy (wg_fontconfig.FcFontSetDestroy)
#define FcFontSort (wg_fontconfig.FcFontSort)
#define FcInit (wg_fontconfig.FcInit)
#define FcPatternAddBool (wg_fontconfig.FcPatternAddBool)
#define FcPatternAddCharSet (wg_fontconfig.FcPatternAddCharSet)
#define FcPatternCreate (wg_fontconfig.FcPatternCreate)
#define FcPatternDestroy (wg_fontconfig.FcPatternDestroy)
#define FcPatternGetCharSet (wg_fontconfig.FcPatternGetCharSet)
#define FcPatternGetString (wg_fontconfig.FcPatternGetString)
#endif

#endif
