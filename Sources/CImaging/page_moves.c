// Moving pages of memory within a process (mremap with MREMAP_FIXED, a GNU extension that
// Swift's Glibc module does not show): a canvas's pages its encoder is done with become the
// pages of rows still to be drawn (Compositor's CanvasPageReuse).
#define _GNU_SOURCE
#include <sys/mman.h>

#include "CImaging.h"

int wg_move_pages(void *from, void *to, size_t length) {
    if (mremap(from, length, length, MREMAP_MAYMOVE | MREMAP_FIXED, to) == MAP_FAILED) return -1;
    // Where the pages were, fresh zero pages again (taken only if touched): the block stays
    // one mapping without holes, freed as one.
    return mmap(from, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED
               ? -1
               : 0;
}
