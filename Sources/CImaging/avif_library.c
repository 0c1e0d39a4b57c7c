// Fills the function table of avif_library.h from libavif, once.
#define WG_AVIF_LIBRARY_LOADER
#include "avif_library.h"
#include "message.h"

struct wg_avif_functions wg_avif;

#define WG_AVIF_SYMBOL(name) {#name, &wg_avif.name},
static const wg_library_symbol wg_avif_symbols[] = {WG_AVIF_FUNCTIONS(WG_AVIF_SYMBOL)};
#undef WG_AVIF_SYMBOL

static wg_loaded_library wg_avif_library =
    WG_LOADED_LIBRARY(WG_AVIF_SONAME, "libavif15", "a dynamic AVIF needs libavif", wg_avif_symbols);

wg_status wg_avif_load(char *message, size_t capacity) {
    return wg_library_load_status(&wg_avif_library, message, capacity);
}
