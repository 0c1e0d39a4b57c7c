/// Shrinking by whole factors, by averaging blocks of pixels.
///
/// Lanczos-3 shrinking by a large factor reads six times the factor taps per output
/// pixel in each direction: a 180 px thumbnail of a 1170 px card reads 39 source pixels
/// across for every output pixel. Averaging blocks first (one read per source pixel)
/// and leaving Lanczos a shrink of two to three keeps most of its quality for a small
/// fraction of the work; Pillow's `reducing_gap` does the same.
extension Resampler {
    /// Cover-scales `source` to `width` x `height` as `cover` does, averaging blocks
    /// first when the shrink is more than threefold, so Lanczos shrinks by 1.5 to 3.
    public static func coverReducingFirst(
        _ source: Image, width: Int, height: Int, workers: Int = Parallel.availableCores
    ) -> Image {
        let shrink = min(Double(source.width) / Double(max(width, 1)), Double(source.height) / Double(max(height, 1)))
        let factor = Int(shrink / 1.5)
        guard factor >= 2 else { return cover(source, width: width, height: height, workers: workers) }
        return cover(averagingBlocks(of: source, factor: factor), width: width, height: height, workers: workers)
    }

    /// Each `factor` x `factor` block of `source` averaged into one pixel, rounded to
    /// nearest; blocks cut off at the right and bottom edges average what they hold.
    /// Premultiplied pixels average correctly channel by channel.
    public static func averagingBlocks(of source: Image, factor: Int) -> Image {
        precondition(factor >= 1, "the factor must be at least 1")
        let width = (source.width + factor - 1) / factor
        let height = (source.height + factor - 1) / factor
        let output = Image(width: width, height: height)
        // One four-channel sum per block of the output row; a pixel is added as one
        // vector of four widened bytes, walking block by block so no pixel needs its
        // block found by division.
        let sums = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: max(width, 1))
        defer { sums.deallocate() }
        for y in 0..<height {
            sums.update(repeating: .zero, count: width)
            let firstRow = y * factor
            let rows = min(factor, source.height - firstRow)
            for sourceY in firstRow..<(firstRow + rows) {
                let row = UnsafeRawPointer(source.row(sourceY))
                var x = 0
                for block in 0..<width {
                    let end = min(x + factor, source.width)
                    var sum = sums[block]
                    while x < end {
                        sum &+= SIMD4<UInt32>(
                            truncatingIfNeeded: row.loadUnaligned(fromByteOffset: 4 * x, as: SIMD4<UInt8>.self))
                        x += 1
                    }
                    sums[block] = sum
                }
            }
            let out = output.row(y)
            for block in 0..<width {
                let count = UInt32(rows * min(factor, source.width - block * factor))
                let average = (sums[block] &+ count / 2) / count
                for channel in 0..<4 { out[4 * block + channel] = UInt8(average[channel]) }
            }
        }
        return output
    }
}
