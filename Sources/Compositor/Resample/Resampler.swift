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
        Parallel.forEachChunk(of: rows.count, workers: workers) { chunk in
            for i in chunk {
                resampleRow(source.row(rows.lowerBound + i), into: intermediate.row(i), horizontal)
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

    private static func resampleRow(
        _ source: UnsafeMutablePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>,
        _ filter: FilterWeights
    ) {
        filter.weights.withUnsafeBufferPointer { weights in
            filter.firstSource.withUnsafeBufferPointer { firstSource in
                for x in 0..<filter.outputCount {
                    var sum = SIMD4<Int32>(repeating: 0)
                    let first = source + 4 &* firstSource[x]
                    let taps = weights.baseAddress! + x &* filter.tapCount
                    for t in 0..<filter.tapCount {
                        let p = first + 4 &* t
                        let pixel = SIMD4<Int32>(Int32(p[0]), Int32(p[1]), Int32(p[2]), Int32(p[3]))
                        sum &+= pixel &* taps[t]
                    }
                    store(sum, to: destination + 4 &* x)
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
