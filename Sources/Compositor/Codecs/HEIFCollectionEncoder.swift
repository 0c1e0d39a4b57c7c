internal import CImaging

/// Makes one HEIF file of several pictures, added one at a time: a dynamic wallpaper's
/// frames. libheif keeps each picture compressed, so memory stays one canvas whatever
/// the number of frames. The primary picture (what a file manager shows, and what
/// carries the XMP item) is the first added unless another is marked.
public final class HEIFCollectionEncoder {
    public enum Codec: Sendable {
        /// HEVC through x265, 4:2:0: what macOS reads (a `.heic`).
        case hevc
        /// AV1 through aom, as wallgen's AVIFs are encoded.
        case av1

        /// How people name the file it makes.
        public var kind: String {
            switch self {
            case .hevc: "HEIC"
            case .av1: "AVIF"
            }
        }
    }

    public let codec: Codec
    private let collection: OpaquePointer
    public private(set) var count = 0

    /// A file of `codec` pictures at `quality` (1...99 for HEVC; 1...100 for AV1, 100
    /// lossless).
    public init(codec: Codec, quality: Int) throws(ImageEncodingError) {
        self.codec = codec
        var made: OpaquePointer?
        let result = ShimResult.call { message, capacity in
            wg_heif_collection_open(codec == .hevc ? 1 : 0, Int32(clamping: quality), &made, message, capacity)
        }
        guard result.succeeded, let made else { throw result.collectionError(codec.kind) }
        collection = made
    }

    deinit { wg_heif_collection_close(collection) }

    /// Compresses `image` into the file after those added before; `primary` marks it as
    /// the file's primary picture. Alpha is kept only when some pixel is not opaque.
    public func add(_ image: Image, primary: Bool = false) throws(ImageEncodingError) {
        guard image.width > 0, image.height > 0 else { throw .emptyImage }
        let opaque = image.isOpaque
        let source = opaque ? image : PNGEncoder.straightAlphaCopy(of: image)
        let result = ShimResult.call { message, capacity in
            wg_heif_collection_add(
                collection, source.pixels, UInt32(source.width), UInt32(source.height), source.bytesPerRow,
                opaque ? 0 : 1, primary ? 1 : 0, message, capacity)
        }
        guard result.succeeded else { throw result.collectionError(codec.kind) }
        count += 1
    }

    /// The file's bytes, with `xmp` (a whole XMP packet) as an XMP item of the primary
    /// picture.
    public func finish(xmp: String?) throws(ImageEncodingError) -> [UInt8] {
        let packet = xmp.map { Array($0.utf8) } ?? []
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let result = packet.withUnsafeBufferPointer { packet in
            ShimResult.call { message, capacity in
                wg_heif_collection_finish(
                    collection, packet.baseAddress, packet.count, &output, &size, message, capacity)
            }
        }
        guard result.succeeded, let output else { throw result.collectionError(codec.kind) }
        defer { wg_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
