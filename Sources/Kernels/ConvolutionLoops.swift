/// The inner loops of separable resampling: a horizontal pass in exact float arithmetic
/// and a vertical pass in 32-bit integers, both over premultiplied RGBA8 rows and
/// fixed-point weights with `fractionBits` fraction bits that sum to one per output.
public enum ConvolutionLoops {
    /// Weights carry this many fraction bits.
    @inlinable public static var fractionBits: Int { 14 }

    /// One row through the horizontal filter. Source pixels `columns` are first widened
    /// to floats in `scratch` (indexed like the source) in one loop the compiler
    /// vectorises. Output pixels are then made two at a time: each tap loads one source
    /// pixel for either output into the halves of an 8-lane vector and multiplies it by
    /// `pairedWeights` (the two outputs' weights for that tap, four copies each), so a
    /// 256-bit machine does both in one multiply-add; an odd last pixel uses `weights`.
    /// Products of a byte and an integer weight, and their sums, stay below 2^24, so the
    /// float arithmetic is exact: the result is the same as in integers (SSE2 has no
    /// 32-bit integer vector multiply, so that was the slow way). Being exact, it is
    /// also the same with `fusedMultiplyAdd`, one instruction per tap instead of two.
    @inlinable @inline(__always)
    public static func horizontal(
        _ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, outputCount: Int,
        firstSource: UnsafePointer<Int>, weights: UnsafePointer<Float>, pairedWeights: UnsafePointer<SIMD8<Float>>,
        tapCount: Int, scratch: UnsafeMutablePointer<Float>, columns: ClosedRange<Int>, fusedMultiplyAdd: Bool
    ) {
        @inline(__always) func add(_ sum: inout SIMD8<Float>, _ pixels: SIMD8<Float>, _ weight: SIMD8<Float>) {
            if fusedMultiplyAdd { sum = sum.addingProduct(pixels, weight) } else { sum += pixels * weight }
        }
        for i in (4 &* columns.lowerBound)..<(4 &* columns.upperBound &+ 4) { scratch[i] = Float(source[i]) }
        let pixels = UnsafeRawPointer(scratch)
        var x = 0
        while x &+ 2 <= outputCount {
            let first = pixels + 16 &* firstSource[x]
            let second = pixels + 16 &* firstSource[x &+ 1]
            let taps = pairedWeights + (x &>> 1) &* tapCount
            // Two sums, even and odd taps, so each add need not wait for the last.
            var even = SIMD8<Float>(repeating: 0)
            var odd = SIMD8<Float>(repeating: 0)
            var t = 0
            while t &+ 2 <= tapCount {
                add(&even, pair(first, second, tap: t), taps[t])
                add(&odd, pair(first, second, tap: t &+ 1), taps[t &+ 1])
                t &+= 2
            }
            if t < tapCount { add(&even, pair(first, second, tap: t), taps[t]) }
            UnsafeMutableRawPointer(destination + 4 &* x).storeBytes(
                of: LaneArithmetic.clampedPixels(rounded(even + odd)), as: SIMD8<UInt8>.self)
            x &+= 2
        }
        if x < outputCount {
            let first = pixels + 16 &* firstSource[x]
            let taps = weights + x &* tapCount
            var sum = SIMD4<Float>(repeating: 0)
            for t in 0..<tapCount {
                sum += first.loadUnaligned(fromByteOffset: 16 &* t, as: SIMD4<Float>.self) * taps[t]
            }
            LaneArithmetic.storeClampedPixel(
                rounded(SIMD8(lowHalf: sum, highHalf: .zero)).lowHalf, to: destination + 4 &* x)
        }
    }

