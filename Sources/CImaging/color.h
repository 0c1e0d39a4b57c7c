// Internal: ICC profile conversion to sRGB, used by the decoders.
#ifndef WG_COLOR_H
#define WG_COLOR_H
#include <stddef.h>
#include <stdint.h>

/// A transform from RGBA8 in the profile's space to sRGB RGBA8 (alpha copied), or
/// NULL when the profile is damaged or not an RGB profile.
void *wg_icc_rgba_to_srgb(const uint8_t *profile, size_t size);
/// A transform from CMYK8 (Adobe-inverted when `inverted`) to sRGB RGBA8 (the alpha
/// byte is left for the caller), or NULL when the profile is damaged or not CMYK.
void *wg_icc_cmyk_to_srgb(const uint8_t *profile, size_t size, int inverted);
/// A transform from RGBA8 described by code points instead of a profile (a HEIF's nclx:
/// chromaticities of red, green, blue and white as x,y pairs, and an ITU-T H.273 transfer
/// characteristic) to sRGB RGBA8 (alpha copied), or NULL when they make no valid profile.
void *wg_coded_rgba_to_srgb(const double primaries[8], int transfer);
void wg_icc_apply(void *transform, const uint8_t *input, uint8_t *output, uint32_t pixels);
void wg_icc_free(void *transform);

#endif
