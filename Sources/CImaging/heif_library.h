// libheif, loaded the first time a HEIC or AVIF is read or written, not at start-up.
//
// Linked the ordinary way, libheif and what it loads (libde265, x265, dav1d, aom) are
// mapped and relocated, and libheif's static initialiser registers its codecs (libde265's
// tables among them), before main runs: about 60 % of the instructions of
// `wallgen --version` (docs/PERFORMANCE.md, "Start-up"). So the shim's HEIF files call
// libheif through this table of function pointers, filled on first use
// (CLibraryLoader); the macros below keep their calls spelled as libheif's own.
#ifndef WG_HEIF_LIBRARY_H
#define WG_HEIF_LIBRARY_H
#include "CImaging.h"

#include <libheif/heif.h>
#include <stddef.h>

/// libheif's soname: the ABI the headers describe (Debian's libheif1).
#define WG_HEIF_SONAME "libheif.so.1"

#define WG_HEIF_FUNCTIONS(X) \
    X(heif_context_add_XMP_metadata) \
    X(heif_context_alloc) \
    X(heif_context_encode_image) \
    X(heif_context_free) \
    X(heif_context_get_encoder_for_format) \
    X(heif_context_get_number_of_top_level_images) \
    X(heif_context_get_list_of_top_level_image_IDs) \
    X(heif_context_get_image_handle) \
    X(heif_context_get_primary_image_handle) \
    X(heif_context_read_from_memory_without_copy) \
    X(heif_context_set_maximum_image_size_limit) \
    X(heif_context_set_primary_image) \
    X(heif_context_write) \
    X(heif_decode_image) \
    X(heif_decoding_options_alloc) \
    X(heif_decoding_options_free) \
    X(heif_encoder_release) \
    X(heif_encoder_set_lossless) \
    X(heif_encoder_set_lossy_quality) \
    X(heif_encoder_set_parameter_integer) \
    X(heif_encoder_set_parameter_string) \
    X(heif_encoding_options_alloc) \
    X(heif_encoding_options_free) \
    X(heif_fourcc_to_brand) \
    X(heif_have_decoder_for_format) \
    X(heif_have_encoder_for_format) \
    X(heif_image_add_plane) \
    X(heif_image_create) \
    X(heif_image_get_bits_per_pixel_range) \
    X(heif_image_get_height) \
    X(heif_image_get_plane) \
    X(heif_image_get_plane_readonly) \
    X(heif_image_get_width) \
    X(heif_image_handle_get_height) \
    X(heif_image_handle_get_ispe_height) \
    X(heif_image_handle_get_ispe_width) \
    X(heif_image_handle_get_list_of_metadata_block_IDs) \
    X(heif_image_handle_get_luma_bits_per_pixel) \
    X(heif_image_handle_get_metadata) \
    X(heif_image_handle_get_metadata_content_type) \
    X(heif_image_handle_get_metadata_size) \
    X(heif_image_handle_get_nclx_color_profile) \
    X(heif_image_handle_get_number_of_metadata_blocks) \
    X(heif_image_handle_get_raw_color_profile) \
    X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_image_handle_get_width) \
    X(heif_image_handle_has_alpha_channel) \
    X(heif_image_handle_is_premultiplied_alpha) \
    X(heif_image_handle_release) \
    X(heif_image_release) \
    X(heif_image_set_nclx_color_profile) \
    X(heif_nclx_color_profile_alloc) \
    X(heif_nclx_color_profile_free) \
    X(heif_read_main_brand)

struct wg_heif_functions {
#define WG_HEIF_POINTER(name) __typeof__(name) *name;
    WG_HEIF_FUNCTIONS(WG_HEIF_POINTER)
#undef WG_HEIF_POINTER
};

extern struct wg_heif_functions wg_heif;

// wg_heif_load, which loads libheif, is declared in CImaging.h.

