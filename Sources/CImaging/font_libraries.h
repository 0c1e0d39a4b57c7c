// FreeType and HarfBuzz, loaded the first time a font is opened (CLibraryLoader).
//
// Linked, they and what they link (GLib, graphite2, PCRE2, Brotli) were mapped and
// relocated before main by every command: `wallgen --version` too, and a card before
// its picture could start decoding. Loaded through this table, a command that draws
// text loads them on a thread of its own while it parses its arguments (FontLibraries
// in the compositor), and the rest never do.
#ifndef WG_FONT_LIBRARIES_H
#define WG_FONT_LIBRARIES_H
#include "CImaging.h"

#include <stddef.h>

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

#include <hb-ft.h>
#include <hb-ot.h>
#include <hb.h>

#define WG_FREETYPE_FUNCTIONS(X) \
    X(FT_Done_Face) \
    X(FT_Done_FreeType) \
    X(FT_Get_Char_Index) \
    X(FT_Init_FreeType) \
    X(FT_Load_Glyph) \
    X(FT_New_Face) \
    X(FT_New_Memory_Face) \
    X(FT_Outline_Get_CBox) \
    X(FT_Outline_Translate) \
    X(FT_Render_Glyph) \
    X(FT_Select_Size) \
    X(FT_Set_Char_Size)

#define WG_HARFBUZZ_FUNCTIONS(X) \
    X(hb_buffer_add_utf32) \
    X(hb_buffer_allocation_successful) \
    X(hb_buffer_create) \
    X(hb_buffer_destroy) \
    X(hb_buffer_get_glyph_infos) \
    X(hb_buffer_get_glyph_positions) \
    X(hb_buffer_get_script) \
    X(hb_buffer_guess_segment_properties) \
    X(hb_buffer_set_direction) \
    X(hb_buffer_set_language) \
    X(hb_buffer_set_script) \
    X(hb_font_destroy) \
    X(hb_ft_font_changed) \
    X(hb_ft_font_create_referenced) \
    X(hb_ft_font_set_load_flags) \
    X(hb_language_from_string) \
    X(hb_ot_layout_get_baseline_with_fallback) \
    X(hb_script_from_string) \
    X(hb_shape)

struct wg_font_functions {
#define WG_FONT_POINTER(name) __typeof__(name) *name;
    WG_FREETYPE_FUNCTIONS(WG_FONT_POINTER)
    WG_HARFBUZZ_FUNCTIONS(WG_FONT_POINTER)
#undef WG_FONT_POINTER
};

extern struct wg_font_functions wg_font_library;

#ifndef WG_FONT_LIBRARIES_LOADER
#define FT_Done_Face (wg_font_library.FT_Done_Face)
#define FT_Done_FreeType (wg_font_library.FT_Done_FreeType)
#define FT_Get_Char_Index (wg_font_library.FT_Get_Char_Index)
#define FT_Init_FreeType (wg_font_library.FT_Init_FreeType)
#define FT_Load_Glyph (wg_font_library.FT_Load_Glyph)
#define FT_New_Face (wg_font_library.FT_New_Face)
#define FT_New_Memory_Face (wg_font_library.FT_New_Memory_Face)
#define FT_Outline_Get_CBox (wg_font_library.FT_Outline_Get_CBox)
#define FT_Outline_Translate (wg_font_library.FT_Outline_Translate)
#define FT_Render_Glyph (wg_font_library.FT_Render_Glyph)
#define FT_Select_Size (wg_font_library.FT_Select_Size)
#define FT_Set_Char_Size (wg_font_library.FT_Set_Char_Size)
#define hb_buffer_add_utf32 (wg_font_library.hb_buffer_add_utf32)
#define hb_buffer_allocation_successful (wg_font_library.hb_buffer_allocation_successful)
#define hb_buffer_create (wg_font_library.hb_buffer_create)
#define hb_buffer_destroy (wg_font_library.hb_buffer_destroy)
#define hb_buffer_get_glyph_infos (wg_font_library.hb_buffer_get_glyph_infos)
#define hb_buffer_get_glyph_positions (wg_font_library.hb_buffer_get_glyph_positions)
#define hb_buffer_get_script (wg_font_library.hb_buffer_get_script)
#define hb_buffer_guess_segment_properties (wg_font_library.hb_buffer_guess_segment_properties)
#define hb_buffer_set_direction (wg_font_library.hb_buffer_set_direction)
#define hb_buffer_set_language (wg_font_library.hb_buffer_set_language)
#define hb_buffer_set_script (wg_font_library.hb_buffer_set_script)
#define hb_font_destroy (wg_font_library.hb_font_destroy)
#define hb_ft_font_changed (wg_font_library.hb_ft_font_changed)
#define hb_ft_font_create_referenced (wg_font_library.hb_ft_font_create_referenced)
#define hb_ft_font_set_load_flags (wg_font_library.hb_ft_font_set_load_flags)
#define hb_language_from_string (wg_font_library.hb_language_from_string)
#define hb_ot_layout_get_baseline_with_fallback (wg_font_library.hb_ot_layout_get_baseline_with_fallback)
#define hb_script_from_string (wg_font_library.hb_script_from_string)
#define hb_shape (wg_font_library.hb_shape)
#endif

#endif
