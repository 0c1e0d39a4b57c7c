// JPEG decode and encode over libjpeg-turbo. libjpeg reports fatal errors through
// error_exit, which must not return: it longjmps back to the setjmp taken at the top
// of whichever wg_jpeg_* function is running.
#include "CImaging.h"
#include "color.h"
#include "message.h"

#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr library;  // first, so a j_common_ptr's err can be cast back
    jmp_buf escape;
    wg_status status;               // reported when escape is taken
    char text[JMSG_LENGTH_MAX];
} wg_jpeg_errors;

typedef struct {
    struct jpeg_progress_mgr library;
    int max_scans;
} wg_jpeg_progress;

struct wg_jpeg_decoder {
    struct jpeg_decompress_struct info;
    wg_jpeg_errors errors;
    wg_jpeg_progress progress;
    int started;
    JDIMENSION first_row;  // rows read: first_row ..< end_row (all unless cropped)
    JDIMENSION end_row;
    void *color;          // ICC transform to sRGB, when the file carries a profile
    uint8_t *color_row;   // scratch row for it
};

static void wg_jpeg_error_exit(j_common_ptr info) {
    wg_jpeg_errors *errors = (wg_jpeg_errors *)info->err;
    (*info->err->format_message)(info, errors->text);
    if (errors->status == WG_OK) errors->status = WG_ERROR_FORMAT;
    longjmp(errors->escape, 1);
}

// Corrupt-data warnings are tolerated, as every viewer does, except running out of
// data: a truncated file would otherwise decode "successfully" with a grey bottom.
static void wg_jpeg_emit_message(j_common_ptr info, int level) {
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) {
        wg_jpeg_errors *errors = (wg_jpeg_errors *)info->err;
        snprintf(errors->text, sizeof errors->text, "the JPEG data ends early (truncated file)");
        errors->status = WG_ERROR_FORMAT;
        longjmp(errors->escape, 1);
    }
}

// A progressive JPEG can hold thousands of tiny scans that each cost a full pass;
// counting them bounds decoding time on hostile files.
static void wg_jpeg_progress_monitor(j_common_ptr info) {
    if (!info->is_decompressor) return;
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    wg_jpeg_progress *progress = (wg_jpeg_progress *)info->progress;
    if (progress->max_scans > 0 && decompress->input_scan_number > progress->max_scans) {
        wg_jpeg_errors *errors = (wg_jpeg_errors *)info->err;
        snprintf(errors->text, sizeof errors->text,
                 "the JPEG has more than %d progressive scans", progress->max_scans);
        errors->status = WG_ERROR_LIMIT;
        longjmp(errors->escape, 1);
    }
}

static void wg_jpeg_install_errors(wg_jpeg_errors *errors, struct jpeg_error_mgr **slot) {
    *slot = jpeg_std_error(&errors->library);
    errors->library.error_exit = wg_jpeg_error_exit;
    errors->library.emit_message = wg_jpeg_emit_message;
    errors->status = WG_OK;
    errors->text[0] = '\0';
}

static wg_status wg_jpeg_fail(wg_jpeg_errors *errors, char *message, size_t capacity) {
    wg_set_message(message, capacity, errors->text);
    return errors->status == WG_OK ? WG_ERROR_FORMAT : errors->status;
}

// What libjpeg needs for this picture, from its header. A file whose first scan does
// not hold every component (progressive, or a multi-scan baseline file) is decoded
// through a buffer of every DCT block of the picture, 128 bytes each, each component's
// blocks rounded up to whole MCUs as libjpeg allocates them; everything else it takes
// (MCU-row sample buffers, upsampling, colour conversion, saved ICC markers) is bounded
// by the working allowance: rows of the image's width, plus a fixed part.
static uint64_t wg_jpeg_memory_needed(const struct jpeg_decompress_struct *info) {
    uint64_t needed = (48u << 20) + (uint64_t)info->image_width * (uint64_t)info->num_components * 256u;
    if (info->progressive_mode || info->comps_in_scan < info->num_components) {
        for (int i = 0; i < info->num_components; i++) {
            const jpeg_component_info *component = &info->comp_info[i];
            uint64_t h = (uint64_t)component->h_samp_factor, v = (uint64_t)component->v_samp_factor;
            uint64_t across = (component->width_in_blocks + h - 1) / h * h;
            uint64_t down = (component->height_in_blocks + v - 1) / v * v;
            needed += across * down * sizeof(JBLOCK);
        }
    }
    return needed;
}

