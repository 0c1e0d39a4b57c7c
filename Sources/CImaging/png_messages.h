// libpng's error and warning callbacks, shared by the PNG reader and writer.
#ifndef WG_PNG_MESSAGES_H
#define WG_PNG_MESSAGES_H
#include <png.h>

/// Room for libpng's words about a failure.
#define WG_PNG_TEXT_CAPACITY 200

/// libpng's error callback for reading and writing alike. The error pointer is a char
/// buffer of WG_PNG_TEXT_CAPACITY that keeps libpng's words; then it jumps back to the
/// caller's setjmp, which turns them into a status and a message.
void wg_png_keep_error(png_structp png, png_const_charp text);

/// Warnings (a bad ancillary chunk's CRC, an oversized text chunk) do not stop the work.
void wg_png_ignore_warning(png_structp png, png_const_charp text);

#endif
