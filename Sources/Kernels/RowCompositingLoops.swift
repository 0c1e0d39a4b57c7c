/// Source-over in a row of floating-point premultiplied pixels (components 0...1): the
/// accumulator a row carries through every whole-canvas layer before it is quantised once.
public enum RowCompositingLoops {
    /// Widens a row of premultiplied RGBA8 pixels into the accumulator.
    @inlinable @inline(__always)
    public static func load(
        _ row: UnsafePointer<UInt8>, into accumulator: UnsafeMutablePointer<SIMD4<Float>>, count: Int
    ) {
        let scale: Float = 1 / 255
        for x in 0..<count { accumulator[x] = unitPixel(row + 4 &* x) * scale }
    }

    /// One premultiplied colour over every pixel.
    @inlinable @inline(__always)
    public static func solid(_ color: SIMD4<Float>, over accumulator: UnsafeMutablePointer<SIMD4<Float>>, count: Int) {
        let keep = 1 - color.w
        for x in 0..<count { accumulator[x] = color + accumulator[x] * keep }
    }

    /// A row of premultiplied RGBA8 pixels, faded by `opacity`, over the accumulator.
    @inlinable @inline(__always)
    public static func picture(
        _ row: UnsafePointer<UInt8>, opacity: Float, over accumulator: UnsafeMutablePointer<SIMD4<Float>>, count: Int
    ) {
        let scale = opacity / 255
        for x in 0..<count {
            let source = unitPixel(row + 4 &* x) * scale
            accumulator[x] = source + accumulator[x] * (1 - source.w)
        }
    }

    /// A straight colour of alpha 1 drawn with one alpha per pixel (a horizontal gradient).
    @inlinable @inline(__always)
    public static func color(
        _ color: SIMD4<Float>, alphas: UnsafePointer<Float>, over accumulator: UnsafeMutablePointer<SIMD4<Float>>,
        count: Int
    ) {
        for x in 0..<count {
            let alpha = alphas[x]
            accumulator[x] = color * alpha + accumulator[x] * (1 - alpha)
        }
    }

    /// Quantises the accumulator to bytes. Colour is `round(v * 255 + threshold - 0.5)`,
    /// with one threshold per pixel for all three channels (so dither noise has no hue);
    /// `thresholds` is read at `x & thresholdMask`. Alpha is rounded, not dithered, so a
    /// canvas that is opaque in exact arithmetic stays exactly 255 despite float error;
    /// colour is then capped at alpha, as premultiplication requires.
    ///
    /// Rounding and clamps are `LaneArithmetic`'s, on integers. (Rounding then clamping
    /// to whole bounds is the same as clamping then rounding.)
    @inlinable @inline(__always)
    public static func store(
        _ accumulator: UnsafePointer<SIMD4<Float>>, into row: UnsafeMutablePointer<UInt8>,
        thresholds: UnsafePointer<Float>, thresholdMask: Int, count: Int
    ) {
        // Two pixels at a time in 8 lanes.
        var x = 0
        while x &+ 2 <= count {
            let first = thresholds[x & thresholdMask] - 0.5
            let second = thresholds[(x &+ 1) & thresholdMask] - 0.5
            let pixels = SIMD8(lowHalf: accumulator[x], highHalf: accumulator[x &+ 1])
            let offsets = SIMD8<Float>(first, first, first, 0, second, second, second, 0)
            let value = LaneArithmetic.rounded(pixels * 255 + offsets)
            UnsafeMutableRawPointer(row + 4 &* x).storeBytes(
                of: LaneArithmetic.clampedPixels(value), as: SIMD8<UInt8>.self)
            x &+= 2
        }
        if x < count {
            let offset = thresholds[x & thresholdMask] - 0.5
            let dithered = accumulator[x] * 255 + SIMD4(offset, offset, offset, 0)
            let value = LaneArithmetic.rounded(SIMD8(lowHalf: dithered, highHalf: .zero)).lowHalf
            LaneArithmetic.storeClampedPixel(value, to: row + 4 &* x)
        }
    }

    /// A pixel's four bytes as floats (0...255), converted as one vector.
    @inlinable @inline(__always)
    static func unitPixel(_ pixel: UnsafePointer<UInt8>) -> SIMD4<Float> {
        let bytes = UnsafeRawPointer(pixel).loadUnaligned(as: SIMD4<UInt8>.self)
        return SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes))
    }
}