wg_status wg_jpeg_decoder_open(const uint8_t *data, size_t size, const wg_decode_limits *limits,
                               wg_jpeg_decoder **out, uint32_t *width, uint32_t *height,
                               uint64_t *memory_needed, char *message, size_t capacity) {
    *out = NULL;
    *memory_needed = 0;
    if (size == 0 || size > (size_t)0xFFFFFFFFu) {
        wg_set_message(message, capacity, size == 0 ? "the file is empty" : "the file is too large");
        return size == 0 ? WG_ERROR_EMPTY : WG_ERROR_LIMIT;
    }
    wg_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    wg_jpeg_install_errors(&decoder->errors, &decoder->info.err);
    if (setjmp(decoder->errors.escape)) {
        wg_status status = wg_jpeg_fail(&decoder->errors, message, capacity);
        wg_jpeg_decoder_close(decoder);
        return status;
    }
    jpeg_create_decompress(&decoder->info);
    decoder->progress.library.progress_monitor = wg_jpeg_progress_monitor;
    decoder->progress.max_scans = limits->max_progressive_scans;
    decoder->info.progress = &decoder->progress.library;
    jpeg_mem_src(&decoder->info, data, (unsigned long)size);
    jpeg_save_markers(&decoder->info, JPEG_APP0 + 2, 0xFFFF);  // ICC profile chunks
    jpeg_read_header(&decoder->info, TRUE);
    // Held to what this picture needs: never "backing store not supported" for a valid
    // file, and no more than that for a hostile one.
    uint64_t needed = wg_jpeg_memory_needed(&decoder->info);
    decoder->info.mem->max_memory_to_use = needed > (uint64_t)LONG_MAX ? LONG_MAX : (long)needed;
    *memory_needed = needed;

    *width = decoder->info.image_width;
    *height = decoder->info.image_height;
    *out = decoder;
    return WG_OK;
}

static int wg_jpeg_is_cmyk(const struct jpeg_decompress_struct *info) {
    return info->jpeg_color_space == JCS_CMYK || info->jpeg_color_space == JCS_YCCK;
}

wg_status wg_jpeg_decoder_start(wg_jpeg_decoder *decoder, int scale_denominator,
                                uint32_t *output_width, uint32_t *output_height,
                                char *message, size_t capacity) {
    if (decoder->started || (scale_denominator != 1 && scale_denominator != 2 &&
                             scale_denominator != 4 && scale_denominator != 8)) {
        wg_set_message(message, capacity, "invalid JPEG decoder state or scale");
        return WG_ERROR_ARGUMENT;
    }
    if (setjmp(decoder->errors.escape)) return wg_jpeg_fail(&decoder->errors, message, capacity);
    struct jpeg_decompress_struct *info = &decoder->info;
    info->scale_num = 1;
    info->scale_denom = (unsigned int)scale_denominator;
    // libjpeg converts CMYK only to CMYK; everything else goes straight to RGBA.
    info->out_color_space = wg_jpeg_is_cmyk(info) ? JCS_CMYK : JCS_EXT_RGBA;
    info->dct_method = JDCT_ISLOW;
    jpeg_start_decompress(info);
    decoder->started = 1;
    decoder->first_row = 0;
    decoder->end_row = info->output_height;
    JOCTET *profile = NULL;
    unsigned int profile_size = 0;
    if (jpeg_read_icc_profile(info, &profile, &profile_size)) {
        decoder->color = wg_jpeg_is_cmyk(info)
                             ? wg_icc_cmyk_to_srgb(profile, profile_size, info->saw_Adobe_marker)
                             : (info->out_color_components == 4 && info->jpeg_color_space != JCS_GRAYSCALE
                                    ? wg_icc_rgba_to_srgb(profile, profile_size)
                                    : NULL);
        free(profile);
        // Without its row buffer the profile could not be honoured: say so rather than
        // quietly show the colours wrong.
        if (decoder->color != NULL &&
            (decoder->color_row = malloc((size_t)info->output_width * 4)) == NULL) {
            wg_set_message(message, capacity, "out of memory for the colour profile's row");
            return WG_ERROR_MEMORY;
        }
    }
    *output_width = info->output_width;
    *output_height = info->output_height;
    return WG_OK;
}

