// CImaging: thin C shims over libjpeg-turbo, libpng, libwebp, libheif, libdeflate, Little CMS,
// FreeType, HarfBuzz and fontconfig: the only place wallgen calls C libraries.
//
// Every function that can fail returns a wg_status and, on failure, writes a
// NUL-terminated message into the caller's buffer. libjpeg and libpng report
// errors with longjmp; each shim function owns the setjmp that catches them, so
// no longjmp ever crosses a Swift frame. Every symbol carries the wg_ prefix.
#ifndef WG_CIMAGING_H
#define WG_CIMAGING_H

#include <stddef.h>
#include <stdint.h>

// Every pointer below is non-null unless marked _Nullable: Swift then imports the
// parameters as non-optional pointers, and the C side need not check them. Data that
// may be empty (size 0) is _Nullable, as are the handles and buffers a call hands back
// (set only on success) and strings a function may not have.
#pragma clang assume_nonnull begin

typedef enum {
    WG_OK = 0,
    WG_ERROR_FORMAT = 1,      // not this format, or corrupt / truncated data
    WG_ERROR_LIMIT = 2,       // larger than a configured limit
    WG_ERROR_MEMORY = 3,      // an allocation failed
    WG_ERROR_UNSUPPORTED = 4, // valid, but a variant this code does not handle
    WG_ERROR_ARGUMENT = 5,    // the caller passed something invalid
    WG_ERROR_EMPTY = 6,       // the input has no bytes at all
    WG_ERROR_LIBRARY = 7,     // the library refused the work; the message has its reason
    WG_ERROR_UNLOADABLE = 8,  // a library loaded on first use is not installed or lacks a function
} wg_status;

/// Bounds applied inside the codec libraries. The pixel-count limit is the caller's:
/// it checks the size the open functions report before allocating any pixels.
typedef struct {
    uint64_t max_library_memory;    // bytes the codec library may allocate for itself
    int32_t max_progressive_scans;  // JPEG: more scans than this is refused
    int32_t ignore_checksums;       // PNG: accept chunks whose CRC is wrong (fuzzing only)
} wg_decode_limits;

/// Frees memory that a wg_ function handed to the caller.
void wg_free(void *_Nullable pointer);

// MARK: JPEG (libjpeg-turbo)

typedef struct wg_jpeg_decoder wg_jpeg_decoder;

/// Reads the header. `data` must stay alive until wg_jpeg_decoder_close. `memory_needed`
/// is what libjpeg will legitimately take for this picture (for a multi-scan file, the
/// whole coefficient buffer, plus working memory); libjpeg is held to exactly that, and
/// the caller refuses the picture when it is above the caller's ceiling.
/// `limits->max_library_memory` is not used here.
wg_status wg_jpeg_decoder_open(const uint8_t *_Nullable data, size_t size, const wg_decode_limits *limits,
                               wg_jpeg_decoder *_Nullable *_Nonnull decoder, uint32_t *width, uint32_t *height,
                               uint64_t *memory_needed, char *message, size_t message_capacity);
/// Starts decompression at 1/scale_denominator of full size (1, 2, 4 or 8) and reports
/// the size that wg_jpeg_decoder_read will produce.
wg_status wg_jpeg_decoder_start(wg_jpeg_decoder *decoder, int scale_denominator,
                                uint32_t *output_width, uint32_t *output_height,
                                char *message, size_t message_capacity);
/// Limits decoding to a region of the output: columns from *x, *width wide (widened to
/// whole blocks by libjpeg, which reports the columns it will give) and rows y ..< y +
/// height. Rows outside are skipped, columns outside never decoded.
wg_status wg_jpeg_decoder_crop(wg_jpeg_decoder *decoder, uint32_t *x, uint32_t *width, uint32_t y,
                               uint32_t height, char *message, size_t message_capacity);
