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

#if defined(__x86_64__)
#include <immintrin.h>

// One opaque row's Up filter as RGB straight from RGBA, `above` NULL for the first row
// (the subtraction is byte by byte, so it can come before dropping the alphas): one pass
// where packing the row, filtering it and checking its alphas took three. Returns the
// AND of the row's pixels. Eight pixels a step: the difference of 32 bytes, each
// 128-bit half's four RGB triples gathered to its low 12 bytes (pshufb), the halves
// stored 12 bytes apart, each store's last 4 bytes written over by the next. The loop
// stops while at least two pixels (6 bytes) are left, so no store passes the row's end;
// those go one at a time.
__attribute__((target("avx2"))) static uint32_t up_filter_rgb_row_avx2(const uint8_t *row, const uint8_t *above,
                                                                      uint32_t width, uint8_t *out) {
    const __m256i triples = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1, 0, 1, 2, 4, 5, 6,
                                             8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    __m256i all = _mm256_set1_epi8(-1);
    uint32_t x = 0;
    for (; x + 10 <= width; x += 8) {
        __m256i pixels = _mm256_loadu_si256((const __m256i *)(row + 4 * (size_t)x));
        __m256i over = above != NULL ? _mm256_loadu_si256((const __m256i *)(above + 4 * (size_t)x))
                                     : _mm256_setzero_si256();
        all = _mm256_and_si256(all, pixels);
        __m256i packed = _mm256_shuffle_epi8(_mm256_sub_epi8(pixels, over), triples);
        _mm_storeu_si128((__m128i *)(out + 3 * (size_t)x), _mm256_castsi256_si128(packed));
        _mm_storeu_si128((__m128i *)(out + 3 * (size_t)x + 12), _mm256_extracti128_si256(packed, 1));
    }
    __m128i half = _mm_and_si128(_mm256_castsi256_si128(all), _mm256_extracti128_si256(all, 1));
    half = _mm_and_si128(half, _mm_shuffle_epi32(half, _MM_SHUFFLE(1, 0, 3, 2)));
    half = _mm_and_si128(half, _mm_shuffle_epi32(half, _MM_SHUFFLE(2, 3, 0, 1)));
    uint32_t pixels_and = (uint32_t)_mm_cvtsi128_si32(half);
    for (; x < width; x++) {
        uint32_t pixel, over = 0;
        memcpy(&pixel, row + 4 * (size_t)x, 4);
        if (above != NULL) memcpy(&over, above + 4 * (size_t)x, 4);
        pixels_and &= pixel;
        for (int channel = 0; channel < 3; channel++)
            out[3 * (size_t)x + channel] = (uint8_t)((pixel >> (8 * channel)) - (over >> (8 * channel)));
    }
    return pixels_and;
}
#endif

wg_status wg_png_filter_rows(const uint8_t *rgba, size_t stride, uint32_t width, uint32_t first_row,
                             uint32_t end_row, int keep_alpha, int filter, uint8_t *output, int *opaque,
                             int vectorized, char *message, size_t capacity) {
    uint32_t pixels_and = UINT32_MAX;
#if defined(__x86_64__)
    if (vectorized && filter == 2 && !keep_alpha) {
        const size_t length = (size_t)width * 3;
        for (uint32_t y = first_row; y < end_row; y++) {
            const uint8_t *row = rgba + (size_t)y * stride;
            uint8_t *out = output + (size_t)(y - first_row) * (length + 1);
            out[0] = 2;
            pixels_and &= up_filter_rgb_row_avx2(row, y > 0 ? row - stride : NULL, width, out + 1);
        }
        *opaque = (pixels_and >> 24) == 0xFF;
        return WG_OK;
    }
#else
    (void)vectorized;
#endif
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
