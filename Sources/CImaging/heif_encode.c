// AVIF output over libheif's AV1 encoder (aom, in Debian's libheif), HEIF files of several
// pictures (HEVC through x265, or AV1) for dynamic wallpapers, and the XMP item that
// carries wallgen's note or a desktop's timing, written here and read back. libheif returns error
// structs and never jumps.
//
// The same picture must give the same bytes on every run (batch --resume and the tests
// compare them), so every encoder setting is pinned here, the thread count included:
// aom splits its work by that count and its output follows the split, not the machine's
// cores. libheif writes no time, host or version into the file.
#include "CImaging.h"
#include "heif_library.h"
#include "message.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    WG_AVIF_THREADS = 4,   // aom's threads: fixed, so the bytes do not depend on the machine
    WG_AVIF_SPEED = 6,     // aom's speed (0 slowest ... 9 fastest); heif-enc's default
    WG_AVIF_MAX_SIDE = 65536,
    WG_HEIF_MAX_XMP = 16 << 20,  // a note read back larger than this is not wallgen's
};

/// libheif's error in words, and the status it means for an encode.
static wg_status wg_avif_fail(struct heif_error error, const char *doing, char *message, size_t capacity) {
    const char *reason = error.message != NULL && error.message[0] ? error.message : "unknown error";
    snprintf(message, capacity, "%s: %s", doing, reason);
    for (size_t end = strlen(message); end > 0 && (message[end - 1] == '\n' || message[end - 1] == ' '); end--) {
        message[end - 1] = '\0';
    }
    switch (error.code) {
    case heif_error_Memory_allocation_error:
        return error.subcode == heif_suberror_Security_limit_exceeded ? WG_ERROR_LIMIT : WG_ERROR_MEMORY;
    case heif_error_Unsupported_feature:
    case heif_error_Unsupported_filetype:
    case heif_error_Plugin_loading_error:
        return WG_ERROR_UNSUPPORTED;
    case heif_error_Usage_error:
        return WG_ERROR_ARGUMENT;
    default:
        return WG_ERROR_LIBRARY;
    }
}

/// Where heif_context_write puts the file: one growing buffer.
typedef struct {
    uint8_t *bytes;
    size_t size;
    size_t capacity;
} wg_avif_buffer;

static struct heif_error wg_avif_write(struct heif_context *context, const void *data, size_t size,
                                       void *userdata) {
    (void)context;
    wg_avif_buffer *buffer = userdata;
    struct heif_error failed = {heif_error_Memory_allocation_error, heif_suberror_Unspecified, "out of memory"};
    if (size > SIZE_MAX - buffer->size) return failed;
    if (buffer->size + size > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 1 << 16;
        while (capacity < buffer->size + size) {
            if (capacity > SIZE_MAX / 2) return failed;
            capacity *= 2;
        }
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) return failed;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->size, data, size);
    buffer->size += size;
    struct heif_error ok = {heif_error_Ok, heif_suberror_Unspecified, "Success"};
    return ok;
}

/// The picture as a libheif image: 8-bit interleaved RGB, or RGBA when `alpha`.
static wg_status wg_avif_image(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int alpha,
                               struct heif_image **image, char *message, size_t capacity) {
    struct heif_error error = heif_image_create((int)width, (int)height, heif_colorspace_RGB,
                                                alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB,
                                                image);
    if (error.code == heif_error_Ok) {
        error = heif_image_add_plane(*image, heif_channel_interleaved, (int)width, (int)height, 8);
    }
    if (error.code != heif_error_Ok) return wg_avif_fail(error, "libheif could not hold the picture", message, capacity);
    int plane_stride = 0;
    uint8_t *plane = heif_image_get_plane(*image, heif_channel_interleaved, &plane_stride);
    if (plane == NULL) {
        wg_set_message(message, capacity, "libheif gave no plane for the picture");
        return WG_ERROR_LIBRARY;
    }
    size_t channels = alpha ? 4 : 3;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *source = rgba + (size_t)y * stride;
        uint8_t *target = plane + (size_t)y * (size_t)plane_stride;
        if (alpha) {
            memcpy(target, source, (size_t)width * 4);
        } else {
            for (uint32_t x = 0; x < width; x++) memcpy(target + x * channels, source + x * 4, 3);
        }
    }
    return WG_OK;
}

