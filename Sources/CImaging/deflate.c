// The pieces of a parallel PNG encoder: row filtering, deflate of independent bands
// that join into one zlib stream, and the checksum that ties them together.
//
// PNG wants one zlib stream. Each band is compressed as raw deflate with the previous
// band's last 32 KiB as a preset dictionary (so compression hardly suffers), and every
// band but the last ends with a sync flush, which byte-aligns it: the bands simply
// concatenate. The Adler-32 of the whole is combined from the bands' own.
#include "CImaging.h"
#include "message.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static inline int wg_abs(int value) { return value < 0 ? -value : value; }

static inline uint8_t wg_paeth(int a, int b, int c) {
    int p = a + b - c;
    int pa = wg_abs(p - a), pb = wg_abs(p - b), pc = wg_abs(p - c);
    if (pa <= pb && pa <= pc) return (uint8_t)a;
    return (uint8_t)(pb <= pc ? b : c);
}

// Writes one row filtered with `type` (0 none, 1 sub, 2 up, 3 average, 4 paeth) and
// returns the sum of the filtered bytes as signed magnitudes (libpng's heuristic).
static unsigned wg_filter_row(int type, const uint8_t *row, const uint8_t *previous, size_t length,
                              int bpp, uint8_t *out) {
    unsigned cost = 0;
    for (size_t i = 0; i < length; i++) {
        int a = i >= (size_t)bpp ? row[i - bpp] : 0;
        int b = previous != NULL ? previous[i] : 0;
        int c = (previous != NULL && i >= (size_t)bpp) ? previous[i - bpp] : 0;
        int predicted;
        switch (type) {
        case 1: predicted = a; break;
        case 2: predicted = b; break;
        case 3: predicted = (a + b) >> 1; break;
        case 4: predicted = wg_paeth(a, b, c); break;
        default: predicted = 0; break;
        }
        uint8_t value = (uint8_t)(row[i] - predicted);
        out[i] = value;
        cost += value < 128 ? value : 256 - value;
    }
    return cost;
}

void wg_png_filter_rows(const uint8_t *rgba, size_t stride, uint32_t width, uint32_t first_row,
                        uint32_t end_row, int keep_alpha, int adaptive, uint8_t *output) {
    const int bpp = keep_alpha ? 4 : 3;
    const size_t length = (size_t)width * bpp;
    uint8_t *current = malloc(length), *previous = malloc(length), *trial = malloc(length);
    if (current == NULL || previous == NULL || trial == NULL) abort();
    // Packs a row to RGB or RGBA.
    #define WG_PACK(y, dst)                                                       \
        do {                                                                       \
            const uint8_t *src = rgba + (size_t)(y) * stride;                      \
            if (keep_alpha) memcpy(dst, src, length);                              \
            else for (uint32_t x = 0; x < width; x++) memcpy(dst + 3 * x, src + 4 * x, 3); \
        } while (0)
    if (first_row > 0) WG_PACK(first_row - 1, previous);
    for (uint32_t y = first_row; y < end_row; y++) {
        WG_PACK(y, current);
        const uint8_t *above = y > 0 ? previous : NULL;
        uint8_t *out = output + (size_t)(y - first_row) * (length + 1);
        if (!adaptive) {
            out[0] = 4;
            wg_filter_row(4, current, above, length, bpp, out + 1);
        } else {
            unsigned best = wg_filter_row(0, current, above, length, bpp, out + 1);
            out[0] = 0;
            for (int type = 1; type <= 4; type++) {
                unsigned cost = wg_filter_row(type, current, above, length, bpp, trial);
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
    free(current);
    free(previous);
    free(trial);
}

wg_status wg_deflate_band(const uint8_t *data, size_t size, const uint8_t *dictionary,
                          size_t dictionary_size, int level, int strategy, int final,
                          uint8_t **output, size_t *output_size, uint32_t *adler,
                          char *message, size_t capacity) {
    *output = NULL;
    *output_size = 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflateInit2(&stream, level, Z_DEFLATED, -15, 8, strategy) != Z_OK) {
        wg_set_message(message, capacity, "cannot start deflate");
        return WG_ERROR_MEMORY;
    }
    if (dictionary_size > 0) deflateSetDictionary(&stream, dictionary, (uInt)dictionary_size);
    size_t bound = deflateBound(&stream, size) + 16;
    uint8_t *buffer = malloc(bound);
    if (buffer == NULL) {
        deflateEnd(&stream);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)size;
    stream.next_out = buffer;
    stream.avail_out = (uInt)bound;
    int result = deflate(&stream, final ? Z_FINISH : Z_SYNC_FLUSH);
    size_t produced = bound - stream.avail_out;
    deflateEnd(&stream);
    if ((final && result != Z_STREAM_END) || (!final && result != Z_OK)) {
        free(buffer);
        wg_set_message(message, capacity, "deflate failed");
        return WG_ERROR_MEMORY;
    }
    *output = buffer;
    *output_size = produced;
    *adler = (uint32_t)adler32(1, data, (uInt)size);
    return WG_OK;
}

uint32_t wg_adler32_combine(uint32_t first, uint32_t second, size_t second_length) {
    return (uint32_t)adler32_combine(first, second, (z_off_t)second_length);
}
