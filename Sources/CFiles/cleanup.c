// Removes half-written temporary files when the process is interrupted.
//
// The writer registers each temporary file (a name in a folder it holds open) before
// creating it and releases the slot once the file is renamed or removed. On SIGINT,
// SIGTERM, SIGHUP or SIGQUIT the handler unlinks every registered name (unlinkat is
// async-signal-safe), then hands the signal on to the action it replaced: a handler the
// program installed before (the studio's stop handler, which ends the server cleanly)
// is called as that action would have been; the default action is restored and the
// signal raised again, so the exit status still says what happened.
#include "CFiles.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

enum { WG_CLEANUP_SLOTS = 64, WG_CLEANUP_PATH = 4096 };

static char wg_cleanup_paths[WG_CLEANUP_SLOTS][WG_CLEANUP_PATH];
static int wg_cleanup_folders[WG_CLEANUP_SLOTS];
// 0 free, 1 being written, 2 holds a path the handler may unlink.
static atomic_int wg_cleanup_state[WG_CLEANUP_SLOTS];
static atomic_int wg_cleanup_installed;

enum { WG_CLEANUP_SIGNALS = 4 };
static const int wg_cleanup_signals[WG_CLEANUP_SIGNALS] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
// The action each signal had before this handler replaced it; written before the
// handler is installed, only read afterwards.
static struct sigaction wg_cleanup_previous[WG_CLEANUP_SIGNALS];

static void wg_cleanup_handler(int signal_number, siginfo_t *info, void *context) {
    // The interrupted code may be about to read errno; a handler called next saves its own.
    int saved = errno;
    for (int i = 0; i < WG_CLEANUP_SLOTS; i++) {
        if (atomic_load(&wg_cleanup_state[i]) == 2) unlinkat(wg_cleanup_folders[i], wg_cleanup_paths[i], 0);
    }
    errno = saved;
    for (int i = 0; i < WG_CLEANUP_SIGNALS; i++) {
        if (wg_cleanup_signals[i] != signal_number) continue;
        const struct sigaction *previous = &wg_cleanup_previous[i];
        if (previous->sa_flags & SA_SIGINFO) {
            previous->sa_sigaction(signal_number, info, context);
            return;
        }
        if (previous->sa_handler == SIG_IGN) return;
        if (previous->sa_handler != SIG_DFL) {
            previous->sa_handler(signal_number);
            return;
        }
    }
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigaction(signal_number, &fallback, NULL);
    raise(signal_number);
}

static void wg_cleanup_install(void) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&wg_cleanup_installed, &expected, 1)) return;
    for (int i = 0; i < WG_CLEANUP_SIGNALS; i++) {
        struct sigaction *previous = &wg_cleanup_previous[i];
        if (sigaction(wg_cleanup_signals[i], NULL, previous) != 0) continue;
        // Leave alone a signal the parent chose to ignore (nohup, background jobs).
        if (!(previous->sa_flags & SA_SIGINFO) && previous->sa_handler == SIG_IGN) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = wg_cleanup_handler;
        // The replaced handler's mask, and whether the calls it interrupts restart, as it asked.
        action.sa_mask = previous->sa_mask;
        action.sa_flags = SA_SIGINFO | (previous->sa_flags & SA_RESTART);
        sigaction(wg_cleanup_signals[i], &action, NULL);
    }
}

int wg_cleanup_register_at(int folder, const char *path) {
    wg_cleanup_install();
    size_t length = strlen(path);
    if (length >= WG_CLEANUP_PATH) return -1;
    for (int i = 0; i < WG_CLEANUP_SLOTS; i++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&wg_cleanup_state[i], &expected, 1)) {
            memcpy(wg_cleanup_paths[i], path, length + 1);
            wg_cleanup_folders[i] = folder;
            atomic_store(&wg_cleanup_state[i], 2);
            return i;
        }
    }
    return -1;
}

void wg_cleanup_release(int slot) {
    if (slot >= 0 && slot < WG_CLEANUP_SLOTS) atomic_store(&wg_cleanup_state[slot], 0);
}
