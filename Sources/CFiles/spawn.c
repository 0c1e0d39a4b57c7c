// Two things a child's start-up needs that Swift's Glibc module does not show (both are
// GNU extensions): a pipe whose ends close on exec, made in one call (a pipe made with
// pipe() and marked afterwards could leak into a program another thread starts in
// between), and closing every other descriptor in the child (descriptors opened without
// O_CLOEXEC, by a library or a test harness, must not reach the desktop's programs).
#define _GNU_SOURCE
#include "CFiles.h"

#include <fcntl.h>
#include <unistd.h>

int wg_pipe_cloexec(int ends[_Nonnull 2]) { return pipe2(ends, O_CLOEXEC); }

int wg_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}
