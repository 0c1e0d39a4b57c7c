internal import CImaging

extension ImageDecoder {
    /// An opened WebP whose header passed the limits. The caller closes `decoder`.
    struct WebPHeader {
        let decoder: OpaquePointer
        let width: Int
        let height: Int
        let hasAlpha: Bool
        /// 1 for a still picture.
        let frames: Int

        init(_ buffer: UnsafeBufferPointer<UInt8>, limits: DecodeLimits) throws(ImageDecodingError) {
            var decoder: OpaquePointer?
            var width: UInt32 = 0
            var height: UInt32 = 0
            var hasAlpha: Int32 = 0
            var frames: UInt32 = 0
            var memoryNeeded: UInt64 = 0
            let opened = ShimResult.call {
                wg_webp_decoder_open(
                    buffer.baseAddress, buffer.count, &decoder, &width, &height, &hasAlpha, &frames, &memoryNeeded,
                    $0, $1)
            }
            guard opened.succeeded, let decoder else { throw opened.decodingError(.webp) }
            do {
                // Pixels first: a header declaring an absurd size is that, not a memory need.
                try limits.check(width: Int(width), height: Int(height))
                try limits.check(libraryMemory: memoryNeeded, format: .webp)
            } catch {
                wg_webp_decoder_close(decoder)
                throw error
            }
            (self.decoder, self.width, self.height) = (decoder, Int(width), Int(height))
            (self.hasAlpha, self.frames) = (hasAlpha != 0, Int(frames))
        }
    }

    /// A WebP (lossy, lossless, with or without alpha; an animation's first frame), its
    /// size checked against `limits` from the header before any pixel is decoded.
    static func decodeWebP(_ buffer: UnsafeBufferPointer<UInt8>, limits: DecodeLimits)
        throws(ImageDecodingError) -> (Image, [DecodeNote])
    {
        let header = try WebPHeader(buffer, limits: limits)
        defer { wg_webp_decoder_close(header.decoder) }
        let image = Image(width: header.width, height: header.height)
        let read = ShimResult.call { wg_webp_decoder_read(header.decoder, image.pixels, image.bytesPerRow, $0, $1) }
        guard read.succeeded else { throw read.decodingError(.webp) }
        // An animation's canvas may be transparent where its first frame does not reach.
        if header.hasAlpha || header.frames > 1 { premultiplyInPlace(image) }
        return (image, header.frames > 1 ? [.firstFrameOfAnimation(frames: header.frames)] : [])
    }
}
