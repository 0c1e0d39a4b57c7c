// FreeType must be included through ft2build.h, which pkg-config puts on the include path.
#include <ft2build.h>
#include FT_FREETYPE_H
