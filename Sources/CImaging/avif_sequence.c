// AVIF image sequences over libavif: KDE's dynamic wallpapers (one frame per moment of
// the Sun, XMP on the first), written as KDE's own builder writes them (8-bit 4:4:4), and
// read back a frame at a time.
//
// The same frames give the same bytes on every run: every encoder setting is pinned,
// the thread count included (aom's output follows how it splits its work), and libavif
// writes no time, host or version into the file.
#include "CImaging.h"
#include "avif_library.h"
#include "message.h"

#include <stdio.h>
#include <stdlib.h>

enum {
    WG_AVIF_SEQUENCE_THREADS = 4,
    WG_AVIF_SEQUENCE_SPEED = 6,  // aom's speed, as wallgen's AVIF pictures
    WG_AVIF_SEQUENCE_MAX_SIDE = 65536,
};

struct wg_avif_sequence {
    avifEncoder *encoder;
    int count;
};

static wg_status wg_avif_sequence_fail(avifResult result, const char *doing, char *message, size_t capacity) {
    snprintf(message, capacity, "%s: %s", doing, avifResultToString(result));
    switch (result) {
    case AVIF_RESULT_OUT_OF_MEMORY: return WG_ERROR_MEMORY;
    case AVIF_RESULT_NO_CODEC_AVAILABLE: return WG_ERROR_UNSUPPORTED;
    case AVIF_RESULT_INVALID_ARGUMENT: return WG_ERROR_ARGUMENT;
    default: return WG_ERROR_LIBRARY;
    }
}

