// Little CMS, loaded the first time a picture carries a colour profile (CLibraryLoader).
#ifndef WG_LCMS_LIBRARY_H
#define WG_LCMS_LIBRARY_H
#include <lcms2.h>

#define WG_LCMS_FUNCTIONS(X) \
    X(cmsBuildGamma) \
    X(cmsBuildParametricToneCurve) \
    X(cmsCloseProfile) \
    X(cmsCreateRGBProfile) \
    X(cmsCreateTransform) \
    X(cmsCreate_sRGBProfile) \
    X(cmsDeleteTransform) \
    X(cmsDoTransform) \
    X(cmsFreeToneCurve) \
    X(cmsGetColorSpace) \
    X(cmsOpenProfileFromMem)

struct wg_lcms_functions {
#define WG_LCMS_POINTER(name) __typeof__(name) *name;
    WG_LCMS_FUNCTIONS(WG_LCMS_POINTER)
#undef WG_LCMS_POINTER
};

extern struct wg_lcms_functions wg_lcms;

/// Loads Little CMS once (thread-safe): NULL, or why it cannot be used.
const char *wg_lcms_load(void);

#ifndef WG_LCMS_LIBRARY_LOADER
#define cmsBuildGamma (wg_lcms.cmsBuildGamma)
#define cmsBuildParametricToneCurve (wg_lcms.cmsBuildParametricToneCurve)
#define cmsCloseProfile (wg_lcms.cmsCloseProfile)
#define cmsCreateRGBProfile (wg_lcms.cmsCreateRGBProfile)
#define cmsCreateTransform (wg_lcms.cmsCreateTransform)
#define cmsCreate_sRGBProfile (wg_lcms.cmsCreate_sRGBProfile)
#define cmsDeleteTransform (wg_lcms.cmsDeleteTransform)
#define cmsDoTransform (wg_lcms.cmsDoTransform)
#define cmsFreeToneCurve (wg_lcms.cmsFreeToneCurve)
#define cmsGetColorSpace (wg_lcms.cmsGetColorSpace)
#define cmsOpenProfileFromMem (wg_lcms.cmsOpenProfileFromMem)
#endif

#endif
