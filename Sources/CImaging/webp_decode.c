// WebP decoding over libwebp (still pictures) and libwebpdemux (the container's ICC
// profile, and the first frame of an animation). libwebp returns status codes and never
// jumps, so each step is an ordinary call. The libraries are loaded by the first WebP
// (webp_library.h).
//
// libwebp has no allocator hooks: its own memory is bounded instead by what the header
// says the picture needs (wg_webp_decoder_open reports it, the caller refuses pictures
// above its ceiling), and WebPGetFeatures reads that header without decoding a pixel.
#include "CImaging.h"
#include "color.h"
#include "message.h"
#include "webp_library.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct wg_webp_decoder {
    const uint8_t *data;
    size_t size;
    WebPBitstreamFeatures features;
    uint32_t frame_count;  // 1 unless animated
};

static const char *wg_webp_status_text(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "invalid WebP data";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "a WebP feature libwebp does not support";
    case VP8_STATUS_SUSPENDED: return "decoding suspended";
    case VP8_STATUS_USER_ABORT: return "decoding aborted";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "the WebP data ends early (truncated file)";
    default: return "invalid WebP data";
    }
}

static wg_status wg_webp_fail(VP8StatusCode status, char *message, size_t capacity) {
    wg_set_message(message, capacity, wg_webp_status_text(status));
    switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY: return WG_ERROR_MEMORY;
    case VP8_STATUS_UNSUPPORTED_FEATURE: return WG_ERROR_UNSUPPORTED;
    default: return WG_ERROR_FORMAT;
    }
}

/// What libwebp takes for itself, from the header: a lossless picture is decoded into a
/// 32-bit buffer of its own (4 bytes a pixel) before it is copied out, and an alpha plane
/// takes one byte a pixel; lossy colour needs only a few rows. An animation's first frame
/// is drawn on a canvas the demuxer keeps twice (the frame and the one before it, 8 bytes
/// a pixel) on top of the frame's own decoding. 16 MiB covers the rows, tables and caches.
static uint64_t wg_webp_memory_needed(const WebPBitstreamFeatures *features) {
    uint64_t pixels = (uint64_t)features->width * (uint64_t)features->height;
    uint64_t per_pixel = 5;
    if (features->has_animation) per_pixel += 8;
    return pixels * per_pixel + (16u << 20);
}

wg_status wg_webp_decoder_open(const uint8_t *data, size_t size, wg_webp_decoder **out, uint32_t *width,
                               uint32_t *height, int *has_alpha, uint32_t *frame_count, uint64_t *memory_needed,
                               char *message, size_t capacity) {
    *out = NULL;
    if (size == 0 || data == NULL) {
        wg_set_message(message, capacity, "the file is empty");
        return WG_ERROR_EMPTY;
    }
    wg_status loaded = wg_webp_load(message, capacity);
    if (loaded != WG_OK) return loaded;
    wg_webp_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    decoder->data = data;
    decoder->size = size;
    decoder->frame_count = 1;
    // The RIFF header, VP8X (canvas size, flags) and the first VP8/VP8L/ALPH header only.
    VP8StatusCode status = WebPGetFeatures(data, size, &decoder->features);
    if (status != VP8_STATUS_OK) {
        free(decoder);
        return wg_webp_fail(status, message, capacity);
    }
    if (decoder->features.width <= 0 || decoder->features.height <= 0) {
        free(decoder);
        wg_set_message(message, capacity, "the WebP header gives no size");
        return WG_ERROR_FORMAT;
    }
    if (decoder->features.has_animation) {
        // Counting frames walks the chunk headers only (the demuxer decodes nothing).
        WebPData whole = {data, size};
        WebPDemuxer *demux = WebPDemux(&whole);
        if (demux == NULL) {
            free(decoder);
            wg_set_message(message, capacity, "invalid or truncated animated WebP");
            return WG_ERROR_FORMAT;
        }
        decoder->frame_count = WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
        WebPDemuxDelete(demux);
    }
    *width = (uint32_t)decoder->features.width;
    *height = (uint32_t)decoder->features.height;
    *has_alpha = decoder->features.has_alpha;
    *frame_count = decoder->frame_count;
    *memory_needed = wg_webp_memory_needed(&decoder->features);
    *out = decoder;
    return WG_OK;
}

