// The C side of wallgen's files: what Swift cannot say or must not do itself.
// O_TMPFILE is a compound macro Swift cannot import; a signal handler must be C,
// touching only async-signal-safe calls; pipe2, closing a child's other descriptors and
// sync_file_range are GNU extensions Swift's Glibc module does not show; a mapped file
// needs a SIGBUS guard. No library is called here, only the kernel.
#ifndef WALLGEN_CFILES_H
#define WALLGEN_CFILES_H

#include <spawn.h>

#pragma clang assume_nonnull begin

/// Registers the temporary file `name` in the folder open as `folder` (or a path, with
/// AT_FDCWD) to be removed if SIGINT, SIGTERM, SIGHUP or SIGQUIT arrives before it is released
/// (installing the handlers on first use). The folder must stay open until then. The
/// handlers chain: after removing the files, a signal goes on to the handler that was
/// installed before (called as it would have been), or, when there was none, to the
/// default action (the process ends by the signal); an ignored signal stays ignored.
/// Returns a slot, or -1 when none is free (the file then simply is not cleaned up on
/// a signal).
int wg_cleanup_register_at(int folder, const char *name);
/// Forgets a registered file: it was renamed into place or removed.
void wg_cleanup_release(int slot);

/// Opens a new file with no name in the folder open as `folder` (O_TMPFILE), for
/// writing, with `mode` less the umask: a crash before it is linked leaves nothing
/// behind. Returns a descriptor, or -1 with errno set (EOPNOTSUPP, EISDIR or EINVAL
/// where the file system or kernel cannot make unnamed files).
int wg_open_unnamed_at(int folder, unsigned int mode);
/// Gives the unnamed file open as `descriptor` the name `name` in the folder open as
/// `folder`; the name must not exist. Returns 0, or -1 with errno set.
int wg_link_unnamed_at(int descriptor, int folder, const char *name);

/// Asks the kernel to start writing the file open as `descriptor` to its disk, without
/// waiting (sync_file_range with SYNC_FILE_RANGE_WRITE, a GNU extension): a later fsync
/// then has less to wait for. Returns 0, or -1 with errno set; advice either way.
int wg_start_writeback(int descriptor);

/// A pipe, both ends close-on-exec (pipe2 with O_CLOEXEC), for a child's standard
/// streams. Returns 0, or -1 with errno set.
int wg_pipe_cloexec(int ends[_Nonnull 2]);
/// Adds to `actions` the closing of every descriptor from `lowest` up, in the child
/// (posix_spawn_file_actions_addclosefrom_np). Returns 0 or an error number.
int wg_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// Maps `length` bytes of the file open as `descriptor` for reading, guarded: should
/// the file be cut short while mapped, reads past the cut find zeros instead of ending
/// the process with SIGBUS, and `wg_mapped_file_was_cut` says so (the guard, a SIGBUS
/// handler, is installed on first use and hands any other SIGBUS on to the action it
/// replaced). Returns the mapping, or NULL with errno set (an empty file, a file system
/// that cannot map, no free slot among 64). `whole`: every page the page cache holds is
/// mapped at once (a picture about to be decoded); otherwise pages are mapped one at a
/// time as they are read, without read-ahead (a container's headers, read here and there
/// in a file of any size: what is not read costs no memory).
const void *_Nullable wg_map_file(int descriptor, size_t length, int whole);
/// Whether the file mapped at `start` was found cut short while mapped.
int wg_mapped_file_was_cut(const void *start);
/// Unmaps a mapping `wg_map_file` made.
void wg_unmap_file(const void *start, size_t length);

#pragma clang assume_nonnull end

#endif