/// Decodes every row (or the cropped region) as opaque RGBA8 (alpha 255). Grayscale, YCbCr, RGB, CMYK and YCCK
/// sources are all converted; Adobe-style inverted CMYK is recognised by its APP14 marker.
/// An embedded RGB or CMYK ICC profile is honoured: colours are converted to sRGB.
/// `rgba` is the region's first row; with `ring_rows` above 0 it holds that many rows and
/// the region's row y goes to its row y % ring_rows (the caller makes sure a row is read
/// before the one ring_rows below it overwrites it). Each call decodes up to `max_rows`
/// more rows and sets *rows_done to the rows decoded so far; the call that decodes the
/// last row also finishes decompression, so call until *rows_done reaches the height.
wg_status wg_jpeg_decoder_read(wg_jpeg_decoder *decoder, uint8_t *rgba, size_t stride, uint32_t ring_rows,
                               uint32_t max_rows, uint32_t *rows_done, char *message,
                               size_t message_capacity);
void wg_jpeg_decoder_close(wg_jpeg_decoder *decoder);

typedef enum {
    WG_JPEG_INPUT_GRAY = 1,  // one byte per pixel
    WG_JPEG_INPUT_RGBX = 3,  // four bytes per pixel, the fourth ignored
    WG_JPEG_INPUT_CMYK = 4,  // four bytes per pixel, written as given with an Adobe marker
} wg_jpeg_input;

/// How a JPEG is encoded.
typedef struct {
    int32_t quality;          // 1...100, libjpeg's scale (its standard tables scaled)
    int32_t progressive;      // libjpeg's standard progressive scan script, else baseline
    int32_t optimize_coding;  // Huffman tables made for this picture instead of the standard ones
    int32_t full_chroma;      // colour: 4:4:4 (every chroma sample) instead of 4:2:0
    const uint8_t *_Nullable icc_profile;  // embedded as APP2 when given
    size_t icc_profile_size;
    const uint8_t *_Nullable comment;      // written as given in one COM segment (at most 65533 bytes)
    size_t comment_size;
} wg_jpeg_settings;

/// Encodes a JPEG into a buffer the caller frees with wg_free.
wg_status wg_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                         wg_jpeg_input input, const wg_jpeg_settings *settings,
                         uint8_t *_Nullable *_Nonnull output,
                         size_t *output_size, char *message, size_t message_capacity);

// MARK: WebP (libwebp, libwebpmux)

/// Loads libwebp, libwebpmux and libwebpdemux once (thread-safe), as the first WebP read
/// or written does; called early, a batch learns they are missing before its first card.
/// WG_OK, or WG_ERROR_UNLOADABLE with a message naming the library that cannot be loaded
/// or lacks a function.
wg_status wg_webp_load(char *message, size_t capacity);

/// Encodes straight-alpha RGBA8 as WebP into a buffer the caller frees with wg_free:
/// lossy at `quality` (1...100, libwebp's scale), or lossless when `lossless` (libwebp's fastest lossless
/// preset, as `cwebp -lossless -z 0`; `quality` is then only range-checked). Alpha is kept only when some pixel is not
/// opaque. With `xmp` (an XMP packet, written as given), the file is the extended
/// format: a VP8X header and an `XMP ` chunk after the image.
wg_status wg_webp_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int quality,
                         int lossless, const uint8_t *_Nullable xmp, size_t xmp_size,
                         uint8_t *_Nullable *_Nonnull output, size_t *output_size, char *message,
                         size_t message_capacity);

// MARK: AVIF and HEIF collections (libheif's AV1 and HEVC encoders)

/// Loads libheif once (thread-safe), as the first HEIF or AVIF read or written does.
/// WG_OK, or WG_ERROR_UNLOADABLE with a message naming the library when it is not
/// installed or lacks a function.
wg_status wg_heif_load(char *message, size_t capacity);

/// Encodes `rgba` (straight alpha) as AVIF: lossy at `quality` 1...99 (full chroma from
/// 90 up, 4:2:0 below), lossless at 100 (4:4:4, RGB kept as it is). With `alpha` the
/// alpha channel is kept, else the picture is stored as opaque RGB. With `xmp` (an XMP
/// packet, written as given), the file holds it as an XMP item of the primary image.
/// The same input gives the same bytes on any machine: every encoder setting is fixed.
wg_status wg_avif_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int quality,
                         int alpha, const uint8_t *_Nullable xmp, size_t xmp_size,
                         uint8_t *_Nullable *_Nonnull output, size_t *output_size, char *message,
                         size_t message_capacity);