/// A HEIF file being made one picture at a time: libheif's context holds each picture
/// compressed, so a dynamic wallpaper's memory is one frame's canvas, not all of them.
struct wg_heif_collection {
    struct heif_context *context;
    struct heif_encoder *encoder;
    int lossless;
    int count;
    heif_item_id primary;
    struct heif_image_handle *primary_handle;
};

/// The encoder's settings, pinned (see the top of the file). AV1: lossy below 100 with full
/// chroma from 90 up (as wallgen's JPEGs), lossless at 100 (full chroma, RGB stored as it
/// is). HEVC: 4:2:0, the chroma every HEVC decoder has (Main profile), at x265's medium
/// preset; x265's wavefronts give the same bytes whatever its thread count.
static wg_status wg_heif_configure(struct heif_encoder *encoder, enum heif_compression_format compression,
                                   int quality, char *message, size_t capacity) {
    int lossless = quality == 100 && compression == heif_compression_AV1;
    struct heif_error error =
        lossless ? heif_encoder_set_lossless(encoder, 1) : heif_encoder_set_lossy_quality(encoder, quality);
    if (compression == heif_compression_AV1) {
        if (error.code == heif_error_Ok) {
            error = heif_encoder_set_parameter_string(encoder, "chroma", quality >= 90 ? "444" : "420");
        }
        if (error.code == heif_error_Ok) error = heif_encoder_set_parameter_integer(encoder, "threads", WG_AVIF_THREADS);
        if (error.code == heif_error_Ok) error = heif_encoder_set_parameter_integer(encoder, "speed", WG_AVIF_SPEED);
    } else {
        if (error.code == heif_error_Ok) error = heif_encoder_set_parameter_string(encoder, "chroma", "420");
        if (error.code == heif_error_Ok) error = heif_encoder_set_parameter_string(encoder, "preset", "medium");
    }
    if (error.code != heif_error_Ok) return wg_avif_fail(error, "the encoder refused a setting", message, capacity);
    return WG_OK;
}

