// Fonts over FreeType, shaped by HarfBuzz, both reached through font_libraries.h's table.
// FreeType returns error codes and never jumps, so these shims only translate codes into
// words and keep the face's backing memory alive.
#include "CImaging.h"
#include "message.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "font_libraries.h"

struct wg_font {
    FT_Library library;  // one per font: FreeType libraries are not shared across threads
    FT_Face face;
    uint8_t *data;       // FT_New_Memory_Face reads from this for the face's whole life;
                         // NULL when FreeType reads the file itself
    hb_font_t *shaper;   // HarfBuzz's view of the same face, kept in step with its size
    int is_bitmap;       // colour emoji fonts hold bitmaps at fixed sizes only
    double scale;        // requested size / the bitmap strike's size (1 for outlines)
};

// FreeType's own list of error codes and descriptions, expanded into a table
// (the method fterrors.h documents for exactly this use).
#undef FTERRORS_H_
#define FT_ERRORDEF(e, v, s) {v, s},
#define FT_ERROR_START_LIST {
#define FT_ERROR_END_LIST {0, NULL}};
static const struct {
    int code;
    const char *text;
} wg_freetype_errors[] =
#include FT_ERRORS_H

const char *wg_freetype_error_string(int error) {
    for (size_t i = 0; wg_freetype_errors[i].text != NULL; i++) {
        if (wg_freetype_errors[i].code == error) return wg_freetype_errors[i].text;
    }
    return "unknown FreeType error";
}

static wg_status wg_font_fail(FT_Error error, const char *what, char *message, size_t capacity) {
    char text[200];
    snprintf(text, sizeof text, "%s: %s (FreeType error 0x%02X)", what,
             wg_freetype_error_string(error), (unsigned)error);
    wg_set_message(message, capacity, text);
    return error == FT_Err_Out_Of_Memory ? WG_ERROR_MEMORY : WG_ERROR_FORMAT;
}

// Starts a font with its own FreeType library; the caller then opens the face.
static wg_font *wg_font_start(FT_Error *error) {
    wg_font *font = calloc(1, sizeof *font);
    if (font == NULL) {
        *error = FT_Err_Out_Of_Memory;
        return NULL;
    }
    *error = FT_Init_FreeType(&font->library);
    if (*error) {
        free(font);
        return NULL;
    }
    return font;
}

