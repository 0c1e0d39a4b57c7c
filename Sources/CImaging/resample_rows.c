// The two passes of the Lanczos resampler (Compositor's RowRing) over premultiplied RGBA8
// rows, in the 16-bit multiply-adds of AVX2 (vpmaddwd), which Swift cannot ask for.
//
// Both passes are exact integer arithmetic: each result is a sum of byte x weight
// products, with 14-bit fixed-point weights that fit 16 bits, rounded as
// (sum + 2^13) >> 14, clamped to 0...255 and each colour to at most its alpha. vpmaddwd
// multiplies two pairs of 16-bit numbers and adds each pair's products into 32 bits, so
// one instruction takes two taps of a channel where the Swift loops take one; the order
// of integer additions does not change a sum, so the bytes are those of the Swift loops
// (Kernels' ConvolutionLoops), which stay for processors without AVX2.
#include "CImaging.h"

enum { WEIGHT_FRACTION_BITS = 14 };

// One RGBA sum rounded and clamped as the Swift loops do (a row's odd pixels).
static void store_pixel(const int32_t sum[4], uint8_t *pixel) {
    int32_t value[4];
    for (int c = 0; c < 4; c++) value[c] = (sum[c] + (1 << (WEIGHT_FRACTION_BITS - 1))) >> WEIGHT_FRACTION_BITS;
    int32_t alpha = value[3] < 0 ? 0 : (value[3] > 255 ? 255 : value[3]);
    for (int c = 0; c < 3; c++) pixel[c] = (uint8_t)(value[c] < 0 ? 0 : (value[c] > alpha ? alpha : value[c]));
    pixel[3] = (uint8_t)alpha;
}

// Bytes `from ..< row_bytes` of the vertical filter's output row a pixel at a time: a
// row's tail after the vector steps, and the whole row where there are none.
static void vertical_pixels(const uint8_t *const *rows, const int32_t *weights, size_t tap_count,
                            uint8_t *destination, size_t from, size_t row_bytes) {
    for (size_t i = from; i < row_bytes; i += 4) {
        int32_t sum[4] = {0, 0, 0, 0};
        for (size_t t = 0; t < tap_count; t++)
            for (int c = 0; c < 4; c++) sum[c] += (int32_t)rows[t][i + c] * weights[t];
        store_pixel(sum, destination + i);
    }
}

#if defined(__x86_64__)
#include "premultiplied_bytes.h"
#include <immintrin.h>

// One output pixel's sum over its window, four source pixels per step: the step's 16
// bytes in both 128-bit halves (a load, no shuffle), then one byte shuffle zero-extends
// two pixels to 16 bits in each half and interleaves their channels (p0.r p1.r p0.g
// p1.g ... | p2.r p3.r ...) to meet the weights (w0 w1 four times | w2 w3 four times).
// The two 128-bit halves hold partial sums. Always inlined with a constant group_count,
// so the steps are unrolled.
__attribute__((target("avx2"), always_inline)) static inline __m256i window_sum(
    const uint8_t *pixels, const int16_t *weights, size_t group_count) {
    // Each pixel byte, then a zero byte (an index with its top bit set).
    const __m256i spread = _mm256_setr_epi8(0, -1, 4, -1, 1, -1, 5, -1, 2, -1, 6, -1, 3, -1, 7, -1,
                                            8, -1, 12, -1, 9, -1, 13, -1, 10, -1, 14, -1, 11, -1, 15, -1);
    __m256i sum = _mm256_setzero_si256();
    for (size_t group = 0; group < group_count; group++) {
        __m256i four = _mm256_shuffle_epi8(
            _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(pixels + 16 * group))), spread);
        sum = _mm256_add_epi32(
            sum, _mm256_madd_epi16(four, _mm256_loadu_si256((const __m256i *)(weights + 16 * group))));
    }
    return sum;
}

// The halves of two windows' sums added: pixel a's RGBA, then pixel b's.
__attribute__((target("avx2"), always_inline)) static inline __m256i two_pixels(__m256i a, __m256i b) {
    return _mm256_add_epi32(_mm256_permute2x128_si256(a, b, 0x20), _mm256_permute2x128_si256(a, b, 0x31));
}

// Sixteen rounded 16-bit channels (four pixels, in order) as clamped bytes.
__attribute__((target("avx2"), always_inline)) static inline __m128i pack_pixels(__m256i words) {
    return wg_colours_within_alpha4(
        _mm_packus_epi16(_mm256_castsi256_si128(words), _mm256_extracti128_si256(words, 1)));
}

// Fixed-point sums rounded to whole levels: (sum + 2^13) >> 14.
__attribute__((target("avx2"), always_inline)) static inline __m256i shifted(__m256i sums) {
    const __m256i half = _mm256_set1_epi32(1 << (WEIGHT_FRACTION_BITS - 1));
    return _mm256_srai_epi32(_mm256_add_epi32(sums, half), WEIGHT_FRACTION_BITS);
}

