/// A raster of premultiplied, sRGB-encoded RGBA8 pixels in one contiguous block.
///
/// Premultiplied storage makes source-over a multiply-add and keeps resampling from
/// bleeding the colour of transparent pixels into their neighbours. Rows are
/// `bytesPerRow` apart; pixels are `r, g, b, a` bytes in that order.
///
/// `Image` is a reference type: pipelines hand one buffer from stage to stage and
/// write into it in place, and a copy of several megabytes should never be implicit.
public final class Image: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    /// The first byte of the first row. Valid for the image's lifetime.
    public let pixels: UnsafeMutablePointer<UInt8>
    private let memory: PixelMemory
    /// For a canvas whose pages are passed down as its rows are done (see
    /// `CanvasPageReuse`); nil for every other image.
    let pageReuse: CanvasPageReuse?

    /// Bytes per pixel of every image.
    public static let channels = 4

    /// A fully transparent image. Traps only on a negative or overflowing size: callers
    /// check requested sizes (see `DecodeLimits`) before asking for an image.
    public convenience init(width: Int, height: Int) {
        self.init(width: width, height: height, recycling: nil)
    }

    /// With a `recycler`, an image whose pixels are undefined (perhaps another image's,
    /// gone): for code that writes every pixel before reading any. Its memory comes from
    /// `recycler` when it has a block to spare, and goes back to it when the image is
    /// released. Without one, the same as `init(width:height:)`: fresh memory, already
    /// zero (transparent). Either way a row's start is on a cache line.
    public convenience init(width: Int, height: Int, recycling recycler: ImageRecycler?) {
        self.init(width: width, height: height, recycling: recycler, reusingPages: false)
    }

    /// The same; with `reusingPages`, a canvas whose pages its writers and its last reader
    /// pass down as its rows are done (`CanvasPageReuse`), when its memory allows.
    init(width: Int, height: Int, recycling recycler: ImageRecycler?, reusingPages: Bool) {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        let (rowBytes, rowOverflow) = width.multipliedReportingOverflow(by: Image.channels)
        let (byteCount, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        precondition(!rowOverflow && !overflow, "image size overflows")
        self.width = width
        self.height = height
        self.bytesPerRow = rowBytes
        memory = PixelMemory(byteCount: max(byteCount, 1), recycling: recycler)
        pixels = memory.bytes.bindMemory(to: UInt8.self, capacity: max(byteCount, 1))
        pageReuse = reusingPages ? CanvasPageReuse(pixels: pixels, bytesPerRow: rowBytes, height: height) : nil
    }

    /// The first byte of row `y`.
    @inlinable
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        pixels + y * bytesPerRow
    }

    /// One pixel, for tests and slow paths; hot loops work on rows.
    public subscript(x: Int, y: Int) -> PremultipliedPixel {
        get {
            let p = row(y) + x * Image.channels
            return PremultipliedPixel(r: p[0], g: p[1], b: p[2], a: p[3])
        }
        set {
            #if WALLGEN_CHECKS
                precondition(
                    newValue.r <= newValue.a && newValue.g <= newValue.a && newValue.b <= newValue.a,
                    "\(newValue) is not premultiplied")
            #endif
            let p = row(y) + x * Image.channels
            p[0] = newValue.r
            p[1] = newValue.g
            p[2] = newValue.b
            p[3] = newValue.a
        }
    }

    /// Whether every pixel has alpha 255 (scans the image).
    public var isOpaque: Bool { isOpaque(rows: 0..<height) }

    /// Whether every pixel of `rows` has alpha 255. Each row's pixels are ANDed
    /// together as 32-bit words, a loop the compiler vectorises, and the alpha byte of
    /// the result checked once per row.
    public func isOpaque(rows: Range<Int>) -> Bool {
        let alphaMask = UInt32(255) << 24
        for y in rows.clamped(to: 0..<height) {
            let words = UnsafeRawPointer(row(y))
            var all = UInt32.max
            for x in 0..<width { all &= words.loadUnaligned(fromByteOffset: 4 &* x, as: UInt32.self).littleEndian }
            if all & alphaMask != alphaMask { return false }
        }
        return true
    }

    /// A new image with the same pixels.
    public func copy() -> Image {
        let duplicate = Image(width: width, height: height)
        duplicate.pixels.update(from: pixels, count: bytesPerRow * height)
        return duplicate
    }

    /// Sets every pixel to one value.
    public func fill(_ pixel: PremultipliedPixel) {
        for y in 0..<height {
            let p = row(y)
            for x in 0..<width {
                p[4 * x] = pixel.r
                p[4 * x + 1] = pixel.g
                p[4 * x + 2] = pixel.b
                p[4 * x + 3] = pixel.a
            }
        }
    }
}
