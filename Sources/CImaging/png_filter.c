// PNG row filtering (the format's five filter types, section 9 of the PNG specification)
// for the parallel encoder, which filters each band of rows on the thread that deflates it.
#include "CImaging.h"
#include "message.h"

#include <stdlib.h>
#include <string.h>

static inline int wg_abs(int value) { return value < 0 ? -value : value; }

// One loop per filter type, so each is a plain loop the compiler can vectorise
// (a switch inside the loop would stop it). The first `bpp` bytes have no left
// neighbour; a missing row above counts as zeros.
static void wg_filter_sub(const uint8_t *row, size_t length, int bpp, uint8_t *out) {
    for (int i = 0; i < bpp; i++) out[i] = row[i];
    for (size_t i = bpp; i < length; i++) out[i] = (uint8_t)(row[i] - row[i - bpp]);
}

static void wg_filter_up(const uint8_t *row, const uint8_t *above, size_t length, uint8_t *out) {
    for (size_t i = 0; i < length; i++) out[i] = (uint8_t)(row[i] - above[i]);
}

static void wg_filter_average(const uint8_t *row, const uint8_t *above, size_t length, int bpp,
                              uint8_t *out) {
    for (int i = 0; i < bpp; i++) out[i] = (uint8_t)(row[i] - (above[i] >> 1));
    for (size_t i = bpp; i < length; i++) out[i] = (uint8_t)(row[i] - ((row[i - bpp] + above[i]) >> 1));
}

static void wg_filter_paeth(const uint8_t *row, const uint8_t *above, size_t length, int bpp,
                            uint8_t *out) {
    for (int i = 0; i < bpp; i++) out[i] = (uint8_t)(row[i] - above[i]);
    for (size_t i = bpp; i < length; i++) {
        int a = row[i - bpp], b = above[i], c = above[i - bpp];
        int p = a + b - c;
        int pa = wg_abs(p - a), pb = wg_abs(p - b), pc = wg_abs(p - c);
        int predicted = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
        out[i] = (uint8_t)(row[i] - predicted);
    }
}

// Writes one row filtered with `type` (0 none, 1 sub, 2 up, 3 average, 4 paeth).
static void wg_filter_row(int type, const uint8_t *row, const uint8_t *above, size_t length, int bpp,
                          uint8_t *out) {
    switch (type) {
    case 1: wg_filter_sub(row, length, bpp, out); break;
    case 2: wg_filter_up(row, above, length, out); break;
    case 3: wg_filter_average(row, above, length, bpp, out); break;
    case 4: wg_filter_paeth(row, above, length, bpp, out); break;
    default: memcpy(out, row, length); break;
    }
}

// libpng's heuristic for choosing a filter: the sum of the output bytes read as signed.
static unsigned wg_filter_cost(const uint8_t *filtered, size_t length) {
    unsigned cost = 0;
    for (size_t i = 0; i < length; i++) cost += filtered[i] < 128 ? filtered[i] : 256 - filtered[i];
    return cost;
}

// RGBA to RGB: each pixel is copied as four bytes, one load and one store, and the
// next pixel's store overwrites the alpha byte; the last pixel is copied as three, so
// nothing is written past the row.
static void wg_pack_rgb(const uint8_t *rgba, uint32_t width, uint8_t *rgb) {
    if (width == 0) return;
    for (uint32_t x = 0; x + 1 < width; x++) memcpy(rgb + 3 * (size_t)x, rgba + 4 * (size_t)x, 4);
    memcpy(rgb + 3 * (size_t)(width - 1), rgba + 4 * (size_t)(width - 1), 3);
}

// The AND of a row's pixels as 32-bit words: its top byte is the AND of the alphas,
// 255 only when every pixel is opaque. Whole words, so the loop is a vector AND.
static uint32_t wg_pixels_and(const uint8_t *rgba, uint32_t width) {
    uint32_t all = UINT32_MAX;
    for (uint32_t x = 0; x < width; x++) {
        uint32_t pixel;
        memcpy(&pixel, rgba + 4 * (size_t)x, 4);
        all &= pixel;
    }
    return all;
}

wg_status wg_png_filter_rows(const uint8_t *rgba, size_t stride, uint32_t width, uint32_t first_row,
                             uint32_t end_row, int keep_alpha, int filter, uint8_t *output, int *opaque,
                             char *message, size_t capacity) {
    uint32_t pixels_and = UINT32_MAX;
    const int bpp = keep_alpha ? 4 : 3;
    const size_t length = (size_t)width * bpp;
    uint8_t *current = malloc(length), *previous = malloc(length), *trial = malloc(length);
    uint8_t *zeros = calloc(length, 1);  // the row above the first
    if (current == NULL || previous == NULL || trial == NULL || zeros == NULL) {
        free(current);
        free(previous);
        free(trial);
        free(zeros);
        wg_set_message(message, capacity, "out of memory for the PNG filter's rows");
        return WG_ERROR_MEMORY;
    }
    // Packs a row to RGB or RGBA.
    #define WG_PACK(y, dst)                                                       \
        do {                                                                       \
            const uint8_t *src = rgba + (size_t)(y) * stride;                      \
            if (keep_alpha) memcpy(dst, src, length);                              \
            else wg_pack_rgb(src, width, dst);                                     \
        } while (0)
    if (first_row > 0) WG_PACK(first_row - 1, previous);
    for (uint32_t y = first_row; y < end_row; y++) {
        WG_PACK(y, current);
        // Alpha is dropped only from opaque rows; the caller learns whether these were.
        if (!keep_alpha) pixels_and &= wg_pixels_and(rgba + (size_t)y * stride, width);
        const uint8_t *above = y > 0 ? previous : zeros;
        uint8_t *out = output + (size_t)(y - first_row) * (length + 1);
        if (filter >= 0) {
            out[0] = (uint8_t)filter;
            wg_filter_row(filter, current, above, length, bpp, out + 1);
        } else {
            wg_filter_row(0, current, above, length, bpp, out + 1);
            unsigned best = wg_filter_cost(out + 1, length);
            out[0] = 0;
            for (int type = 1; type <= 4; type++) {
                wg_filter_row(type, current, above, length, bpp, trial);
                unsigned cost = wg_filter_cost(trial, length);
                if (cost < best) {
                    best = cost;
                    out[0] = (uint8_t)type;
                    memcpy(out + 1, trial, length);
                }
            }
        }
        uint8_t *swap = previous;
        previous = current;
        current = swap;
    }
    #undef WG_PACK
    *opaque = (pixels_and >> 24) == 0xFF;
    free(current);
    free(previous);
    free(trial);
    free(zeros);
    return WG_OK;
}