// Adobe applications write CMYK inverted (0 = full ink) and mark the file with an
// APP14 "Adobe" segment; libjpeg's own CMYK output carries that marker too, so the
// marker is the convention readers follow.
static void wg_cmyk_row_to_rgba(uint8_t *row, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        uint8_t *pixel = row + 4 * x;
        unsigned c = pixel[0], m = pixel[1], y = pixel[2], k = pixel[3];
        if (!inverted) {
            c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
        }
        // (255 - ink) * (255 - black) / 255, rounded; here c, k already hold 255 - ink.
        pixel[0] = (uint8_t)((c * k + 127) / 255);
        pixel[1] = (uint8_t)((m * k + 127) / 255);
        pixel[2] = (uint8_t)((y * k + 127) / 255);
        pixel[3] = 255;
    }
}

wg_status wg_jpeg_decoder_crop(wg_jpeg_decoder *decoder, uint32_t *x, uint32_t *width, uint32_t y,
                               uint32_t height, char *message, size_t capacity) {
    struct jpeg_decompress_struct *info = &decoder->info;
    if (!decoder->started || info->output_scanline != 0 || *width == 0 || height == 0 ||
        *width > info->output_width || *x > info->output_width - *width || height > info->output_height ||
        y > info->output_height - height) {
        wg_set_message(message, capacity, "invalid JPEG crop");
        return WG_ERROR_ARGUMENT;
    }
    if (setjmp(decoder->errors.escape)) return wg_jpeg_fail(&decoder->errors, message, capacity);
    JDIMENSION offset = *x, columns = *width;
    if (columns < info->output_width) jpeg_crop_scanline(info, &offset, &columns);
    *x = offset;
    *width = columns;
    decoder->first_row = y;
    decoder->end_row = y + height;
    return WG_OK;
}

wg_status wg_jpeg_decoder_read(wg_jpeg_decoder *decoder, uint8_t *rgba, size_t stride, uint32_t ring_rows,
                               uint32_t max_rows, uint32_t *rows_done, char *message,
                               size_t capacity) {
    if (!decoder->started) {
        wg_set_message(message, capacity, "wg_jpeg_decoder_start was not called");
        return WG_ERROR_ARGUMENT;
    }
    if (setjmp(decoder->errors.escape)) return wg_jpeg_fail(&decoder->errors, message, capacity);
    struct jpeg_decompress_struct *info = &decoder->info;
    int cmyk = wg_jpeg_is_cmyk(info);
    if (decoder->first_row > 0 && info->output_scanline == 0) {
        jpeg_skip_scanlines(info, decoder->first_row);
    }
    JDIMENSION stop = decoder->end_row;
    if (max_rows < stop - info->output_scanline) stop = info->output_scanline + max_rows;
    while (info->output_scanline < stop) {
        JSAMPROW rows[4];
        JDIMENSION first = info->output_scanline - decoder->first_row;
        for (int i = 0; i < 4; i++) {
            JDIMENSION row = first + (JDIMENSION)i;
            rows[i] = rgba + (size_t)(ring_rows > 0 ? row % ring_rows : row) * stride;
        }
        JDIMENSION remaining = stop - info->output_scanline;
        JDIMENSION read = jpeg_read_scanlines(info, rows, remaining < 4 ? remaining : 4);
        for (JDIMENSION i = 0; i < read; i++) {
            if (decoder->color != NULL) {
                memcpy(decoder->color_row, rows[i], (size_t)info->output_width * 4);
                wg_icc_apply(decoder->color, decoder->color_row, rows[i], info->output_width);
                if (cmyk) {
                    for (JDIMENSION x = 0; x < info->output_width; x++) rows[i][4 * x + 3] = 255;
                }
            } else if (cmyk) {
                wg_cmyk_row_to_rgba(rows[i], info->output_width, info->saw_Adobe_marker);
            }
        }
    }
    *rows_done = info->output_scanline - decoder->first_row;
    if (info->output_scanline == decoder->end_row) {
        // Rows below the crop are skipped, not decoded (finishing needs them all consumed).
        if (info->output_scanline < info->output_height) {
            jpeg_skip_scanlines(info, info->output_height - info->output_scanline);
        }
        jpeg_finish_decompress(info);
    }
    return WG_OK;
}

void wg_jpeg_decoder_close(wg_jpeg_decoder *decoder) {
    if (decoder == NULL) return;
    // jpeg_destroy cannot fail, so no escape is needed here.
    jpeg_destroy_decompress(&decoder->info);
    wg_icc_free(decoder->color);
    free(decoder->color_row);
    free(decoder);
}

// A growable memory destination of our own: libjpeg's jpeg_mem_dest keeps its current
// buffer private, so after an error part-way through the caller could not free it.
typedef struct {
    struct jpeg_destination_mgr library;
    uint8_t *buffer;
    size_t capacity;
    size_t size;
} wg_jpeg_memory_destination;

