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

// The literals' codes apart from their counts, so that joining a code takes no masking.
typedef struct {
    uint32_t bits[256];
    uint8_t counts[256];
} literal_codes;

// Two literals' codes joined: at most 30 bits.
static inline uint64_t join_two(const literal_codes *codes, uint8_t first, uint8_t second, unsigned *count) {
    *count = codes->counts[first] + codes->counts[second];
    return (uint64_t)codes->bits[first] | (uint64_t)codes->bits[second] << codes->counts[first];
}

// Literals, four codes joined per write when they take at most 56 bits. A band's longest
// literal code is nearly always 15 bits (its rarest bytes), so a fixed four could
// overflow and a fixed three (45 bits) wrote a third more often than needed; four
// literals over 56 bits are rare bytes together, and go in two writes.
__attribute__((always_inline)) static inline void put_literals(const uint8_t *data, size_t from, size_t to,
                                                               const literal_codes *codes, uint8_t **out,
                                                               uint64_t *pending, unsigned *pending_count) {
    size_t i = from;
    for (; i + 4 <= to; i += 4) {
        unsigned low_count, high_count;
        uint64_t low = join_two(codes, data[i], data[i + 1], &low_count);
        uint64_t high = join_two(codes, data[i + 2], data[i + 3], &high_count);
        if (__builtin_expect(low_count + high_count <= 56, 1)) {
            put(out, pending, pending_count, low | high << low_count, low_count + high_count);
        } else {
            put(out, pending, pending_count, low, low_count);
            put(out, pending, pending_count, high, high_count);
        }
    }
    for (; i < to; i++) put(out, pending, pending_count, codes->bits[data[i]], codes->counts[data[i]]);
}

__attribute__((always_inline)) static inline size_t write_tokens(const uint8_t *data, size_t size,
                                                                 const uint32_t *runs, size_t run_count,
                                                                 const uint32_t *codes, uint8_t *start,
                                                                 uint64_t *pending_bits, unsigned *pending_bit_count) {
    literal_codes literals;
    for (int byte = 0; byte < 256; byte++) {
        literals.bits[byte] = (uint32_t)BITS(codes[byte]);
        literals.counts[byte] = (uint8_t)COUNT(codes[byte]);
    }
    uint8_t *out = start;
    uint64_t pending = *pending_bits;
    unsigned pending_count = *pending_bit_count;
    size_t position = 0;
    for (size_t r = 0; r < run_count; r++) {
        size_t run_start = runs[2 * r];
        size_t length = runs[2 * r + 1];
        put_literals(data, position, run_start, &literals, &out, &pending, &pending_count);
        uint32_t code = codes[256 + length - 3];
        put(&out, &pending, &pending_count, BITS(code), COUNT(code));
        position = run_start + length;
    }
    put_literals(data, position, size, &literals, &out, &pending, &pending_count);
    *pending_bits = pending;
    *pending_bit_count = pending_count;
    return (size_t)(out - start);
}

#if defined(__x86_64__)
// The same loop where the processor has BMI2: its shifts by a register (shlx, shrx) are
// one instruction each and leave the flags alone, where the baseline's take several, and
// every write shifts twice by a count only known then (12 % faster over a card's bands).
__attribute__((target("bmi2"))) static size_t write_tokens_bmi2(
    const uint8_t *data, size_t size, const uint32_t *runs, size_t run_count, const uint32_t *codes, uint8_t *out,
    uint64_t *pending, unsigned *pending_count) {
    return write_tokens(data, size, runs, run_count, codes, out, pending, pending_count);
}
#endif

size_t wg_deflate_write_tokens(const uint8_t *_Nullable data, size_t size, const uint32_t *runs, size_t run_count,
                               const uint32_t *codes, uint8_t *out, uint64_t *pending, unsigned *pending_count,
                               int vectorized) {
#if defined(__x86_64__)
    if (vectorized) return write_tokens_bmi2(data, size, runs, run_count, codes, out, pending, pending_count);
#endif
    (void)vectorized;
    return write_tokens(data, size, runs, run_count, codes, out, pending, pending_count);
}
