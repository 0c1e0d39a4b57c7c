internal import CImaging

/// Encodes JPEG files: opaque RGB from an image, or raw grayscale and CMYK samples
/// (the latter two let tests build every kind of file the decoder must read).
public enum JPEGEncoder {
    public enum Samples: Sendable {
        /// One byte per pixel.
        case gray
        /// Four bytes per pixel, written as given under an Adobe APP14 marker; by the
        /// convention readers follow, the values are inverted (255 = no ink).
        case cmyk
    }

    /// Encodes an image as a baseline RGB JPEG; alpha is ignored. With `iccProfile` the
    /// pixels are declared to be in that profile's colour space (embedded as APP2).
    public static func encode(
        _ image: Image, quality: Int = 90, progressive: Bool = false, iccProfile: [UInt8] = []
    ) throws(ImageEncodingError) -> [UInt8] {
        try encode(
            pixels: UnsafeRawPointer(image.pixels), width: image.width, height: image.height,
            bytesPerRow: image.bytesPerRow, input: WG_JPEG_INPUT_RGBX,
            .init(quality: quality, progressive: progressive, optimized: false, fullChroma: false),
            iccProfile: iccProfile, comment: [])
    }

    /// The JPEG wallgen writes as a picture for people: progressive, with Huffman tables
    /// optimised for this picture, chroma at 4:2:0 below quality 90 and 4:4:4 from 90 (a
    /// card's red seal and coloured titles keep their edges), and no colour profile: the
    /// values are sRGB, which is what every viewer assumes of an untagged JPEG, as of the
    /// untagged PNG wallgen writes.
    ///
    /// The image is expected to be opaque (every wallpaper, card and contact sheet is);
    /// otherwise its premultiplied colour is written, which is the picture flattened onto
    /// black. `note`, the text of how it was made (`Provenance.json`), is written as a
    /// COM segment whose payload is `wallgen ` followed by it (see `ProvenanceReader`).
    public static func encodeOutput(_ image: Image, quality: Int, note: String? = nil)
        throws(ImageEncodingError) -> [UInt8]
    {
        let comment = note.map { Array((ProvenanceReader.jpegCommentPrefix + $0).utf8) } ?? []
        return try encode(
            pixels: UnsafeRawPointer(image.pixels), width: image.width, height: image.height,
            bytesPerRow: image.bytesPerRow, input: WG_JPEG_INPUT_RGBX,
            .init(quality: quality, progressive: true, optimized: true, fullChroma: quality >= fullChromaQuality),
            iccProfile: [], comment: comment)
    }

    /// From this quality up, `encodeOutput` keeps every chroma sample (4:4:4).
    public static let fullChromaQuality = 90

    /// Encodes raw samples, `bytesPerRow` apart.
    public static func encode(
        samples: [UInt8], kind: Samples, width: Int, height: Int, quality: Int = 90
    ) throws(ImageEncodingError) -> [UInt8] {
        let bytesPerPixel = kind == .gray ? 1 : 4
        precondition(samples.count >= width * height * bytesPerPixel, "too few samples")
        return try samples.withUnsafeBufferPointer { (buffer) throws(ImageEncodingError) -> [UInt8] in
            try encode(
                pixels: UnsafeRawPointer(buffer.baseAddress!), width: width, height: height,
                bytesPerRow: width * bytesPerPixel,
                input: kind == .gray ? WG_JPEG_INPUT_GRAY : WG_JPEG_INPUT_CMYK,
                .init(quality: quality, progressive: false, optimized: false, fullChroma: false),
                iccProfile: [], comment: [])
        }
    }

    private struct Settings {
        var quality: Int
        var progressive: Bool
        var optimized: Bool
        var fullChroma: Bool
    }

    private static func encode(
        pixels: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int, input: wg_jpeg_input,
        _ settings: Settings, iccProfile: [UInt8], comment: [UInt8]
    ) throws(ImageEncodingError) -> [UInt8] {
        guard width > 0, height > 0 else { throw .emptyImage }
        return try iccProfile.withUnsafeBufferPointer { (profile) throws(ImageEncodingError) in
            try comment.withUnsafeBufferPointer { (comment) throws(ImageEncodingError) in
                var shim = wg_jpeg_settings(
                    quality: Int32(settings.quality), progressive: settings.progressive ? 1 : 0,
                    optimize_coding: settings.optimized ? 1 : 0, full_chroma: settings.fullChroma ? 1 : 0,
                    icc_profile: profile.baseAddress, icc_profile_size: profile.count,
                    comment: comment.baseAddress, comment_size: comment.count)
                return try ShimResult.encoded(.jpeg) { output, size, message, capacity in
                    wg_jpeg_encode(
                        pixels.assumingMemoryBound(to: UInt8.self), UInt32(width), UInt32(height), bytesPerRow, input,
                        &shim, &output, &size, message, capacity)
                }
            }
        }
    }
}