/// The colour transform for the container's ICC profile, or NULL when there is none or
/// it is unusable (a damaged profile is ignored, as for JPEG and PNG).
static void *wg_webp_color(const wg_webp_decoder *decoder) {
    WebPData whole = {decoder->data, decoder->size};
    WebPDemuxer *demux = WebPDemux(&whole);
    if (demux == NULL) return NULL;
    void *color = NULL;
    if (WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS) & ICCP_FLAG) {
        WebPChunkIterator chunk;
        if (WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
            color = wg_icc_rgba_to_srgb(chunk.chunk.bytes, chunk.chunk.size);
            WebPDemuxReleaseChunkIterator(&chunk);
        }
    }
    WebPDemuxDelete(demux);
    return color;
}

/// The first frame of an animation, drawn on its canvas as the format says (frames may
/// cover part of it; the rest is transparent), copied into `rgba`.
static wg_status wg_webp_read_first_frame(const wg_webp_decoder *decoder, uint8_t *rgba, size_t stride,
                                          char *message, size_t capacity) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) {
        wg_set_message(message, capacity, "libwebp's demuxer is not the version wallgen was built with");
        return WG_ERROR_LIBRARY;
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData whole = {decoder->data, decoder->size};
    WebPAnimDecoder *animation = WebPAnimDecoderNew(&whole, &options);
    if (animation == NULL) {
        wg_set_message(message, capacity, "invalid or truncated animated WebP");
        return WG_ERROR_FORMAT;
    }
    WebPAnimInfo info;
    uint8_t *canvas = NULL;
    int timestamp = 0;
    wg_status result = WG_OK;
    if (!WebPAnimDecoderGetInfo(animation, &info) || info.canvas_width != (uint32_t)decoder->features.width ||
        info.canvas_height != (uint32_t)decoder->features.height) {
        wg_set_message(message, capacity, "the animated WebP's canvas does not match its header");
        result = WG_ERROR_FORMAT;
    } else if (!WebPAnimDecoderGetNext(animation, &canvas, &timestamp) || canvas == NULL) {
        wg_set_message(message, capacity, "the first frame of the animated WebP is damaged or truncated");
        result = WG_ERROR_FORMAT;
    } else {
        size_t row = (size_t)info.canvas_width * 4;
        for (uint32_t y = 0; y < info.canvas_height; y++) {
            memcpy(rgba + (size_t)y * stride, canvas + (size_t)y * row, row);
        }
    }
    WebPAnimDecoderDelete(animation);
    return result;
}

wg_status wg_webp_decoder_read(wg_webp_decoder *decoder, uint8_t *rgba, size_t stride, char *message,
                               size_t capacity) {
    uint32_t width = (uint32_t)decoder->features.width;
    uint32_t height = (uint32_t)decoder->features.height;
    if (decoder->features.has_animation) {
        wg_status status = wg_webp_read_first_frame(decoder, rgba, stride, message, capacity);
        if (status != WG_OK) return status;
    } else {
        WebPDecoderConfig config;
        if (!WebPInitDecoderConfig(&config)) {
            wg_set_message(message, capacity, "libwebp is not the version wallgen was built with");
            return WG_ERROR_LIBRARY;
        }
        // Straight into the caller's rows: libwebp checks they hold the picture it finds.
        config.output.colorspace = MODE_RGBA;
        config.output.is_external_memory = 1;
        config.output.u.RGBA.rgba = rgba;
        config.output.u.RGBA.stride = (int)stride;
        config.output.u.RGBA.size = stride * (height - 1) + (size_t)width * 4;
        VP8StatusCode status = WebPDecode(decoder->data, decoder->size, &config);
        int matches = config.output.width == (int)width && config.output.height == (int)height;
        WebPFreeDecBuffer(&config.output);
        if (status != VP8_STATUS_OK) return wg_webp_fail(status, message, capacity);
        if (!matches) {
            wg_set_message(message, capacity, "the WebP's picture does not match its header's size");
            return WG_ERROR_FORMAT;
        }
    }
    void *color = wg_webp_color(decoder);
    if (color != NULL) {
        uint8_t *scratch = malloc((size_t)width * 4);
        if (scratch == NULL) {
            wg_icc_free(color);
            wg_set_message(message, capacity, "out of memory for the colour profile's row");
            return WG_ERROR_MEMORY;
        }
        for (uint32_t y = 0; y < height; y++) {
            memcpy(scratch, rgba + (size_t)y * stride, (size_t)width * 4);
            wg_icc_apply(color, scratch, rgba + (size_t)y * stride, width);
        }
        free(scratch);
        wg_icc_free(color);
    }
    return WG_OK;
}

void wg_webp_decoder_close(wg_webp_decoder *decoder) { free(decoder); }
