// HEIF decoding over libheif: iPhone photos (HEIC, HEVC inside) and AVIF (AV1 inside),
// whichever codecs this libheif has. libheif returns error structs and never jumps.
//
// Orientation: libheif applies the file's own transformations (irot, imir, clap) while
// decoding, and the size the handle reports is the size after them. The HEIF standard
// (ISO/IEC 23008-12) makes those boxes the only orientation a reader applies; an Exif
// Orientation tag inside a HEIF is informative and must NOT be applied on top (iPhones
// write both, and applying both would turn the photo twice). So no Exif is read here.
//
// Limits: the primary image's stored size (its ispe) and its size after transformations
// are reported before anything is decoded; the caller checks them against --max-pixels
// and refuses a picture whose decoding memory (estimated from that size and its bit
// depth) is above its ceiling. libheif's own per-side limit is set from the caller's
// pixel limit, so no image, tile or grid in the file may declare a side beyond it, and
// the largest grid or overlay canvas in the file is reported for the same check.
#include "CImaging.h"
#include "heif_library.h"
#include "color.h"
#include "message.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct wg_heif_decoder {
    struct heif_context *context;
    struct heif_image_handle *handle;
    uint32_t width;   // after transformations
    uint32_t height;
};

/// libheif's error in words, and the status it means here: an unknown or missing codec
/// is unsupported, a security limit is a limit, everything else is damaged data.
static wg_status wg_heif_fail(struct heif_error error, const char *doing, char *message, size_t capacity) {
    const char *reason = error.message != NULL && error.message[0] ? error.message : "unknown error";
    if (error.code == heif_error_Unsupported_feature &&
        (error.subcode == heif_suberror_Unsupported_codec || error.subcode == heif_suberror_Unsupported_image_type)) {
        snprintf(message, capacity,
                 "the picture inside is compressed with a codec this libheif cannot decode (%s); "
                 "HEVC (HEIC) and AV1 (AVIF) are supported",
                 reason);
        return WG_ERROR_UNSUPPORTED;
    }
    snprintf(message, capacity, "%s: %s", doing, reason);
    // libheif ends some messages with a newline; the caller's line has its own.
    for (size_t end = strlen(message); end > 0 && (message[end - 1] == '\n' || message[end - 1] == ' '); end--) {
        message[end - 1] = '\0';
    }
    if (error.code == heif_error_Memory_allocation_error && error.subcode == heif_suberror_Security_limit_exceeded) {
        return WG_ERROR_LIMIT;
    }
    if (error.code == heif_error_Memory_allocation_error) return WG_ERROR_MEMORY;
    if (error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype) {
        return WG_ERROR_UNSUPPORTED;
    }
    return WG_ERROR_FORMAT;
}

/// Refuses, before reading further, a file whose brand names a codec this libheif has no
/// decoder for (an AVIF where libheif was built without dav1d or aom, say).
static wg_status wg_heif_check_codec(const uint8_t *data, size_t size, char *message, size_t capacity) {
    if (size < 12) return WG_OK;
    heif_brand2 brand = heif_read_main_brand(data, (int)(size > 64 ? 64 : size));
    enum heif_compression_format needed = heif_compression_undefined;
    const char *name = "";
    if (brand == heif_fourcc_to_brand("heic") || brand == heif_fourcc_to_brand("heix") ||
        brand == heif_fourcc_to_brand("heim") || brand == heif_fourcc_to_brand("heis")) {
        needed = heif_compression_HEVC;
        name = "HEVC";
    } else if (brand == heif_fourcc_to_brand("avif")) {
        needed = heif_compression_AV1;
        name = "AV1";
    }
    if (needed != heif_compression_undefined && !heif_have_decoder_for_format(needed)) {
        snprintf(message, capacity, "this libheif has no %s decoder for the picture inside", name);
        return WG_ERROR_UNSUPPORTED;
    }
    return WG_OK;
}