wg_status wg_heif_collection_open(int hevc, int quality, wg_heif_collection **collection, char *message,
                                  size_t capacity) {
    *collection = NULL;
    if (quality < 1 || quality > 100 || (hevc && quality == 100)) {
        wg_set_message(message, capacity, "invalid HEIF quality");
        return WG_ERROR_ARGUMENT;
    }
    wg_status loaded = wg_heif_load(message, capacity);
    if (loaded != WG_OK) return loaded;
    enum heif_compression_format compression = hevc ? heif_compression_HEVC : heif_compression_AV1;
    const char *codec = hevc ? "HEVC" : "AV1";
    if (!heif_have_encoder_for_format(compression)) {
        snprintf(message, capacity, "this libheif has no %s encoder", codec);
        return WG_ERROR_UNSUPPORTED;
    }
    wg_heif_collection *made = calloc(1, sizeof *made);
    if (made != NULL) made->context = heif_context_alloc();
    if (made == NULL || made->context == NULL) {
        free(made);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    made->lossless = quality == 100;
    struct heif_error error = heif_context_get_encoder_for_format(made->context, compression, &made->encoder);
    wg_status status = WG_OK;
    if (error.code != heif_error_Ok) {
        char doing[64];
        snprintf(doing, sizeof doing, "libheif has no %s encoder to hand", codec);
        status = wg_avif_fail(error, doing, message, capacity);
    } else {
        status = wg_heif_configure(made->encoder, compression, quality, message, capacity);
    }
    if (status != WG_OK) {
        wg_heif_collection_close(made);
        return status;
    }
    *collection = made;
    return WG_OK;
}

wg_status wg_heif_collection_add(wg_heif_collection *collection, const uint8_t *rgba, uint32_t width,
                                 uint32_t height, size_t stride, int alpha, int primary, char *message,
                                 size_t capacity) {
    if (width == 0 || height == 0 || width > WG_AVIF_MAX_SIDE || height > WG_AVIF_MAX_SIDE ||
        stride < (size_t)width * 4) {
        wg_set_message(message, capacity, "invalid HEIF picture size");
        return WG_ERROR_ARGUMENT;
    }
    struct heif_image *image = NULL;
    struct heif_image_handle *handle = NULL;
    struct heif_color_profile_nclx *nclx = NULL;
    struct heif_encoding_options *options = NULL;
    struct heif_error error;
    wg_status status = wg_avif_image(rgba, width, height, stride, alpha, &image, message, capacity);
    if (status != WG_OK) goto done;
    // sRGB: BT.709 primaries, the sRGB curve, full range; BT.601 coefficients (what
    // readers assume for a lossy file) or none (GBR) for lossless.
    nclx = heif_nclx_color_profile_alloc();
    options = heif_encoding_options_alloc();
    if (nclx == NULL || options == NULL) {
        wg_set_message(message, capacity, "out of memory");
        status = WG_ERROR_MEMORY;
        goto done;
    }
    nclx->color_primaries = heif_color_primaries_ITU_R_BT_709_5;
    nclx->transfer_characteristics = heif_transfer_characteristic_IEC_61966_2_1;
    nclx->matrix_coefficients =
        collection->lossless ? heif_matrix_coefficients_RGB_GBR : heif_matrix_coefficients_ITU_R_BT_601_6;
    nclx->full_range_flag = 1;
    options->output_nclx_profile = nclx;
    // libheif 1.15 takes the profile from the image it encodes: set it there too.
    error = heif_image_set_nclx_color_profile(image, nclx);
    if (error.code != heif_error_Ok) {
        status = wg_avif_fail(error, "libheif refused the colour profile", message, capacity);
        goto done;
    }
    options->save_alpha_channel = alpha ? 1 : 0;
    error = heif_context_encode_image(collection->context, image, collection->encoder, options, &handle);
    if (error.code != heif_error_Ok) {
        status = wg_avif_fail(error, "the encoder failed", message, capacity);
        goto done;
    }
    if (primary || collection->count == 0) {
        if (collection->primary_handle != NULL) heif_image_handle_release(collection->primary_handle);
        collection->primary_handle = handle;
        handle = NULL;
    }
    collection->count++;
done:
    if (options != NULL) heif_encoding_options_free(options);
    if (nclx != NULL) heif_nclx_color_profile_free(nclx);
    if (handle != NULL) heif_image_handle_release(handle);
    if (image != NULL) heif_image_release(image);
    return status;
}

wg_status wg_heif_collection_finish(wg_heif_collection *collection, const uint8_t *xmp, size_t xmp_size,
                                    uint8_t **output, size_t *output_size, char *message, size_t capacity) {
    *output = NULL;
    *output_size = 0;
    if (collection->primary_handle == NULL) {
        wg_set_message(message, capacity, "a HEIF file needs a picture");
        return WG_ERROR_ARGUMENT;
    }
    struct heif_error error;
    if (collection->count > 1) {
        error = heif_context_set_primary_image(collection->context, collection->primary_handle);
        if (error.code != heif_error_Ok) {
            return wg_avif_fail(error, "libheif could not mark the primary picture", message, capacity);
        }
    }
    if (xmp != NULL && xmp_size > 0) {
        error = heif_context_add_XMP_metadata(collection->context, collection->primary_handle, xmp, (int)xmp_size);
        if (error.code != heif_error_Ok) {
            return wg_avif_fail(error, "libheif could not add the XMP item", message, capacity);
        }
    }
    wg_avif_buffer buffer = {NULL, 0, 0};
    struct heif_writer writer = {1, wg_avif_write};
    error = heif_context_write(collection->context, &writer, &buffer);
    if (error.code != heif_error_Ok) {
        free(buffer.bytes);
        return wg_avif_fail(error, "libheif could not write the file", message, capacity);
    }
    *output = buffer.bytes;
    *output_size = buffer.size;
    return WG_OK;
}

void wg_heif_collection_close(wg_heif_collection *collection) {
    if (collection == NULL) return;
    if (collection->primary_handle != NULL) heif_image_handle_release(collection->primary_handle);
    if (collection->encoder != NULL) heif_encoder_release(collection->encoder);
    if (collection->context != NULL) heif_context_free(collection->context);
    free(collection);
}

wg_status wg_avif_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int quality,
                         int alpha, const uint8_t *xmp, size_t xmp_size, uint8_t **output, size_t *output_size,
                         char *message, size_t capacity) {
    *output = NULL;
    *output_size = 0;
    if (width == 0 || height == 0 || width > WG_AVIF_MAX_SIDE || height > WG_AVIF_MAX_SIDE || quality < 1 ||
        quality > 100 || stride < (size_t)width * 4) {
        wg_set_message(message, capacity, "invalid AVIF size or quality");
        return WG_ERROR_ARGUMENT;
    }
    wg_heif_collection *collection = NULL;
    wg_status status = wg_heif_collection_open(0, quality, &collection, message, capacity);
    if (status != WG_OK) return status;
    status = wg_heif_collection_add(collection, rgba, width, height, stride, alpha, 1, message, capacity);
    if (status == WG_OK) {
        status = wg_heif_collection_finish(collection, xmp, xmp_size, output, output_size, message, capacity);
    }
    wg_heif_collection_close(collection);
    return status;
}

