// Files mapped for reading, and the guard that keeps one cut short from killing wallgen.
//
// A picture read once is mapped rather than copied: its pages come straight from the
// page cache, where a read would first have the kernel clear fresh pages and then copy
// into them (a 1.1 MB photo: 0.7 ms before its decoding could start). But a mapped file
// that another program truncates turns each read past its new end into SIGBUS, which
// ends the process. So while a file is mapped its range is registered, and a SIGBUS
// inside a registered range puts zero pages over the rest of the range and notes the
// cut: the read goes on, and the caller, seeing the note, reports the file as changed
// while it was read. A SIGBUS anywhere else goes on to the action installed before.
#include "CFiles.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { WG_MAPPED_SLOTS = 64 };

// A slot is free when its start is 0. Its length is written before its start is
// published, and its start cleared before the mapping goes.
static _Atomic(uintptr_t) wg_mapped_start[WG_MAPPED_SLOTS];
static _Atomic(size_t) wg_mapped_length[WG_MAPPED_SLOTS];
static atomic_int wg_mapped_cut[WG_MAPPED_SLOTS];
static pthread_mutex_t wg_mapped_slots_lock = PTHREAD_MUTEX_INITIALIZER;

static pthread_once_t wg_mapped_guard_once = PTHREAD_ONCE_INIT;
static struct sigaction wg_mapped_previous;
static uintptr_t wg_mapped_page_size;

static void wg_mapped_handler(int signal_number, siginfo_t *info, void *context) {
    int saved = errno;
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int i = 0; i < WG_MAPPED_SLOTS; i++) {
        uintptr_t start = atomic_load(&wg_mapped_start[i]);
        size_t length = atomic_load(&wg_mapped_length[i]);
        if (start == 0 || address < start || address >= start + length) continue;
        uintptr_t from = address & ~(wg_mapped_page_size - 1);
        uintptr_t end = (start + length + wg_mapped_page_size - 1) & ~(wg_mapped_page_size - 1);
        // mmap is a system call, safe here: the missing pages become zeros, and the
        // instruction that faulted reads them when this returns.
        void *zeros = mmap((void *)from, end - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (zeros != MAP_FAILED) {
            atomic_store(&wg_mapped_cut[i], 1);
            errno = saved;
            return;
        }
    }
    errno = saved;
    // Not a mapped file's: as the signal would have gone without this handler.
    if (wg_mapped_previous.sa_flags & SA_SIGINFO) {
        wg_mapped_previous.sa_sigaction(signal_number, info, context);
        return;
    }
    if (wg_mapped_previous.sa_handler != SIG_DFL && wg_mapped_previous.sa_handler != SIG_IGN) {
        wg_mapped_previous.sa_handler(signal_number);
        return;
    }
    // The default action (an ignored SIGBUS from a fault ends the process all the same):
    // once restored, the faulting instruction runs again and the kernel ends the process.
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigaction(signal_number, &fallback, NULL);
}

static void wg_mapped_install_guard(void) {
    wg_mapped_page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
    if (sigaction(SIGBUS, NULL, &wg_mapped_previous) != 0) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = wg_mapped_handler;
    action.sa_mask = wg_mapped_previous.sa_mask;
    action.sa_flags = SA_SIGINFO | (wg_mapped_previous.sa_flags & SA_RESTART);
    sigaction(SIGBUS, &action, NULL);
}

const void *_Nullable wg_map_file(int descriptor, size_t length, int whole) {
    if (length == 0) {
        errno = EINVAL;
        return NULL;
    }
    pthread_once(&wg_mapped_guard_once, wg_mapped_install_guard);
    pthread_mutex_lock(&wg_mapped_slots_lock);
    int slot = -1;
    for (int i = 0; i < WG_MAPPED_SLOTS && slot < 0; i++) {
        if (atomic_load(&wg_mapped_start[i]) == 0) slot = i;
    }
    if (slot < 0) {
        pthread_mutex_unlock(&wg_mapped_slots_lock);
        errno = EMFILE;
        return NULL;
    }
    // MAP_POPULATE maps every page the page cache holds at once, rather than a fault
    // for each few as the decoder reaches them.
    void *mapped = mmap(NULL, length, PROT_READ, MAP_PRIVATE | (whole ? MAP_POPULATE : 0), descriptor, 0);
    if (mapped == MAP_FAILED) {
        pthread_mutex_unlock(&wg_mapped_slots_lock);
        return NULL;
    }
    // Headers read here and there: no read-ahead around each (advice only).
    if (!whole) madvise(mapped, length, MADV_RANDOM);
    atomic_store(&wg_mapped_cut[slot], 0);
    atomic_store(&wg_mapped_length[slot], length);
    atomic_store(&wg_mapped_start[slot], (uintptr_t)mapped);
    pthread_mutex_unlock(&wg_mapped_slots_lock);
    return mapped;
}

static int wg_mapped_slot(const void *start) {
    for (int i = 0; i < WG_MAPPED_SLOTS; i++) {
        if (atomic_load(&wg_mapped_start[i]) == (uintptr_t)start) return i;
    }
    return -1;
}

int wg_mapped_file_was_cut(const void *start) {
    int slot = wg_mapped_slot(start);
    return slot >= 0 && atomic_load(&wg_mapped_cut[slot]);
}

void wg_unmap_file(const void *start, size_t length) {
    pthread_mutex_lock(&wg_mapped_slots_lock);
    int slot = wg_mapped_slot(start);
    if (slot >= 0) atomic_store(&wg_mapped_start[slot], 0);
    pthread_mutex_unlock(&wg_mapped_slots_lock);
    munmap((void *)start, length);
}
