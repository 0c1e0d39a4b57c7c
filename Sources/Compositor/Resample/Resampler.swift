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
        // Zero-weight taps are read too, and 0 times an unconverted float could be NaN.
        let columns = horizontal.tapRange
        Parallel.forEachChunk(of: rows.count, workers: workers) { chunk in
            let sourceRow = UnsafeMutablePointer<Float>.allocate(capacity: 4 * source.width)
            defer { sourceRow.deallocate() }
            for i in chunk {
                resampleRow(
                    source.row(rows.lowerBound + i), into: intermediate.row(i), horizontal, weights: horizontalWeights,
                    scratch: sourceRow, columns: columns)
            }
        }
        Parallel.forEachChunk(of: height, workers: workers) { chunk in
            let sums = UnsafeMutablePointer<Int32>.allocate(capacity: width * 4)
            defer { sums.deallocate() }
            for y in chunk {
                resampleColumn(
                    intermediate, firstRow: rows.lowerBound, outputRow: y, into: output.row(y),
                    vertical, sums: sums)
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

    /// One row through the horizontal filter. The row is first widened to floats in one
    /// loop the compiler vectorises; each output pixel is then a vector multiply-add per
    /// tap. Products of a byte and an integer weight, and their sums, stay below 2^24, so
    /// the float arithmetic is exact: the result is the same as in integers (SSE2 has no
    /// 32-bit integer vector multiply, so that was the slow way).
    private static func resampleRow(
        _ source: UnsafeMutablePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>,
        _ filter: FilterWeights, weights: [Float], scratch: UnsafeMutablePointer<Float>, columns: ClosedRange<Int>
    ) {
        for i in (4 * columns.lowerBound)..<(4 * columns.upperBound + 4) { scratch[i] = Float(source[i]) }
        weights.withUnsafeBufferPointer { weights in
            filter.firstSource.withUnsafeBufferPointer { firstSource in
                for x in 0..<filter.outputCount {
                    // Two sums, even and odd taps, so each add need not wait for the last.
                    var even = SIMD4<Float>(repeating: 0)
                    var odd = SIMD4<Float>(repeating: 0)
                    let first = UnsafeRawPointer(scratch + 4 &* firstSource[x])
                    let taps = weights.baseAddress! + x &* filter.tapCount
                    var t = 0
                    while t &+ 2 <= filter.tapCount {
                        even += first.loadUnaligned(fromByteOffset: 16 &* t, as: SIMD4<Float>.self) * taps[t]
                        odd += first.loadUnaligned(fromByteOffset: 16 &* t &+ 16, as: SIMD4<Float>.self) * taps[t &+ 1]
                        t &+= 2
                    }
                    if t < filter.tapCount {
                        even += first.loadUnaligned(fromByteOffset: 16 &* t, as: SIMD4<Float>.self) * taps[t]
                    }
                    let sum = even + odd
                    store(SIMD4(Int32(sum[0]), Int32(sum[1]), Int32(sum[2]), Int32(sum[3])), to: destination + 4 &* x)
                }
            }
        }
    }

    private static func resampleColumn(
        _ intermediate: Image, firstRow: Int, outputRow: Int,
        into destination: UnsafeMutablePointer<UInt8>, _ filter: FilterWeights,
        sums: UnsafeMutablePointer<Int32>
    ) {
        let count = intermediate.bytesPerRow
        sums.initialize(repeating: 0, count: count)
        let start = filter.firstSource[outputRow] - firstRow
        for t in 0..<filter.tapCount {
            let weight = filter.weights[outputRow * filter.tapCount + t]
            if weight == 0 { continue }
            let row = intermediate.row(start + t)
            for i in 0..<count {
                sums[i] &+= Int32(row[i]) &* weight
            }
        }
        for x in 0..<(count / 4) {
            let s = sums + 4 &* x
            store(SIMD4(s[0], s[1], s[2], s[3]), to: destination + 4 &* x)
        }
    }

    /// Rounds a fixed-point RGBA sum to bytes, clamped to 0...255 and colour <= alpha.
    @inline(__always)
    private static func store(_ sum: SIMD4<Int32>, to pixel: UnsafeMutablePointer<UInt8>) {
        // Scalar min/max: the SIMD clamp is not inlined and costs a call per pixel.
        let half = FilterWeights.one / 2
        let shift = Int32(FilterWeights.fractionBits)
        let alpha = min(max((sum[3] &+ half) &>> shift, 0), 255)
        pixel[0] = UInt8(truncatingIfNeeded: min(max((sum[0] &+ half) &>> shift, 0), alpha))
        pixel[1] = UInt8(truncatingIfNeeded: min(max((sum[1] &+ half) &>> shift, 0), alpha))
        pixel[2] = UInt8(truncatingIfNeeded: min(max((sum[2] &+ half) &>> shift, 0), alpha))
        pixel[3] = UInt8(truncatingIfNeeded: alpha)
    }
}