wg_status wg_avif_sequence_open(int quality, wg_avif_sequence **sequence, char *message, size_t capacity) {
    *sequence = NULL;
    if (quality < 1 || quality > 100) {
        wg_set_message(message, capacity, "invalid AVIF quality");
        return WG_ERROR_ARGUMENT;
    }
    wg_status loaded = wg_avif_load(message, capacity);
    if (loaded != WG_OK) return loaded;
    wg_avif_sequence *made = calloc(1, sizeof *made);
    if (made != NULL) made->encoder = avifEncoderCreate();
    if (made == NULL || made->encoder == NULL) {
        free(made);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    // libavif 0.11 takes quantizers (0 best ... 63 worst); quality maps onto them as
    // libavif's later `quality` field does. 100 is lossless (quantizer 0).
    int quantizer = ((100 - quality) * 63 + 50) / 100;
    made->encoder->minQuantizer = quantizer;
    made->encoder->maxQuantizer = quantizer;
    made->encoder->maxThreads = WG_AVIF_SEQUENCE_THREADS;
    made->encoder->speed = WG_AVIF_SEQUENCE_SPEED;
    made->encoder->timescale = 1;
    // Every frame a keyframe: a desktop shows any frame by itself, at any time.
    made->encoder->keyframeInterval = 1;
    *sequence = made;
    return WG_OK;
}

wg_status wg_avif_sequence_add(wg_avif_sequence *sequence, const uint8_t *rgba, uint32_t width, uint32_t height,
                               size_t stride, const uint8_t *xmp, size_t xmp_size, char *message, size_t capacity) {
    if (width == 0 || height == 0 || width > WG_AVIF_SEQUENCE_MAX_SIDE || height > WG_AVIF_SEQUENCE_MAX_SIDE ||
        stride < (size_t)width * 4) {
        wg_set_message(message, capacity, "invalid AVIF frame size");
        return WG_ERROR_ARGUMENT;
    }
    avifImage *image = avifImageCreate(width, height, 8, AVIF_PIXEL_FORMAT_YUV444);
    if (image == NULL) {
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    // sRGB: BT.709 primaries, the sRGB curve, BT.601 coefficients, full range.
    image->colorPrimaries = AVIF_COLOR_PRIMARIES_BT709;
    image->transferCharacteristics = AVIF_TRANSFER_CHARACTERISTICS_SRGB;
    image->matrixCoefficients = AVIF_MATRIX_COEFFICIENTS_BT601;
    image->yuvRange = AVIF_RANGE_FULL;
    if (xmp != NULL && xmp_size > 0) avifImageSetMetadataXMP(image, xmp, xmp_size);
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, image);
    rgb.format = AVIF_RGB_FORMAT_RGBA;
    rgb.depth = 8;
    rgb.ignoreAlpha = AVIF_TRUE;  // a wallpaper's frames are opaque
    rgb.pixels = (uint8_t *)rgba;
    rgb.rowBytes = (uint32_t)stride;
    avifResult result = avifImageRGBToYUV(image, &rgb);
    wg_status status = WG_OK;
    if (result != AVIF_RESULT_OK) {
        status = wg_avif_sequence_fail(result, "libavif could not convert the frame", message, capacity);
    } else {
        result = avifEncoderAddImage(sequence->encoder, image, 1, AVIF_ADD_IMAGE_FLAG_NONE);
        if (result != AVIF_RESULT_OK) {
            status = wg_avif_sequence_fail(result, "the AV1 encoder failed", message, capacity);
        } else {
            sequence->count++;
        }
    }
    avifImageDestroy(image);
    return status;
}

wg_status wg_avif_sequence_finish(wg_avif_sequence *sequence, uint8_t **output, size_t *output_size, char *message,
                                  size_t capacity) {
    *output = NULL;
    *output_size = 0;
    if (sequence->count == 0) {
        wg_set_message(message, capacity, "an AVIF sequence needs a frame");
        return WG_ERROR_ARGUMENT;
    }
    avifRWData data = AVIF_DATA_EMPTY;
    avifResult result = avifEncoderFinish(sequence->encoder, &data);
    if (result != AVIF_RESULT_OK) {
        avifRWDataFree(&data);
        return wg_avif_sequence_fail(result, "libavif could not write the file", message, capacity);
    }
    // Into memory the caller frees with wg_free, as every encoder's output.
    uint8_t *copy = malloc(data.size);
    if (copy == NULL) {
        avifRWDataFree(&data);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    for (size_t index = 0; index < data.size; index++) copy[index] = data.data[index];
    *output = copy;
    *output_size = data.size;
    avifRWDataFree(&data);
    return WG_OK;
}

void wg_avif_sequence_close(wg_avif_sequence *sequence) {
    if (sequence == NULL) return;
    if (sequence->encoder != NULL) avifEncoderDestroy(sequence->encoder);
    free(sequence);
}

/// A decoder over `data` with wallgen's limits: no frame above `max_pixels` or 65535 a
/// side, at most 1024 frames.
static wg_status wg_avif_sequence_decoder(const uint8_t *data, size_t size, uint64_t max_pixels,
                                          avifDecoder **decoder, char *message, size_t capacity) {
    *decoder = NULL;
    if (data == NULL || size == 0) {
        wg_set_message(message, capacity, "the file is empty");
        return WG_ERROR_EMPTY;
    }
    wg_status loaded = wg_avif_load(message, capacity);
    if (loaded != WG_OK) return loaded;
    avifDecoder *made = avifDecoderCreate();
    if (made == NULL) {
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    made->imageSizeLimit = max_pixels > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)(max_pixels ? max_pixels : 1);
    made->imageDimensionLimit = 65535;
    made->imageCountLimit = 1024;
    made->maxThreads = 2;
    avifResult result = avifDecoderSetIOMemory(made, data, size);
    if (result == AVIF_RESULT_OK) result = avifDecoderParse(made);
    if (result != AVIF_RESULT_OK) {
        wg_status status = wg_avif_sequence_fail(result, "libavif cannot read the file", message, capacity);
        avifDecoderDestroy(made);
        return status == WG_ERROR_LIBRARY ? WG_ERROR_FORMAT : status;
    }
    *decoder = made;
    return WG_OK;
}

wg_status wg_avif_sequence_info(const uint8_t *data, size_t size, uint64_t max_pixels, int *count,
                                uint8_t **xmp, size_t *xmp_size, char *message, size_t capacity) {
    *count = 0;
    *xmp = NULL;
    *xmp_size = 0;
    avifDecoder *decoder = NULL;
    wg_status status = wg_avif_sequence_decoder(data, size, max_pixels, &decoder, message, capacity);
    if (status != WG_OK) return status;
    *count = decoder->imageCount;
    if (decoder->image != NULL && decoder->image->xmp.size > 0 && decoder->image->xmp.size <= (16u << 20)) {
        uint8_t *copy = malloc(decoder->image->xmp.size);
        if (copy == NULL) {
            avifDecoderDestroy(decoder);
            wg_set_message(message, capacity, "out of memory");
            return WG_ERROR_MEMORY;
        }
        for (size_t index = 0; index < decoder->image->xmp.size; index++) copy[index] = decoder->image->xmp.data[index];
        *xmp = copy;
        *xmp_size = decoder->image->xmp.size;
    }
    avifDecoderDestroy(decoder);
    return WG_OK;
}

wg_status wg_avif_sequence_frame(const uint8_t *data, size_t size, int index, uint64_t max_pixels,
                                 uint8_t **rgba, uint32_t *width, uint32_t *height, char *message,
                                 size_t capacity) {
    *rgba = NULL;
    *width = 0;
    *height = 0;
    avifDecoder *decoder = NULL;
    wg_status status = wg_avif_sequence_decoder(data, size, max_pixels, &decoder, message, capacity);
    if (status != WG_OK) return status;
    if (index < 0 || index >= decoder->imageCount) {
        avifDecoderDestroy(decoder);
        snprintf(message, capacity, "the file has no frame %d (it has %d)", index + 1, decoder->imageCount);
        return WG_ERROR_ARGUMENT;
    }
    avifResult result = avifDecoderNthImage(decoder, (uint32_t)index);
    if (result != AVIF_RESULT_OK) {
        status = wg_avif_sequence_fail(result, "libavif cannot decode the frame", message, capacity);
        avifDecoderDestroy(decoder);
        return status == WG_ERROR_LIBRARY ? WG_ERROR_FORMAT : status;
    }
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, decoder->image);
    rgb.format = AVIF_RGB_FORMAT_RGBA;
    rgb.depth = 8;
    rgb.rowBytes = rgb.width * 4;
    rgb.pixels = malloc((size_t)rgb.rowBytes * rgb.height);
    if (rgb.pixels == NULL) {
        avifDecoderDestroy(decoder);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    result = avifImageYUVToRGB(decoder->image, &rgb);
    if (result != AVIF_RESULT_OK) {
        free(rgb.pixels);
        status = wg_avif_sequence_fail(result, "libavif cannot convert the frame", message, capacity);
        avifDecoderDestroy(decoder);
        return status;
    }
    *rgba = rgb.pixels;
    *width = rgb.width;
    *height = rgb.height;
    avifDecoderDestroy(decoder);
    return WG_OK;
}
