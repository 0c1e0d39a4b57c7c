// Fills the function table of lcms_library.h from Little CMS, once.
#define WG_LCMS_LIBRARY_LOADER
#include "lcms_library.h"
#include "CLibraryLoader.h"

struct wg_lcms_functions wg_lcms;

#define WG_LCMS_SYMBOL(name) {#name, &wg_lcms.name},
static const wg_library_symbol wg_lcms_symbols[] = {WG_LCMS_FUNCTIONS(WG_LCMS_SYMBOL)};
#undef WG_LCMS_SYMBOL

static wg_loaded_library wg_lcms_library =
    WG_LOADED_LIBRARY("liblcms2.so.2", "liblcms2-2", "colour profiles need Little CMS", wg_lcms_symbols);

const char *wg_lcms_load(void) { return wg_library_load(&wg_lcms_library); }
