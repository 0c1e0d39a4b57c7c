/// Integer divisions by 255 and 65025 rounded as compositing needs them, without a
/// division instruction.
public enum ExactDivision {
    /// `x / 255` rounded to nearest, exact for every `x` in `0...65535`
    /// (the classic add-and-shift form).
    @inlinable @inline(__always)
    public static func by255(_ x: UInt32) -> UInt32 {
        let biased = x &+ 128
        return (biased &+ (biased >> 8)) >> 8
    }

    /// `x / 65025` (that is, `/ 255 / 255`) rounded down, exact for `x < 2^25 + 2^15`:
    /// one 64-bit multiply and shift instead of a division (Granlund-Montgomery).
    @inlinable @inline(__always)
    public static func by65025(_ x: UInt32) -> UInt32 {
        UInt32(truncatingIfNeeded: (UInt64(x) &* 67_636_241) >> 42)
    }
}