static void wg_jpeg_destination_init(j_compress_ptr info) {
    wg_jpeg_memory_destination *destination = (wg_jpeg_memory_destination *)info->dest;
    destination->capacity = 1 << 16;
    destination->buffer = malloc(destination->capacity);
    if (destination->buffer == NULL) ERREXIT1(info, JERR_OUT_OF_MEMORY, 0);
    destination->library.next_output_byte = destination->buffer;
    destination->library.free_in_buffer = destination->capacity;
}

static boolean wg_jpeg_destination_grow(j_compress_ptr info) {
    wg_jpeg_memory_destination *destination = (wg_jpeg_memory_destination *)info->dest;
    size_t used = destination->capacity;  // called only when the buffer is full
    uint8_t *grown = realloc(destination->buffer, destination->capacity * 2);
    if (grown == NULL) ERREXIT1(info, JERR_OUT_OF_MEMORY, 1);
    destination->buffer = grown;
    destination->capacity *= 2;
    destination->library.next_output_byte = grown + used;
    destination->library.free_in_buffer = destination->capacity - used;
    return TRUE;
}

static void wg_jpeg_destination_finish(j_compress_ptr info) {
    wg_jpeg_memory_destination *destination = (wg_jpeg_memory_destination *)info->dest;
    destination->size = destination->capacity - destination->library.free_in_buffer;
}

wg_status wg_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                         wg_jpeg_input input, const wg_jpeg_settings *settings, uint8_t **output,
                         size_t *output_size, char *message, size_t capacity) {
    *output = NULL;
    *output_size = 0;
    int quality = settings->quality;
    if (width == 0 || height == 0 || width > 65500 || height > 65500 || quality < 1 ||
        quality > 100) {
        wg_set_message(message, capacity, "invalid JPEG size or quality");
        return WG_ERROR_ARGUMENT;
    }
    // A COM segment's length field counts itself: 65533 bytes of payload at most.
    if (settings->comment != NULL && settings->comment_size > 65533) {
        wg_set_message(message, capacity, "the JPEG comment is longer than 65533 bytes");
        return WG_ERROR_ARGUMENT;
    }
    struct jpeg_compress_struct info;
    wg_jpeg_errors errors;
    wg_jpeg_memory_destination destination;
    memset(&info, 0, sizeof info);
    memset(&destination, 0, sizeof destination);
    destination.library.init_destination = wg_jpeg_destination_init;
    destination.library.empty_output_buffer = wg_jpeg_destination_grow;
    destination.library.term_destination = wg_jpeg_destination_finish;
    wg_jpeg_install_errors(&errors, &info.err);
    if (setjmp(errors.escape)) {
        jpeg_destroy_compress(&info);
        free(destination.buffer);
        return wg_jpeg_fail(&errors, message, capacity);
    }
    jpeg_create_compress(&info);
    info.dest = &destination.library;
    info.image_width = width;
    info.image_height = height;
    switch (input) {
    case WG_JPEG_INPUT_GRAY: info.input_components = 1; info.in_color_space = JCS_GRAYSCALE; break;
    case WG_JPEG_INPUT_RGBX: info.input_components = 4; info.in_color_space = JCS_EXT_RGBX; break;
    case WG_JPEG_INPUT_CMYK: info.input_components = 4; info.in_color_space = JCS_CMYK; break;
    default:
        jpeg_destroy_compress(&info);
        wg_set_message(message, capacity, "unknown JPEG input layout");
        return WG_ERROR_ARGUMENT;
    }
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    // jpeg_set_defaults chose 2x2 luma sampling (4:2:0) for colour; 1x1 keeps every
    // chroma sample (4:4:4).
    if (settings->full_chroma && info.in_color_space != JCS_GRAYSCALE) {
        info.comp_info[0].h_samp_factor = 1;
        info.comp_info[0].v_samp_factor = 1;
    }
    info.optimize_coding = settings->optimize_coding ? TRUE : FALSE;
    if (settings->progressive) jpeg_simple_progression(&info);
    jpeg_start_compress(&info, TRUE);
    if (settings->icc_profile != NULL && settings->icc_profile_size > 0) {
        jpeg_write_icc_profile(&info, settings->icc_profile, (unsigned int)settings->icc_profile_size);
    }
    if (settings->comment != NULL && settings->comment_size > 0) {
        jpeg_write_marker(&info, JPEG_COM, settings->comment, (unsigned int)settings->comment_size);
    }
    while (info.next_scanline < height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * stride);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *output = destination.buffer;
    *output_size = destination.size;
    return WG_OK;
}
