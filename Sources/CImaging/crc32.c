// The CRC-32 of PNG chunks (ISO 3309, as zlib and gzip use it), by libdeflate, which
// folds 16 or more bytes a step with carry-less multiplication where the processor has
// it: a card's 1.85 MB of image data in a fraction of a millisecond.
#include "CImaging.h"

#include <libdeflate.h>

uint32_t wg_crc32(uint32_t crc, const uint8_t *data, size_t size) {
    return size == 0 ? crc : libdeflate_crc32(crc, data, size);
}