/// A HEIF file of several pictures, made one at a time (a dynamic wallpaper's frames).
typedef struct wg_heif_collection wg_heif_collection;

/// Starts a file: HEVC (x265; 4:2:0, `quality` 1...99) when `hevc`, else AV1 as
/// wg_avif_encode encodes it (100 lossless). Every encoder setting is fixed.
wg_status wg_heif_collection_open(int hevc, int quality, wg_heif_collection *_Nullable *_Nonnull collection,
                                  char *message, size_t message_capacity);
/// Compresses one picture into the file, in order; with `primary` it becomes the file's
/// primary picture (else the first added is).
wg_status wg_heif_collection_add(wg_heif_collection *collection, const uint8_t *rgba, uint32_t width,
                                 uint32_t height, size_t stride, int alpha, int primary, char *message,
                                 size_t message_capacity);
/// Writes the file into a buffer the caller frees with wg_free, with `xmp` (written as
/// given) as an XMP item of the primary picture.
wg_status wg_heif_collection_finish(wg_heif_collection *collection, const uint8_t *_Nullable xmp,
                                    size_t xmp_size, uint8_t *_Nullable *_Nonnull output, size_t *output_size,
                                    char *message, size_t message_capacity);
void wg_heif_collection_close(wg_heif_collection *_Nullable collection);
/// An AVIF image sequence (libavif), made a frame at a time: KDE's dynamic wallpapers.
typedef struct wg_avif_sequence wg_avif_sequence;

/// Starts a sequence at `quality` 1...100 (100 lossless), 8-bit 4:4:4, every frame a
/// keyframe. Every encoder setting is fixed.
wg_status wg_avif_sequence_open(int quality, wg_avif_sequence *_Nullable *_Nonnull sequence, char *message,
                                size_t message_capacity);
/// Adds an opaque frame; `xmp` (written as given), when given with the first frame, is
/// the file's XMP item.
wg_status wg_avif_sequence_add(wg_avif_sequence *sequence, const uint8_t *rgba, uint32_t width, uint32_t height,
                               size_t stride, const uint8_t *_Nullable xmp, size_t xmp_size, char *message,
                               size_t message_capacity);
/// The file, in a buffer the caller frees with wg_free.
wg_status wg_avif_sequence_finish(wg_avif_sequence *sequence, uint8_t *_Nullable *_Nonnull output,
                                  size_t *output_size, char *message, size_t message_capacity);
void wg_avif_sequence_close(wg_avif_sequence *_Nullable sequence);
/// How many frames an AVIF (a sequence, or one picture) holds, and its XMP in a buffer to
/// free with wg_free (NULL when none), read by libavif within `max_pixels` a frame.
wg_status wg_avif_sequence_info(const uint8_t *_Nullable data, size_t size, uint64_t max_pixels, int *count,
                                uint8_t *_Nullable *_Nonnull xmp, size_t *xmp_size, char *message,
                                size_t message_capacity);
/// Frame `index` of an AVIF as straight-alpha RGBA8 in a buffer to free with wg_free.
wg_status wg_avif_sequence_frame(const uint8_t *_Nullable data, size_t size, int index, uint64_t max_pixels,
                                 uint8_t *_Nullable *_Nonnull rgba, uint32_t *width, uint32_t *height,
                                 char *message, size_t message_capacity);
/// The first XMP item (content type application/rdf+xml) of a HEIF or AVIF file's
/// primary image, in a buffer to free with wg_free; *xmp stays NULL when there is none.
/// Only the file's boxes are read, nothing is decoded.
wg_status wg_heif_read_xmp(const uint8_t *_Nullable data, size_t size, uint8_t *_Nullable *_Nonnull xmp,
                           size_t *xmp_size, char *message, size_t message_capacity);

// MARK: PNG (libpng, full API)

typedef struct wg_png_decoder wg_png_decoder;

