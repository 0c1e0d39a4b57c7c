// A pipe whose ends close on exec, made in one call (pipe2 is a GNU extension Swift's
// Glibc module does not show): a pipe made with pipe() and marked afterwards could
// leak into a program another thread starts in between.
#define _GNU_SOURCE
#include "CFiles.h"

#include <fcntl.h>
#include <unistd.h>

int wg_pipe_cloexec(int ends[_Nonnull 2]) { return pipe2(ends, O_CLOEXEC); }
