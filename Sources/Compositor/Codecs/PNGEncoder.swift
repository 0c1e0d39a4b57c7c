internal import CImaging

/// How hard deflate works, and which PNG row filters it may use.
public struct PNGEncodingOptions: Sendable, Equatable {
    /// zlib level, 0 (store) to 9 (smallest).
    public var compressionLevel: Int
    /// Row filters libpng may choose from for each row.
    public var filters: Filters
    public var strategy: Strategy

    public struct Filters: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        // libpng's PNG_FILTER_* bit values.
        public static let none = Filters(rawValue: 0x08)
        public static let sub = Filters(rawValue: 0x10)
        public static let up = Filters(rawValue: 0x20)
        public static let average = Filters(rawValue: 0x40)
        public static let paeth = Filters(rawValue: 0x80)
        public static let all: Filters = [.none, .sub, .up, .average, .paeth]
    }

    /// zlib's strategies (Z_DEFAULT_STRATEGY, Z_FILTERED, Z_RLE).
    public enum Strategy: Int32, Sendable {
        case standard = 0
        case filtered = 1
        case runLength = 3
    }

    public init(compressionLevel: Int, filters: Filters, strategy: Strategy) {
        self.compressionLevel = compressionLevel
        self.filters = filters
        self.strategy = strategy
    }

    /// Fast and still compact for photographic wallpapers: Paeth predicts smooth
    /// gradients well and run-length deflate at level 1 costs a tenth of level 6.
    public static let fast = PNGEncodingOptions(compressionLevel: 1, filters: .paeth, strategy: .runLength)
    /// zlib's default level with libpng's adaptive filter choice.
    public static let standard = PNGEncodingOptions(compressionLevel: 6, filters: .all, strategy: .filtered)
    /// Smallest files, slowest.
    public static let small = PNGEncodingOptions(compressionLevel: 9, filters: .all, strategy: .filtered)
}

/// Encodes images as 8-bit PNG.
public enum PNGEncoder {
    /// Encodes `image`: as RGB (colour type 2) when every pixel is opaque, otherwise as
    /// RGBA with the alpha un-premultiplied, as PNG requires.
    public static func encode(_ image: Image, options: PNGEncodingOptions = .fast)
        throws(ImageEncodingError) -> [UInt8]
    {
        guard image.width > 0, image.height > 0 else { throw .emptyImage }
        if image.isOpaque {
            // Premultiplied and straight alpha agree when every alpha is 255.
            return try encode(rows: image.pixels, image: image, bytesPerRow: image.bytesPerRow, alpha: false, options)
        }
        var straight = straightAlphaRows(of: image)
        return try straight.withUnsafeMutableBufferPointer { (rows) throws(ImageEncodingError) -> [UInt8] in
            try encode(rows: rows.baseAddress!, image: image, bytesPerRow: 4 * image.width, alpha: true, options)
        }
    }

    private static func encode(
        rows: UnsafeMutablePointer<UInt8>, image: Image, bytesPerRow: Int, alpha: Bool, _ options: PNGEncodingOptions
    ) throws(ImageEncodingError) -> [UInt8] {
        var shimOptions = wg_png_encode_options(
            compression_level: Int32(options.compressionLevel), filters: options.filters.rawValue,
            strategy: options.strategy.rawValue)
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let result = ShimResult.call {
            wg_png_encode(
                rows, UInt32(image.width), UInt32(image.height), bytesPerRow, alpha ? 1 : 0, &shimOptions, &output,
                &size, $0, $1)
        }
        guard result.succeeded, let output else {
            throw .library(format: .png, reason: result.message)
        }
        defer { wg_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// The image's rows with alpha divided back out, as PNG stores them.
    private static func straightAlphaRows(of image: Image) -> [UInt8] {
        var rows = [UInt8](repeating: 0, count: 4 * image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let color = image[x, y].unpremultiplied
                let index = 4 * (y * image.width + x)
                (rows[index], rows[index + 1], rows[index + 2], rows[index + 3]) =
                    (color.red, color.green, color.blue, color.alpha)
            }
        }
        return rows
    }
}