/// Reads the header and sets up conversion of every colour type and bit depth to RGBA8.
/// `data` must stay alive until wg_png_decoder_close.
wg_status wg_png_decoder_open(const uint8_t *_Nullable data, size_t size, const wg_decode_limits *limits,
                              wg_png_decoder *_Nullable *_Nonnull decoder, uint32_t *width, uint32_t *height,
                              int *has_alpha, char *message, size_t message_capacity);
/// Decodes the whole image (interlaced or not) as straight-alpha RGBA8, converted to
/// sRGB when an RGB ICC profile (iCCP) is embedded.
wg_status wg_png_decoder_read(wg_png_decoder *decoder, uint8_t *rgba, size_t stride,
                              char *message, size_t message_capacity);
void wg_png_decoder_close(wg_png_decoder *decoder);

/// The CRC-32 of `size` bytes continued from `crc` (0 to start), as PNG's chunks carry it.
uint32_t wg_crc32(uint32_t crc, const uint8_t *_Nullable data, size_t size);

/// Filters rows `first_row ..< end_row` of an RGBA8 image for PNG into `output`: one filter
/// byte and the filtered bytes per row, RGB unless `keep_alpha`. `filter` 0...4 (none, sub,
/// up, average, Paeth) for every row, or -1 for the filter whose output has the smallest
/// signed sum, row by row (libpng's rule). *opaque is set to whether every pixel of these
/// rows has alpha 255 (always 1 with `keep_alpha`): RGB output is only right if so. With
/// `vectorized`, the Up filter to RGB goes through AVX2 in one pass; the bytes are the same.
wg_status wg_png_filter_rows(const uint8_t *rgba, size_t stride, uint32_t width, uint32_t first_row,
                             uint32_t end_row, int keep_alpha, int filter, uint8_t *output, int *opaque,
                             int vectorized, char *message, size_t capacity);

/// Compresses one band as raw deflate with libdeflate at `level` (1...12). Unless `final`,
/// the stream is left open and byte-aligned (as by a sync flush), so the next band's
/// stream can follow it. The caller frees *output with wg_free.
wg_status wg_deflate_band(const uint8_t *_Nullable data, size_t size, int level, int final,
                          uint8_t *_Nullable *_Nonnull output,
                          size_t *output_size, char *message, size_t message_capacity);
/// Where `data` (under 4 GiB) repeats its previous byte for 8 to 258 bytes, in order,
/// as (start, length) pairs in `runs` (room for size / 8 + 1 pairs), for Deflate's
/// RunLengthDeflate; returns how many. With `vectorized`, 57 positions a step in AVX2
/// (the caller decides, as for wg_adler32).
size_t wg_deflate_find_runs(const uint8_t *_Nullable data, size_t size, uint32_t *runs, int vectorized);
/// How often each token of RunLengthDeflate occurs in `data`, given its `run_count` runs
/// (start, length pairs, in order, as wg_deflate_find_runs gives them): each byte value
/// as a literal, outside the runs, in `literals`; each run length (8...258) in `lengths`,
/// indexed by the length itself (the rest left 0). With `vectorized`, the five commonest
/// bytes of filtered rows are counted 32 at a time in AVX2; the counts are the same.
void wg_deflate_token_counts(const uint8_t *_Nullable data, size_t size, const uint32_t *_Nullable runs,
                             size_t run_count, uint32_t literals[_Nonnull 256], uint32_t lengths[_Nonnull 259],
                             int vectorized);
/// Writes the deflate codes of `data` for RunLengthDeflate: every byte a literal except
/// the `run_count` runs (start, length pairs, in order), each one length code. `codes`
/// holds 256 literals then the lengths 3...258 (with their extra bits and distance
/// code), each as bits in the low 24 and their count in the high 8; no literal is longer
/// than 15 bits (deflate's limit). Writing starts at `out` after the `pending_count` (under
/// 8) bits in `pending`, and leaves them so again, all eight pending bytes stored at the
/// returned offset; `out` needs room for 2 * size + 8 bytes. With `vectorized`, the loop
/// compiled for BMI2 (the caller decides, as for wg_adler32); the bits are the same.
size_t wg_deflate_write_tokens(const uint8_t *_Nullable data, size_t size, const uint32_t *_Nullable runs,
                               size_t run_count, const uint32_t *codes, uint8_t *out, uint64_t *pending,
                               unsigned *pending_count, int vectorized);
