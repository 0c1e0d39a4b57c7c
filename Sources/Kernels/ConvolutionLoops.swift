/// The inner loops of separable resampling: a horizontal pass in exact float arithmetic
/// and a vertical pass in 32-bit integers, both over premultiplied RGBA8 rows and
/// fixed-point weights with `fractionBits` fraction bits that sum to one per output.
public enum ConvolutionLoops {
    /// Weights carry this many fraction bits.
    @inlinable public static var fractionBits: Int { 14 }

    /// One row through the horizontal filter. Source pixels `columns` are first widened
    /// to floats in `scratch` (indexed like the source) in one loop the compiler
    /// vectorises; each output pixel is then a vector multiply-add per tap. Products of a
    /// byte and an integer weight, and their sums, stay below 2^24, so the float
    /// arithmetic is exact: the result is the same as in integers (SSE2 has no 32-bit
    /// integer vector multiply, so that was the slow way).
    @inlinable @inline(__always)
    public static func horizontal(
        _ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, outputCount: Int,
        firstSource: UnsafePointer<Int>, weights: UnsafePointer<Float>, tapCount: Int,
        scratch: UnsafeMutablePointer<Float>, columns: ClosedRange<Int>
    ) {
        for i in (4 &* columns.lowerBound)..<(4 &* columns.upperBound &+ 4) { scratch[i] = Float(source[i]) }
        for x in 0..<outputCount {
            // Two sums, even and odd taps, so each add need not wait for the last.
            var even = SIMD4<Float>(repeating: 0)
            var odd = SIMD4<Float>(repeating: 0)
            let first = UnsafeRawPointer(scratch + 4 &* firstSource[x])
            let taps = weights + x &* tapCount
            var t = 0
            while t &+ 2 <= tapCount {
                even += first.loadUnaligned(fromByteOffset: 16 &* t, as: SIMD4<Float>.self) * taps[t]
                odd += first.loadUnaligned(fromByteOffset: 16 &* t &+ 16, as: SIMD4<Float>.self) * taps[t &+ 1]
                t &+= 2
            }
            if t < tapCount {
                even += first.loadUnaligned(fromByteOffset: 16 &* t, as: SIMD4<Float>.self) * taps[t]
            }
            let sum = even + odd
            store(SIMD4(Int32(sum[0]), Int32(sum[1]), Int32(sum[2]), Int32(sum[3])), to: destination + 4 &* x)
        }
    }

    /// Adds `weight` times each byte of `row` to `sums` (one tap of the vertical filter).
    @inlinable @inline(__always)
    public static func accumulate(
        _ row: UnsafePointer<UInt8>, weight: Int32, into sums: UnsafeMutablePointer<Int32>, count: Int
    ) {
        for i in 0..<count { sums[i] &+= Int32(row[i]) &* weight }
    }

    /// Rounds `pixelCount` fixed-point RGBA sums to pixels.
    @inlinable @inline(__always)
    public static func store(_ sums: UnsafePointer<Int32>, into row: UnsafeMutablePointer<UInt8>, pixelCount: Int) {
        for x in 0..<pixelCount {
            let s = sums + 4 &* x
            store(SIMD4(s[0], s[1], s[2], s[3]), to: row + 4 &* x)
        }
    }

    /// Rounds a fixed-point RGBA sum to bytes, clamped to 0...255 and colour <= alpha
    /// (Lanczos overshoots).
    @inlinable @inline(__always)
    static func store(_ sum: SIMD4<Int32>, to pixel: UnsafeMutablePointer<UInt8>) {
        // Scalar min/max: the SIMD clamp is not inlined and costs a call per pixel.
        let half = Int32(1) << (fractionBits - 1)
        let shift = Int32(fractionBits)
        let alpha = min(max((sum[3] &+ half) &>> shift, 0), 255)
        pixel[0] = UInt8(truncatingIfNeeded: min(max((sum[0] &+ half) &>> shift, 0), alpha))
        pixel[1] = UInt8(truncatingIfNeeded: min(max((sum[1] &+ half) &>> shift, 0), alpha))
        pixel[2] = UInt8(truncatingIfNeeded: min(max((sum[2] &+ half) &>> shift, 0), alpha))
        pixel[3] = UInt8(truncatingIfNeeded: alpha)
    }
}