// MARK: Derived canvases
//
// A grid ('grid') or overlay ('iovl') item is drawn on a canvas whose size is in its own
// data, not in an ispe: libheif 1.15 allocates that canvas after checking only each side
// against its limit, so a 1 KB file could claim 60000x40000 and take gigabytes (found by
// FuzzHEIC). These few functions walk the boxes themselves (ISO/IEC 14496-12 and
// 23008-12), bounds-checked at every read, to find the largest such canvas, which the
// caller checks against --max-pixels before libheif decodes anything.

typedef struct {
    const uint8_t *data;
    size_t size;
} wg_span;

static uint64_t wg_read_be(const uint8_t *p, int bytes) {
    uint64_t value = 0;
    for (int i = 0; i < bytes; i++) value = value << 8 | p[i];
    return value;
}

/// The payload of the first box of `type` directly inside `within` (after `skip` bytes of
/// the parent's own header), or an empty span.
static wg_span wg_find_box(wg_span within, size_t skip, const char *type) {
    wg_span none = {NULL, 0};
    size_t at = skip;
    while (at + 8 <= within.size) {
        uint64_t size = wg_read_be(within.data + at, 4);
        size_t header = 8;
        if (size == 1) {
            if (at + 16 > within.size) return none;
            size = wg_read_be(within.data + at + 8, 8);
            header = 16;
        } else if (size == 0) {
            size = within.size - at;
        }
        if (size < header || size > within.size - at) return none;
        if (memcmp(within.data + at + 4, type, 4) == 0) {
            wg_span found = {within.data + at + header, (size_t)size - header};
            return found;
        }
        at += (size_t)size;
    }
    return none;
}

/// Where item `id`'s data starts, per iloc, and how many bytes of it are there (its first
/// extent only: a grid's or overlay's header is a few bytes). Empty when not found.
static wg_span wg_item_data(wg_span file, wg_span iloc, wg_span idat, uint32_t id) {
    wg_span none = {NULL, 0};
    if (iloc.size < 8) return none;
    const uint8_t *p = iloc.data;
    size_t at = 4, end = iloc.size;
    int version = p[0];
    int offset_size = p[at] >> 4, length_size = p[at] & 15, base_size = p[at + 1] >> 4;
    int index_size = (version == 1 || version == 2) ? (p[at + 1] & 15) : 0;
    at += 2;
    int id_size = version < 2 ? 2 : 4;
    if (at + (size_t)id_size > end) return none;
    uint64_t items = wg_read_be(p + at, id_size);
    at += (size_t)id_size;
    for (uint64_t i = 0; i < items; i++) {
        if (at + (size_t)id_size + 4 > end) return none;
        uint32_t item = (uint32_t)wg_read_be(p + at, id_size);
        at += (size_t)id_size;
        int method = 0;
        if (version == 1 || version == 2) {
            method = (int)(wg_read_be(p + at, 2) & 15);
            at += 2;
        }
        at += 2;  // data reference index
        if (at + (size_t)base_size + 2 > end) return none;
        uint64_t base = wg_read_be(p + at, base_size);
        at += (size_t)base_size;
        uint64_t extents = wg_read_be(p + at, 2);
        at += 2;
        size_t extent_bytes = (size_t)index_size + (size_t)offset_size + (size_t)length_size;
        if (extents > (end - at) / (extent_bytes ? extent_bytes : 1)) return none;
        if (item == id && extents > 0) {
            uint64_t offset = base + wg_read_be(p + at + index_size, offset_size);
            wg_span source = method == 0 ? file : (method == 1 ? idat : none);
            if (source.data == NULL || offset >= source.size) return none;
            wg_span found = {source.data + offset, source.size - (size_t)offset};
            return found;
        }
        at += (size_t)extents * extent_bytes;
    }
    return none;
}

