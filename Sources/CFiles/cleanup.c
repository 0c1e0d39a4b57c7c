// Removes half-written temporary files when the process is interrupted.
//
// The writer registers each temporary file (a name in a folder it holds open) before
// creating it and releases the slot once the file is renamed or removed. On SIGINT,
// SIGTERM or SIGHUP the handler unlinks every registered name (unlinkat is
// async-signal-safe), restores the default action and raises the signal again, so the
// exit status still says what happened.
#include "CFiles.h"

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

static void wg_cleanup_handler(int signal_number) {
    for (int i = 0; i < WG_CLEANUP_SLOTS; i++) {
        if (atomic_load(&wg_cleanup_state[i]) == 2) unlinkat(wg_cleanup_folders[i], wg_cleanup_paths[i], 0);
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
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = wg_cleanup_handler;
    sigemptyset(&action.sa_mask);
    const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction previous;
        // Leave alone a signal the parent chose to ignore (nohup, background jobs).
        if (sigaction(signals[i], NULL, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
        sigaction(signals[i], &action, NULL);
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
