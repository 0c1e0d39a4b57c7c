// Opens the libraries of CLibraryLoader.h and fills their tables, once each.
#include "CLibraryLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// Held while a library is opened: a second thread that needs it waits for its table. The
// libraries are asked for once per picture or font, never per pixel.
static pthread_mutex_t wg_opening_lock = PTHREAD_MUTEX_INITIALIZER;

static void wg_library_open(wg_loaded_library *library) {
    // RTLD_LOCAL: nothing but the table looks the library's symbols up.
    void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(library->problem, sizeof library->problem, "%s (%s, Debian's %s), which cannot be loaded: %s",
                 library->needed_for, library->soname, library->package, reason != NULL ? reason : "unknown error");
        return;
    }
    for (size_t i = 0; i < library->symbol_count; i++) {
        void *address = dlsym(handle, library->symbols[i].name);
        if (address == NULL) {
            snprintf(library->problem, sizeof library->problem, "%s, but the installed %s has no %s",
                     library->needed_for, library->soname, library->symbols[i].name);
            return;
        }
        // A function's address, as dlsym gives it, into the table's pointer of its type.
        memcpy(library->symbols[i].entry, &address, sizeof address);
    }
}

const char *wg_library_load(wg_loaded_library *library) {
    pthread_mutex_lock(&wg_opening_lock);
    if (!library->tried) {
        wg_library_open(library);
        library->tried = 1;
    }
    pthread_mutex_unlock(&wg_opening_lock);
    return library->problem[0] == '\0' ? NULL : library->problem;
}
