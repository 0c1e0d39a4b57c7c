// The two passes of Deflate's RunLengthDeflate that read a PNG band before any of it is
// written: where the band repeats its previous byte for 8 or more bytes, then how often
// each literal (every byte outside those runs) and each run length occurs. In Swift they
// took about as long as writing the codes.
#include "CImaging.h"

#include <string.h>

// RunLengthDeflate's shortestRun and longestRun (deflate's longest match); the AVX2
// search's mask steps (1, 2, 4) are for runs of at least 8.
enum { SHORTEST_RUN = 8, LONGEST_RUN = 258 };

// The run starting at `start` (which repeats data[start - 1] at least SHORTEST_RUN
// times): its length, up to LONGEST_RUN and the end of the data.
static size_t run_length(const uint8_t *data, size_t size, size_t start) {
    size_t limit = size - start < LONGEST_RUN ? size - start : LONGEST_RUN;
    uint64_t repeated = (uint64_t)data[start - 1] * 0x0101010101010101ULL;
    size_t run = SHORTEST_RUN;
    // Eight bytes per step; the lowest set bit of a difference is its first differing
    // byte (x86-64 and the other architectures Debian builds for here are little-endian).
    while (run + 8 <= limit) {
        uint64_t next;
        memcpy(&next, data + start + run, 8);
        uint64_t difference = next ^ repeated;
        if (difference != 0) return run + ((size_t)__builtin_ctzll(difference) >> 3);
        run += 8;
    }
    while (run < limit && data[start + run] == data[start - 1]) run++;
    return run;
}

// Appends the run at `start` of `length` bytes to `runs`, which holds `count`; returns
// where the scan goes on.
static size_t record_run(size_t start, size_t length, uint32_t *runs, size_t *count) {
    runs[2 * *count] = (uint32_t)start;
    runs[2 * *count + 1] = (uint32_t)length;
    *count += 1;
    return start + length;
}

// Appends the run at `start`, its length measured.
static size_t add_run(const uint8_t *data, size_t size, size_t start, uint32_t *runs, size_t *count) {
    return record_run(start, run_length(data, size, start), runs, count);
}

// Whether data[i ... i + 7] all repeat data[i - 1].
static int run_starts_at(const uint8_t *data, size_t i) {
    uint64_t next;
    memcpy(&next, data + i, 8);
    return next == (uint64_t)data[i - 1] * 0x0101010101010101ULL;
}

// From `i` to the end, one position at a time (as RunLengthDeflate.findRuns did in Swift):
// where bytes i+6 and i+7 differ no run can start in i ... i+7, so all eight are passed.
static size_t find_runs_from(const uint8_t *data, size_t size, size_t i, uint32_t *runs, size_t count) {
    while (i < size) {
        if (i + 8 <= size && data[i + 6] != data[i + 7]) {
            i += 8;
            continue;
        }
        if (i > 0 && i + SHORTEST_RUN <= size && run_starts_at(data, i)) {
            i = add_run(data, size, i, runs, &count);
            continue;
        }
        i++;
    }
    return count;
}

#if defined(__x86_64__)
#include <immintrin.h>

// 57 positions a step: bit j of a 64-bit mask says byte i+j repeats the byte before it;
// a run can start at i+j when bits j ... j+7 are all set, which the mask answers for j
// up to 56. The first such j is where the one-at-a-time scan would have found it, and
// after the run the scan goes on from its end, as that one does. (Stepping 32, as this
// loop first did, took 10 % longer over a card's bands.)
__attribute__((target("avx2,bmi,bmi2"))) static size_t find_runs_avx2(const uint8_t *data, size_t size,
                                                                 uint32_t *runs) {
    size_t count = 0;
    size_t i = 1;
    while (i + 64 <= size) {
        __m256i low = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(data + i)),
                                        _mm256_loadu_si256((const __m256i *)(data + i - 1)));
        __m256i high = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(data + i + 32)),
                                         _mm256_loadu_si256((const __m256i *)(data + i + 31)));
        uint64_t repeats = (uint32_t)_mm256_movemask_epi8(low) | (uint64_t)(uint32_t)_mm256_movemask_epi8(high) << 32;
        uint64_t starts = repeats & (repeats >> 1);
        starts &= starts >> 2;
        starts &= starts >> 4;
        starts &= (1ULL << 57) - 1;
        if (starts == 0) {
            i += 57;
            continue;
        }
        // The run's length within the window is how many of its repeat bits are set in
        // a row; only a run reaching the window's end is measured on from there.
        size_t offset = (size_t)__builtin_ctzll(starts);
        uint64_t breaks = ~(repeats >> offset);
        size_t length = breaks != 0 ? (size_t)__builtin_ctzll(breaks) : 64;
        i = length < 64 - offset ? record_run(i + offset, length, runs, &count)
                                 : add_run(data, size, i + offset, runs, &count);
    }
    return find_runs_from(data, size, i, runs, count);
}
#endif

size_t wg_deflate_find_runs(const uint8_t *data, size_t size, uint32_t *runs, int vectorized) {
#if defined(__x86_64__)
    if (vectorized) return find_runs_avx2(data, size, runs);
#endif
    (void)vectorized;
    return find_runs_from(data, size, 0, runs, 0);
}

