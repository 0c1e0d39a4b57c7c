// Fills the function table of civetweb_library.h from libcivetweb, once.
#include "civetweb_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct wg_civetweb_functions wg_civetweb;

static pthread_once_t wg_civetweb_once = PTHREAD_ONCE_INIT;
static char wg_civetweb_problem[512];

static void wg_civetweb_open(void) {
    // RTLD_LOCAL: nothing but this table looks civetweb's symbols up.
    void *library = dlopen(WG_CIVETWEB_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(wg_civetweb_problem, sizeof wg_civetweb_problem,
                 "the studio's server needs civetweb (%s, Debian's libcivetweb1), which cannot be loaded: %s",
                 WG_CIVETWEB_SONAME, reason != NULL ? reason : "unknown error");
        return;
    }
#define WG_CIVETWEB_LOOKUP(name)                                                                          \
    wg_civetweb.name = (__typeof__(wg_civetweb.name))dlsym(library, #name);                           \
    if (wg_civetweb.name == NULL) {                                                                     \
        snprintf(wg_civetweb_problem, sizeof wg_civetweb_problem, "the installed civetweb (%s) has no %s", \
                 WG_CIVETWEB_SONAME, #name);                                                            \
        return;                                                                                         \
    }
    WG_CIVETWEB_FUNCTIONS(WG_CIVETWEB_LOOKUP)
#undef WG_CIVETWEB_LOOKUP
}

const char *wg_civetweb_load(void) {
    pthread_once(&wg_civetweb_once, wg_civetweb_open);
    return wg_civetweb_problem[0] == '\0' ? NULL : wg_civetweb_problem;
}
