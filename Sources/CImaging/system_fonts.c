// Finding an installed font for a character, through fontconfig: the last link of the
// fallback chain, for characters none of the bundled fonts have. Without fontconfig
// (loaded on first use, fontconfig_library.h) no installed font is found, as on a
// system with none that has the character.
#include "CImaging.h"
#include "fontconfig_library.h"
#include "message.h"

int wg_system_font_for(uint32_t scalar, char *path, size_t capacity) {
    if (wg_fontconfig_load() != NULL || !FcInit()) return 0;
    FcPattern *pattern = FcPatternCreate();
    FcCharSet *characters = FcCharSetCreate();
    int found = 0;
    if (pattern != NULL && characters != NULL && FcCharSetAddChar(characters, scalar)) {
        FcPatternAddCharSet(pattern, FC_CHARSET, characters);
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
        FcConfigSubstitute(NULL, pattern, FcMatchPattern);
        FcDefaultSubstitute(pattern);
        FcResult result;
        FcFontSet *fonts = FcFontSort(NULL, pattern, FcFalse, NULL, &result);
        // The best match that really has the character (FcFontSort also lists near misses).
        for (int i = 0; fonts != NULL && i < fonts->nfont && !found; i++) {
            FcCharSet *has = NULL;
            FcChar8 *file = NULL;
            if (FcPatternGetCharSet(fonts->fonts[i], FC_CHARSET, 0, &has) == FcResultMatch &&
                FcCharSetHasChar(has, scalar) &&
                FcPatternGetString(fonts->fonts[i], FC_FILE, 0, &file) == FcResultMatch) {
                wg_set_message(path, capacity, (const char *)file);
                found = 1;
            }
        }
        if (fonts != NULL) FcFontSetDestroy(fonts);
    }
    if (characters != NULL) FcCharSetDestroy(characters);
    if (pattern != NULL) FcPatternDestroy(pattern);
    return found;
}
