/// Rounding and clamping for the loops that quantise to bytes, in plain adds, shifts
/// and masks: Swift's `Int32(Float)` checks every lane for range and NaN, its float
/// `min`/`max` are NaN-aware branches, and the stdlib's generic `pointwiseMin`,
/// `pointwiseMax` and `init(truncatingIfNeeded:)` were left as out-of-line calls inside
/// the larger loops (in a small function they inline).
@usableFromInline enum LaneArithmetic {
    /// 1.5 * 2^23: adding it to a float of magnitude below 2^22 leaves that value rounded
    /// to the nearest integer (ties to even) in the low mantissa bits. x86-64's baseline
    /// (SSE2) has no float rounding instruction.
    @inlinable static var roundingMagic: Float { 12_582_912 }

    /// Each lane rounded to the nearest integer (ties to even), for magnitudes below 2^22.
    @inlinable @inline(__always)
    static func rounded(_ value: SIMD8<Float>) -> SIMD8<Int32> {
        unsafeBitCast(value + roundingMagic, to: SIMD8<Int32>.self) &- Int32(bitPattern: roundingMagic.bitPattern)
    }

    /// `max(x, 0)` in every lane.
    @inlinable @inline(__always)
    static func maximumWithZero(_ x: SIMD8<Int32>) -> SIMD8<Int32> {
        x & ~(x &>> 31)
    }

    /// `min(x, y)` in every lane, for differences that fit in 32 bits.
    @inlinable @inline(__always)
    static func minimum(_ x: SIMD8<Int32>, _ y: SIMD8<Int32>) -> SIMD8<Int32> {
        let difference = x &- y
        return y &+ (difference & (difference &>> 31))
    }

    /// Two RGBA pixels of whole numbers clamped to 0...255, colour to at most its alpha
    /// (lanes 3 and 7), as eight bytes.
    @inlinable @inline(__always)
    static func clampedPixels(_ value: SIMD8<Int32>) -> SIMD8<UInt8> {
        let alphas = SIMD8(value[3], value[3], value[3], value[3], value[7], value[7], value[7], value[7])
        let alpha = minimum(maximumWithZero(alphas), SIMD8(repeating: 255))
        let clamped = minimum(maximumWithZero(value), alpha)
        // Each lane's low byte, picked by one byte shuffle.
        let bytes = unsafeBitCast(clamped, to: SIMD32<UInt8>.self)
        return SIMD8(bytes[0], bytes[4], bytes[8], bytes[12], bytes[16], bytes[20], bytes[24], bytes[28])
    }

    /// One RGBA pixel of whole numbers clamped as `clampedPixels` does, stored as bytes
    /// (for a row's odd last pixel; scalar `min`/`max` on integers compile to moves).
    @inlinable @inline(__always)
    static func storeClampedPixel(_ value: SIMD4<Int32>, to pixel: UnsafeMutablePointer<UInt8>) {
        let alpha = min(max(value[3], 0), 255)
        pixel[0] = UInt8(truncatingIfNeeded: min(max(value[0], 0), alpha))
        pixel[1] = UInt8(truncatingIfNeeded: min(max(value[1], 0), alpha))
        pixel[2] = UInt8(truncatingIfNeeded: min(max(value[2], 0), alpha))
        pixel[3] = UInt8(truncatingIfNeeded: alpha)
    }
}