/// The Adler-32 of a buffer; with `vectorized`, 32 bytes a step in AVX2. The caller
/// decides, from the same processor check (and WALLGEN_KERNELS) as every other kernel:
/// see KernelChoice.
uint32_t wg_adler32(const uint8_t *_Nullable data, size_t size, int vectorized);
/// The Adler-32 of two buffers one after the other, from theirs.
uint32_t wg_adler32_combine(uint32_t first, uint32_t second, size_t second_length);

// MARK: Resampling rows (resample_rows.c)

/// One row through the horizontal Lanczos filter, in AVX2: output pixel x sums the
/// 4 * group_count source pixels from starts[x] (all inside the row), with weights laid
/// out 16 per group of four taps (w0 w1 four times, then w2 w3 four times). Only for a
/// processor with AVX2 (KernelChoice); the result is that of Kernels' ConvolutionLoops.
void wg_resample_row_horizontally(const uint8_t *source, uint8_t *destination, size_t output_count,
                                  const int32_t *starts, const int16_t *weights, size_t group_count);
/// One output row of the vertical filter from its `tap_count` rows of `row_bytes` bytes
/// and their weights (each within 16 bits), in AVX2 (the same choice and the same bytes
/// as above).
void wg_resample_row_vertically(const uint8_t *_Nonnull const *_Nonnull rows, const int32_t *weights,
                                size_t tap_count, uint8_t *destination, size_t row_bytes);

// MARK: Compositing rows (composite_rows.c)

/// The whole-canvas compositor's row loops (Kernels' RowCompositingLoops, which see) over
/// an accumulator of four floats a pixel, in AVX2 on x86-64: the same float operations in
/// the same order, so the same bytes. Only for a processor with AVX2 (KernelChoice).
void wg_composite_load(const uint8_t *row, float *accumulator, size_t count);
void wg_composite_picture(const uint8_t *row, float opacity, float *accumulator, size_t count);
void wg_composite_solid(const float *color, float *accumulator, size_t count);
void wg_composite_color(const float *color, const float *alphas, float *accumulator, size_t count);
/// Quantises with `thresholds[x & threshold_mask]` as each pixel's dither threshold.
void wg_composite_store(const float *accumulator, uint8_t *row, const float *thresholds, size_t threshold_mask,
                        size_t count);

// MARK: WebP decoding (libwebp, libwebpdemux)

typedef struct wg_webp_decoder wg_webp_decoder;

/// Reads the RIFF, VP8X and first VP8/VP8L headers (WebPGetFeatures), decoding no pixel.
/// For an animation, the canvas size and its frame count. `memory_needed` is what libwebp
/// will take for itself for this picture (it has no allocator hooks to hold it to less).
/// `data` must stay alive until wg_webp_decoder_close.
wg_status wg_webp_decoder_open(const uint8_t *_Nullable data, size_t size, wg_webp_decoder *_Nullable *_Nonnull decoder,
                               uint32_t *width, uint32_t *height, int *has_alpha, uint32_t *frame_count,
                               uint64_t *memory_needed, char *message, size_t message_capacity);
/// Decodes the picture (an animation: its first frame on its canvas) as straight-alpha
/// RGBA8, converted to sRGB when the container carries an RGB ICC profile.
wg_status wg_webp_decoder_read(wg_webp_decoder *decoder, uint8_t *rgba, size_t stride, char *message,
                               size_t message_capacity);
void wg_webp_decoder_close(wg_webp_decoder *decoder);

// MARK: HEIF decoding (libheif: HEIC and AVIF)

typedef struct wg_heif_decoder wg_heif_decoder;

