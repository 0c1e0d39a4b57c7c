internal import CImaging

/// Makes an AVIF image sequence (libavif), a frame at a time: KDE's dynamic wallpapers,
/// whose plugin reads a sequence's frames and the XMP written with the first. wallgen
/// holds one canvas at a time, but aom's look-ahead keeps the frames it has been given
/// until the sequence ends (717 MiB for 13 1080p frames, less than avifenc's 907;
/// docs/PERFORMANCE.md), and libavif 0.11 offers no way to shorten it.
public final class AVIFSequenceEncoder {
    private let sequence: OpaquePointer
    public private(set) var count = 0

    /// A sequence at `quality` (1...100, 100 lossless).
    public init(quality: Int) throws(ImageEncodingError) {
        var made: OpaquePointer?
        let result = ShimResult.call { wg_avif_sequence_open(Int32(clamping: quality), &made, $0, $1) }
        guard result.succeeded, let made else { throw result.collectionError("AVIF") }
        sequence = made
    }

    deinit { wg_avif_sequence_close(sequence) }

    /// Adds `image` (opaque: its alpha is not kept) after the frames before it; `xmp`, a
    /// whole packet, goes with the first frame.
    public func add(_ image: Image, xmp: String? = nil) throws(ImageEncodingError) {
        guard image.width > 0, image.height > 0 else { throw .emptyImage }
        let packet = xmp.map { Array($0.utf8) } ?? []
        let result = packet.withUnsafeBufferPointer { packet in
            ShimResult.call { message, capacity in
                wg_avif_sequence_add(
                    sequence, image.pixels, UInt32(image.width), UInt32(image.height), image.bytesPerRow,
                    packet.baseAddress, packet.count, message, capacity)
            }
        }
        guard result.succeeded else { throw result.collectionError("AVIF") }
        count += 1
    }

    /// The file's bytes.
    public func finish() throws(ImageEncodingError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let result = ShimResult.call { wg_avif_sequence_finish(sequence, &output, &size, $0, $1) }
        guard result.succeeded, let output else { throw result.collectionError("AVIF") }
        defer { wg_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
