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
            bytesPerRow: image.bytesPerRow, input: WG_JPEG_INPUT_RGBX, quality: quality, progressive: progressive,
            iccProfile: iccProfile)
    }

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
                input: kind == .gray ? WG_JPEG_INPUT_GRAY : WG_JPEG_INPUT_CMYK, quality: quality, progressive: false,
                iccProfile: [])
        }
    }

    private static func encode(
        pixels: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int, input: wg_jpeg_input,
        quality: Int, progressive: Bool, iccProfile: [UInt8]
    ) throws(ImageEncodingError) -> [UInt8] {
        guard width > 0, height > 0 else { throw .emptyImage }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let result = iccProfile.withUnsafeBufferPointer { profile in
            ShimResult.call {
                wg_jpeg_encode(
                    pixels.assumingMemoryBound(to: UInt8.self), UInt32(width), UInt32(height),
                    bytesPerRow, input, Int32(quality), progressive ? 1 : 0, profile.baseAddress, profile.count,
                    &output,
                    &size, $0, $1)
            }
        }
        guard result.succeeded, let output else {
            throw .library(format: .jpeg, reason: result.message)
        }
        defer { wg_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
