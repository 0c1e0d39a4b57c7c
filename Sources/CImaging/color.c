// Colour management over Little CMS: pictures tagged with an ICC profile (a phone's
// Display P3, Adobe RGB, a printer's CMYK) are converted to sRGB, the space wallgen
// composites and writes in. Without this their colours would shift.
#include "color.h"

#include <lcms2.h>
#include <stdlib.h>

static cmsHTRANSFORM wg_icc_transform(const uint8_t *profile, size_t size, cmsColorSpaceSignature space,
                                      cmsUInt32Number input_format, cmsUInt32Number flags) {
    if (profile == NULL || size == 0) return NULL;
    cmsHPROFILE source = cmsOpenProfileFromMem(profile, (cmsUInt32Number)size);
    if (source == NULL) return NULL;
    cmsHTRANSFORM transform = NULL;
    if (cmsGetColorSpace(source) == space) {
        cmsHPROFILE srgb = cmsCreate_sRGBProfile();
        if (srgb != NULL) {
            transform = cmsCreateTransform(source, input_format, srgb, TYPE_RGBA_8, INTENT_PERCEPTUAL, flags);
            cmsCloseProfile(srgb);
        }
    }
    cmsCloseProfile(source);
    return transform;
}

void *wg_icc_rgba_to_srgb(const uint8_t *profile, size_t size) {
    return wg_icc_transform(profile, size, cmsSigRgbData, TYPE_RGBA_8, cmsFLAGS_COPY_ALPHA);
}

void *wg_icc_cmyk_to_srgb(const uint8_t *profile, size_t size, int inverted) {
    return wg_icc_transform(profile, size, cmsSigCmykData, inverted ? TYPE_CMYK_8_REV : TYPE_CMYK_8, 0);
}

void wg_icc_apply(void *transform, const uint8_t *input, uint8_t *output, uint32_t pixels) {
    cmsDoTransform((cmsHTRANSFORM)transform, input, output, pixels);
}

void wg_icc_free(void *transform) {
    if (transform != NULL) cmsDeleteTransform((cmsHTRANSFORM)transform);
}
