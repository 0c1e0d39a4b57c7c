// PNG decoding over libpng's full API, which (unlike png_image_*) lets us cap the
// library's allocations and chunk sizes and skip ancillary chunks we never use.
// libpng reports fatal errors by longjmp to png_jmpbuf; every entry point below sets it.
#include "CImaging.h"
#include "color.h"
#include "message.h"
#include "png_messages.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Each allocation is prefixed by its size so that frees can be subtracted.
typedef struct {
    uint64_t in_use;
    uint64_t limit;
    int refused;  // set when the limit turned an allocation down
} wg_png_allocations;

typedef union {
    size_t size;
    max_align_t alignment;
} wg_allocation_header;

struct wg_png_decoder {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t offset;
    wg_png_allocations allocations;
    char text[WG_PNG_TEXT_CAPACITY];  // libpng's words about a failure (wg_png_keep_error)
    wg_status status;
    void *color;  // ICC transform to sRGB, when the file carries an RGB profile
};

static png_voidp wg_png_malloc(png_structp png, png_alloc_size_t size) {
    wg_png_allocations *allocations = png_get_mem_ptr(png);
    if (allocations->limit > 0 && allocations->in_use + size > allocations->limit) {
        allocations->refused = 1;
        return NULL;
    }
    wg_allocation_header *header = malloc(sizeof(wg_allocation_header) + size);
    if (header == NULL) return NULL;
    header->size = size;
    allocations->in_use += size;
    return header + 1;
}

static void wg_png_free(png_structp png, png_voidp pointer) {
    if (pointer == NULL) return;
    wg_png_allocations *allocations = png_get_mem_ptr(png);
    wg_allocation_header *header = (wg_allocation_header *)pointer - 1;
    allocations->in_use -= header->size;
    free(header);
}


static void wg_png_read_data(png_structp png, png_bytep destination, size_t length) {
    wg_png_decoder *decoder = png_get_io_ptr(png);
    if (length > decoder->size - decoder->offset) {
        decoder->status = WG_ERROR_FORMAT;
        png_error(png, "the PNG data ends early (truncated file)");
    }
    memcpy(destination, decoder->data + decoder->offset, length);
    decoder->offset += length;
}

static wg_status wg_png_fail(wg_png_decoder *decoder, char *message, size_t capacity) {
    if (decoder->allocations.refused) {
        snprintf(message, capacity, "decoding the PNG needs more than %llu bytes of memory",
                 (unsigned long long)decoder->allocations.limit);
        return WG_ERROR_LIMIT;
    }
    wg_set_message(message, capacity, decoder->text[0] ? decoder->text : "invalid PNG data");
    return decoder->status == WG_OK ? WG_ERROR_FORMAT : decoder->status;
}

