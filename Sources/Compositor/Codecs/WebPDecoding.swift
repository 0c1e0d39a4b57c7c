internal import CImaging

extension ImageDecoder {
    /// An opened WebP whose header passed the limits; the decoder closes itself.
    struct WebPHeader {
        let decoder: WebPDecoderHandle
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
            self.decoder = WebPDecoderHandle(decoder)
            // Pixels first: a header declaring an absurd size is that, not a memory need.
            try limits.check(width: Int(width), height: Int(height))
            try limits.check(libraryMemory: memoryNeeded, format: .webp)
            (self.width, self.height) = (Int(width), Int(height))
            (self.hasAlpha, self.frames) = (hasAlpha != 0, Int(frames))
        }
    }

    /// A WebP (lossy, lossless, with or without alpha; an animation's first frame), its
    /// size checked against `limits` from the header before any pixel is decoded.
    static func decodeWebP(_ buffer: UnsafeBufferPointer<UInt8>, limits: DecodeLimits)
        throws(ImageDecodingError) -> (Image, [DecodeNote])
    {
        let header = try WebPHeader(buffer, limits: limits)
        let image = Image(width: header.width, height: header.height)
        let read = header.decoder.withPointer { decoder in
            ShimResult.call { wg_webp_decoder_read(decoder, image.pixels, image.bytesPerRow, $0, $1) }
        }
        guard read.succeeded else { throw read.decodingError(.webp) }
        // An animation's canvas may be transparent where its first frame does not reach.
        if header.hasAlpha || header.frames > 1 { premultiplyInPlace(image) }
        return (image, header.frames > 1 ? [.firstFrameOfAnimation(frames: header.frames)] : [])
    }
}
