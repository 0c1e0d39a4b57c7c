import Kernels
import Synchronization

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
    ///
    /// With `progress`, `source` is still being decoded, top to bottom: each row is
    /// filtered as soon as it arrives. If decoding fails the result is not to be used
    /// (the decoder's `finish` throws).
    public static func resample(
        _ source: Image, crop: SourceRect, width: Int, height: Int,
        workers: Int = Parallel.availableCores, progress: DecodeProgress? = nil
    ) -> Image {
        let output = Image(width: width, height: height)
        guard width > 0, height > 0, source.width > 0, source.height > 0 else { return output }
        if let x = exactOffset(crop.x, crop.width, width), let y = exactOffset(crop.y, crop.height, height) {
            copy(source, x: x, y: y, into: output, progress: progress)
            return output
        }
        let horizontal = FilterWeights.shared(
            sourceLength: source.width, cropStart: crop.x, cropLength: crop.width, outputLength: width)
        let vertical = FilterWeights.shared(
            sourceLength: source.height, cropStart: crop.y, cropLength: crop.height, outputLength: height)
        let rows = vertical.sourceRange
        let intermediate = Image(width: width, height: rows.count)
        let horizontalWeights = horizontal.weights.map(Float.init)
        let pairedWeights = ConvolutionLoops.pairedWeights(
            horizontalWeights, tapCount: horizontal.tapCount, outputCount: width)
        // Zero-weight taps are read too, and 0 times an unconverted float could be NaN.
        let columns = horizontal.tapRange
        let kernels = KernelChoice.active
        @Sendable func convolve(_ i: Int, scratch: UnsafeMutablePointer<Float>) {
            horizontalWeights.withUnsafeBufferPointer { weights in
                pairedWeights.withUnsafeBufferPointer { pairedWeights in
                    horizontal.firstSource.withUnsafeBufferPointer { firstSource in
                        kernels.convolveHorizontally(
                            source.row(rows.lowerBound + i), into: intermediate.row(i), outputCount: width,
                            firstSource: firstSource.baseAddress!, weights: weights.baseAddress!,
                            pairedWeights: pairedWeights.baseAddress!, tapCount: horizontal.tapCount,
                            scratch: scratch, columns: columns)
                    }
                }
            }
        }
        if let progress {
            // Rows in order as the decoder delivers them, in small claims. While it
            // decodes, one thread keeps up with it and the others sleep (the decoder has
            // their core); once it is done they all share what is left.
            let claims = RowClaims(count: rows.count, size: 8)
            Parallel.forEachChunk(of: workers, workers: workers, minimumChunk: 1) { threads in
                if threads.lowerBound > 0 { progress.waitForEnd() }
                let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 4 * source.width)
                defer { scratch.deallocate() }
                while let claim = claims.next() {
                    for i in claim {
                        guard progress.waitForRow(rows.lowerBound + i) else { return }
                        convolve(i, scratch: scratch)
                    }
                }
            }
        } else {
            Parallel.forEachChunk(of: rows.count, workers: workers) { chunk in
                let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 4 * source.width)
                defer { scratch.deallocate() }
                for i in chunk { convolve(i, scratch: scratch) }
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

    private static func copy(_ source: Image, x: Int, y: Int, into output: Image, progress: DecodeProgress?) {
        for row in 0..<output.height {
            guard progress?.waitForRow(y + row) ?? true else { return }
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

/// Consecutive ranges of rows handed out one at a time to whichever thread asks.
private final class RowClaims: Sendable {
    private let nextRow = Atomic<Int>(0)
    private let count: Int
    private let size: Int

    init(count: Int, size: Int) {
        self.count = count
        self.size = size
    }

    func next() -> Range<Int>? {
        let start = nextRow.wrappingAdd(size, ordering: .relaxed).oldValue
        return start < count ? start..<min(count, start + size) : nil
    }
}
