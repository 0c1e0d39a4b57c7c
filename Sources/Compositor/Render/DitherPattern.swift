/// Ordered-dither thresholds in `[0, 1)` tiled over the canvas.
///
/// Gradients from 0 to 30 % black over a thousand pixels step through only a few
/// dozen 8-bit levels, which shows as bands on a phone. Adding a threshold that
/// varies from pixel to pixel before truncating turns each band edge into a fine,
/// even mix of the two neighbouring levels. The pattern is interleaved gradient noise
/// (Jimenez 2014): cheap, deterministic, and without the cross-hatch look of a Bayer
/// matrix.
///
/// Rows come in runs of `rowsPerRun` that share one row of thresholds. PNG's Up filter
/// predicts each byte from the one above it, so wherever the picture is smooth a
/// repeated threshold row leaves zeros, which deflate stores almost for free; fresh
/// noise on every row made dithered files about 40 % larger (the winter wallpaper
/// 2.14 MB against 1.49 MB with runs of four, shading held alike). Runs of four still
/// read as fine noise, even at 40 times the contrast (grains one pixel wide and four
/// tall); longer runs show as vertical streaks where a horizontal gradient crosses a
/// flat colour.
enum DitherPattern {
    static let size = 64
    static let rowsPerRun = 4

    /// `size * size` thresholds, row-major, each the centre of one of 256 equal steps of
    /// (0, 1). Never 0 or 1: a value that is already a whole level then stays exactly
    /// that level, whatever its threshold.
    static let thresholds: [Float] = (0..<(size * size)).map { index in
        let x = Double(index % size)
        let y = Double(index / size / rowsPerRun * rowsPerRun)
        let inner = (0.06711056 * x + 0.00583715 * y).truncatingRemainder(dividingBy: 1)
        let noise = (52.9829189 * inner).truncatingRemainder(dividingBy: 1)
        return Float(((noise * 256).rounded(.down) + 0.5) / 256)
    }

    /// Every threshold one half: plain rounding to nearest, for `dithers: false`.
    static let rounding = [Float](repeating: 0.5, count: size * size)
}
