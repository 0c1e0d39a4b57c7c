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
