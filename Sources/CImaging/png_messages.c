#include "png_messages.h"

#include "message.h"

void wg_png_keep_error(png_structp png, png_const_charp text) {
    char *buffer = png_get_error_ptr(png);
    wg_set_message(buffer, WG_PNG_TEXT_CAPACITY, text);
    png_longjmp(png, 1);
}

void wg_png_ignore_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}
