// Fills the function table of font_libraries.h from FreeType and HarfBuzz, once.
#define WG_FONT_LIBRARIES_LOADER
#include "font_libraries.h"
#include "message.h"

struct wg_font_functions wg_font_library;

#define WG_FONT_SYMBOL(name) {#name, &wg_font_library.name},
static const wg_library_symbol wg_freetype_symbols[] = {WG_FREETYPE_FUNCTIONS(WG_FONT_SYMBOL)};
static const wg_library_symbol wg_harfbuzz_symbols[] = {WG_HARFBUZZ_FUNCTIONS(WG_FONT_SYMBOL)};
#undef WG_FONT_SYMBOL

// FreeType first: HarfBuzz links it itself.
static wg_loaded_library wg_font_libraries[] = {
    WG_LOADED_LIBRARY("libfreetype.so.6", "libfreetype6", "text needs FreeType", wg_freetype_symbols),
    WG_LOADED_LIBRARY("libharfbuzz.so.0", "libharfbuzz0b", "text needs HarfBuzz", wg_harfbuzz_symbols),
};

wg_status wg_font_libraries_load(char *message, size_t capacity) {
    return wg_libraries_load_status(wg_font_libraries, sizeof wg_font_libraries / sizeof wg_font_libraries[0],
                                    message, capacity);
}