// Checks the face FreeType opened (with `error`, its result) and attaches the shaper.
// Closes the font on failure.
static wg_status wg_font_finish(wg_font *font, FT_Error error, wg_font **out, char *message,
                                size_t capacity) {
    if (error) {
        wg_font_close(font);
        return wg_font_fail(error, "not a usable font", message, capacity);
    }
    font->is_bitmap = !FT_IS_SCALABLE(font->face);
    if (font->is_bitmap && !(FT_HAS_COLOR(font->face) && font->face->num_fixed_sizes > 0)) {
        wg_font_close(font);
        wg_set_message(message, capacity, "the font has no scalable outlines or colour bitmaps");
        return WG_ERROR_UNSUPPORTED;
    }
    font->scale = 1;
    font->shaper = hb_ft_font_create_referenced(font->face);
    if (font->shaper == NULL) {
        wg_font_close(font);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    *out = font;
    return WG_OK;
}

wg_status wg_font_open(const uint8_t *data, size_t size, long face_index, wg_font **out,
                       char *message, size_t capacity) {
    *out = NULL;
    if (size == 0) {
        wg_set_message(message, capacity, "the font file is empty");
        return WG_ERROR_EMPTY;
    }
    wg_status loaded = wg_font_libraries_load(message, capacity);
    if (loaded != WG_OK) return loaded;
    FT_Error error;
    wg_font *font = wg_font_start(&error);
    if (font == NULL) return wg_font_fail(error, "cannot start FreeType", message, capacity);
    if ((font->data = malloc(size)) == NULL) {
        wg_font_close(font);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    memcpy(font->data, data, size);
    error = FT_New_Memory_Face(font->library, font->data, (FT_Long)size, face_index, &font->face);
    return wg_font_finish(font, error, out, message, capacity);
}

wg_status wg_font_open_file(const char *path, long face_index, wg_font **out, char *message,
                            size_t capacity) {
    *out = NULL;
    struct stat status;
    if (stat(path, &status) == 0 && status.st_size == 0) {
        wg_set_message(message, capacity, "the font file is empty");
        return WG_ERROR_EMPTY;
    }
    wg_status loaded = wg_font_libraries_load(message, capacity);
    if (loaded != WG_OK) return loaded;
    FT_Error error;
    wg_font *font = wg_font_start(&error);
    if (font == NULL) return wg_font_fail(error, "cannot start FreeType", message, capacity);
    error = FT_New_Face(font->library, path, face_index, &font->face);
    return wg_font_finish(font, error, out, message, capacity);
}

int wg_font_is_color(const wg_font *font) { return FT_HAS_COLOR(font->face) ? 1 : 0; }

void wg_font_close(wg_font *font) {
    if (font == NULL) return;
    if (font->shaper != NULL) hb_font_destroy(font->shaper);  // releases its face reference
    if (font->face != NULL) FT_Done_Face(font->face);
    if (font->library != NULL) FT_Done_FreeType(font->library);
    free(font->data);
    free(font);
}

const char *wg_font_family_name(const wg_font *font) {
    return font->face->family_name ? font->face->family_name : "";
}

wg_status wg_font_set_pixel_size(wg_font *font, double pixel_size, char *message,
                                 size_t capacity) {
    if (!(pixel_size >= 1 && pixel_size <= 4096)) {
        wg_set_message(message, capacity, "font size must be between 1 and 4096 pixels");
        return WG_ERROR_ARGUMENT;
    }
    FT_Error error;
    if (font->is_bitmap) {
        // The smallest strike at least as large as asked for (sharpest when scaled
        // down), else the largest there is.
        FT_Face face = font->face;
        int best = 0;
        for (int i = 0; i < face->num_fixed_sizes; i++) {
            double ppem = face->available_sizes[i].y_ppem / 64.0;
            double chosen = face->available_sizes[best].y_ppem / 64.0;
            int fits = ppem >= pixel_size, chosen_fits = chosen >= pixel_size;
            if ((fits && (!chosen_fits || ppem < chosen)) || (!fits && !chosen_fits && ppem > chosen)) best = i;
        }
        error = FT_Select_Size(face, best);
        font->scale = pixel_size / (face->available_sizes[best].y_ppem / 64.0);
    } else {
        FT_F26Dot6 size = (FT_F26Dot6)lround(pixel_size * 64);
        error = FT_Set_Char_Size(font->face, size, size, 72, 72);
        font->scale = 1;
    }
    if (error) return wg_font_fail(error, "cannot set the font size", message, capacity);
    hb_ft_font_changed(font->shaper);
    // Unhinted outlines, so positions match the subpixel rendering below.
    hb_ft_font_set_load_flags(font->shaper, FT_LOAD_NO_HINTING | (font->is_bitmap ? FT_LOAD_COLOR : 0));
    return WG_OK;
}

void wg_font_get_metrics(const wg_font *font, wg_font_metrics *metrics) {
    const FT_Face face = font->face;
    if (font->is_bitmap) {
        const FT_Size_Metrics *size = &face->size->metrics;
        metrics->ascender = size->ascender / 64.0 * font->scale;
        metrics->descender = -size->descender / 64.0 * font->scale;
        metrics->line_height = size->height / 64.0 * font->scale;
        return;
    }
    // Scaled design metrics (unhinted) rather than size->metrics, which are rounded.
    double scale = face->size->metrics.x_ppem > 0
                       ? (double)face->size->metrics.y_scale / 65536.0 / 64.0
                       : 0;
    metrics->ascender = face->ascender * scale;
    metrics->descender = -face->descender * scale;
    metrics->line_height = face->height * scale;
}

double wg_font_scale(const wg_font *font) { return font->scale; }

uint32_t wg_font_glyph_index(const wg_font *font, uint32_t scalar) {
    return FT_Get_Char_Index(font->face, scalar);
}

wg_status wg_font_shape(wg_font *font, const uint32_t *text, size_t length, size_t start,
                        size_t count, int vertical, const char *language, const char *script,
                        wg_shaped_glyph **glyphs, size_t *glyph_count, char *message,
                        size_t capacity) {
    *glyphs = NULL;
    *glyph_count = 0;
    hb_buffer_t *buffer = hb_buffer_create();
    if (!hb_buffer_allocation_successful(buffer)) {
        hb_buffer_destroy(buffer);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    // The whole text is context (for joining and contextual forms); only the run is shaped.
    hb_buffer_add_utf32(buffer, text, (int)length, (unsigned int)start, (int)count);
    // Set before guessing, which fills in only what is unset (the language from the
    // process's locale otherwise).
    if (language != NULL) hb_buffer_set_language(buffer, hb_language_from_string(language, -1));
    hb_buffer_guess_segment_properties(buffer);
    // A run of punctuation alone is in no script (Common); the font's language forms are
    // listed under the text's script, so the run takes it.
    hb_script_t guessed = hb_buffer_get_script(buffer);
    if (script != NULL && (guessed == HB_SCRIPT_COMMON || guessed == HB_SCRIPT_INHERITED ||
                           guessed == HB_SCRIPT_UNKNOWN)) {
        hb_buffer_set_script(buffer, hb_script_from_string(script, -1));
    }
    if (vertical) hb_buffer_set_direction(buffer, HB_DIRECTION_TTB);
    hb_shape(font->shaper, buffer, NULL, 0);
    unsigned int n = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &n);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &n);
    wg_shaped_glyph *out = n > 0 ? malloc(sizeof *out * n) : NULL;
    if (n > 0 && out == NULL) {
        hb_buffer_destroy(buffer);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    // HarfBuzz works in 26.6 pixels at the face's size; bitmap strikes are then scaled.
    double unit = font->scale / 64.0;
    for (unsigned int i = 0; i < n; i++) {
        out[i].glyph = infos[i].codepoint;
        out[i].cluster = infos[i].cluster;
        out[i].x_advance = positions[i].x_advance * unit;
        out[i].y_advance = positions[i].y_advance * unit;
        out[i].x_offset = positions[i].x_offset * unit;
        out[i].y_offset = positions[i].y_offset * unit;
    }
    hb_buffer_destroy(buffer);
    *glyphs = out;
    *glyph_count = n;
    return WG_OK;
}

wg_status wg_font_render_glyph(wg_font *font, uint32_t glyph, double subpixel_x,
                               wg_glyph_bitmap *bitmap, char *message, size_t capacity) {
    FT_Int32 flags = font->is_bitmap ? FT_LOAD_COLOR : FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
    FT_Error error = FT_Load_Glyph(font->face, glyph, flags);
    if (error) return wg_font_fail(error, "cannot load a glyph", message, capacity);
    FT_GlyphSlot slot = font->face->glyph;
    if (slot->format == FT_GLYPH_FORMAT_OUTLINE) {
        // Shift the outline by the pen's fraction so glyphs sit where the layout put them.
        FT_Outline_Translate(&slot->outline, (FT_Pos)lround(subpixel_x * 64), 0);
        error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL);
        if (error) return wg_font_fail(error, "cannot render a glyph", message, capacity);
    }
    int mode = slot->bitmap.pixel_mode;
    if (slot->bitmap.rows > 0 && mode != FT_PIXEL_MODE_GRAY && mode != FT_PIXEL_MODE_BGRA) {
        wg_set_message(message, capacity, "the glyph rendered in an unsupported pixel mode");
        return WG_ERROR_UNSUPPORTED;
    }
    bitmap->left = slot->bitmap_left;
    bitmap->top = slot->bitmap_top;
    bitmap->width = slot->bitmap.width;
    bitmap->rows = slot->bitmap.rows;
    bitmap->pitch = slot->bitmap.pitch;
    bitmap->coverage = slot->bitmap.buffer;
    bitmap->is_color = mode == FT_PIXEL_MODE_BGRA;
    bitmap->scale = font->scale;
    return WG_OK;
}

wg_status wg_font_ink_box(wg_font *font, uint32_t glyph, wg_ink_box *box, char *message,
                          size_t capacity) {
    memset(box, 0, sizeof *box);
    box->is_empty = 1;
    if (font->is_bitmap) return WG_OK;
    FT_Error error = FT_Load_Glyph(font->face, glyph, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
    if (error) return wg_font_fail(error, "cannot load a glyph", message, capacity);
    FT_GlyphSlot slot = font->face->glyph;
    if (slot->format != FT_GLYPH_FORMAT_OUTLINE || slot->outline.n_points == 0) return WG_OK;
    FT_BBox cbox;
    FT_Outline_Get_CBox(&slot->outline, &cbox);
    box->min_x = cbox.xMin / 64.0;
    box->min_y = cbox.yMin / 64.0;
    box->max_x = cbox.xMax / 64.0;
    box->max_y = cbox.yMax / 64.0;
    box->is_empty = 0;
    return WG_OK;
}

double wg_font_ideographic_center(wg_font *font) {
    hb_position_t bottom = 0, top = 0;
    hb_tag_t script = HB_OT_TAG_DEFAULT_SCRIPT, language = HB_OT_TAG_DEFAULT_LANGUAGE;
    hb_ot_layout_get_baseline_with_fallback(font->shaper,
                                            HB_OT_LAYOUT_BASELINE_TAG_IDEO_EMBOX_BOTTOM_OR_LEFT,
                                            HB_DIRECTION_LTR, script, language, &bottom);
    hb_ot_layout_get_baseline_with_fallback(font->shaper,
                                            HB_OT_LAYOUT_BASELINE_TAG_IDEO_EMBOX_TOP_OR_RIGHT,
                                            HB_DIRECTION_LTR, script, language, &top);
    // HarfBuzz's font is scaled in 26.6 pixels at the face's size, as its positions are.
    return (bottom + top) / 2.0 / 64.0 * font->scale;
}
