import Glibc

/// A colour as three floats in 0...1, in the usual sRGB encoding.
///
/// We mix in the encoded space on purpose: that is how illustrators blend in
/// design tools, so palettes picked by eye behave as expected.
typealias RGB = SIMD3<Float>

extension SIMD3 where Scalar == Float {
    /// Builds a colour from a `0xRRGGBB` literal so palettes read like a design spec.
    init(hex: UInt32) {
        self.init(
            Float((hex >> 16) & 0xFF) / 255,
            Float((hex >> 8) & 0xFF) / 255,
            Float(hex & 0xFF) / 255)
    }

    /// Perceived brightness, used to keep tints from changing a colour's weight.
    var luminance: Float { 0.2126 * x + 0.7152 * y + 0.0722 * z }

    /// The colour moved toward white; keeps hue, which reads as "in the light".
    func lighter(_ t: Float) -> RGB { self + (RGB(1, 1, 1) - self) * t }

    /// The colour moved toward black.
    func darker(_ t: Float) -> RGB { self * (1 - t) }
}

@inline(__always) func clamp01(_ x: Float) -> Float { min(max(x, 0), 1) }
@inline(__always) func lerp(_ a: Float, _ b: Float, _ t: Float) -> Float { a + (b - a) * t }
@inline(__always) func mix(_ a: RGB, _ b: RGB, _ t: Float) -> RGB { a + (b - a) * t }

/// Hermite easing between two edges; the workhorse for soft transitions.
@inline(__always) func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
    let t = clamp01((x - e0) / (e1 - e0))
    return t * t * (3 - 2 * t)
}

/// A gradient along one coordinate (usually the design y of a sky).
///
/// Between stops the blend is eased rather than linear: a linear ramp has
/// a visible crease at every stop (Mach bands), an eased one does not.
struct ColorRamp {
    var stops: [(at: Float, color: RGB)]

    init(_ stops: [(Float, RGB)]) {
        self.stops = stops.sorted { $0.0 < $1.0 }.map { (at: $0.0, color: $0.1) }
    }

    func at(_ t: Float) -> RGB {
        guard let first = stops.first, let last = stops.last else { return RGB(0, 0, 0) }
        if t <= first.at { return first.color }
        if t >= last.at { return last.color }
        var i = 1
        while stops[i].at < t { i += 1 }
        let a = stops[i - 1], b = stops[i]
        let u = (t - a.at) / (b.at - a.at)
        // Half-eased: keeps the ramp monotonic but rounds each joint.
        let eased = lerp(u, u * u * (3 - 2 * u), 0.6)
        return mix(a.color, b.color, eased)
    }
}
