// CLibraryLoader: opening a C library on first use (dlopen) instead of linking it, for
// CImaging (FreeType, HarfBuzz, libheif, libavif, libwebp's three, Little CMS, fontconfig) and
// CHTTP (civetweb).
//
// Every library the binary links is mapped and relocated before main runs, by every
// command, the ones that never call it too: `wallgen --version` and a PNG card paid for
// libheif's codecs, Little CMS, fontconfig (with expat) and libwebp's three libraries, and
// `--version` for FreeType and HarfBuzz (with GLib, graphite2, PCRE2 and Brotli).
// Each of those is reached through a table of function pointers instead, filled here the
// first time something needs it (docs/PERFORMANCE.md, "Start-up"). The table's header
// (heif_library.h, lcms_library.h, civetweb_library.h, ...) spells the calls as the
// library's own, so the files that use it read as if it were linked.
#ifndef WG_LIBRARY_LOADER_H
#define WG_LIBRARY_LOADER_H
#include <stddef.h>

/// A symbol the library must have, and the table entry its address goes into.
typedef struct {
    const char *name;
    void *entry;  // a pointer to the table's function pointer
} wg_library_symbol;

/// One library: its soname, the Debian package that has it, what it is needed for (the
/// start of the message when it cannot be loaded: "WebP needs libwebp"), its symbols; then,
/// once tried, what went wrong.
typedef struct {
    const char *soname;
    const char *package;
    const char *needed_for;
    const wg_library_symbol *symbols;
    size_t symbol_count;
    int tried;
    char problem[512];
} wg_loaded_library;

/// A library's description, for a static `wg_loaded_library` beside its table.
#define WG_LOADED_LIBRARY(soname, package, needed_for, symbols) \
    {(soname), (package), (needed_for), (symbols), sizeof(symbols) / sizeof((symbols)[0]), 0, {0}}

/// Opens `library` once (thread-safe) and fills its table: NULL, or why it cannot be used
/// ("WebP needs libwebp (libwebp.so.7, Debian's libwebp7), which cannot be loaded: ...",
/// or the symbol it lacks).
const char *wg_library_load(wg_loaded_library *library);

#endif
