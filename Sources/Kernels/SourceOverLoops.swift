/// Source-over compositing of premultiplied RGBA8 pixels, in integers with exact rounding:
/// `out = src + dst * (255 - src.a) / 255` per channel, the division rounded to nearest.
public enum SourceOverLoops {
    /// Composites `count` source pixels over the destination pixels, in place.
    ///
    /// Eight pixels at a time, then a per-pixel tail; both compute the identical exact result.
    /// The vector path reads the pixels as 16-bit lanes, each holding two channels (R|G, B|A
    /// on a little-endian machine), and works on the low and high bytes separately. That way
    /// nothing is widened or narrowed: the stdlib's UInt8-to-UInt16 vector conversions are
    /// out-of-line calls, and picking the alpha bytes lane by lane made the compiler extract
    /// them one at a time; taking whole 16-bit lanes compiles to two shuffle instructions.
    @inlinable @inline(__always)
    public static func span(destination: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, count: Int) {
        var i = 0
        #if _endian(little)
            while i &+ 8 <= count {
                let s = UnsafeRawPointer(source + 4 &* i).loadUnaligned(as: SIMD16<UInt16>.self)
                let d = UnsafeRawPointer(destination + 4 &* i).loadUnaligned(as: SIMD16<UInt16>.self)
                // Lanes 2k and 2k+1 are pixel k; its alpha is the high byte of lane 2k+1.
                let alphaLanes = SIMD16<UInt16>(
                    s[1], s[1], s[3], s[3], s[5], s[5], s[7], s[7],
                    s[9], s[9], s[11], s[11], s[13], s[13], s[15], s[15])
                let inverseAlpha = 255 &- (alphaLanes &>> 8)
                let lowProduct = (d & 0x00FF) &* inverseAlpha &+ 128
                let highProduct = (d &>> 8) &* inverseAlpha &+ 128
                let low = (s & 0x00FF) &+ ((lowProduct &+ (lowProduct &>> 8)) &>> 8)
                let high = (s &>> 8) &+ ((highProduct &+ (highProduct &>> 8)) &>> 8)
                UnsafeMutableRawPointer(destination + 4 &* i).storeBytes(
                    of: low | (high &<< 8), as: SIMD16<UInt16>.self)
                i &+= 8
            }
        #endif
        while i < count {
            let d = destination + 4 &* i
            let s = source + 4 &* i
            let inverseAlpha = 255 &- UInt32(s[3])
            d[0] = UInt8(truncatingIfNeeded: UInt32(s[0]) &+ ExactDivision.by255(UInt32(d[0]) &* inverseAlpha))
            d[1] = UInt8(truncatingIfNeeded: UInt32(s[1]) &+ ExactDivision.by255(UInt32(d[1]) &* inverseAlpha))
            d[2] = UInt8(truncatingIfNeeded: UInt32(s[2]) &+ ExactDivision.by255(UInt32(d[2]) &* inverseAlpha))
            d[3] = UInt8(truncatingIfNeeded: UInt32(s[3]) &+ ExactDivision.by255(UInt32(d[3]) &* inverseAlpha))
            i &+= 1
        }
    }

    /// Composites one premultiplied colour (RGBA in `color`), scaled per pixel by an 8-bit
    /// coverage mask (text, shapes), over the destination pixels, in place.
    ///
    /// Exact: each channel is `(colour * coverage + dst * (65025 - alpha * coverage) / 255) / 255`
    /// rounded once to nearest. Rounding the scaled source first would drift by more than one level.
    @inlinable @inline(__always)
    public static func coverage(
        destination: UnsafeMutablePointer<UInt8>, color: SIMD4<UInt8>, coverage: UnsafePointer<UInt8>, count: Int
    ) {
        // Colour terms carry an extra factor 255 so every product shares the 65025 scale.
        let r = UInt32(color[0]) &* 255
        let g = UInt32(color[1]) &* 255
        let b = UInt32(color[2]) &* 255
        let a = UInt32(color[3])
        for i in 0..<count {
            let c = UInt32(coverage[i])
            if c == 0 { continue }
            let d = destination + 4 &* i
            let keep = 65025 &- a &* c
            d[0] = UInt8(truncatingIfNeeded: ExactDivision.by65025(r &* c &+ UInt32(d[0]) &* keep &+ 32512))
            d[1] = UInt8(truncatingIfNeeded: ExactDivision.by65025(g &* c &+ UInt32(d[1]) &* keep &+ 32512))
            d[2] = UInt8(truncatingIfNeeded: ExactDivision.by65025(b &* c &+ UInt32(d[2]) &* keep &+ 32512))
            d[3] = UInt8(truncatingIfNeeded: ExactDivision.by65025(a &* c &* 255 &+ UInt32(d[3]) &* keep &+ 32512))
        }
    }
}
