// Fills the function table of fontconfig_library.h from fontconfig, once.
#define WG_FONTCONFIG_LIBRARY_LOADER
#include "fontconfig_library.h"
#include "CLibraryLoader.h"

struct wg_fontconfig_functions wg_fontconfig;

#define WG_FONTCONFIG_SYMBOL(name) {#name, &wg_fontconfig.name},
static const wg_library_symbol wg_fontconfig_symbols[] = {WG_FONTCONFIG_FUNCTIONS(WG_FONTCONFIG_SYMBOL)};
#undef WG_FONTCONFIG_SYMBOL

static wg_loaded_library wg_fontconfig_library = WG_LOADED_LIBRARY(
    "libfontconfig.so.1", "libfontconfig1", "installed fonts are found through fontconfig", wg_fontconfig_symbols);

const char *wg_fontconfig_load(void) { return wg_library_load(&wg_fontconfig_library); }
