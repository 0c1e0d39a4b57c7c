internal import CImaging

/// Encodes images as AVIF through libheif's AV1 encoder: lossy at a quality (full
/// chroma from 90 up), lossless at 100; the same bytes on every run.
public enum AVIFEncoder {
    /// Encodes `image` at `quality` (1...100; 100 is lossless). Alpha is kept, straight,
    /// only when some pixel is not opaque. `note`, the text of
    /// how it was made (`Provenance.json`), is written as an XMP packet in an XMP item; see
    /// `ProvenanceReader`.
    public static func encode(_ image: Image, quality: Int, note: String? = nil) throws(ImageEncodingError)
        -> [UInt8]
    {
        guard image.width > 0, image.height > 0 else { throw .emptyImage }
        let opaque = image.isOpaque
        let source = opaque ? image : PNGEncoder.straightAlphaCopy(of: image)
        let xmp = note.map { Array(XMPPacket.wallgenSpec($0).utf8) } ?? []
        return try xmp.withUnsafeBufferPointer { (xmp) throws(ImageEncodingError) in
            try ShimResult.encoded(.avif) { output, size, message, capacity in
                wg_avif_encode(
                    source.pixels, UInt32(source.width), UInt32(source.height), source.bytesPerRow, Int32(quality),
                    opaque ? 0 : 1, xmp.baseAddress, xmp.count, &output, &size, message, capacity)
            }
        }
    }
}
