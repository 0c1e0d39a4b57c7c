// Internal helpers shared by the shim files.
#ifndef WG_MESSAGE_H
#define WG_MESSAGE_H
#include <stddef.h>

/// Copies `text` into the caller's buffer, truncating, always NUL-terminated.
void wg_set_message(char *buffer, size_t capacity, const char *text);

#endif
