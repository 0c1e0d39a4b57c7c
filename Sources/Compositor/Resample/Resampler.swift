import Kernels

/// Separable Lanczos-3 resampling of premultiplied images, in fixed point.
///
/// Only the part of the source that the crop needs is read. The horizontal pass
/// writes an 8-bit intermediate of just the needed rows; the vertical pass
/// accumulates whole rows at a time so its inner loop is a plain multiply-add over
/// bytes. Results are clamped so no colour exceeds its alpha (Lanczos overshoots).
public enum Resampler {
    /// Scales `source` to fill `width` x `height`, cropping what overflows ("cover").
    public static func cover(
        _ source: Image, width: Int, height: Int, focusX: Double = 0.5, focusY: Double = 0.5,
        workers: Int = Parallel.availableCores
    ) -> Image {
        let crop = CoverGeometry.crop(
            sourceWidth: source.width, sourceHeight: source.height, targetWidth: width,
            targetHeight: height, focusX: focusX, focusY: focusY)
        return resample(source, crop: crop, width: width, height: height, workers: workers)
    }

    /// Maps the `crop` rectangle of `source` onto a new `width` x `height` image.
    public static func resample(
        _ source: Image, crop: SourceRect, width: Int, height: Int,
        workers: Int = Parallel.availableCores
    ) -> Image {
        let output = Image(width: width, height: height)
        guard width > 0, height > 0, source.width > 0, source.height > 0 else { return output }
        if let x = exactOffset(crop.x, crop.width, width), let y = exactOffset(crop.y, crop.height, height) {
            copy(source, x: x, y: y, into: output)
            return output
        }
        let horizontal = FilterWeights(
            sourceLength: source.width, cropStart: crop.x, cropLength: crop.width, outputLength: width)
        let vertical = FilterWeights(
            sourceLength: source.height, cropStart: crop.y, cropLength: crop.height, outputLength: height)
        let rows = vertical.sourceRange
        let intermediate = Image(width: width, height: rows.count)
        let horizontalWeights = horizontal.weights.map(Float.init)
        let pairedWeights = ConvolutionLoops.pairedWeights(
            horizontalWeights, tapCount: horizontal.tapCount, outputCount: width)
        // Zero-weight taps are read too, and 0 times an unconverted float could be NaN.
        let columns = horizontal.tapRange
        let kernels = KernelChoice.active
        Parallel.forEachChunk(of: rows.count, workers: workers) { chunk in
            let sourceRow = UnsafeMutablePointer<Float>.allocate(capacity: 4 * source.width)
            defer { sourceRow.deallocate() }
            horizontalWeights.withUnsafeBufferPointer { weights in
                pairedWeights.withUnsafeBufferPointer { pairedWeights in
                    horizontal.firstSource.withUnsafeBufferPointer { firstSource in
                        for i in chunk {
                            kernels.convolveHorizontally(
                                source.row(rows.lowerBound + i), into: intermediate.row(i), outputCount: width,
                                firstSource: firstSource.baseAddress!, weights: weights.baseAddress!,
                                pairedWeights: pairedWeights.baseAddress!, tapCount: horizontal.tapCount,
                                scratch: sourceRow, columns: columns)
                        }
                    }
                }
            }
        }
        Parallel.forEachChunk(of: height, workers: workers) { chunk in
            let sums = UnsafeMutablePointer<Int32>.allocate(capacity: width * 4)
            defer { sums.deallocate() }
            for y in chunk {
                resampleColumn(
                    intermediate, firstRow: rows.lowerBound, outputRow: y, into: output.row(y),
                    vertical, sums: sums, kernels: kernels)
            }
        }
        return output
    }

    /// The integer source offset when `crop` maps one-to-one onto whole pixels.
    private static func exactOffset(_ start: Double, _ length: Double, _ outputLength: Int) -> Int? {
        guard length == Double(outputLength), start == start.rounded() else { return nil }
        return Int(start)
    }

    private static func copy(_ source: Image, x: Int, y: Int, into output: Image) {
        for row in 0..<output.height {
            output.row(row).update(from: source.row(y + row) + 4 * x, count: output.bytesPerRow)
        }
    }

    private static func resampleColumn(
        _ intermediate: Image, firstRow: Int, outputRow: Int,
        into destination: UnsafeMutablePointer<UInt8>, _ filter: FilterWeights,
        sums: UnsafeMutablePointer<Int32>, kernels: any KernelSet.Type
    ) {
        let count = intermediate.bytesPerRow
        sums.initialize(repeating: 0, count: count)
        let start = filter.firstSource[outputRow] - firstRow
        for t in 0..<filter.tapCount {
            let weight = filter.weights[outputRow * filter.tapCount + t]
            if weight == 0 { continue }
            kernels.accumulateTap(intermediate.row(start + t), weight: weight, into: sums, count: count)
        }
        kernels.storeSums(sums, into: destination, pixelCount: count / 4)
    }
}
