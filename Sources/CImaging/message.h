// Internal helpers shared by the shim files.
#ifndef WG_MESSAGE_H
#define WG_MESSAGE_H
#include "CImaging.h"
#include "CLibraryLoader.h"

#include <stddef.h>

/// Copies `text` into the caller's buffer, truncating, always NUL-terminated.
void wg_set_message(char *buffer, size_t capacity, const char *text);

/// A library loaded on first use (CLibraryLoader), as a shim status: WG_OK, or
/// WG_ERROR_UNLOADABLE with why it cannot be used in `message`.
wg_status wg_library_load_status(wg_loaded_library *library, char *message, size_t capacity);

/// Several such libraries in turn (those a later one links first): WG_OK, or the status
/// and message of the first that cannot be used.
wg_status wg_libraries_load_status(wg_loaded_library *libraries, size_t count, char *message, size_t capacity);

#endif
