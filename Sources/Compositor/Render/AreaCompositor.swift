/// Composites a run of whole-canvas layers (solids, pictures, gradients) in one pass
/// over each row.
///
/// Each row is carried through every layer in a floating-point accumulator that stays
/// in cache, and quantised to 8 bits once, with ordered dither. So each output pixel is
/// written once however many layers lie under it, and smooth gradients do not band.
struct AreaCompositor {
    enum Operation {
        /// A premultiplied colour, components 0...1.
        case solid(SIMD4<Float>)
        /// A canvas-sized picture and its opacity.
        case picture(Image, opacity: Float)
        /// A straight colour (alpha 1) drawn with one alpha per column.
        case horizontalGradient(color: SIMD4<Float>, alphas: [Float])
        /// A straight colour (alpha 1) drawn with one alpha per row.
        case verticalGradient(color: SIMD4<Float>, alphas: [Float])
    }

    let operations: [Operation]
    /// Dither when quantising (see `store`); without it values are simply rounded.
    let dithers: Bool

    /// Applies the operations to every row of `canvas`. With `startBlank` the canvas's
    /// current contents are ignored (treated as transparent) rather than read.
    func apply(to canvas: Image, startBlank: Bool, workers: Int) {
        let width = canvas.width
        Parallel.forEachChunk(of: canvas.height, workers: workers) { rows in
            let accumulator = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: max(width, 1))
            defer { accumulator.deallocate() }
            for y in rows {
                let row = canvas.row(y)
                if startBlank {
                    accumulator.initialize(repeating: .zero, count: width)
                } else {
                    Self.load(row, into: accumulator, count: width)
                }
                for operation in operations {
                    Self.apply(operation, row: y, to: accumulator, count: width)
                }
                Self.store(accumulator, into: row, count: width, y: y, dithers: dithers)
            }
        }
    }

    private static func load(
        _ row: UnsafeMutablePointer<UInt8>, into accumulator: UnsafeMutablePointer<SIMD4<Float>>,
        count: Int
    ) {
        let scale: Float = 1 / 255
        for x in 0..<count {
            accumulator[x] = unitPixel(row + 4 &* x) * scale
        }
    }

    private static func apply(
        _ operation: Operation, row y: Int, to accumulator: UnsafeMutablePointer<SIMD4<Float>>,
        count: Int
    ) {
        switch operation {
        case .solid(let color):
            let keep = 1 - color.w
            for x in 0..<count { accumulator[x] = color + accumulator[x] * keep }
        case .picture(let image, let opacity):
            let row = image.row(y)
            let scale = opacity / 255
            for x in 0..<count {
                let source = unitPixel(row + 4 &* x) * scale
                accumulator[x] = source + accumulator[x] * (1 - source.w)
            }
        case .horizontalGradient(let color, let alphas):
            alphas.withUnsafeBufferPointer { alphas in
                for x in 0..<count {
                    let alpha = alphas[x]
                    accumulator[x] = color * alpha + accumulator[x] * (1 - alpha)
                }
            }
        case .verticalGradient(let color, let alphas):
            let alpha = alphas[y]
            if alpha == 0 { return }
            let source = color * alpha
            for x in 0..<count { accumulator[x] = source + accumulator[x] * (1 - alpha) }
        }
    }

    /// Quantises a row to bytes. Colour is dithered, `round(v * 255 + threshold - 0.5)`, with
    /// one threshold for all three channels so the noise has no hue. Alpha is rounded,
    /// not dithered, so a canvas that is opaque in exact arithmetic stays exactly 255
    /// despite float error; colour is then capped at alpha, as premultiplication requires.
    private static func store(
        _ accumulator: UnsafeMutablePointer<SIMD4<Float>>, into row: UnsafeMutablePointer<UInt8>,
        count: Int, y: Int, dithers: Bool
    ) {
        let pattern = dithers ? DitherPattern.thresholds : DitherPattern.rounding
        pattern.withUnsafeBufferPointer { thresholds in
            let patternRow = thresholds.baseAddress! + (y % DitherPattern.size) * DitherPattern.size
            for x in 0..<count {
                let threshold = patternRow[x & (DitherPattern.size - 1)]
                let scaled = accumulator[x] * 255
                let alpha = (min(max(scaled.w, 0), 255) + roundingMagic) - roundingMagic
                let value = scaled + SIMD4(repeating: threshold - 0.5)
                let p = row + 4 &* x
                p[0] = byte(min(max(value.x, 0), alpha))
                p[1] = byte(min(max(value.y, 0), alpha))
                p[2] = byte(min(max(value.z, 0), alpha))
                p[3] = byte(alpha)
            }
        }
    }

    /// 1.5 * 2^23: adding it to a float in 0...255 leaves that value rounded to the
    /// nearest integer in the low mantissa bits. x86-64's baseline (SSE2) has no float
    /// rounding instruction, and `Int32(Float)` adds overflow checks to every lane.
    private static let roundingMagic: Float = 12_582_912

    /// `value` (0...255) rounded to nearest, as a byte.
    @inline(__always)
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (value + roundingMagic).bitPattern)
    }

    /// A pixel's four bytes as floats (0...255), converted as one vector.
    @inline(__always)
    private static func unitPixel(_ pixel: UnsafeMutablePointer<UInt8>) -> SIMD4<Float> {
        let bytes = UnsafeRawPointer(pixel).loadUnaligned(as: SIMD4<UInt8>.self)
        return SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes))
    }
}
