// The loop of Deflate's RunLengthDeflate that writes a band's Huffman codes: each byte
// is a literal except inside the runs, each of which is one length code (with its
// distance, always 1). Every byte of a PNG passes through it, so it joins several codes
// into one write: the writer's state (the pending bits and their count) is one chain of
// dependent instructions, and each write adds to its length.
#include "CImaging.h"

#include <string.h>

// Appends the low `count` bits of `value` (`count` at most 56, so the pending bits, fewer
// than 8, and these fit 64): all eight pending bytes are stored, then the writer moves
// on by the whole bytes among them. No branch, where testing for a full word would
// mispredict every few codes.
static inline void put(uint8_t **out, uint64_t *pending, unsigned *pending_count, uint64_t value, unsigned count) {
    *pending |= value << *pending_count;
    *pending_count += count;
    uint64_t little = *pending;  // stored least significant byte first, as deflate orders bits
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    little = __builtin_bswap64(little);
#endif
    memcpy(*out, &little, 8);
    unsigned whole = *pending_count >> 3;
    *out += whole;
    *pending >>= whole * 8;
    *pending_count &= 7;
}

// A token's code: its bits in the low 24, their count in the high 8.
#define BITS(code) ((uint64_t)((code) & 0xFFFFFF))
#define COUNT(code) ((code) >> 24)

// Literals, `per_write` codes joined per write (constant once inlined).
__attribute__((always_inline)) static inline void put_literals(
    const uint8_t *data, size_t from, size_t to, const uint32_t *codes, unsigned per_write, uint8_t **out,
    uint64_t *pending, unsigned *pending_count) {
    size_t i = from;
    for (; i + per_write <= to; i += per_write) {
        uint64_t joined = 0;
        unsigned count = 0;
        for (unsigned k = 0; k < per_write; k++) {
            uint32_t code = codes[data[i + k]];
            joined |= BITS(code) << count;
            count += COUNT(code);
        }
        put(out, pending, pending_count, joined, count);
    }
    for (; i < to; i++) put(out, pending, pending_count, BITS(codes[data[i]]), COUNT(codes[data[i]]));
}

__attribute__((always_inline)) static inline uint8_t *put_tokens(
    const uint8_t *data, size_t size, const uint32_t *runs, size_t run_count, const uint32_t *codes,
    unsigned per_write, uint8_t *out, uint64_t *pending_bits, unsigned *pending_bit_count) {
    uint64_t pending = *pending_bits;
    unsigned pending_count = *pending_bit_count;
    size_t position = 0;
    for (size_t r = 0; r < run_count; r++) {
        size_t start = runs[2 * r];
        size_t length = runs[2 * r + 1];
        put_literals(data, position, start, codes, per_write, &out, &pending, &pending_count);
        uint32_t code = codes[256 + length - 3];
        put(&out, &pending, &pending_count, BITS(code), COUNT(code));
        position = start + length;
    }
    put_literals(data, position, size, codes, per_write, &out, &pending, &pending_count);
    *pending_bits = pending;
    *pending_bit_count = pending_count;
    return out;
}

// Four literals take at most 56 bits when none is longer than 14, else three (45).
__attribute__((always_inline)) static inline size_t write_tokens(
    const uint8_t *data, size_t size, const uint32_t *runs, size_t run_count, const uint32_t *codes,
    unsigned longest_literal, uint8_t *out, uint64_t *pending, unsigned *pending_count) {
    uint8_t *end = longest_literal <= 14 ? put_tokens(data, size, runs, run_count, codes, 4, out, pending, pending_count)
                                         : put_tokens(data, size, runs, run_count, codes, 3, out, pending, pending_count);
    return (size_t)(end - out);
}

#if defined(__x86_64__)
// The same loop where the processor has BMI2: its shifts by a register (shlx, shrx) are
// one instruction each and leave the flags alone, where the baseline's take several, and
// every write shifts twice by a count only known then (12 % faster over a card's bands).
__attribute__((target("bmi2"))) static size_t write_tokens_bmi2(
    const uint8_t *data, size_t size, const uint32_t *runs, size_t run_count, const uint32_t *codes,
    unsigned longest_literal, uint8_t *out, uint64_t *pending, unsigned *pending_count) {
    return write_tokens(data, size, runs, run_count, codes, longest_literal, out, pending, pending_count);
}
#endif

size_t wg_deflate_write_tokens(const uint8_t *_Nullable data, size_t size, const uint32_t *runs, size_t run_count,
                               const uint32_t *codes, unsigned longest_literal, uint8_t *out, uint64_t *pending,
                               unsigned *pending_count, int vectorized) {
#if defined(__x86_64__)
    if (vectorized) return write_tokens_bmi2(data, size, runs, run_count, codes, longest_literal, out, pending, pending_count);
#endif
    (void)vectorized;
    return write_tokens(data, size, runs, run_count, codes, longest_literal, out, pending, pending_count);
}
