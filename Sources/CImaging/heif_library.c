// Fills the function table of heif_library.h from libheif, once.
#define WG_HEIF_LIBRARY_LOADER
#include "heif_library.h"
#include "message.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct wg_heif_functions wg_heif;

static pthread_once_t wg_heif_once = PTHREAD_ONCE_INIT;
static char wg_heif_problem[512];

static void wg_heif_open(void) {
    // RTLD_LOCAL: nothing but this table looks libheif's symbols up.
    void *library = dlopen(WG_HEIF_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(wg_heif_problem, sizeof wg_heif_problem, "HEIF and AVIF need libheif (%s), which cannot be loaded: %s",
                 WG_HEIF_SONAME, reason != NULL ? reason : "unknown error");
        return;
    }
#define WG_HEIF_LOOKUP(name)                                                                              \
    wg_heif.name = (__typeof__(wg_heif.name))dlsym(library, #name);                                   \
    if (wg_heif.name == NULL) {                                                                         \
        snprintf(wg_heif_problem, sizeof wg_heif_problem, "the installed libheif (%s) has no %s",        \
                 WG_HEIF_SONAME, #name);                                                                \
        return;                                                                                         \
    }
    WG_HEIF_FUNCTIONS(WG_HEIF_LOOKUP)
#undef WG_HEIF_LOOKUP
}

wg_status wg_heif_load(char *message, size_t capacity) {
    pthread_once(&wg_heif_once, wg_heif_open);
    if (wg_heif_problem[0] == '\0') return WG_OK;
    wg_set_message(message, capacity, wg_heif_problem);
    return WG_ERROR_UNSUPPORTED;
}