wg_status wg_heif_read_xmp(const uint8_t *data, size_t size, uint8_t **xmp, size_t *xmp_size, char *message,
                           size_t capacity) {
    *xmp = NULL;
    *xmp_size = 0;
    if (data == NULL || size == 0) {
        wg_set_message(message, capacity, "the file is empty");
        return WG_ERROR_EMPTY;
    }
    wg_status loaded = wg_heif_load(message, capacity);
    if (loaded != WG_OK) return loaded;
    struct heif_context *context = heif_context_alloc();
    if (context == NULL) {
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    wg_status status = WG_OK;
    struct heif_image_handle *handle = NULL;
    // Only boxes are read, no picture decoded; libheif's own limits on them hold.
    struct heif_error error = heif_context_read_from_memory_without_copy(context, data, size, NULL);
    if (error.code == heif_error_Ok) error = heif_context_get_primary_image_handle(context, &handle);
    if (error.code != heif_error_Ok) {
        status = wg_avif_fail(error, "not a HEIF file libheif can read", message, capacity);
        if (status == WG_ERROR_LIBRARY) status = WG_ERROR_FORMAT;
        goto done;
    }
    int count = heif_image_handle_get_number_of_metadata_blocks(handle, "mime");
    if (count <= 0) goto done;
    heif_item_id *ids = calloc((size_t)count, sizeof *ids);
    if (ids == NULL) {
        wg_set_message(message, capacity, "out of memory");
        status = WG_ERROR_MEMORY;
        goto done;
    }
    count = heif_image_handle_get_list_of_metadata_block_IDs(handle, "mime", ids, count);
    for (int i = 0; i < count; i++) {
        const char *type = heif_image_handle_get_metadata_content_type(handle, ids[i]);
        if (type == NULL || strcmp(type, "application/rdf+xml") != 0) continue;
        size_t length = heif_image_handle_get_metadata_size(handle, ids[i]);
        if (length == 0 || length > WG_HEIF_MAX_XMP) continue;
        uint8_t *bytes = malloc(length);
        if (bytes == NULL) {
            wg_set_message(message, capacity, "out of memory");
            status = WG_ERROR_MEMORY;
            break;
        }
        error = heif_image_handle_get_metadata(handle, ids[i], bytes);
        if (error.code != heif_error_Ok) {
            free(bytes);
            continue;
        }
        *xmp = bytes;
        *xmp_size = length;
        break;
    }
    free(ids);
done:
    if (handle != NULL) heif_image_handle_release(handle);
    heif_context_free(context);
    return status;
}
