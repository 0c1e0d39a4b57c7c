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
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: max(width, 1) * 4)
        defer { sums.deallocate() }
        for y in 0..<height {
            sums.update(repeating: 0, count: width * 4)
            let firstRow = y * factor
            let rows = min(factor, source.height - firstRow)
            for sourceY in firstRow..<(firstRow + rows) {
                let row = source.row(sourceY)
                for x in 0..<source.width {
                    let sum = sums + 4 * (x / factor)
                    let pixel = row + 4 * x
                    for channel in 0..<4 { sum[channel] &+= UInt32(pixel[channel]) }
                }
            }
            let out = output.row(y)
            for x in 0..<width {
                let count = UInt32(rows * min(factor, source.width - x * factor))
                for channel in 0..<4 {
                    out[4 * x + channel] = UInt8((sums[4 * x + channel] + count / 2) / count)
                }
            }
        }
        return output
    }
}