__attribute__((target("avx2"), always_inline)) static inline void horizontal_groups(
    const uint8_t *source, uint8_t *destination, size_t output_count, const int32_t *starts,
    const int16_t *weights, size_t group_count) {
    const size_t weights_per_output = 16 * group_count;
    size_t x = 0;
    for (; x + 4 <= output_count; x += 4) {
        const int16_t *w = weights + x * weights_per_output;
        __m256i s0 = window_sum(source + 4 * (size_t)starts[x], w, group_count);
        __m256i s1 = window_sum(source + 4 * (size_t)starts[x + 1], w + weights_per_output, group_count);
        __m256i s2 = window_sum(source + 4 * (size_t)starts[x + 2], w + 2 * weights_per_output, group_count);
        __m256i s3 = window_sum(source + 4 * (size_t)starts[x + 3], w + 3 * weights_per_output, group_count);
        // Packing within lanes leaves pixels 0, 2 | 1, 3: put them back in order.
        __m256i words = _mm256_permute4x64_epi64(
            _mm256_packs_epi32(shifted(two_pixels(s0, s1)), shifted(two_pixels(s2, s3))), 0xD8);
        _mm_storeu_si128((__m128i *)(destination + 4 * x), pack_pixels(words));
    }
    for (; x < output_count; x++) {
        __m256i s = window_sum(source + 4 * (size_t)starts[x], weights + x * weights_per_output, group_count);
        __m128i rgba = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
        int32_t sum[4];
        _mm_storeu_si128((__m128i *)sum, rgba);
        store_pixel(sum, destination + 4 * x);
    }
}

// One copy of the loop per window of up to 16 taps, each unrolled; wider windows (a
// picture shrunk more than about 2.5 times without a smaller decode) take the loop.
__attribute__((target("avx2"))) static void horizontal_avx2(
    const uint8_t *source, uint8_t *destination, size_t output_count, const int32_t *starts,
    const int16_t *weights, size_t group_count) {
    switch (group_count) {
    case 1: horizontal_groups(source, destination, output_count, starts, weights, 1); break;
    case 2: horizontal_groups(source, destination, output_count, starts, weights, 2); break;
    case 3: horizontal_groups(source, destination, output_count, starts, weights, 3); break;
    case 4: horizontal_groups(source, destination, output_count, starts, weights, 4); break;
    default: horizontal_groups(source, destination, output_count, starts, weights, group_count); break;
    }
}

// Sixteen bytes of two rows (a row's last step of 16), zero-extended to 16 bits and
// interleaved (a0 b0 a1 b1 a2 b2 a3 b3 | a8 b8 ... and a4 b4 ... | a12 b12 ...), times
// their two weights, added to the sums of those bytes.
__attribute__((target("avx2"), always_inline)) static inline void add_two_taps(
    const uint8_t *a, const uint8_t *b, __m256i weight_pair, __m256i *first, __m256i *second) {
    __m256i wide_a = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)a));
    __m256i wide_b = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)b));
    *first = _mm256_add_epi32(*first, _mm256_madd_epi16(_mm256_unpacklo_epi16(wide_a, wide_b), weight_pair));
    *second = _mm256_add_epi32(*second, _mm256_madd_epi16(_mm256_unpackhi_epi16(wide_a, wide_b), weight_pair));
}

enum { VERTICAL_PAIRS_HELD = 16 };

// One output row from `pair_count` pairs of rows: 32 bytes a step (four sums of eight
// bytes, in registers across all the taps), then 16, then a pixel at a time. Always
// inlined with a constant pair_count, so the taps are unrolled. The 32-byte step widens
// the bytes by interleaving them (three byte moves per 16 bytes of a pair, where
// zero-extending each row and then interleaving took four): the one vector port those
// moves share is what the loop waits on.
__attribute__((target("avx2"), always_inline)) static inline void vertical_pairs(
    const uint8_t *const *first_rows, const uint8_t *const *second_rows, const __m256i *pairs, size_t pair_count,
    const uint8_t *const *rows, const int32_t *weights, size_t tap_count, uint8_t *destination, size_t row_bytes) {
    size_t i = 0;
    // With no pairs (more taps than are held) every pixel takes the plain loop.
    const size_t row_bytes_vectorized = pair_count > 0 ? row_bytes : 0;
    const __m256i zero = _mm256_setzero_si256();
    for (; i + 32 <= row_bytes_vectorized; i += 32) {
        __m256i sums[4] = {zero, zero, zero, zero};
        for (size_t p = 0; p < pair_count; p++) {
            const __m256i a = _mm256_loadu_si256((const __m256i *)(first_rows[p] + i));
            const __m256i b = _mm256_loadu_si256((const __m256i *)(second_rows[p] + i));
            // The two rows' bytes interleaved (a0 b0 a1 b1 ...), then each widened to 16
            // bits by interleaving with zero: bytes 0-3 | 16-19, 4-7 | 20-23, 8-11 |
            // 24-27 and 12-15 | 28-31 of both rows, each byte beside its pair.
            const __m256i low = _mm256_unpacklo_epi8(a, b), high = _mm256_unpackhi_epi8(a, b);
            sums[0] = _mm256_add_epi32(sums[0], _mm256_madd_epi16(_mm256_unpacklo_epi8(low, zero), pairs[p]));
            sums[1] = _mm256_add_epi32(sums[1], _mm256_madd_epi16(_mm256_unpackhi_epi8(low, zero), pairs[p]));
            sums[2] = _mm256_add_epi32(sums[2], _mm256_madd_epi16(_mm256_unpacklo_epi8(high, zero), pairs[p]));
            sums[3] = _mm256_add_epi32(sums[3], _mm256_madd_epi16(_mm256_unpackhi_epi8(high, zero), pairs[p]));
        }
        // Packing within lanes puts the bytes back in order: 0-15 | 16-31.
        const __m256i bytes =
            _mm256_packus_epi16(_mm256_packs_epi32(shifted(sums[0]), shifted(sums[1])),
                                _mm256_packs_epi32(shifted(sums[2]), shifted(sums[3])));
        _mm256_storeu_si256((__m256i *)(destination + i), wg_colours_within_alpha8(bytes));
    }
    for (; i + 16 <= row_bytes_vectorized; i += 16) {
        __m256i first = _mm256_setzero_si256();
        __m256i second = _mm256_setzero_si256();
        for (size_t p = 0; p < pair_count; p++)
            add_two_taps(first_rows[p] + i, second_rows[p] + i, pairs[p], &first, &second);
        _mm_storeu_si128((__m128i *)(destination + i), pack_pixels(_mm256_packs_epi32(shifted(first), shifted(second))));
    }
    vertical_pixels(rows, weights, tap_count, destination, i, row_bytes);
}

