/// Lane-wise integer helpers written as plain shifts, masks and adds, because the
/// stdlib's generic `pointwiseMin`, `pointwiseMax` and `init(truncatingIfNeeded:)` were
/// left as out-of-line calls inside the larger loops (in a small function they inline).
@usableFromInline enum LaneArithmetic {
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
}
