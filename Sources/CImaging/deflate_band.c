// Deflate for one band of a PNG's filtered rows, by libdeflate, made joinable.
//
// PNG wants a single zlib stream, and wallgen compresses bands of rows on separate
// threads. libdeflate (chosen over zlib for its cost-based levels; see
// docs/PERFORMANCE.md) only writes complete streams: its last block is
// marked final. A band that is not the image's last is therefore walked block by block
// to find that mark (a deflate stream gives no other way to find where its last block
// starts), the mark is cleared, and an empty stored block is appended after the
// end-of-block code. That block, as in a zlib
// sync flush, ends on a byte boundary, so the next band's stream follows directly.
// libdeflate has no preset dictionary; each band's first rows cost a little more (0.4 %
// on a phone card at level 10, measured): filtered rows rarely repeat across 128 rows.
#include "CImaging.h"
#include "message.h"

#include <libdeflate.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

// MARK: Walking a deflate stream (RFC 1951) without inflating it

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t bit;  // next bit to read, LSB first within each byte
    bool overrun;
} bit_reader;

static uint32_t read_bits(bit_reader *reader, int count) {
    uint32_t value = 0;
    for (int i = 0; i < count; i++) {
        size_t byte = reader->bit >> 3;
        if (byte >= reader->size) {
            reader->overrun = true;
            return 0;
        }
        value |= (uint32_t)((reader->data[byte] >> (reader->bit & 7)) & 1) << i;
        reader->bit++;
    }
    return value;
}

enum { MAX_CODE_BITS = 15, LITERAL_SYMBOLS = 288, DISTANCE_SYMBOLS = 32, END_OF_BLOCK = 256 };

// A canonical Huffman code as the format defines it: how many codes have each length,
// and the symbols in code order. Decoding reads one bit at a time and compares against
// the first code of each length, which is slow but small; walking a band's stream takes
// about 2 % of libdeflate's time to write it.
typedef struct {
    uint16_t counts[MAX_CODE_BITS + 1];
    uint16_t symbols[LITERAL_SYMBOLS];
} huffman_code;

static void build_code(huffman_code *code, const uint8_t *lengths, int symbol_count) {
    memset(code->counts, 0, sizeof code->counts);
    for (int s = 0; s < symbol_count; s++) code->counts[lengths[s]]++;
    uint16_t offsets[MAX_CODE_BITS + 2];
    offsets[1] = 0;
    for (int length = 1; length <= MAX_CODE_BITS; length++)
        offsets[length + 1] = (uint16_t)(offsets[length] + code->counts[length]);
    for (int s = 0; s < symbol_count; s++)
        if (lengths[s] != 0) code->symbols[offsets[lengths[s]]++] = (uint16_t)s;
}

static int decode_symbol(bit_reader *reader, const huffman_code *code) {
    int value = 0, first = 0, index = 0;
    for (int length = 1; length <= MAX_CODE_BITS; length++) {
        value |= (int)read_bits(reader, 1);
        int count = code->counts[length];
        if (value - first < count) return code->symbols[index + value - first];
        index += count;
        first = (first + count) << 1;
        value <<= 1;
    }
    return -1;  // not a code of this table
}

// Extra bits after length symbols 257...285 and distance symbols 0...29.
static int length_extra_bits(int symbol) {
    if (symbol < 265 || symbol == 285) return 0;
    return (symbol - 261) / 4;
}

static int distance_extra_bits(int symbol) { return symbol < 4 ? 0 : symbol / 2 - 1; }

static bool read_dynamic_codes(bit_reader *reader, huffman_code *literals, huffman_code *distances) {
    static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int literal_count = (int)read_bits(reader, 5) + 257;
    int distance_count = (int)read_bits(reader, 5) + 1;
    int length_code_count = (int)read_bits(reader, 4) + 4;
    uint8_t length_lengths[19] = {0};
    for (int i = 0; i < length_code_count; i++) length_lengths[order[i]] = (uint8_t)read_bits(reader, 3);
    huffman_code length_code;
    build_code(&length_code, length_lengths, 19);
    uint8_t lengths[LITERAL_SYMBOLS + DISTANCE_SYMBOLS] = {0};
    int total = literal_count + distance_count;
    for (int i = 0; i < total && !reader->overrun;) {
        int symbol = decode_symbol(reader, &length_code);
        if (symbol < 0) return false;
        if (symbol < 16) {
            lengths[i++] = (uint8_t)symbol;
            continue;
        }
        uint8_t repeated = 0;
        int times;
        if (symbol == 16) {
            if (i == 0) return false;
            repeated = lengths[i - 1];
            times = 3 + (int)read_bits(reader, 2);
        } else if (symbol == 17) {
            times = 3 + (int)read_bits(reader, 3);
        } else {
            times = 11 + (int)read_bits(reader, 7);
        }
        if (i + times > total) return false;
        while (times-- > 0) lengths[i++] = repeated;
    }
    build_code(literals, lengths, literal_count);
    build_code(distances, lengths + literal_count, distance_count);
    return !reader->overrun;
}

