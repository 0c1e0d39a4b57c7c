import Glibc

/// A lumpy volume made of overlapping round puffs, merged into one outline.
/// Cumulus clouds and foliage clumps are both "lumps lit from one side",
/// so they share this geometry and its shading.
///
/// Inside the outline the puffs are layered like cut paper: each later puff
/// sits in front of the earlier ones, shows its own rounded shading, and
/// casts a soft shadow on the puffs behind it. That layering is what gives
/// illustrated clouds and trees their readable lobes.
struct Puffs: Shape {
    /// Puffs as (x, y, radius), back to front.
    let spheres: [SIMD3<Float>]
    /// Fillet size of the smooth union of the outline.
    var merge: Float
    /// Optional flat underside (design y), the classic fair-weather cloud base.
    var floorY: Float?
    /// Optional irregular edge: noise, its feature size and amplitude.
    var edge: (noise: Noise, size: Float, amount: Float)?
    /// Where shadows fall, as a fraction of each puff's radius (x right, y down).
    var shadowOffset: Vec2 = Vec2(0.12, 0.2)
    /// Softness of the lobe edges inside the outline (fraction of radius).
    var seamSoftness: Float = 0.03
    let bounds: Rect

    init(
        spheres: [SIMD3<Float>], merge: Float, floorY: Float? = nil,
        edge: (noise: Noise, size: Float, amount: Float)? = nil
    ) {
        self.spheres = spheres
        self.merge = merge
        self.floorY = floorY
        self.edge = edge
        var r = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for s in spheres { r = r.union(Rect(center: Vec2(s.x, s.y), radius: s.z)) }
        let pad = merge + (edge?.amount ?? 0)
        r = Rect(minX: r.minX - pad, minY: r.minY - pad, maxX: r.maxX + pad, maxY: r.maxY + pad)
        if let f = floorY { r.maxY = min(r.maxY, f + pad) }
        bounds = r
    }

    func distance(_ p: Vec2) -> Float { evaluate(p, wantShading: false).distance }

    /// Signed distance of the outline, the normal of the visible puff (as a
    /// sphere bulging toward the viewer) and how much the point lies in the
    /// shadow of a puff in front of it (0...1).
    func evaluate(_ p: Vec2, wantShading: Bool = true, pixel: Float = 1) -> (
        distance: Float, normal: SIMD3<Float>, shadow: Float
    ) {
        var d = Float.infinity
        var n = SIMD3<Float>(0, -0.3, 0.95)
        var shadow: Float = 0
        for s in spheres {
            let c = Vec2(s.x, s.y)
            let r = s.z
            let v = p - c
            let rho = length(v)
            let di = rho - r
            d = smoothMin(d, di, merge)
            guard wantShading else { continue }
            let w = max(pixel, r * seamSoftness)
            let cover = clamp01(0.5 - di / w)
            if cover > 0 {
                let q = v / r
                let q2 = min(dot(q, q), 1)
                let ni = SIMD3<Float>(q.x, q.y, (1 - q2).squareRoot())
                n += (ni - n) * cover
                shadow *= 1 - cover
            }
            if cover < 1 {
                // Shadow: this puff, pushed away from the light, softly.
                let ds = length(v - shadowOffset * r) - r
                let sc = clamp01(0.5 - ds / (r * 0.25)) * (1 - cover)
                shadow = max(shadow, sc * sc * (3 - 2 * sc))
            }
        }
        if let f = floorY { d = -smoothMin(-d, f - p.y, merge * 0.5) }
        if let e = edge { d += e.noise.fbm(p.x / e.size, p.y / e.size, octaves: 3) * e.amount }
        guard wantShading else { return (d, n, 0) }
        let len = (n * n).sum().squareRoot()
        return (d, n / max(len, 1e-5), shadow)
    }
}

/// Three-tone lighting for lumpy volumes: lit, mid and shadow colours keyed
/// by how much each point faces the light, plus cast shadows from lobes in
/// front. The wide soft band between tones gives the gentle roundness of
/// illustrated clouds and trees.
struct PuffLighting {
    var lit: RGB
    var mid: RGB
    var shadow: RGB
    /// Direction toward the light (x right, y down, z toward the viewer).
    var light: SIMD3<Float> = SIMD3(-0.5, -0.7, 0.5)
    /// Strength of the shadows cast between lobes.
    var castShadow: Float = 0.35

    /// Normal of an ellipsoid bulging toward the viewer: blended with a
    /// puff's own normal it makes the lobes read as parts of one volume.
    static func volumeNormal(_ p: Vec2, center: Vec2, radii: Vec2) -> SIMD3<Float> {
        let q = (p - center) / radii
        let q2 = min(dot(q, q), 1)
        return SIMD3(q.x, q.y, (1 - q2).squareRoot())
    }

    /// Lit colour for a point whose own normal `n` is blended toward the
    /// enclosing volume's normal by `unity` (0 = lobes only, 1 = one blob).
    func color(normal n: SIMD3<Float>, volume: SIMD3<Float>, unity: Float, shadow s: Float) -> RGB {
        var m = n + (volume - n) * unity
        m /= max((m * m).sum().squareRoot(), 1e-5)
        return color(normal: m, shadow: s)
    }

    func color(normal n: SIMD3<Float>, shadow s: Float) -> RGB {
        let l = light / (light * light).sum().squareRoot()
        let lambert = (n * l).sum()
        let toMid = smoothstep(-0.45, 0.1, lambert)
        let toLit = smoothstep(0.25, 0.8, lambert)
        var c = mix(shadow, mid, toMid)
        c = mix(c, lit, toLit)
        return mix(c, shadow, s * castShadow)
    }
}
