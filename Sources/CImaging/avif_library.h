// libavif, loaded the first time a dynamic AVIF is written or read, never at start-up (see
// heif_library.h for why). libheif writes AVIF pictures, but not AVIF image sequences;
// KDE's dynamic wallpapers are sequences, as libavif writes them.
#ifndef WG_AVIF_LIBRARY_H
#define WG_AVIF_LIBRARY_H
#include "CImaging.h"

#include <avif/avif.h>
#include <stddef.h>

/// libavif's soname: the ABI the headers describe (Debian's libavif15).
#define WG_AVIF_SONAME "libavif.so.15"

#define WG_AVIF_FUNCTIONS(X) \
    X(avifImageYUVToRGB) \
    X(avifDecoderSetIOMemory) \
    X(avifDecoderParse) \
    X(avifDecoderNthImage) \
    X(avifDecoderDestroy) \
    X(avifDecoderCreate) \
    X(avifEncoderAddImage) \
    X(avifEncoderCreate) \
    X(avifEncoderDestroy) \
    X(avifEncoderFinish) \
    X(avifImageCreate) \
    X(avifImageDestroy) \
    X(avifImageRGBToYUV) \
    X(avifImageSetMetadataXMP) \
    X(avifRGBImageSetDefaults) \
    X(avifRWDataFree) \
    X(avifResultToString)

struct wg_avif_functions {
#define WG_AVIF_POINTER(name) __typeof__(name) *name;
    WG_AVIF_FUNCTIONS(WG_AVIF_POINTER)
#undef WG_AVIF_POINTER
};

extern struct wg_avif_functions wg_avif;

/// Loads libavif once (thread-safe): WG_OK, or WG_ERROR_UNLOADABLE naming it.
wg_status wg_avif_load(char *message, size_t capacity);

#ifndef WG_AVIF_LIBRARY_LOADER
#define avifImageYUVToRGB (wg_avif.avifImageYUVToRGB)
#define avifDecoderSetIOMemory (wg_avif.avifDecoderSetIOMemory)
#define avifDecoderParse (wg_avif.avifDecoderParse)
#define avifDecoderNthImage (wg_avif.avifDecoderNthImage)
#define avifDecoderDestroy (wg_avif.avifDecoderDestroy)
#define avifDecoderCreate (wg_avif.avifDecoderCreate)
#define avifEncoderAddImage (wg_avif.avifEncoderAddImage)
#define avifEncoderCreate (wg_avif.avifEncoderCreate)
#define avifEncoderDestroy (wg_avif.avifEncoderDestroy)
#define avifEncoderFinish (wg_avif.avifEncoderFinish)
#define avifImageCreate (wg_avif.avifImageCreate)
#define avifImageDestroy (wg_avif.avifImageDestroy)
#define avifImageRGBToYUV (wg_avif.avifImageRGBToYUV)
#define avifImageSetMetadataXMP (wg_avif.avifImageSetMetadataXMP)
#define avifRGBImageSetDefaults (wg_avif.avifRGBImageSetDefaults)
#define avifRWDataFree (wg_avif.avifRWDataFree)
#define avifResultToString (wg_avif.avifResultToString)
#endif

#endif
