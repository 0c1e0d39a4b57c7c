internal import CImaging

/// Encodes images as WebP through libwebp: lossy at a quality, or lossless.
public enum WebPEncoder {
    /// Encodes `image`, lossy at `quality` (1...100, libwebp's scale) or lossless when
    /// `lossless` (libwebp's fastest lossless preset, as `cwebp -lossless -z 0`). Alpha is kept, straight,
    /// only when some pixel is not opaque. `note`, the text of how it was made
    /// (`Provenance.json`), is written as an XMP packet in an `XMP ` chunk, which makes the file the extended
    /// format (VP8X); see `ProvenanceReader`.
    public static func encode(_ image: Image, quality: Int, lossless: Bool, note: String? = nil)
        throws(ImageEncodingError) -> [UInt8]
    {
        guard image.width > 0, image.height > 0 else { throw .emptyImage }
        let source = image.isOpaque ? image : PNGEncoder.straightAlphaCopy(of: image)
        let xmp = note.map { Array(XMPPacket.wallgenSpec($0).utf8) } ?? []
        return try xmp.withUnsafeBufferPointer { (xmp) throws(ImageEncodingError) in
            try ShimResult.encoded(.webp) { output, size, message, capacity in
                wg_webp_encode(
                    source.pixels, UInt32(source.width), UInt32(source.height), source.bytesPerRow, Int32(quality),
                    lossless ? 1 : 0, xmp.baseAddress, xmp.count, &output, &size, message, capacity)
            }
        }
    }
}