wg_status wg_png_decoder_open(const uint8_t *data, size_t size, const wg_decode_limits *limits,
                              wg_png_decoder **out, uint32_t *width, uint32_t *height,
                              int *has_alpha, char *message, size_t capacity) {
    *out = NULL;
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        wg_set_message(message, capacity,
                       size == 0 ? "the file is empty" : "not a PNG file (bad signature)");
        return size == 0 ? WG_ERROR_EMPTY : WG_ERROR_FORMAT;
    }
    wg_png_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    decoder->data = data;
    decoder->size = size;
    decoder->allocations.limit = limits->max_library_memory;
    decoder->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, decoder->text, wg_png_keep_error,
                                            wg_png_ignore_warning, &decoder->allocations, wg_png_malloc,
                                            wg_png_free);
    if (decoder->png == NULL || (decoder->info = png_create_info_struct(decoder->png)) == NULL) {
        wg_png_decoder_close(decoder);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    if (setjmp(png_jmpbuf(decoder->png))) {
        wg_status status = wg_png_fail(decoder, message, capacity);
        wg_png_decoder_close(decoder);
        return status;
    }
    png_set_read_fn(decoder->png, decoder, wg_png_read_data);
    if (limits->ignore_checksums) {
        // A fuzzer cannot get past CRCs it does not know how to compute.
        png_set_crc_action(decoder->png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
    }
    png_set_user_limits(decoder->png, 0x7fffffff, 0x7fffffff);
    png_set_chunk_cache_max(decoder->png, 128);
    png_set_chunk_malloc_max(decoder->png, 8u << 20);
    // Chunks that do not change the pixels are skipped unread (their data is never kept).
    static const png_byte ignored[] =
        "tEXt\0zTXt\0iTXt\0sPLT\0pCAL\0sCAL\0hIST\0oFFs\0pHYs\0tIME\0sBIT\0sTER\0eXIf\0"
        "cHRM\0bKGD\0gAMA\0sRGB\0";
    png_set_keep_unknown_chunks(decoder->png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(decoder->png, PNG_HANDLE_CHUNK_NEVER, ignored,
                                (int)(sizeof ignored / 5));
    png_read_info(decoder->png, decoder->info);

    png_uint_32 w = png_get_image_width(decoder->png, decoder->info);
    png_uint_32 h = png_get_image_height(decoder->png, decoder->info);
    int color_type = png_get_color_type(decoder->png, decoder->info);
    png_charp profile_name;
    int compression;
    png_bytep profile;
    png_uint_32 profile_size;
    if ((color_type & PNG_COLOR_MASK_COLOR) &&
        png_get_iCCP(decoder->png, decoder->info, &profile_name, &compression, &profile, &profile_size)) {
        decoder->color = wg_icc_rgba_to_srgb(profile, profile_size);  // NULL if unusable
    }
    int alpha = (color_type & PNG_COLOR_MASK_ALPHA) ||
                png_get_valid(decoder->png, decoder->info, PNG_INFO_tRNS);
    // Every colour type and depth ends as 8-bit RGBA.
    png_set_expand(decoder->png);  // palette -> RGB, gray < 8 bits -> 8, tRNS -> alpha
    png_set_scale_16(decoder->png);
    png_set_gray_to_rgb(decoder->png);
    if (!alpha) png_set_filler(decoder->png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(decoder->png);
    png_read_update_info(decoder->png, decoder->info);
    if (png_get_rowbytes(decoder->png, decoder->info) != (size_t)w * 4) {
        wg_png_decoder_close(decoder);
        wg_set_message(message, capacity, "unsupported PNG layout");
        return WG_ERROR_UNSUPPORTED;
    }
    *width = w;
    *height = h;
    *has_alpha = alpha;
    *out = decoder;
    return WG_OK;
}

wg_status wg_png_decoder_read(wg_png_decoder *decoder, uint8_t *rgba, size_t stride,
                              char *message, size_t capacity) {
    png_uint_32 h = png_get_image_height(decoder->png, decoder->info);
    png_bytep *rows = malloc(sizeof(png_bytep) * (h ? h : 1));
    if (rows == NULL) {
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    for (png_uint_32 y = 0; y < h; y++) rows[y] = rgba + (size_t)y * stride;
    if (setjmp(png_jmpbuf(decoder->png))) {
        free(rows);
        return wg_png_fail(decoder, message, capacity);
    }
    png_read_image(decoder->png, rows);
    png_read_end(decoder->png, NULL);
    png_uint_32 w = png_get_image_width(decoder->png, decoder->info);
    uint8_t *scratch = decoder->color != NULL ? malloc((size_t)w * 4) : NULL;
    if (scratch != NULL) {
        for (png_uint_32 y = 0; y < h; y++) {
            memcpy(scratch, rows[y], (size_t)w * 4);
            wg_icc_apply(decoder->color, scratch, rows[y], w);
        }
    }
    free(scratch);
    free(rows);
    return WG_OK;
}

void wg_png_decoder_close(wg_png_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->png != NULL) {
        png_destroy_read_struct(&decoder->png, decoder->info ? &decoder->info : NULL, NULL);
    }
    wg_icc_free(decoder->color);
    free(decoder);
}