// The portable count: a filtered band is mostly zeros, and two counts of one byte in a
// row wait for each other (the second reads what the first stored), so eight tables, one
// per byte of a word, and two words a step, each table's two counts a word apart. Four
// tables and one word a step took about 11 % longer on a card's bands. The caller sums
// the tables.
static inline void count_in_tables(const uint8_t *data, size_t size, uint32_t tables[8][256]) {
    size_t i = 0;
    for (; i + 16 <= size; i += 16) {
        uint64_t first, second;
        memcpy(&first, data + i, 8);
        memcpy(&second, data + i + 8, 8);
        for (int lane = 0; lane < 8; lane++) tables[lane][(first >> (8 * lane)) & 0xFF]++;
        for (int lane = 0; lane < 8; lane++) tables[lane][(second >> (8 * lane)) & 0xFF]++;
    }
    for (; i < size; i++) tables[i & 7][data[i]]++;
}

#if defined(__x86_64__)
// A PNG's filtered bytes are differences from a neighbour, so five values make most of
// them: in a card's bands 0 is 63 %, 255 (-1) 14 %, 1 12 %, 254 and 2 2 % each, 94 % in
// all. Each 32 bytes are compared with those five in AVX2 and each match adds 1 to a
// byte lane of that value's counter, which is summed (psadbw) before a lane can reach
// 256; only the few other bytes go to the tables. A block of mostly other bytes (noise,
// or a picture filtered badly) goes to the tables whole, as in the portable count.
enum { COMMON_VALUES = 5, MOST_OTHERS = 8, BLOCKS_PER_SUM = 255 };

// Adds each common value's 32 lane counts to its table entry and clears them.
__attribute__((target("avx2"))) static inline void add_lanes(__m256i lanes[COMMON_VALUES],
                                                             const uint8_t values[COMMON_VALUES],
                                                             uint32_t tables[8][256]) {
    for (int v = 0; v < COMMON_VALUES; v++) {
        __m256i sums = _mm256_sad_epu8(lanes[v], _mm256_setzero_si256());  // four sums of eight lanes
        tables[0][values[v]] += (uint32_t)(_mm256_extract_epi64(sums, 0) + _mm256_extract_epi64(sums, 1) +
                                           _mm256_extract_epi64(sums, 2) + _mm256_extract_epi64(sums, 3));
        lanes[v] = _mm256_setzero_si256();
    }
}

__attribute__((target("avx2,bmi,popcnt"))) static void count_bytes_avx2(const uint8_t *data, size_t size,
                                                                       uint32_t tables[8][256]) {
    static const uint8_t values[COMMON_VALUES] = {0, 255, 1, 254, 2};
    __m256i value[COMMON_VALUES], lanes[COMMON_VALUES];
    for (int v = 0; v < COMMON_VALUES; v++) {
        value[v] = _mm256_set1_epi8((char)values[v]);
        lanes[v] = _mm256_setzero_si256();
    }
    unsigned blocks = 0;
    size_t i = 0;
    for (; i + 32 <= size; i += 32) {
        __m256i bytes = _mm256_loadu_si256((const __m256i *)(data + i));
        __m256i match[COMMON_VALUES];
        __m256i common = _mm256_setzero_si256();
        for (int v = 0; v < COMMON_VALUES; v++) {
            match[v] = _mm256_cmpeq_epi8(bytes, value[v]);
            common = _mm256_or_si256(common, match[v]);
        }
        uint32_t others = ~(uint32_t)_mm256_movemask_epi8(common);
        if (__builtin_popcount(others) > MOST_OTHERS) {
            count_in_tables(data + i, 32, tables);
            continue;
        }
        // A match is -1 in its lane: subtracting it counts one.
        for (int v = 0; v < COMMON_VALUES; v++) lanes[v] = _mm256_sub_epi8(lanes[v], match[v]);
        // The others, spread over the tables by position. (Counting the first few
        // without a branch, to spare the loop's mispredicted exit, was no faster.)
        while (others != 0) {
            unsigned at = (unsigned)__builtin_ctz(others);
            tables[at & 7][data[i + at]]++;
            others &= others - 1;
        }
        if (++blocks == BLOCKS_PER_SUM) {
            add_lanes(lanes, values, tables);
            blocks = 0;
        }
    }
    add_lanes(lanes, values, tables);
    count_in_tables(data + i, size - i, tables);
}
#endif

void wg_deflate_token_counts(const uint8_t *data, size_t size, const uint32_t *runs, size_t run_count,
                             uint32_t literals[256], uint32_t lengths[LONGEST_RUN + 1], int vectorized) {
    // Every byte is counted, then each run's bytes are taken off again: counting only the
    // bytes between runs (about 30 at a time in a card's bands) took as long.
    uint32_t tables[8][256];
    memset(tables, 0, sizeof tables);
    if (size > 0) {
#if defined(__x86_64__)
        if (vectorized) {
            count_bytes_avx2(data, size, tables);
        } else {
            count_in_tables(data, size, tables);
        }
#else
        (void)vectorized;
        count_in_tables(data, size, tables);
#endif
    }
    for (int byte = 0; byte < 256; byte++) {
        uint32_t sum = 0;
        for (int table = 0; table < 8; table++) sum += tables[table][byte];
        literals[byte] = sum;
    }
    memset(lengths, 0, sizeof(uint32_t) * (LONGEST_RUN + 1));
    // A run repeats the byte before it.
    for (size_t r = 0; r < run_count; r++) {
        uint32_t start = runs[2 * r], length = runs[2 * r + 1];
        literals[data[start - 1]] -= length;
        lengths[length]++;
    }
}
