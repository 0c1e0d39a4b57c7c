// Fills the function table of webp_library.h from libwebp, libwebpmux and libwebpdemux,
// once.
#define WG_WEBP_LIBRARY_LOADER
#include "webp_library.h"
#include "message.h"

struct wg_webp_functions wg_webp;

#define WG_WEBP_SYMBOL(name) {#name, &wg_webp.name},
static const wg_library_symbol wg_webp_symbols[] = {WG_WEBP_FUNCTIONS(WG_WEBP_SYMBOL)};
static const wg_library_symbol wg_webpmux_symbols[] = {WG_WEBPMUX_FUNCTIONS(WG_WEBP_SYMBOL)};
static const wg_library_symbol wg_webpdemux_symbols[] = {WG_WEBPDEMUX_FUNCTIONS(WG_WEBP_SYMBOL)};
#undef WG_WEBP_SYMBOL

// libwebp first: the other two link it themselves.
static wg_loaded_library wg_webp_libraries[] = {
    WG_LOADED_LIBRARY("libwebp.so.7", "libwebp7", "WebP needs libwebp", wg_webp_symbols),
    WG_LOADED_LIBRARY("libwebpmux.so.3", "libwebpmux3", "WebP needs libwebpmux", wg_webpmux_symbols),
    WG_LOADED_LIBRARY("libwebpdemux.so.2", "libwebpdemux2", "WebP needs libwebpdemux", wg_webpdemux_symbols),
};

wg_status wg_webp_load(char *message, size_t capacity) {
    return wg_libraries_load_status(wg_webp_libraries, sizeof wg_webp_libraries / sizeof wg_webp_libraries[0],
                                    message, capacity);
}
