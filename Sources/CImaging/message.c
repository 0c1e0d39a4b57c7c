#include "message.h"
#include "CImaging.h"
#include <stdlib.h>
#include <string.h>

void wg_set_message(char *buffer, size_t capacity, const char *text) {
    if (buffer == NULL || capacity == 0) return;
    size_t length = strlen(text);
    if (length >= capacity) length = capacity - 1;
    memcpy(buffer, text, length);
    buffer[length] = '\0';
}

void wg_free(void *pointer) { free(pointer); }

wg_status wg_library_load_status(wg_loaded_library *library, char *message, size_t capacity) {
    const char *problem = wg_library_load(library);
    if (problem == NULL) return WG_OK;
    wg_set_message(message, capacity, problem);
    return WG_ERROR_UNLOADABLE;
}

wg_status wg_libraries_load_status(wg_loaded_library *libraries, size_t count, char *message, size_t capacity) {
    for (size_t i = 0; i < count; i++) {
        wg_status status = wg_library_load_status(&libraries[i], message, capacity);
        if (status != WG_OK) return status;
    }
    return WG_OK;
}
