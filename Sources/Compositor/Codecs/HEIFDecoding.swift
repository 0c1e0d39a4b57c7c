internal import CImaging

extension ImageDecoder {
    /// An opened HEIF whose primary picture passed the limits: its coded size (ispe) and
    /// its size as shown, and the memory decoding it takes. The decoder closes itself.
    struct HEIFHeader {
        let decoder: HEIFDecoderHandle
        /// As shown: after the file's rotation, mirroring and crop.
        let width: Int
        let height: Int
        let hasAlpha: Bool

        /// `index`: the file's top-level picture of that index, or the primary when negative.
        init(_ buffer: UnsafeBufferPointer<UInt8>, limits: DecodeLimits, index: Int = -1) throws(ImageDecodingError) {
            var decoder: OpaquePointer?
            var storedWidth: UInt32 = 0
            var storedHeight: UInt32 = 0
            var width: UInt32 = 0
            var height: UInt32 = 0
            var canvasWidth: UInt32 = 0
            var canvasHeight: UInt32 = 0
            var hasAlpha: Int32 = 0
            var bitDepth: Int32 = 0
            let opened = ShimResult.call {
                wg_heif_decoder_open_picture(
                    buffer.baseAddress, buffer.count, Int32(clamping: index), UInt64(max(1, limits.maxPixels)),
                    &decoder, &storedWidth,
                    &storedHeight, &width, &height, &canvasWidth, &canvasHeight, &hasAlpha, &bitDepth, $0, $1)
            }
            guard opened.succeeded, let decoder else { throw opened.decodingError(.heif) }
            self.decoder = HEIFDecoderHandle(decoder)
            try limits.check(width: Int(storedWidth), height: Int(storedHeight))
            try limits.check(width: Int(width), height: Int(height))
            // A grid or overlay is decoded onto a canvas of its own size: bounded too.
            try limits.check(width: Int(canvasWidth), height: Int(canvasHeight))
            let pixels = max(
                UInt64(storedWidth) * UInt64(storedHeight), UInt64(canvasWidth) * UInt64(canvasHeight))
            try limits.check(
                libraryMemory: ImageDecoder.heifMemoryNeeded(
                    pixels: pixels, bitDepth: Int(bitDepth), hasAlpha: hasAlpha != 0),
                format: .heif)
            (self.width, self.height, self.hasAlpha) = (Int(width), Int(height), hasAlpha != 0)
        }
    }

    /// A HEIF's primary picture (HEIC from a phone, or AVIF), turned as the file says and
    /// converted to sRGB, its sizes and memory checked before anything is decoded.
    static func decodeHEIF(_ buffer: UnsafeBufferPointer<UInt8>, limits: DecodeLimits, index: Int = -1)
        throws(ImageDecodingError) -> Image
    {
        let header = try HEIFHeader(buffer, limits: limits, index: index)
        let image = Image(width: header.width, height: header.height)
        let (read, premultiplied) = header.decoder.withPointer { decoder in
            (
                ShimResult.call { wg_heif_decoder_read(decoder, image.pixels, image.bytesPerRow, $0, $1) },
                wg_heif_decoder_is_premultiplied(decoder) != 0
            )
        }
        guard read.succeeded else { throw read.decodingError(.heif) }
        if header.hasAlpha && !premultiplied { premultiplyInPlace(image) }
        return image
    }

    /// What libheif and its codec take to decode a picture of this many coded pixels: the
    /// codec's own planes (the picture and a reference copy), the planar RGB libheif
    /// converts to, the interleaved RGBA it hands out and a turned copy when the file
    /// rotates it, about 12 bytes a pixel; twice that above 8 bits (16-bit samples), and
    /// 4 more for an alpha plane. Plus 16 MiB of working memory (bitstream, tables). A
    /// ceiling, not a measurement: a 12-megapixel iPhone photo (estimated 156 MiB) made
    /// wallgen's whole process peak at 162 MB, its own 47 MB picture and rendering included.
    static func heifMemoryNeeded(pixels: UInt64, bitDepth: Int, hasAlpha: Bool) -> UInt64 {
        let perPixel: UInt64 = (bitDepth > 8 ? 24 : 12) + (hasAlpha ? 4 : 0)
        let (product, overflow) = pixels.multipliedReportingOverflow(by: perPixel)
        return overflow ? .max : product &+ (16 << 20)
    }
}