/// The largest canvas (by area) any grid or overlay item in the file declares; 0 x 0 when
/// there is none or the boxes cannot be walked (libheif then reports what is wrong).
static void wg_heif_largest_canvas(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height) {
    *width = 0;
    *height = 0;
    wg_span file = {data, size};
    wg_span meta = wg_find_box(file, 0, "meta");
    if (meta.data == NULL) return;
    wg_span iinf = wg_find_box(meta, 4, "iinf");
    wg_span iloc = wg_find_box(meta, 4, "iloc");
    wg_span idat = wg_find_box(meta, 4, "idat");
    if (iinf.size < 6) return;
    size_t skip = 4 + (iinf.data[0] == 0 ? 2 : 4);
    while (skip + 8 <= iinf.size) {
        uint64_t box_size = wg_read_be(iinf.data + skip, 4);
        if (box_size < 8 || box_size > iinf.size - skip) return;
        const uint8_t *infe = iinf.data + skip + 8;
        size_t infe_size = (size_t)box_size - 8;
        if (memcmp(iinf.data + skip + 4, "infe", 4) == 0 && infe_size >= 12 && infe[0] >= 2) {
            int id_size = infe[0] == 2 ? 2 : 4;
            if (infe_size >= 4 + (size_t)id_size + 2 + 4) {
                uint32_t id = (uint32_t)wg_read_be(infe + 4, id_size);
                const uint8_t *type = infe + 4 + id_size + 2;
                int grid = memcmp(type, "grid", 4) == 0, overlay = memcmp(type, "iovl", 4) == 0;
                wg_span item = (grid || overlay) ? wg_item_data(file, iloc, idat, id) : (wg_span){NULL, 0};
                // grid: version, flags, rows - 1, columns - 1, then the size; an overlay
                // has four 16-bit fill values between its flags and its size.
                size_t at = grid ? 4 : 10;
                int field = (item.size >= 2 && (item.data[1] & 1)) ? 4 : 2;
                if (item.data != NULL && item.size >= at + 2 * (size_t)field) {
                    uint64_t w = wg_read_be(item.data + at, field), h = wg_read_be(item.data + at + field, field);
                    if (w * h > (uint64_t)*width * *height) {
                        *width = (uint32_t)w;
                        *height = (uint32_t)h;
                    }
                }
            }
        }
        skip += (size_t)box_size;
    }
}

/// The handle of the file's top-level picture `index` (in the file's order), or of its
/// primary picture when `index` is negative.
static struct heif_error wg_heif_picture_handle(struct heif_context *context, int index,
                                                struct heif_image_handle **handle) {
    if (index < 0) return heif_context_get_primary_image_handle(context, handle);
    int count = heif_context_get_number_of_top_level_images(context);
    struct heif_error missing = {heif_error_Usage_error, heif_suberror_Nonexisting_item_referenced,
                                 "the file has no picture of that index"};
    if (index >= count) return missing;
    heif_item_id *ids = calloc((size_t)count, sizeof *ids);
    struct heif_error memory = {heif_error_Memory_allocation_error, heif_suberror_Unspecified, "out of memory"};
    if (ids == NULL) return memory;
    heif_context_get_list_of_top_level_image_IDs(context, ids, count);
    struct heif_error error = heif_context_get_image_handle(context, ids[index], handle);
    free(ids);
    return error;
}

int wg_heif_picture_count(const uint8_t *data, size_t size) {
    char message[128];
    if (data == NULL || size == 0 || wg_heif_load(message, sizeof message) != WG_OK) return -1;
    struct heif_context *context = heif_context_alloc();
    if (context == NULL) return -1;
    int count = -1;
    if (heif_context_read_from_memory_without_copy(context, data, size, NULL).code == heif_error_Ok) {
        count = heif_context_get_number_of_top_level_images(context);
    }
    heif_context_free(context);
    return count;
}

wg_status wg_heif_decoder_open(const uint8_t *data, size_t size, uint64_t max_pixels, wg_heif_decoder **out,
                               uint32_t *stored_width, uint32_t *stored_height, uint32_t *width,
                               uint32_t *height, uint32_t *canvas_width, uint32_t *canvas_height, int *has_alpha,
                               int *bit_depth, char *message, size_t capacity) {
    return wg_heif_decoder_open_picture(data, size, -1, max_pixels, out, stored_width, stored_height, width, height,
                                        canvas_width, canvas_height, has_alpha, bit_depth, message, capacity);
}

