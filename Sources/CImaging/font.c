// Fonts over FreeType. FreeType returns error codes and never jumps, so these shims
// only translate codes into words and keep the face's backing memory alive.
#include "CImaging.h"
#include "message.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

struct wg_font {
    FT_Library library;  // one per font: FreeType libraries are not shared across threads
    FT_Face face;
    uint8_t *data;       // FT_New_Memory_Face reads from this for the face's whole life
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

wg_status wg_font_open(const uint8_t *data, size_t size, long face_index, wg_font **out,
                       char *message, size_t capacity) {
    *out = NULL;
    if (size == 0) {
        wg_set_message(message, capacity, "the font file is empty");
        return WG_ERROR_FORMAT;
    }
    wg_font *font = calloc(1, sizeof *font);
    if (font == NULL || (font->data = malloc(size)) == NULL) {
        free(font);
        wg_set_message(message, capacity, "out of memory");
        return WG_ERROR_MEMORY;
    }
    memcpy(font->data, data, size);
    FT_Error error = FT_Init_FreeType(&font->library);
    if (error) {
        free(font->data);
        free(font);
        return wg_font_fail(error, "cannot start FreeType", message, capacity);
    }
    error = FT_New_Memory_Face(font->library, font->data, (FT_Long)size, face_index, &font->face);
    if (error) {
        wg_font_close(font);
        return wg_font_fail(error, "not a usable font", message, capacity);
    }
    if (!FT_IS_SCALABLE(font->face)) {
        wg_font_close(font);
        wg_set_message(message, capacity, "the font has no scalable outlines");
        return WG_ERROR_UNSUPPORTED;
    }
    *out = font;
    return WG_OK;
}

void wg_font_close(wg_font *font) {
    if (font == NULL) return;
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
    FT_F26Dot6 size = (FT_F26Dot6)lround(pixel_size * 64);
    FT_Error error = FT_Set_Char_Size(font->face, size, size, 72, 72);
    if (error) return wg_font_fail(error, "cannot set the font size", message, capacity);
    return WG_OK;
}

void wg_font_get_metrics(const wg_font *font, wg_font_metrics *metrics) {
    // Scaled design metrics (unhinted) rather than size->metrics, which are rounded.
    const FT_Face face = font->face;
    double scale = face->size->metrics.x_ppem > 0
                       ? (double)face->size->metrics.y_scale / 65536.0 / 64.0
                       : 0;
    metrics->ascender = face->ascender * scale;
    metrics->descender = -face->descender * scale;
    metrics->line_height = face->height * scale;
}

uint32_t wg_font_glyph_index(const wg_font *font, uint32_t scalar) {
    return FT_Get_Char_Index(font->face, scalar);
}

static const FT_Int32 wg_load_flags = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;

wg_status wg_font_glyph_advance(wg_font *font, uint32_t glyph, double *advance, char *message,
                                size_t capacity) {
    FT_Error error = FT_Load_Glyph(font->face, glyph, wg_load_flags);
    if (error) return wg_font_fail(error, "cannot load a glyph", message, capacity);
    *advance = font->face->glyph->linearHoriAdvance / 65536.0;
    return WG_OK;
}

double wg_font_kerning(const wg_font *font, uint32_t left_glyph, uint32_t right_glyph) {
    if (!FT_HAS_KERNING(font->face)) return 0;
    FT_Vector delta;
    if (FT_Get_Kerning(font->face, left_glyph, right_glyph, FT_KERNING_UNFITTED, &delta)) return 0;
    return delta.x / 64.0;
}

wg_status wg_font_render_glyph(wg_font *font, uint32_t glyph, double subpixel_x,
                               wg_glyph_bitmap *bitmap, char *message, size_t capacity) {
    FT_Error error = FT_Load_Glyph(font->face, glyph, wg_load_flags);
    if (error) return wg_font_fail(error, "cannot load a glyph", message, capacity);
    FT_GlyphSlot slot = font->face->glyph;
    if (slot->format != FT_GLYPH_FORMAT_OUTLINE) {
        wg_set_message(message, capacity, "the glyph is not an outline");
        return WG_ERROR_UNSUPPORTED;
    }
    // Shift the outline by the pen's fraction so glyphs sit where the layout put them.
    FT_Outline_Translate(&slot->outline, (FT_Pos)lround(subpixel_x * 64), 0);
    error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL);
    if (error) return wg_font_fail(error, "cannot render a glyph", message, capacity);
    if (slot->bitmap.pixel_mode != FT_PIXEL_MODE_GRAY && slot->bitmap.rows > 0) {
        wg_set_message(message, capacity, "the glyph rendered in an unsupported pixel mode");
        return WG_ERROR_UNSUPPORTED;
    }
    bitmap->left = slot->bitmap_left;
    bitmap->top = slot->bitmap_top;
    bitmap->width = slot->bitmap.width;
    bitmap->rows = slot->bitmap.rows;
    bitmap->pitch = slot->bitmap.pitch;
    bitmap->coverage = slot->bitmap.buffer;
    return WG_OK;
}
