// Premultiplied RGBA8 bytes in vector registers, shared by the resampler's and the
// compositor's AVX2 loops: after their levels are packed (the saturating packs clamp each
// to 0...255), a premultiplied colour must still be held to at most its pixel's alpha.
#ifndef WG_PREMULTIPLIED_BYTES_H
#define WG_PREMULTIPLIED_BYTES_H
#if defined(__x86_64__)
#include <immintrin.h>

// Each pixel's alpha byte (3, 7, 11, 15 of each 16) into all four of its bytes, then each
// byte at most that: the colours clamped, the alpha unchanged. Four pixels (a 128-bit register).
__attribute__((target("avx2"), always_inline)) static inline __m128i wg_colours_within_alpha4(__m128i bytes) {
    const __m128i alphas = _mm_setr_epi8(3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
    return _mm_min_epu8(bytes, _mm_shuffle_epi8(bytes, alphas));
}

// The same for eight pixels.
__attribute__((target("avx2"), always_inline)) static inline __m256i wg_colours_within_alpha8(__m256i bytes) {
    const __m256i alphas = _mm256_setr_epi8(3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15, 3, 3, 3, 3, 7, 7,
                                            7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
    return _mm256_min_epu8(bytes, _mm256_shuffle_epi8(bytes, alphas));
}

#endif
#endif
