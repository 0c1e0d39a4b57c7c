// Adler-32 (RFC 1950, section 8.2) for the zlib streams wallgen writes itself.
// zlib's own loop adds one byte at a time; on a processor with AVX2 this one takes 32
// bytes per step, which matters because every PNG byte passes through it once.
#include "CImaging.h"

#include <zlib.h>

#if defined(__x86_64__)
#include <immintrin.h>

enum {
    ADLER_MODULUS = 65521,
    // 173 steps of 32 bytes (5,536 bytes, under zlib's 5,552) keep every sum below
    // 2^32 before it is reduced.
    ADLER_STEPS_PER_BLOCK = 173,
};

// Within one step of 32 bytes b[0..31], s1 grows by the bytes' sum and s2 by
// 32 * s1 (its value before the step) plus the sum of (32 - j) * b[j]. The vector
// lanes keep partial sums that are folded together once per block.
__attribute__((target("avx2"))) static uint32_t adler32_avx2(uint32_t adler, const uint8_t *data, size_t size) {
    uint32_t s1 = adler & 0xFFFF;
    uint32_t s2 = adler >> 16;
    const __m256i weights = _mm256_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16,
                                             15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m256i ones = _mm256_set1_epi16(1);
    const __m256i zero = _mm256_setzero_si256();
    while (size >= 32) {
        size_t steps = size / 32;
        if (steps > ADLER_STEPS_PER_BLOCK) steps = ADLER_STEPS_PER_BLOCK;
        __m256i byte_sums = zero;      // s1's growth, per lane
        __m256i earlier_sums = zero;   // byte_sums before each step, added up
        __m256i weighted_sums = zero;  // the (32 - j) * b[j] terms
        for (size_t step = 0; step < steps; step++) {
            __m256i bytes = _mm256_loadu_si256((const __m256i *)data);
            earlier_sums = _mm256_add_epi32(earlier_sums, byte_sums);
            byte_sums = _mm256_add_epi32(byte_sums, _mm256_sad_epu8(bytes, zero));
            weighted_sums = _mm256_add_epi32(
                weighted_sums, _mm256_madd_epi16(_mm256_maddubs_epi16(bytes, weights), ones));
            data += 32;
        }
        size -= steps * 32;
        uint32_t lanes[8];
        _mm256_storeu_si256((__m256i *)lanes, byte_sums);
        uint64_t block_sum = 0;
        for (int lane = 0; lane < 8; lane++) block_sum += lanes[lane];
        _mm256_storeu_si256((__m256i *)lanes, earlier_sums);
        uint64_t earlier = 0;
        for (int lane = 0; lane < 8; lane++) earlier += lanes[lane];
        _mm256_storeu_si256((__m256i *)lanes, weighted_sums);
        uint64_t weighted = 0;
        for (int lane = 0; lane < 8; lane++) weighted += lanes[lane];
        uint64_t new_s2 = s2 + (uint64_t)s1 * 32 * steps + 32 * earlier + weighted;
        s1 = (uint32_t)((s1 + block_sum) % ADLER_MODULUS);
        s2 = (uint32_t)(new_s2 % ADLER_MODULUS);
    }
    while (size > 0) {
        s1 += *data++;
        s2 += s1;
        size--;
    }
    return (s2 % ADLER_MODULUS) << 16 | (s1 % ADLER_MODULUS);
}
#endif

uint32_t wg_adler32(const uint8_t *data, size_t size, int vectorized) {
#if defined(__x86_64__)
    if (vectorized) return adler32_avx2(1, data, size);
#else
    (void)vectorized;
#endif
    return (uint32_t)adler32_z(1, data, size);
}

// The Adler-32 of two buffers one after the other, from theirs: how the bands' sums,
// computed on separate threads, become the stream's.
uint32_t wg_adler32_combine(uint32_t first, uint32_t second, size_t second_length) {
    return (uint32_t)adler32_combine(first, second, (z_off_t)second_length);
}