wg_status wg_heif_decoder_open_picture(const uint8_t *data, size_t size, int index, uint64_t max_pixels,
                                       wg_heif_decoder **out, uint32_t *stored_width, uint32_t *stored_height,
                                       uint32_t *width, uint32_t *height, uint32_t *canvas_width,
                                       uint32_t *canvas_height, int *has_alpha, int *bit_depth, char *message,
                                       size_t capacity) {
    *out = NULL;
    if (size == 0 || data == NULL) {
        wg_set_message(message, capacity, "the file is empty");
        return WG_ERROR_EMPTY;
    }
    wg_status loaded = wg_heif_load(message, capacity);
    if (loaded != WG_OK) return loaded;
    wg_status codec = wg_heif_check_codec(data, size, message, capacity);
    if (codec != WG_OK) return codec;
    wg_heif_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL || (decoder->context = heif_context_alloc()) == NULL) {
        free(decoder);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    // No side of any image in the file may exceed the pixel limit (a side longer than
    // that cannot be part of a picture within it). libheif checks every ispe, grid and
    // overlay canvas against this while reading.
    int side_limit = max_pixels > 65535 ? 65535 : (int)max_pixels;
    heif_context_set_maximum_image_size_limit(decoder->context, side_limit < 1 ? 1 : side_limit);
    // The boxes are parsed here, the compressed data only pointed to: `data` outlives the
    // decoder (wg_heif_decoder_close).
    struct heif_error error = heif_context_read_from_memory_without_copy(decoder->context, data, size, NULL);
    if (error.code == heif_error_Ok) {
        error = wg_heif_picture_handle(decoder->context, index, &decoder->handle);
    }
    if (error.code != heif_error_Ok) {
        wg_status status = wg_heif_fail(error, "cannot read the HEIF file", message, capacity);
        wg_heif_decoder_close(decoder);
        return status;
    }
    int ispe_width = heif_image_handle_get_ispe_width(decoder->handle);
    int ispe_height = heif_image_handle_get_ispe_height(decoder->handle);
    int shown_width = heif_image_handle_get_width(decoder->handle);
    int shown_height = heif_image_handle_get_height(decoder->handle);
    if (ispe_width <= 0 || ispe_height <= 0 || shown_width <= 0 || shown_height <= 0) {
        wg_heif_decoder_close(decoder);
        wg_set_message(message, capacity, "the HEIF's primary picture has no size (no ispe box)");
        return WG_ERROR_FORMAT;
    }
    int depth = heif_image_handle_get_luma_bits_per_pixel(decoder->handle);
    decoder->width = (uint32_t)shown_width;
    decoder->height = (uint32_t)shown_height;
    wg_heif_largest_canvas(data, size, canvas_width, canvas_height);
    *stored_width = (uint32_t)ispe_width;
    *stored_height = (uint32_t)ispe_height;
    *width = decoder->width;
    *height = decoder->height;
    *has_alpha = heif_image_handle_has_alpha_channel(decoder->handle);
    *bit_depth = depth;
    *out = decoder;
    return WG_OK;
}

