import Kernels

/// Source-over compositing of premultiplied RGBA8 spans, in integers with exact rounding.
///
/// `out = src + dst * (255 - src.a) / 255` per channel, the division rounded to nearest.
/// Functions take raw row pointers and a pixel count so callers can hand them any span;
/// the loops are in `Kernels` and run in the copy `KernelChoice` picked for this processor.
public enum Blend {
    /// `x / 255` rounded to nearest, exact for every `x` in `0...65535`.
    @inlinable @inline(__always)
    public static func divideBy255(_ x: UInt32) -> UInt32 { ExactDivision.by255(x) }

    /// `x / 65025` rounded down, exact for `x < 2^25 + 2^15`.
    @inlinable @inline(__always)
    public static func divideBy65025(_ x: UInt32) -> UInt32 { ExactDivision.by65025(x) }

    /// Composites `count` source pixels over the destination pixels, in place.
    public static func sourceOver(
        destination: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, count: Int
    ) {
        KernelChoice.active.sourceOver(destination: destination, source: source, count: count)
    }

    /// Composites one premultiplied colour, scaled per pixel by an 8-bit coverage mask
    /// (text, shapes), over the destination pixels, in place; exact, rounded once.
    public static func sourceOver(
        destination: UnsafeMutablePointer<UInt8>, color: PremultipliedPixel,
        coverage: UnsafePointer<UInt8>, count: Int
    ) {
        KernelChoice.active.sourceOver(
            destination: destination, color: SIMD4(color.r, color.g, color.b, color.a), coverage: coverage, count: count
        )
    }
}
