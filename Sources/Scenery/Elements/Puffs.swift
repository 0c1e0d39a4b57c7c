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
    private(set) var spheres: [SIMD3<Float>]
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
    /// The width of the anti-aliased edge the shape is filled with (`Canvas.fill`), when
    /// known: the edge noise is then evaluated only near the outline.
    var fillEdge: Float?
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

    /// Signed distance of the outline: the puffs' smooth union, cut by the floor and
    /// roughened by the edge noise.
    ///
    /// Two shortcuts leave the result as it is. A puff farther from the point than the
    /// union so far plus the fillet leaves the union alone (`smoothMin` is then the plain
    /// minimum), so its square root is not taken. With `fillEdge`, a point farther from the
    /// outline than the edge noise can move it (gradient noise stays within ±3.8) plus half
    /// the fill's edge is wholly in or out whatever the noise, so the noise is not evaluated.
    func distance(_ p: Vec2) -> Float {
        var d = Float.infinity
        for s in spheres {
            let v = p - Vec2(s.x, s.y)
            let squared = (v * v).sum()
            // A hundredth of a design unit to spare for the rounding of the square root.
            let reach = d + merge + s.z + 0.01
            if reach > 0, squared > reach * reach { continue }
            d = smoothMin(d, squared.squareRoot() - s.z, merge)
        }
        if let f = floorY { d = -smoothMin(-d, f - p.y, merge * 0.5) }
        if let e = edge {
            if let fillEdge, abs(d) > 4 * e.amount + fillEdge * 0.5 + 0.01 { return d }
            d += e.noise.fbm(p.x / e.size, p.y / e.size, octaves: 3) * e.amount
        }
        return d
    }

    /// The puffs that can matter within `area`, in their order: a puff whose nearest point
    /// of the area is farther from it than an earlier puff's farthest, plus the fillet and
    /// a unit to spare, is passed by in `distance` at every point of the area (the union
    /// so far is never above that earlier puff's distance); if it is also beyond what
    /// `shading` reads (its cover and its shadow's reach, with the fill's edge for the
    /// pixel), it changes nothing there: the same distance and shading at every point of
    /// the area. Without `fillEdge` the pixel is unknown: the puffs as they are.
    func restricted(to area: Rect, within reach: Float) -> Restriction<Puffs> {
        guard let fillEdge, spheres.count > 1 else { return .same }
        var kept: [SIMD3<Float>] = []
        kept.reserveCapacity(spheres.count)
        var farthestSoFar = Float.infinity
        for s in spheres {
            let c = Vec2(s.x, s.y), r = s.z
            let near = area.distance(to: c)
            let far = max(
                length(c - Vec2(area.minX, area.minY)), length(c - Vec2(area.maxX, area.minY)),
                length(c - Vec2(area.minX, area.maxY)), length(c - Vec2(area.maxX, area.maxY)))
            let passedInDistance = near - r > farthestSoFar + merge + 1
            let coverReach = r + max(fillEdge, r * seamSoftness) * 0.5 + 1
            let passedInShading = near > coverReach && area.distance(to: c + shadowOffset * r) > r * 1.125 + 1
            if !(passedInDistance && passedInShading) { kept.append(s) }
            farthestSoFar = min(farthestSoFar, far - r)
        }
        guard kept.count < spheres.count else { return .same }
        var copy = self
        copy.spheres = kept
        return .shape(copy)
    }

    /// The normal of the visible puff (as a sphere bulging toward the viewer) and how much
    /// the point lies in the shadow of a puff in front of it (0...1). Apart from the
    /// outline's distance, which the fill has already found: the floor and the edge noise
    /// move the outline only, so they are not evaluated again for every pixel inside it.
    func shading(_ p: Vec2, pixel: Float = 1) -> (normal: SIMD3<Float>, shadow: Float) {
        var n = SIMD3<Float>(0, -0.3, 0.95)
        var shadow: Float = 0
        for s in spheres {
            let r = s.z
            let v = p - Vec2(s.x, s.y)
            let w = max(pixel, r * seamSoftness)
            // A puff covers nothing here when farther than half its seam, and casts no
            // shadow when its pushed copy is farther than an eighth of its radius: then it
            // changes nothing, and is passed by without square roots.
            let shifted = v - shadowOffset * r
            let coverReach = r + w * 0.5 + 0.01
            let shadowReach = r * 1.125 + 0.01
            if (v * v).sum() > coverReach * coverReach, (shifted * shifted).sum() > shadowReach * shadowReach {
                continue
            }
            let di = length(v) - r
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
                let ds = length(shifted) - r
                let sc = clamp01(0.5 - ds / (r * 0.25)) * (1 - cover)
                shadow = max(shadow, sc * sc * (3 - 2 * sc))
            }
        }
        let len = (n * n).sum().squareRoot()
        return (n / max(len, 1e-5), shadow)
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
