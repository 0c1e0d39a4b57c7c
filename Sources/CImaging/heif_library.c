// Fills the function table of heif_library.h from libheif, once.
#define WG_HEIF_LIBRARY_LOADER
#include "heif_library.h"
#include "message.h"

struct wg_heif_functions wg_heif;

#define WG_HEIF_SYMBOL(name) {#name, &wg_heif.name},
static const wg_library_symbol wg_heif_symbols[] = {WG_HEIF_FUNCTIONS(WG_HEIF_SYMBOL)};
#undef WG_HEIF_SYMBOL

static wg_loaded_library wg_heif_library =
    WG_LOADED_LIBRARY(WG_HEIF_SONAME, "libheif1", "HEIF and AVIF need libheif", wg_heif_symbols);

wg_status wg_heif_load(char *message, size_t capacity) {
    return wg_library_load_status(&wg_heif_library, message, capacity);
}