#ifndef WG_HEIF_LIBRARY_LOADER
#define heif_context_add_XMP_metadata (wg_heif.heif_context_add_XMP_metadata)
#define heif_context_alloc (wg_heif.heif_context_alloc)
#define heif_context_encode_image (wg_heif.heif_context_encode_image)
#define heif_context_free (wg_heif.heif_context_free)
#define heif_context_get_encoder_for_format (wg_heif.heif_context_get_encoder_for_format)
#define heif_context_get_number_of_top_level_images (wg_heif.heif_context_get_number_of_top_level_images)
#define heif_context_get_list_of_top_level_image_IDs (wg_heif.heif_context_get_list_of_top_level_image_IDs)
#define heif_context_get_image_handle (wg_heif.heif_context_get_image_handle)
#define heif_context_get_primary_image_handle (wg_heif.heif_context_get_primary_image_handle)
#define heif_context_read_from_memory_without_copy (wg_heif.heif_context_read_from_memory_without_copy)
#define heif_context_set_maximum_image_size_limit (wg_heif.heif_context_set_maximum_image_size_limit)
#define heif_context_set_primary_image (wg_heif.heif_context_set_primary_image)
#define heif_context_write (wg_heif.heif_context_write)
#define heif_decode_image (wg_heif.heif_decode_image)
#define heif_decoding_options_alloc (wg_heif.heif_decoding_options_alloc)
#define heif_decoding_options_free (wg_heif.heif_decoding_options_free)
#define heif_encoder_release (wg_heif.heif_encoder_release)
#define heif_encoder_set_lossless (wg_heif.heif_encoder_set_lossless)
#define heif_encoder_set_lossy_quality (wg_heif.heif_encoder_set_lossy_quality)
#define heif_encoder_set_parameter_integer (wg_heif.heif_encoder_set_parameter_integer)
#define heif_encoder_set_parameter_string (wg_heif.heif_encoder_set_parameter_string)
#define heif_encoding_options_alloc (wg_heif.heif_encoding_options_alloc)
#define heif_encoding_options_free (wg_heif.heif_encoding_options_free)
#define heif_fourcc_to_brand (wg_heif.heif_fourcc_to_brand)
#define heif_have_decoder_for_format (wg_heif.heif_have_decoder_for_format)
#define heif_have_encoder_for_format (wg_heif.heif_have_encoder_for_format)
#define heif_image_add_plane (wg_heif.heif_image_add_plane)
#define heif_image_create (wg_heif.heif_image_create)
#define heif_image_get_bits_per_pixel_range (wg_heif.heif_image_get_bits_per_pixel_range)
#define heif_image_get_height (wg_heif.heif_image_get_height)
#define heif_image_get_plane (wg_heif.heif_image_get_plane)
#define heif_image_get_plane_readonly (wg_heif.heif_image_get_plane_readonly)
#define heif_image_get_width (wg_heif.heif_image_get_width)
#define heif_image_handle_get_height (wg_heif.heif_image_handle_get_height)
#define heif_image_handle_get_ispe_height (wg_heif.heif_image_handle_get_ispe_height)
#define heif_image_handle_get_ispe_width (wg_heif.heif_image_handle_get_ispe_width)
#define heif_image_handle_get_list_of_metadata_block_IDs (wg_heif.heif_image_handle_get_list_of_metadata_block_IDs)
#define heif_image_handle_get_luma_bits_per_pixel (wg_heif.heif_image_handle_get_luma_bits_per_pixel)
#define heif_image_handle_get_metadata (wg_heif.heif_image_handle_get_metadata)
#define heif_image_handle_get_metadata_content_type (wg_heif.heif_image_handle_get_metadata_content_type)
#define heif_image_handle_get_metadata_size (wg_heif.heif_image_handle_get_metadata_size)
#define heif_image_handle_get_nclx_color_profile (wg_heif.heif_image_handle_get_nclx_color_profile)
#define heif_image_handle_get_number_of_metadata_blocks (wg_heif.heif_image_handle_get_number_of_metadata_blocks)
#define heif_image_handle_get_raw_color_profile (wg_heif.heif_image_handle_get_raw_color_profile)
#define heif_image_handle_get_raw_color_profile_size (wg_heif.heif_image_handle_get_raw_color_profile_size)
#define heif_image_handle_get_width (wg_heif.heif_image_handle_get_width)
#define heif_image_handle_has_alpha_channel (wg_heif.heif_image_handle_has_alpha_channel)
#define heif_image_handle_is_premultiplied_alpha (wg_heif.heif_image_handle_is_premultiplied_alpha)
#define heif_image_handle_release (wg_heif.heif_image_handle_release)
#define heif_image_release (wg_heif.heif_image_release)
#define heif_image_set_nclx_color_profile (wg_heif.heif_image_set_nclx_color_profile)
#define heif_nclx_color_profile_alloc (wg_heif.heif_nclx_color_profile_alloc)
#define heif_nclx_color_profile_free (wg_heif.heif_nclx_color_profile_free)
#define heif_read_main_brand (wg_heif.heif_read_main_brand)
#endif

#endif