/// Parses the boxes and finds the primary picture, decoding nothing. `stored_width` x
/// `stored_height` is its coded size (ispe), `width` x `height` its size as shown, after
/// the file's rotation, mirroring and crop; `canvas_width` x `canvas_height` the largest
/// canvas any grid or overlay item in the file declares (0 x 0 when none), which libheif
/// would allocate whole; `bit_depth` the luma depth (-1 unknown). No
/// side of any image in the file may exceed `max_pixels` (libheif's own limit), and a
/// brand whose codec this libheif cannot decode is refused (WG_ERROR_UNSUPPORTED).
/// `data` must stay alive until wg_heif_decoder_close.
wg_status wg_heif_decoder_open(const uint8_t *_Nullable data, size_t size, uint64_t max_pixels,
                               wg_heif_decoder *_Nullable *_Nonnull decoder, uint32_t *stored_width,
                               uint32_t *stored_height, uint32_t *width, uint32_t *height, uint32_t *canvas_width,
                               uint32_t *canvas_height, int *has_alpha, int *bit_depth, char *message,
                               size_t message_capacity);
/// wg_heif_decoder_open for the file's top-level picture `index` (0 is the first in the
/// file's order), or its primary picture when `index` is negative: a dynamic wallpaper's
/// frames.
wg_status wg_heif_decoder_open_picture(const uint8_t *_Nullable data, size_t size, int index, uint64_t max_pixels,
                                       wg_heif_decoder *_Nullable *_Nonnull decoder, uint32_t *stored_width,
                                       uint32_t *stored_height, uint32_t *width, uint32_t *height,
                                       uint32_t *canvas_width, uint32_t *canvas_height, int *has_alpha,
                                       int *bit_depth, char *message, size_t message_capacity);
/// How many top-level pictures a HEIF file holds, or -1 when libheif cannot read it.
int wg_heif_picture_count(const uint8_t *_Nullable data, size_t size);

/// Decodes the primary picture as 8-bit RGBA (any bit depth), turned and mirrored as the
/// file says (never by its Exif), converted to sRGB from its ICC profile or nclx colours.
/// Alpha is straight unless wg_heif_decoder_is_premultiplied.
wg_status wg_heif_decoder_read(wg_heif_decoder *decoder, uint8_t *rgba, size_t stride, char *message,
                               size_t message_capacity);
int wg_heif_decoder_is_premultiplied(const wg_heif_decoder *decoder);
void wg_heif_decoder_close(wg_heif_decoder *decoder);

// MARK: Fonts (FreeType)

typedef struct wg_font wg_font;

typedef struct {
    double ascender;     // pixels above the baseline, positive
    double descender;    // pixels below the baseline, positive
    double line_height;  // recommended distance between baselines
} wg_font_metrics;

typedef struct {
    int32_t left;            // pixels from the pen position to the bitmap's left edge
    int32_t top;             // pixels from the baseline up to the bitmap's top row
    uint32_t width;
    uint32_t rows;
    int32_t pitch;           // bytes between rows
    const uint8_t *_Nullable coverage; // NULL for an empty glyph; valid until the next render call on this font: 8-bit
                             // coverage, or premultiplied BGRA when is_color
    int32_t is_color;
    double scale;            // draw the bitmap this much larger (bitmap strikes), else 1
} wg_glyph_bitmap;

/// One glyph out of the shaper, in pixels at the current size.
typedef struct {
    uint32_t glyph;
    uint32_t cluster;        // index into the shaped text of the character it came from
    double x_advance;
    double y_advance;        // negative down the page in vertical text
    double x_offset;
    double y_offset;
} wg_shaped_glyph;

/// Loads FreeType and HarfBuzz once (thread-safe; they are not linked): WG_OK, or
/// WG_ERROR_UNLOADABLE naming the library that cannot be loaded or lacks a function.
/// Opening a font does this first; a command that will draw text calls it ahead, on a
/// thread of its own, so the loading overlaps its start.
wg_status wg_font_libraries_load(char *message, size_t message_capacity);

/// Opens a face from a copy of `data`: scalable outlines, or colour bitmaps (emoji).
/// Fails with FreeType's error in words, or as `wg_font_libraries_load` does.
wg_status wg_font_open(const uint8_t *_Nullable data, size_t size, long face_index,
                       wg_font *_Nullable *_Nonnull font,
                       char *message, size_t message_capacity);
