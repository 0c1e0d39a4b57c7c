import Glibc

/// A horizontal band of mist or haze, thickest at `centerY`, with slow
/// wisps so it does not look like a flat gradient. Layered between hills it
/// creates the sense of depth of a morning valley.
struct Mist: Element {
    var centerY: Float
    /// Half-thickness (the band falls to ~37 % at this distance).
    var thickness: Float
    var color: RGB
    var opacity: Float = 0.5
    /// How much the wisps modulate the band (0 = smooth).
    var wispiness: Float = 0.5
    /// The band may extend further downward than upward (fog pools low).
    var downward: Float = 1
    var seed: UInt64 = 5
    var mode: BlendMode = .normal

    func draw(on canvas: Canvas) {
        // Material colours, in the light the scene is painted under.
        let color = canvas.lit(color)
        let noise = Noise(seed: seed)
        let box = Rect(
            minX: canvas.bounds.minX, minY: centerY - thickness * 2.6, maxX: canvas.bounds.maxX,
            maxY: centerY + thickness * 2.6 * max(downward, 0.2))
        // The band's strength is the row's, and so is the wisps' noise's second coordinate.
        let rowTerms = { (y: Float) -> (band: Float, wisps: FbmRow) in
            var v = (y - centerY) / thickness
            if v > 0 { v /= max(downward, 0.2) }
            return (exp(-v * v), FbmRow(noise, y: y / 90, octaves: 4))
        }
        canvas.shade(box, row: rowTerms) { p, c, row in
            let w = row.wisps.value(p.x / 700) * 0.5 + 0.5
            let a = opacity * row.band * (1 - wispiness + wispiness * smoothstep(0.2, 0.8, w))
            switch mode {
            case .screen: return c + (RGB(1, 1, 1) - c) * color * a
            default: return c + (color - c) * a
            }
        }
    }
}

/// Soft shafts of light fanning out from a source (crepuscular rays).
struct LightRays: Element {
    var origin: Vec2
    var color: RGB
    var strength: Float = 0.12
    /// Reach of the rays in design units.
    var reach: Float = 1600
    /// Number of angular features; more gives thinner shafts.
    var density: Float = 18
    /// Angular range (radians, 0 = right, π/2 = down) the rays occupy.
    var fromAngle: Float = 0
    var toAngle: Float = .pi
    var seed: UInt64 = 3

    func draw(on canvas: Canvas) {
        if canvas.lighting != nil { return }  // rays from the scene's own Sun
        let noise = Noise(seed: seed)
        let box = Rect(center: origin, radius: reach)
        canvas.shade(box) { p, c in
            let v = p - origin
            let r = length(v)
            if r > reach || r < 1 { return c }
            let ang = atan2(v.y, v.x)
            let inside = smoothstep(fromAngle, fromAngle + 0.25, ang) * (1 - smoothstep(toAngle - 0.25, toAngle, ang))
            if inside <= 0 { return c }
            let n = noise.fbm(ang * density, 0.5, octaves: 2) * 0.5 + 0.5
            let shaft = smoothstep(0.45, 0.85, n)
            let fall = (1 - r / reach) * smoothstep(0, reach * 0.08, r)
            let a = strength * shaft * fall * fall * inside
            return c + (RGB(1, 1, 1) - c) * color * a
        }
    }
}

/// Fine paper-like grain. A whisper of it keeps large flat areas from
/// looking sterile and hides any residual banding.
struct Grain: Element {
    var amount: Float = 0.012
    var seed: UInt32 = 0x6A1

    func draw(on canvas: Canvas) {
        canvas.forEachRow(0..<canvas.height, columns: canvas.width) { y in
            for x in 0..<canvas.width {
                let i = y * canvas.width + x
                canvas.pixels[i] = canvas.pixels[i] * factor(x, y)
            }
        }
    }

    /// What the grain multiplies pixel (`x`, `y`) by: a triangular noise about 1.
    @inline(__always) func factor(_ x: Int, _ y: Int) -> Float {
        let n = hashUnit(x, y, seed) + hashUnit(x, y, seed &+ 1) - 1
        return 1 + n * amount
    }
}

/// Gentle darkening toward the corners, to hold the eye in the picture.
struct Vignette: Element {
    var strength: Float = 0.15
    var color: RGB = RGB(0, 0, 0)

    func draw(on canvas: Canvas) {
        let c0 = Canvas.designSize * 0.5
        canvas.shade { p, c in
            let q = (p - c0) / c0
            let r2 = dot(q, q) * 0.5
            let a = strength * smoothstep(0.25, 1.0, r2)
            return mix(c, color, a)
        }
    }
}

/// Atmospheric perspective: distant things take on the colour of the air.
/// Scenes describe a layer by its "true" colour and a distance in 0...1,
/// and this turns that into what the eye sees.
struct AerialPerspective {
    var haze: RGB
    /// How strongly the farthest layer (distance 1) dissolves into the haze.
    var strength: Float = 0.85

    func apply(_ c: RGB, distance: Float) -> RGB {
        let t = strength * (1 - (1 - clamp01(distance)) * (1 - clamp01(distance)))
        return mix(c, haze, t)
    }
}
