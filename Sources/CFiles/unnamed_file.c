// Files that have no name until they are complete (Linux's O_TMPFILE).
//
// O_TMPFILE is a compound macro Swift cannot import, and linkat through
// /proc/self/fd is a Linux idiom worth keeping in one place. Both functions are thin
// system calls: they return -1 and leave errno set, as the calls they wrap do, so the
// Swift side maps errno exactly as it does for openat and renameat.
#define _GNU_SOURCE
#include "CFiles.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int wg_open_unnamed_at(int folder, unsigned int mode) {
#ifdef O_TMPFILE
    return openat(folder, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, (mode_t)mode);
#else
    (void)folder;
    (void)mode;
    errno = EOPNOTSUPP;
    return -1;
#endif
}

int wg_link_unnamed_at(int descriptor, int folder, const char *name) {
    // AT_EMPTY_PATH would need CAP_DAC_READ_SEARCH; the /proc link needs nothing.
    char source[64];
    snprintf(source, sizeof source, "/proc/self/fd/%d", descriptor);
    return linkat(AT_FDCWD, source, folder, name, AT_SYMLINK_FOLLOW);
}

int wg_start_writeback(int descriptor) {
    return sync_file_range(descriptor, 0, 0, SYNC_FILE_RANGE_WRITE);
}