/// The transform that takes the decoded RGB to sRGB: from the ICC profile when the file
/// has a usable one, otherwise from its nclx colour description. NULL when the picture
/// is sRGB already (or says nothing, which means sRGB).
static void *wg_heif_color(const struct heif_image_handle *handle) {
    size_t icc_size = heif_image_handle_get_raw_color_profile_size(handle);
    if (icc_size > 0 && icc_size < (64u << 20)) {
        uint8_t *icc = malloc(icc_size);
        if (icc != NULL) {
            void *color = NULL;
            if (heif_image_handle_get_raw_color_profile(handle, icc).code == heif_error_Ok) {
                color = wg_icc_rgba_to_srgb(icc, icc_size);
            }
            free(icc);
            if (color != NULL) return color;
        }
    }
    struct heif_color_profile_nclx *nclx = NULL;
    // libheif hands out the profile even when it then fails (unknown primaries, say): it
    // is freed either way (FuzzHEIC found the leak).
    if (heif_image_handle_get_nclx_color_profile(handle, &nclx).code != heif_error_Ok || nclx == NULL) {
        if (nclx != NULL) heif_nclx_color_profile_free(nclx);
        return NULL;
    }
    void *color = NULL;
    int srgb_primaries = nclx->color_primaries == heif_color_primaries_ITU_R_BT_709_5 ||
                         nclx->color_primaries == heif_color_primaries_unspecified;
    int srgb_transfer = nclx->transfer_characteristics == heif_transfer_characteristic_IEC_61966_2_1 ||
                        nclx->transfer_characteristics == heif_transfer_characteristic_unspecified;
    if (!srgb_primaries || !srgb_transfer) {
        double primaries[8] = {nclx->color_primary_red_x,   nclx->color_primary_red_y,
                               nclx->color_primary_green_x, nclx->color_primary_green_y,
                               nclx->color_primary_blue_x,  nclx->color_primary_blue_y,
                               nclx->color_primary_white_x, nclx->color_primary_white_y};
        color = wg_coded_rgba_to_srgb(primaries, (int)nclx->transfer_characteristics);
    }
    heif_nclx_color_profile_free(nclx);
    return color;
}

wg_status wg_heif_decoder_read(wg_heif_decoder *decoder, uint8_t *rgba, size_t stride, char *message,
                               size_t capacity) {
    struct heif_decoding_options *options = heif_decoding_options_alloc();
    if (options == NULL) {
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    // 10- and 12-bit pictures come out as 8-bit RGBA like every other; the transformations
    // (irot, imir, clap) are applied, as the standard requires (see the top of this file).
    options->ignore_transformations = 0;
    options->convert_hdr_to_8bit = 1;
    struct heif_image *image = NULL;
    struct heif_error error =
        heif_decode_image(decoder->handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options);
    heif_decoding_options_free(options);
    if (error.code != heif_error_Ok) {
        if (image != NULL) heif_image_release(image);
        return wg_heif_fail(error, "cannot decode the HEIF picture", message, capacity);
    }
    int source_stride = 0;
    const uint8_t *pixels = heif_image_get_plane_readonly(image, heif_channel_interleaved, &source_stride);
    if (pixels == NULL || heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved) != 8 ||
        heif_image_get_width(image, heif_channel_interleaved) != (int)decoder->width ||
        heif_image_get_height(image, heif_channel_interleaved) != (int)decoder->height) {
        heif_image_release(image);
        wg_set_message(message, capacity, "the decoded HEIF picture is not the size or depth its header gives");
        return WG_ERROR_FORMAT;
    }
    size_t row = (size_t)decoder->width * 4;
    for (uint32_t y = 0; y < decoder->height; y++) {
        memcpy(rgba + (size_t)y * stride, pixels + (size_t)y * (size_t)source_stride, row);
    }
    heif_image_release(image);
    void *color = wg_heif_color(decoder->handle);
    if (color != NULL) {
        uint8_t *scratch = malloc(row);
        if (scratch == NULL) {
            wg_icc_free(color);
            wg_set_message(message, capacity, "out of memory for the colour profile's row");
            return WG_ERROR_MEMORY;
        }
        for (uint32_t y = 0; y < decoder->height; y++) {
            memcpy(scratch, rgba + (size_t)y * stride, row);
            wg_icc_apply(color, scratch, rgba + (size_t)y * stride, decoder->width);
        }
        free(scratch);
        wg_icc_free(color);
    }
    return WG_OK;
}

int wg_heif_decoder_is_premultiplied(const wg_heif_decoder *decoder) {
    return heif_image_handle_is_premultiplied_alpha(decoder->handle);
}

void wg_heif_decoder_close(wg_heif_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->handle != NULL) heif_image_handle_release(decoder->handle);
    if (decoder->context != NULL) heif_context_free(decoder->context);
    free(decoder);
}
