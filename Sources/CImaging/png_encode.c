// The PNG container over libpng's full API, written into a growing memory buffer. The
// image data arrives already filtered and compressed, in parallel bands (PNGEncoder.swift,
// RunLengthDeflate.swift, deflate_band.c).
#include "CImaging.h"
#include "message.h"
#include "png_messages.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *bytes;
    size_t size;
    size_t capacity;
    char text[WG_PNG_TEXT_CAPACITY];  // libpng's words about a failure (wg_png_keep_error)
    int out_of_memory;  // the failure was the sink's own allocation, not libpng's refusal
} wg_png_sink;


static void wg_png_sink_write(png_structp png, png_bytep data, size_t length) {
    wg_png_sink *sink = png_get_io_ptr(png);
    if (length > sink->capacity - sink->size) {
        size_t capacity = sink->capacity ? sink->capacity : 1 << 16;
        while (capacity - sink->size < length) capacity *= 2;
        uint8_t *grown = realloc(sink->bytes, capacity);
        if (grown == NULL) {
            sink->out_of_memory = 1;
            png_error(png, "out of memory");
        }
        sink->bytes = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->size, data, length);
    sink->size += length;
}

static void wg_png_sink_flush(png_structp png) { (void)png; }

wg_status wg_png_write_container(uint32_t width, uint32_t height, int with_alpha,
                                 const uint8_t *zlib_stream, size_t zlib_size, uint8_t **output,
                                 size_t *output_size, char *message, size_t capacity) {
    *output = NULL;
    *output_size = 0;
    if (width == 0 || height == 0 || width > 0x7fffffff || height > 0x7fffffff) {
        wg_set_message(message, capacity, "invalid PNG size");
        return WG_ERROR_ARGUMENT;
    }
    if (zlib_stream == NULL || zlib_size == 0) {
        wg_set_message(message, capacity, "no compressed image data");
        return WG_ERROR_ARGUMENT;
    }
    wg_png_sink *sink = calloc(1, sizeof *sink);
    png_structp png = NULL;
    png_infop info = NULL;
    if (sink == NULL ||
        (png = png_create_write_struct(PNG_LIBPNG_VER_STRING, sink->text, wg_png_keep_error,
                                       wg_png_ignore_warning)) == NULL ||
        (info = png_create_info_struct(png)) == NULL) {
        if (png != NULL) png_destroy_write_struct(&png, NULL);
        free(sink);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        wg_set_message(message, capacity, sink->text);
        wg_status status = sink->out_of_memory ? WG_ERROR_MEMORY : WG_ERROR_LIBRARY;
        png_destroy_write_struct(&png, &info);
        free(sink->bytes);
        free(sink);
        return status;
    }
    // Room for the whole file at once (the image data and a few small chunks), so the sink
    // does not grow by doubling through megabytes, copying each time; growing stays
    // possible should the chunks ever need more.
    size_t room = zlib_size + zlib_size / 64 + 1024;
    sink->bytes = malloc(room);
    if (sink->bytes == NULL) {
        sink->out_of_memory = 1;
        png_error(png, "out of memory");
    }
    sink->capacity = room;
    png_set_write_fn(png, sink, wg_png_sink_write, wg_png_sink_flush);
    png_set_IHDR(png, info, width, height, 8,
                 with_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    // Values are sRGB-encoded; saying so keeps viewers from guessing.
    png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    // The compressed image, as IDAT chunks of at most 256 KiB.
    static const png_byte idat[5] = "IDAT", iend[5] = "IEND";
    for (size_t offset = 0; offset < zlib_size; offset += 1 << 18) {
        size_t length = zlib_size - offset < (1 << 18) ? zlib_size - offset : (1 << 18);
        png_write_chunk(png, idat, zlib_stream + offset, length);
    }
    png_write_chunk(png, iend, NULL, 0);
    png_destroy_write_struct(&png, &info);
    *output = sink->bytes;
    *output_size = sink->size;
    free(sink);
    return WG_OK;
}
