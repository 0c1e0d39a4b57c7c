// The row loops of the whole-canvas compositor (Compositor's AreaCompositor) in AVX2: a row
// of premultiplied RGBA8 pixels widened into a float accumulator (four floats a pixel,
// components 0...1), solids, pictures and gradients source-over it, and the accumulator
// quantised back to bytes with ordered dither.
//
// Each loop does the float operations of Kernels' RowCompositingLoops, one for one and in
// the same order (a product, then a sum: never fused, see the pragma), so each result is
// the same float and the bytes are the Swift loops'. Two pixels fill a 256-bit register;
// the quantising loop packs eight pixels at a time, where Swift's SIMD types left lane
// moves and shuffles to scalar code. The portable Swift loops stay for processors without
// AVX2; elsewhere than x86-64 these functions are plain C of the same arithmetic.
#include "CImaging.h"

// A fused multiply-add rounds once where the Swift loops round twice.
#pragma clang fp contract(off)

// The magic number's rounding, as RowCompositingLoops' LaneArithmetic does it: to the
// nearest integer, ties to even (magnitudes below 2^22, which 255 times a unit value is).
static int32_t rounded(float value) {
    const float magic = 12582912.0f;  // 1.5 * 2^23
    float shifted = value + magic;
    int32_t bits;
    __builtin_memcpy(&bits, &shifted, sizeof bits);
    return bits - 0x4B400000;  // magic's bit pattern
}

static int32_t clamp_to(int32_t value, int32_t limit) {
    return value < 0 ? 0 : (value > limit ? limit : value);
}

static void load_pixels(const uint8_t *row, float *accumulator, size_t from, size_t count) {
    const float scale = 1.0f / 255.0f;
    for (size_t i = 4 * from; i < 4 * count; i++) accumulator[i] = (float)row[i] * scale;
}

static void picture_pixels(const uint8_t *row, float opacity, float *accumulator, size_t from, size_t count) {
    const float scale = opacity / 255.0f;
    for (size_t x = from; x < count; x++) {
        float source[4];
        for (int c = 0; c < 4; c++) source[c] = (float)row[4 * x + c] * scale;
        const float keep = 1.0f - source[3];
        for (int c = 0; c < 4; c++) accumulator[4 * x + c] = source[c] + accumulator[4 * x + c] * keep;
    }
}

static void solid_pixels(const float *color, float *accumulator, size_t from, size_t count) {
    const float keep = 1.0f - color[3];
    for (size_t x = from; x < count; x++)
        for (int c = 0; c < 4; c++) accumulator[4 * x + c] = color[c] + accumulator[4 * x + c] * keep;
}

static void color_pixels(const float *color, const float *alphas, float *accumulator, size_t from,
                         size_t count) {
    for (size_t x = from; x < count; x++) {
        const float alpha = alphas[x], keep = 1.0f - alpha;
        for (int c = 0; c < 4; c++)
            accumulator[4 * x + c] = color[c] * alpha + accumulator[4 * x + c] * keep;
    }
}

static void store_pixels(const float *accumulator, uint8_t *row, const float *thresholds,
                         size_t threshold_mask, size_t from, size_t count) {
    for (size_t x = from; x < count; x++) {
        const float offset = thresholds[x & threshold_mask] - 0.5f;
        const float *pixel = accumulator + 4 * x;
        const int32_t alpha = clamp_to(rounded(pixel[3] * 255.0f), 255);
        for (int c = 0; c < 3; c++)
            row[4 * x + c] = (uint8_t)clamp_to(rounded(pixel[c] * 255.0f + offset), alpha);
        row[4 * x + 3] = (uint8_t)alpha;
    }
}

#if defined(__x86_64__)
#include "premultiplied_bytes.h"
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

// Two pixels' bytes (eight) as eight floats.
AVX2 static inline __m256 two_pixels(const uint8_t *pixels) {
    return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)pixels)));
}

// Each pixel's alpha in all four of its lanes.
AVX2 static inline __m256 alphas_of(__m256 pixels) { return _mm256_shuffle_ps(pixels, pixels, 0xFF); }

AVX2 void wg_composite_load(const uint8_t *row, float *accumulator, size_t count) {
    const __m256 scale = _mm256_set1_ps(1.0f / 255.0f);
    size_t x = 0;
    for (; x + 2 <= count; x += 2)
        _mm256_storeu_ps(accumulator + 4 * x, _mm256_mul_ps(two_pixels(row + 4 * x), scale));
    load_pixels(row, accumulator, x, count);
}

AVX2 void wg_composite_picture(const uint8_t *row, float opacity, float *accumulator, size_t count) {
    const __m256 scale = _mm256_set1_ps(opacity / 255.0f), one = _mm256_set1_ps(1.0f);
    size_t x = 0;
    for (; x + 2 <= count; x += 2) {
        const __m256 source = _mm256_mul_ps(two_pixels(row + 4 * x), scale);
        const __m256 keep = _mm256_sub_ps(one, alphas_of(source));
        float *pixels = accumulator + 4 * x;
        _mm256_storeu_ps(pixels, _mm256_add_ps(source, _mm256_mul_ps(_mm256_loadu_ps(pixels), keep)));
    }
    picture_pixels(row, opacity, accumulator, x, count);
}

