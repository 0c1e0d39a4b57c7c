// PNG encoding over libpng's full API into a growing memory buffer.
#include "CImaging.h"
#include "message.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *bytes;
    size_t size;
    size_t capacity;
    char text[200];
} wg_png_sink;

static void wg_png_sink_error(png_structp png, png_const_charp text) {
    wg_png_sink *sink = png_get_error_ptr(png);
    wg_set_message(sink->text, sizeof sink->text, text);
    png_longjmp(png, 1);
}

static void wg_png_sink_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void wg_png_sink_write(png_structp png, png_bytep data, size_t length) {
    wg_png_sink *sink = png_get_io_ptr(png);
    if (length > sink->capacity - sink->size) {
        size_t capacity = sink->capacity ? sink->capacity : 1 << 16;
        while (capacity - sink->size < length) capacity *= 2;
        uint8_t *grown = realloc(sink->bytes, capacity);
        if (grown == NULL) png_error(png, "out of memory");
        sink->bytes = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->size, data, length);
    sink->size += length;
}

static void wg_png_sink_flush(png_structp png) { (void)png; }

wg_status wg_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                        int write_alpha, const wg_png_encode_options *options,
                        uint8_t **output, size_t *output_size, char *message, size_t capacity) {
    *output = NULL;
    *output_size = 0;
    if (width == 0 || height == 0 || width > 0x7fffffff || height > 0x7fffffff ||
        options->compression_level < 0 || options->compression_level > 9) {
        wg_set_message(message, capacity, "invalid PNG size or compression level");
        return WG_ERROR_ARGUMENT;
    }
    wg_png_sink *sink = calloc(1, sizeof *sink);
    png_bytep *rows = malloc(sizeof(png_bytep) * height);
    png_structp png = NULL;
    png_infop info = NULL;
    if (sink == NULL || rows == NULL ||
        (png = png_create_write_struct(PNG_LIBPNG_VER_STRING, sink, wg_png_sink_error,
                                       wg_png_sink_warning)) == NULL ||
        (info = png_create_info_struct(png)) == NULL) {
        if (png != NULL) png_destroy_write_struct(&png, NULL);
        free(rows);
        free(sink);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        wg_set_message(message, capacity, sink->text);
        png_destroy_write_struct(&png, &info);
        free(sink->bytes);
        free(sink);
        free(rows);
        return WG_ERROR_MEMORY;
    }
    png_set_write_fn(png, sink, wg_png_sink_write, wg_png_sink_flush);
    png_set_IHDR(png, info, width, height, 8,
                 write_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, options->compression_level);
    if (options->filters != 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, options->filters);
    if (options->strategy >= 0) png_set_compression_strategy(png, options->strategy);
    // Values are sRGB-encoded; saying so keeps viewers from guessing.
    png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    if (!write_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);  // drop the fourth byte
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(rgba + (size_t)y * stride);
    png_write_image(png, rows);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(rows);
    *output = sink->bytes;
    *output_size = sink->size;
    free(sink);
    return WG_OK;
}