static void fixed_codes(huffman_code *literals, huffman_code *distances) {
    uint8_t lengths[LITERAL_SYMBOLS];
    for (int s = 0; s < LITERAL_SYMBOLS; s++) lengths[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
    build_code(literals, lengths, LITERAL_SYMBOLS);
    for (int s = 0; s < DISTANCE_SYMBOLS; s++) lengths[s] = 5;
    build_code(distances, lengths, DISTANCE_SYMBOLS);
}

// Finds the bit where the stream's final block starts and the bit just after its
// end-of-block code. False if the stream is malformed or has no final block.
static bool find_final_block(const uint8_t *stream, size_t size, size_t *final_start, size_t *end) {
    bit_reader reader = {stream, size, 0, false};
    huffman_code literals, distances;
    for (;;) {
        size_t start = reader.bit;
        bool is_final = read_bits(&reader, 1) == 1;
        uint32_t type = read_bits(&reader, 2);
        if (type == 0) {
            reader.bit = (reader.bit + 7) & ~(size_t)7;
            uint32_t length = read_bits(&reader, 16);
            uint32_t complement = read_bits(&reader, 16);
            if ((length ^ 0xFFFF) != complement) return false;
            reader.bit += (size_t)length * 8;
        } else if (type == 3) {
            return false;
        } else {
            if (type == 1) {
                fixed_codes(&literals, &distances);
            } else if (!read_dynamic_codes(&reader, &literals, &distances)) {
                return false;
            }
            for (;;) {
                int symbol = decode_symbol(&reader, &literals);
                if (symbol < 0 || reader.overrun) return false;
                if (symbol == END_OF_BLOCK) break;
                if (symbol < END_OF_BLOCK) continue;
                read_bits(&reader, length_extra_bits(symbol));
                int distance = decode_symbol(&reader, &distances);
                if (distance < 0) return false;
                read_bits(&reader, distance_extra_bits(distance));
            }
        }
        if (reader.overrun || reader.bit > size * 8) return false;
        if (is_final) {
            *final_start = start;
            *end = reader.bit;
            return true;
        }
    }
}

// MARK: Compressing a band

// Rewrites a complete deflate stream of `*size` bytes so that another stream can follow
// it: clears its final mark and appends an empty stored block (3 header bits, padding to
// the byte, then LEN 0 and NLEN 0xFFFF). `buffer` must have 5 bytes to spare.
static bool make_joinable(uint8_t *buffer, size_t *size) {
    size_t final_start, end;
    if (!find_final_block(buffer, *size, &final_start, &end)) return false;
    buffer[final_start >> 3] &= (uint8_t) ~(1u << (final_start & 7));
    size_t header_end = end + 3;  // the stored block's header: not final, type 0
    size_t aligned = (header_end + 7) >> 3;
    // Everything from `end` on becomes zeros: the header's three bits and the padding.
    if (end & 7) buffer[end >> 3] &= (uint8_t)((1u << (end & 7)) - 1);
    for (size_t byte = (end + 7) >> 3; byte < aligned; byte++) buffer[byte] = 0;
    static const uint8_t empty_lengths[4] = {0x00, 0x00, 0xFF, 0xFF};
    memcpy(buffer + aligned, empty_lengths, 4);
    *size = aligned + 4;
    return true;
}

wg_status wg_deflate_band(const uint8_t *data, size_t size, int level, int final, uint8_t **output,
                          size_t *output_size, char *message, size_t capacity) {
    *output = NULL;
    *output_size = 0;
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    if (compressor == NULL) {
        wg_set_message(message, capacity, "cannot start libdeflate (out of memory, or a bad level)");
        return WG_ERROR_MEMORY;
    }
    size_t bound = libdeflate_deflate_compress_bound(compressor, size) + 5;
    uint8_t *buffer = malloc(bound);
    if (buffer == NULL) {
        libdeflate_free_compressor(compressor);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    size_t produced = libdeflate_deflate_compress(compressor, data, size, buffer, bound - 5);
    libdeflate_free_compressor(compressor);
    if (produced == 0 || (!final && !make_joinable(buffer, &produced))) {
        free(buffer);
        wg_set_message(message, capacity, "libdeflate wrote a stream wallgen cannot join");
        return WG_ERROR_FORMAT;
    }
    *output = buffer;
    *output_size = produced;
    return WG_OK;
}
