// Fills the function table of civetweb_library.h from libcivetweb, once.
#include "civetweb_library.h"
#include "CLibraryLoader.h"

struct wg_civetweb_functions wg_civetweb;

#define WG_CIVETWEB_SYMBOL(name) {#name, &wg_civetweb.name},
static const wg_library_symbol wg_civetweb_symbols[] = {WG_CIVETWEB_FUNCTIONS(WG_CIVETWEB_SYMBOL)};
#undef WG_CIVETWEB_SYMBOL

static wg_loaded_library wg_civetweb_library =
    WG_LOADED_LIBRARY(WG_CIVETWEB_SONAME, "libcivetweb1", "the studio's server needs civetweb", wg_civetweb_symbols);

const char *wg_civetweb_load(void) { return wg_library_load(&wg_civetweb_library); }