    /// Fixed-point sums held exactly in floats, rounded as `store` does in integers
    /// (`(sum + 2^13) >> 14`), without a float-to-integer conversion.
    /// `floor(s / 2^14 + 1/2)` equals `s / 2^14 + 1/2^15` rounded to nearest, whose
    /// numerator `2s + 1` is odd, so it is exact and never a tie.
    @inlinable @inline(__always)
    static func rounded(_ sum: SIMD8<Float>) -> SIMD8<Int32> {
        let scale = 1 / Float(1 << fractionBits)
        // The half step is added before `LaneArithmetic.rounded` adds its magic number,
        // which would absorb it.
        return LaneArithmetic.rounded(sum * scale + scale / 2)
    }

    /// Tap `tap` of two outputs: the pixels at `first` and `second`, side by side.
    @inlinable @inline(__always)
    static func pair(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, tap: Int) -> SIMD8<Float> {
        SIMD8(
            lowHalf: first.loadUnaligned(fromByteOffset: 16 &* tap, as: SIMD4<Float>.self),
            highHalf: second.loadUnaligned(fromByteOffset: 16 &* tap, as: SIMD4<Float>.self))
    }

    /// `weights` (`tapCount` per output) rearranged for `horizontal`: for each pair of
    /// outputs and each tap, the first output's weight four times, then the second's.
    public static func pairedWeights(_ weights: [Float], tapCount: Int, outputCount: Int) -> [SIMD8<Float>] {
        var paired: [SIMD8<Float>] = []
        paired.reserveCapacity(outputCount / 2 * tapCount)
        for pair in 0..<(outputCount / 2) {
            for t in 0..<tapCount {
                let first = weights[2 * pair * tapCount + t]
                let second = weights[(2 * pair + 1) * tapCount + t]
                paired.append(SIMD8(lowHalf: SIMD4(repeating: first), highHalf: SIMD4(repeating: second)))
            }
        }
        return paired
    }

    /// Sets `sums` to `weight` times each byte of `row`: a row's first tap of the
    /// vertical filter, which so needs no zeroed sums to add to.
    @inlinable @inline(__always)
    public static func start(
        _ row: UnsafePointer<UInt8>, weight: Int32, into sums: UnsafeMutablePointer<Int32>, count: Int
    ) {
        for i in 0..<count { sums[i] = Int32(row[i]) &* weight }
    }

    /// Adds `weight` times each byte of `row` to `sums` (one tap of the vertical filter).
    @inlinable @inline(__always)
    public static func accumulate(
        _ row: UnsafePointer<UInt8>, weight: Int32, into sums: UnsafeMutablePointer<Int32>, count: Int
    ) {
        for i in 0..<count { sums[i] &+= Int32(row[i]) &* weight }
    }

    /// Rounds `pixelCount` fixed-point RGBA sums to pixels, two at a time in 8 lanes
    /// (then an odd last one), clamped as `LaneArithmetic.clampedPixels` does.
    @inlinable @inline(__always)
    public static func store(_ sums: UnsafePointer<Int32>, into row: UnsafeMutablePointer<UInt8>, pixelCount: Int) {
        let half = Int32(1) << (fractionBits - 1)
        var x = 0
        while x &+ 2 <= pixelCount {
            let pair = UnsafeRawPointer(sums + 4 &* x).loadUnaligned(as: SIMD8<Int32>.self)
            UnsafeMutableRawPointer(row + 4 &* x).storeBytes(
                of: LaneArithmetic.clampedPixels((pair &+ half) &>> Int32(fractionBits)), as: SIMD8<UInt8>.self)
            x &+= 2
        }
        if x < pixelCount {
            let s = sums + 4 &* x
            store(SIMD4(s[0], s[1], s[2], s[3]), to: row + 4 &* x)
        }
    }

    /// Rounds a fixed-point RGBA sum to bytes, clamped to 0...255 and colour <= alpha
    /// (Lanczos overshoots).
    @inlinable @inline(__always)
    static func store(_ sum: SIMD4<Int32>, to pixel: UnsafeMutablePointer<UInt8>) {
        let half = Int32(1) << (fractionBits - 1)
        LaneArithmetic.storeClampedPixel((sum &+ half) &>> Int32(fractionBits), to: pixel)
    }
}