/// The same from a file, which FreeType maps and reads only where it needs to (the
/// tables and the glyphs drawn), instead of from a copy of all of it.
wg_status wg_font_open_file(const char *path, long face_index, wg_font *_Nullable *_Nonnull font,
                            char *message,
                            size_t message_capacity);
void wg_font_close(wg_font *font);
/// Whether the face has colour glyphs (emoji).
int wg_font_is_color(const wg_font *font);
/// The family name, or "" when the font has none.
const char *wg_font_family_name(const wg_font *font);
wg_status wg_font_set_pixel_size(wg_font *font, double pixel_size, char *message,
                                 size_t message_capacity);
void wg_font_get_metrics(const wg_font *font, wg_font_metrics *metrics);
/// 0 when the font has no glyph for this Unicode scalar.
uint32_t wg_font_glyph_index(const wg_font *font, uint32_t scalar);
/// How much larger than its bitmap strike the face is drawn (1 for outline fonts).
double wg_font_scale(const wg_font *font);
/// Shapes `count` UTF-32 characters from `start` of `text` (the rest is context) with
/// HarfBuzz: kerning, ligatures, marks, emoji sequences. `vertical` sets top-to-bottom.
/// `language` (a BCP 47 tag such as "zh-Hant-TW", or NULL for none) selects the font's
/// forms for that language (`locl`); `script` (ISO 15924, such as "Hani") is the script
/// a run of punctuation alone is shaped in, which has none of its own and would miss
/// those forms. The caller frees *glyphs with wg_free.
wg_status wg_font_shape(wg_font *font, const uint32_t *_Nullable text, size_t length, size_t start,
                        size_t count, int vertical, const char *_Nullable language,
                        const char *_Nullable script, wg_shaped_glyph *_Nullable *_Nonnull glyphs,
                        size_t *glyph_count,
                        char *message, size_t message_capacity);

/// A glyph's ink: the box of its unhinted outline at the current size, in pixels from
/// the pen position, y up. `is_empty` for a glyph with no outline (a space, a colour bitmap).
typedef struct {
    double min_x;
    double min_y;
    double max_x;
    double max_y;
    int32_t is_empty;
} wg_ink_box;

wg_status wg_font_ink_box(wg_font *font, uint32_t glyph, wg_ink_box *box, char *message,
                          size_t message_capacity);
/// The height of the middle of the ideographic em box above the baseline, in pixels at
/// the current size: from the font's BASE table, else HarfBuzz's fallback (the middle of
/// the ascender and descender). Where the eye expects the centre of a CJK character cell.
double wg_font_ideographic_center(wg_font *font);
/// Renders a glyph: 8-bit coverage with the pen offset by `subpixel_x` (0 <= x < 1), or
/// a colour bitmap at its strike's size.
wg_status wg_font_render_glyph(wg_font *font, uint32_t glyph, double subpixel_x,
                               wg_glyph_bitmap *bitmap, char *message, size_t message_capacity);
/// The file of an installed scalable font that has `scalar`, found with fontconfig;
/// 1 when found (its path is in `path`), 0 otherwise.
int wg_system_font_for(uint32_t scalar, char *path, size_t capacity);
/// FreeType's description of an error code (Debian's FreeType returns NULL from
/// FT_Error_String, so the table is built here).
const char *_Nullable wg_freetype_error_string(int error);

// ---- Processor ----

/// 1 when the processor and OS support x86-64-v3 (AVX2, FMA, BMI2 and the rest of that
/// level), else 0; always 0 on other architectures.
int wg_cpu_supports_x86_64_v3(void);

/// The CPUs in this process's affinity mask (sched_getaffinity), or 0 if it cannot be read.
int wg_cpu_affinity_count(void);

// ---- Pages ----

/// Moves the pages at `from` to `to` (both page-aligned, `length` bytes, not overlapping),
/// replacing what was mapped at `to`, and maps fresh zero pages at `from`. 0, or -1 with
/// errno set.
int wg_move_pages(void *from, void *to, size_t length);

#pragma clang assume_nonnull end

#endif
