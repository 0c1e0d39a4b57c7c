// Colour management over Little CMS: pictures tagged with an ICC profile (a phone's
// Display P3, Adobe RGB, a printer's CMYK) are converted to sRGB, the space wallgen
// composites and writes in. Without this their colours would shift.
//
// Little CMS is loaded by the first picture with a profile (lcms_library.h). Without it a
// profile cannot be honoured, as when it is damaged: the transforms below are NULL.
#include "color.h"
#include "lcms_library.h"

#include <stdlib.h>

static cmsHTRANSFORM wg_icc_transform(const uint8_t *profile, size_t size, cmsColorSpaceSignature space,
                                      cmsUInt32Number input_format, cmsUInt32Number flags) {
    if (profile == NULL || size == 0 || wg_lcms_load() != NULL) return NULL;
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

/// The tone curve of an H.273 transfer characteristic, as Little CMS's parametric type 4
/// (Y = ((aX + b)^g for X >= d, else cX): the decoding direction, code value to light.
/// HDR curves (PQ, HLG) and those without a simple inverse are read as sRGB's: wallgen
/// makes 8-bit SDR pictures and does not tone-map.
static cmsToneCurve *wg_transfer_curve(int transfer) {
    switch (transfer) {
    case 1: case 6: case 14: case 15: {  // BT.709, BT.601, BT.2020: the camera curve, inverted
        double bt709[5] = {1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081};
        return cmsBuildParametricToneCurve(NULL, 4, bt709);
    }
    case 4: return cmsBuildGamma(NULL, 2.2);
    case 5: return cmsBuildGamma(NULL, 2.8);
    case 8: return cmsBuildGamma(NULL, 1.0);
    default: {  // 13 (sRGB), 2 (unspecified) and the rest
        double srgb[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
        return cmsBuildParametricToneCurve(NULL, 4, srgb);
    }
    }
}

void *wg_coded_rgba_to_srgb(const double primaries[8], int transfer) {
    for (int i = 0; i < 8; i++) {
        if (!(primaries[i] > 0 && primaries[i] < 1)) return NULL;  // NaN, zero, nonsense
    }
    if (wg_lcms_load() != NULL) return NULL;
    cmsCIExyY white = {primaries[6], primaries[7], 1.0};
    cmsCIExyYTRIPLE rgb = {
        {primaries[0], primaries[1], 1.0}, {primaries[2], primaries[3], 1.0}, {primaries[4], primaries[5], 1.0}};
    cmsToneCurve *curve = wg_transfer_curve(transfer);
    if (curve == NULL) return NULL;
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE source = cmsCreateRGBProfile(&white, &rgb, curves);
    cmsFreeToneCurve(curve);
    if (source == NULL) return NULL;
    cmsHTRANSFORM transform = NULL;
    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    if (srgb != NULL) {
        transform = cmsCreateTransform(source, TYPE_RGBA_8, srgb, TYPE_RGBA_8, INTENT_PERCEPTUAL, cmsFLAGS_COPY_ALPHA);
        cmsCloseProfile(srgb);
    }
    cmsCloseProfile(source);
    return transform;
}

void wg_icc_apply(void *transform, const uint8_t *input, uint8_t *output, uint32_t pixels) {
    cmsDoTransform((cmsHTRANSFORM)transform, input, output, pixels);
}

void wg_icc_free(void *transform) {
    if (transform != NULL) cmsDeleteTransform((cmsHTRANSFORM)transform);
}
