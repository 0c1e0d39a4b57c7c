// WebP encode over libwebp, and the extended container (VP8X + XMP) over libwebpmux.
// Neither library jumps: both return codes, turned here into a status and words. They
// are loaded by the first WebP (webp_library.h).
#include "CImaging.h"
#include "message.h"
#include "webp_library.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *wg_webp_error_text(WebPEncodingError error) {
    switch (error) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY: return "out of memory";
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory for the bitstream";
    case VP8_ENC_ERROR_NULL_PARAMETER: return "a parameter was missing";
    case VP8_ENC_ERROR_INVALID_CONFIGURATION: return "invalid configuration";
    case VP8_ENC_ERROR_BAD_DIMENSION: return "the picture is larger than WebP allows (16383 per side)";
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW: return "the first partition is larger than 512 kB";
    case VP8_ENC_ERROR_PARTITION_OVERFLOW: return "a partition is larger than 16 MB";
    case VP8_ENC_ERROR_BAD_WRITE: return "writing the bytes failed";
    case VP8_ENC_ERROR_FILE_TOO_BIG: return "the file would be larger than 4 GB";
    case VP8_ENC_ERROR_USER_ABORT: return "stopped";
    default: return "unknown encoder error";
    }
}

static int wg_rgba_is_opaque(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride) {
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = rgba + (size_t)y * stride;
        for (uint32_t x = 0; x < width; x++) {
            if (row[4 * x + 3] != 255) return 0;
        }
    }
    return 1;
}

// The bytes handed back are the caller's to free with wg_free (plain free), so
// whatever libwebp allocated with its own allocator is copied once.
static wg_status wg_webp_copy_out(const uint8_t *bytes, size_t size, uint8_t **output, size_t *output_size,
                                  char *message, size_t capacity) {
    uint8_t *copy = malloc(size);
    if (copy == NULL) {
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    memcpy(copy, bytes, size);
    *output = copy;
    *output_size = size;
    return WG_OK;
}

// Wraps a simple-format WebP (RIFF + VP8/VP8L, perhaps ALPH) into the extended format
// with an XMP chunk; libwebpmux writes the VP8X flags and canvas size.
static wg_status wg_webp_add_xmp(const uint8_t *image, size_t image_size, const uint8_t *xmp, size_t xmp_size,
                                 uint8_t **output, size_t *output_size, char *message, size_t capacity) {
    WebPMux *mux = WebPMuxNew();
    if (mux == NULL) {
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    WebPData picture = {image, image_size};
    WebPData chunk = {xmp, xmp_size};
    WebPData assembled;
    WebPDataInit(&assembled);
    WebPMuxError error = WebPMuxSetImage(mux, &picture, 0);
    if (error == WEBP_MUX_OK) error = WebPMuxSetChunk(mux, "XMP ", &chunk, 0);
    if (error == WEBP_MUX_OK) error = WebPMuxAssemble(mux, &assembled);
    WebPMuxDelete(mux);
    if (error != WEBP_MUX_OK) {
        WebPDataClear(&assembled);
        char text[96];
        snprintf(text, sizeof text, "libwebpmux could not add the XMP chunk (error %d)", (int)error);
        wg_set_message(message, capacity, text);
        return error == WEBP_MUX_MEMORY_ERROR ? WG_ERROR_MEMORY : WG_ERROR_LIBRARY;
    }
    wg_status status = wg_webp_copy_out(assembled.bytes, assembled.size, output, output_size, message, capacity);
    WebPDataClear(&assembled);
    return status;
}

wg_status wg_webp_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int quality,
                         int lossless, const uint8_t *xmp, size_t xmp_size, uint8_t **output,
                         size_t *output_size, char *message, size_t capacity) {
    *output = NULL;
    *output_size = 0;
    if (width == 0 || height == 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION ||
        quality < 1 || quality > 100 || stride < (size_t)width * 4 || stride > 0x7FFFFFFF) {
        wg_set_message(message, capacity, "invalid WebP size or quality");
        return WG_ERROR_ARGUMENT;
    }
    wg_status loaded = wg_webp_load(message, capacity);
    if (loaded != WG_OK) return loaded;
    WebPConfig config;
    if (!WebPConfigInit(&config)) {
        wg_set_message(message, capacity, "libwebp's version does not match its header");
        return WG_ERROR_LIBRARY;
    }
    if (lossless) {
        // As `cwebp -lossless -z 0`: libwebp's fastest lossless preset. Its default
        // effort (-z 6) saves about a tenth of the bytes on a card at ten times the time.
        if (!WebPConfigLosslessPreset(&config, 0)) {
            wg_set_message(message, capacity, "libwebp refused its lossless preset");
            return WG_ERROR_LIBRARY;
        }
    } else {
        config.quality = (float)quality;
    }
    if (!WebPValidateConfig(&config)) {
        wg_set_message(message, capacity, "libwebp refused the configuration");
        return WG_ERROR_ARGUMENT;
    }
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) {
        wg_set_message(message, capacity, "libwebp's version does not match its header");
        return WG_ERROR_LIBRARY;
    }
    picture.use_argb = lossless ? 1 : 0;
    picture.width = (int)width;
    picture.height = (int)height;
    // An opaque picture is imported without alpha, so no ALPH chunk is written.
    int imported = wg_rgba_is_opaque(rgba, width, height, stride)
                       ? WebPPictureImportRGBX(&picture, rgba, (int)stride)
                       : WebPPictureImportRGBA(&picture, rgba, (int)stride);
    if (!imported) {
        WebPPictureFree(&picture);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int encoded = WebPEncode(&config, &picture);
    WebPEncodingError error = picture.error_code;
    WebPPictureFree(&picture);
    if (!encoded) {
        WebPMemoryWriterClear(&writer);
        wg_set_message(message, capacity, wg_webp_error_text(error));
        return error == VP8_ENC_ERROR_OUT_OF_MEMORY || error == VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY
                   ? WG_ERROR_MEMORY
                   : WG_ERROR_LIBRARY;
    }
    wg_status status = (xmp != NULL && xmp_size > 0)
                           ? wg_webp_add_xmp(writer.mem, writer.size, xmp, xmp_size, output, output_size, message,
                                             capacity)
                           : wg_webp_copy_out(writer.mem, writer.size, output, output_size, message, capacity);
    WebPMemoryWriterClear(&writer);
    return status;
}