__attribute__((target("avx2"))) static void vertical_avx2(
    const uint8_t *const *rows, const int32_t *weights, size_t tap_count, uint8_t *destination, size_t row_bytes) {
    // The taps in pairs, each pair's two weights in every 32-bit lane; an odd last row
    // is paired with itself, weighted 0.
    __m256i pairs[VERTICAL_PAIRS_HELD];
    const uint8_t *first_rows[VERTICAL_PAIRS_HELD];
    const uint8_t *second_rows[VERTICAL_PAIRS_HELD];
    // More taps than any Lanczos window here has: no pairs, so only the pixel loop.
    size_t pair_count = (tap_count + 1) / 2 <= VERTICAL_PAIRS_HELD ? (tap_count + 1) / 2 : 0;
    for (size_t p = 0; p < pair_count; p++) {
        size_t t = 2 * p;
        int32_t second = t + 1 < tap_count ? weights[t + 1] : 0;
        pairs[p] = _mm256_set1_epi32((int32_t)(((uint32_t)(uint16_t)second << 16) | (uint16_t)weights[t]));
        first_rows[p] = rows[t];
        second_rows[p] = t + 1 < tap_count ? rows[t + 1] : rows[t];
    }
    // One unrolled copy for each window of up to 16 taps (a shrink of up to about 2.5
    // times); wider ones take the loop.
#define VERTICAL(count) \
    vertical_pairs(first_rows, second_rows, pairs, count, rows, weights, tap_count, destination, row_bytes)
    switch (pair_count) {
    case 1: VERTICAL(1); break;
    case 2: VERTICAL(2); break;
    case 3: VERTICAL(3); break;
    case 4: VERTICAL(4); break;
    case 5: VERTICAL(5); break;
    case 6: VERTICAL(6); break;
    case 7: VERTICAL(7); break;
    case 8: VERTICAL(8); break;
    default: VERTICAL(pair_count); break;
    }
#undef VERTICAL
}
#endif

void wg_resample_row_horizontally(const uint8_t *source, uint8_t *destination, size_t output_count,
                                  const int32_t *starts, const int16_t *weights, size_t group_count) {
#if defined(__x86_64__)
    horizontal_avx2(source, destination, output_count, starts, weights, group_count);
#else
    // Not called off x86-64 (Compositor's KernelChoice), but correct if it were.
    for (size_t x = 0; x < output_count; x++) {
        int32_t sum[4] = {0, 0, 0, 0};
        const int16_t *w = weights + x * 16 * group_count;
        for (size_t tap = 0; tap < 4 * group_count; tap++) {
            // Tap 4g+k's weight sits at 16g + (k / 2) * 8 + k % 2.
            int16_t weight = w[16 * (tap / 4) + (tap % 4) / 2 * 8 + tap % 2];
            for (int c = 0; c < 4; c++) sum[c] += (int32_t)source[4 * ((size_t)starts[x] + tap) + c] * weight;
        }
        store_pixel(sum, destination + 4 * x);
    }
#endif
}

void wg_resample_row_vertically(const uint8_t *const *rows, const int32_t *weights, size_t tap_count,
                                uint8_t *destination, size_t row_bytes) {
#if defined(__x86_64__)
    vertical_avx2(rows, weights, tap_count, destination, row_bytes);
#else
    vertical_pixels(rows, weights, tap_count, destination, 0, row_bytes);
#endif
}
