internal import CImaging
import Platform

/// An AVIF read by libavif: how many frames it holds (an image sequence, as KDE's dynamic
/// wallpapers are, or one picture), its XMP, and any frame. libheif reads only an AVIF's
/// primary picture; a sequence's other frames are libavif's to read.
public struct AVIFSequence {
    public let bytes: [UInt8]
    public let limits: DecodeLimits

    public init(_ bytes: [UInt8], limits: DecodeLimits = .standard) {
        self.bytes = bytes
        self.limits = limits
    }

    /// The frame count and the XMP packet (nil when none).
    public func info() throws(ImageDecodingError) -> (count: Int, xmp: String?) {
        var count: Int32 = 0
        var xmp: UnsafeMutablePointer<UInt8>?
        var size = 0
        let result = bytes.withUnsafeBufferPointer { buffer in
            ShimResult.call {
                wg_avif_sequence_info(
                    buffer.baseAddress, buffer.count, UInt64(max(1, limits.maxPixels)), &count, &xmp, &size, $0, $1)
            }
        }
        guard result.succeeded else { throw result.decodingError(.heif) }
        defer { if let xmp { wg_free(xmp) } }
        let packet = xmp.flatMap { String(validating: UnsafeBufferPointer(start: $0, count: size), as: UTF8.self) }
        return (Int(count), packet)
    }

    /// Frame `index` (from 0), premultiplied as every decoded picture is.
    public func frame(_ index: Int) throws(ImageDecodingError) -> Image {
        var rgba: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        let result = bytes.withUnsafeBufferPointer { buffer in
            ShimResult.call {
                wg_avif_sequence_frame(
                    buffer.baseAddress, buffer.count, Int32(clamping: index), UInt64(max(1, limits.maxPixels)), &rgba,
                    &width, &height, $0, $1)
            }
        }
        guard result.succeeded, let rgba else { throw result.decodingError(.heif) }
        defer { wg_free(rgba) }
        let image = Image(width: Int(width), height: Int(height))
        for y in 0..<image.height {
            (image.row(y)).update(from: rgba + y * Int(width) * 4, count: Int(width) * 4)
        }
        ImageDecoder.premultiplyInPlace(image)
        return image
    }
}