AVX2 void wg_composite_solid(const float *color, float *accumulator, size_t count) {
    const __m128 one_color = _mm_loadu_ps(color);
    const __m256 paint = _mm256_set_m128(one_color, one_color), keep = _mm256_set1_ps(1.0f - color[3]);
    size_t x = 0;
    for (; x + 2 <= count; x += 2) {
        float *pixels = accumulator + 4 * x;
        _mm256_storeu_ps(pixels, _mm256_add_ps(paint, _mm256_mul_ps(_mm256_loadu_ps(pixels), keep)));
    }
    solid_pixels(color, accumulator, x, count);
}

AVX2 void wg_composite_color(const float *color, const float *alphas, float *accumulator, size_t count) {
    const __m128 one_color = _mm_loadu_ps(color);
    const __m256 paint = _mm256_set_m128(one_color, one_color), one = _mm256_set1_ps(1.0f);
    const __m256i spread = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1);
    size_t x = 0;
    for (; x + 2 <= count; x += 2) {
        const __m128 two_alphas = _mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(alphas + x)));
        const __m256 alpha = _mm256_permutevar8x32_ps(_mm256_castps128_ps256(two_alphas), spread);
        float *pixels = accumulator + 4 * x;
        const __m256 kept = _mm256_mul_ps(_mm256_loadu_ps(pixels), _mm256_sub_ps(one, alpha));
        _mm256_storeu_ps(pixels, _mm256_add_ps(_mm256_mul_ps(paint, alpha), kept));
    }
    color_pixels(color, alphas, accumulator, x, count);
}

// Two pixels of the accumulator as rounded whole levels, colour dithered by `offsets`
// (each pixel's threshold - 0.5 in its colour lanes, 0 in alpha), not yet clamped.
AVX2 static inline __m256i levels_of(const float *pixels, __m256 offsets) {
    const __m256 levels =
        _mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(pixels), _mm256_set1_ps(255.0f)), offsets);
    // Rounds to nearest, ties to even (the default MXCSR mode), as the magic number does.
    return _mm256_cvtps_epi32(levels);
}

AVX2 void wg_composite_store(const float *accumulator, uint8_t *row, const float *thresholds,
                             size_t threshold_mask, size_t count) {
    const __m256 half = _mm256_set1_ps(0.5f);
    // Each pixel's threshold into its three colour lanes; alpha lanes are zeroed by `colour`.
    const __m256i first_pair = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1);
    const __m256 colour = _mm256_castsi256_ps(_mm256_setr_epi32(-1, -1, -1, 0, -1, -1, -1, 0));
    // The bytes of eight pixels after two rounds of packing within lanes: 0 2 4 6 | 1 3 5 7.
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    size_t x = 0;
    // Eight thresholds are consecutive when the pattern's width is a multiple of eight.
    if ((threshold_mask + 1) % 8 == 0) {
        for (; x + 8 <= count; x += 8) {
            const __m256 offsets = _mm256_sub_ps(_mm256_loadu_ps(thresholds + (x & threshold_mask)), half);
            __m256i pairs[4];
            for (int pair = 0; pair < 4; pair++) {
                const __m256i lanes = _mm256_add_epi32(first_pair, _mm256_set1_epi32(2 * pair));
                pairs[pair] = levels_of(accumulator + 4 * (x + 2 * pair),
                                        _mm256_and_ps(_mm256_permutevar8x32_ps(offsets, lanes), colour));
            }
            // Saturating packs clamp every level to 0...255 (signed to 16 bits, then
            // unsigned to 8); then each colour at most its pixel's alpha.
            const __m256i bytes = _mm256_permutevar8x32_epi32(
                _mm256_packus_epi16(_mm256_packs_epi32(pairs[0], pairs[1]), _mm256_packs_epi32(pairs[2], pairs[3])),
                order);
            _mm256_storeu_si256((__m256i *)(row + 4 * x), wg_colours_within_alpha8(bytes));
        }
    }
    store_pixels(accumulator, row, thresholds, threshold_mask, x, count);
}

#else

void wg_composite_load(const uint8_t *row, float *accumulator, size_t count) {
    load_pixels(row, accumulator, 0, count);
}

void wg_composite_picture(const uint8_t *row, float opacity, float *accumulator, size_t count) {
    picture_pixels(row, opacity, accumulator, 0, count);
}

void wg_composite_solid(const float *color, float *accumulator, size_t count) {
    solid_pixels(color, accumulator, 0, count);
}

void wg_composite_color(const float *color, const float *alphas, float *accumulator, size_t count) {
    color_pixels(color, alphas, accumulator, 0, count);
}

void wg_composite_store(const float *accumulator, uint8_t *row, const float *thresholds,
                        size_t threshold_mask, size_t count) {
    store_pixels(accumulator, row, thresholds, threshold_mask, 0, count);
}

#endif
