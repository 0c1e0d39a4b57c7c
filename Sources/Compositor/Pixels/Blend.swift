/// Source-over compositing of premultiplied RGBA8 spans, in integers with exact rounding.
///
/// `out = src + dst * (255 - src.a) / 255` per channel, the division rounded to nearest.
/// Kernels take raw row pointers and a pixel count so callers can hand them any span,
/// and are `@inlinable` so they specialise and vectorise in the calling module.
public enum Blend {
    /// `x / 255` rounded to nearest, exact for every `x` in `0...65535`
    /// (the classic add-and-shift form: no division instruction).
    @inlinable @inline(__always)
    public static func divideBy255(_ x: UInt32) -> UInt32 {
        let biased = x &+ 128
        return (biased &+ (biased >> 8)) >> 8
    }

    /// Composites `count` source pixels over the destination pixels, in place.
    @inlinable
    public static func sourceOver(
        destination: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, count: Int
    ) {
        for i in 0..<count {
            let d = destination + 4 &* i
            let s = source + 4 &* i
            let inverseAlpha = 255 &- UInt32(s[3])
            d[0] = UInt8(truncatingIfNeeded: UInt32(s[0]) &+ divideBy255(UInt32(d[0]) &* inverseAlpha))
            d[1] = UInt8(truncatingIfNeeded: UInt32(s[1]) &+ divideBy255(UInt32(d[1]) &* inverseAlpha))
            d[2] = UInt8(truncatingIfNeeded: UInt32(s[2]) &+ divideBy255(UInt32(d[2]) &* inverseAlpha))
            d[3] = UInt8(truncatingIfNeeded: UInt32(s[3]) &+ divideBy255(UInt32(d[3]) &* inverseAlpha))
        }
    }

    /// Composites one premultiplied colour, scaled per pixel by an 8-bit coverage mask
    /// (text, shapes), over the destination pixels, in place.
    @inlinable
    public static func sourceOver(
        destination: UnsafeMutablePointer<UInt8>, color: PremultipliedPixel,
        coverage: UnsafePointer<UInt8>, count: Int
    ) {
        let r = UInt32(color.r)
        let g = UInt32(color.g)
        let b = UInt32(color.b)
        let a = UInt32(color.a)
        for i in 0..<count {
            let c = UInt32(coverage[i])
            if c == 0 { continue }
            let d = destination + 4 &* i
            let sourceAlpha = divideBy255(a &* c)
            let inverseAlpha = 255 &- sourceAlpha
            d[0] = UInt8(truncatingIfNeeded: divideBy255(r &* c) &+ divideBy255(UInt32(d[0]) &* inverseAlpha))
            d[1] = UInt8(truncatingIfNeeded: divideBy255(g &* c) &+ divideBy255(UInt32(d[1]) &* inverseAlpha))
            d[2] = UInt8(truncatingIfNeeded: divideBy255(b &* c) &+ divideBy255(UInt32(d[2]) &* inverseAlpha))
            d[3] = UInt8(truncatingIfNeeded: sourceAlpha &+ divideBy255(UInt32(d[3]) &* inverseAlpha))
        }
    }
}
