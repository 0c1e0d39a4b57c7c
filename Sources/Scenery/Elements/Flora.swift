import Glibc

/// A clump of garden flowers on a mound of leaves: chrysanthemums (菊)
/// for the cold-dew term, peonies (牡丹) for grain rain. Both are a leafy
/// mound of small lit puffs crowned with flower heads; only the heads
/// differ (many thin rayed petals, or a ruffled cup).
struct FlowerBush: Element {
    enum Bloom { case chrysanthemum, peony }
    var bloom: Bloom
    /// Centre of the bush at the ground.
    var base: Vec2
    var width: Float
    var flowers: Int = 7
    var flowerSize: ClosedRange<Float> = 34...50
    var colors: [RGB]
    var heart: RGB = RGB(hex: 0xE7A93A)
    var leaf: RGB = RGB(hex: 0x3E6B3A)
    var leafLight: RGB = RGB(hex: 0x7FA55A)
    var leafShadow: RGB = RGB(hex: 0x22402A)
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        let h = width * 0.5
        // Leafy mound.
        var spheres: [SIMD3<Float>] = []
        for _ in 0..<14 {
            let t = rng.range(-1, 1)
            let r = width * rng.range(0.1, 0.17)
            spheres.append(
                SIMD3(base.x + t * width * 0.42, base.y - r * 0.6 - (1 - t * t) * h * rng.range(0.3, 0.75), r))
        }
        spheres.sort { $0.y > $1.y }
        var mound = Puffs(
            spheres: spheres, merge: width * 0.04, floorY: base.y,
            edge: (Noise(seed: seed &+ 1), width * 0.02, width * 0.012))
        mound.seamSoftness = 0.06
        mound.fillEdge = canvas.pixelSize
        let light = PuffLighting(lit: leafLight, mid: leaf, shadow: leafShadow)
        canvas.fill(mound) { p in
            let e = mound.shading(p, pixel: canvas.pixelSize)
            return light.color(normal: e.normal, shadow: e.shadow)
        }
        // Heads, back to front.
        var heads: [(Vec2, Float, RGB)] = []
        for _ in 0..<flowers {
            let t = rng.range(-0.85, 0.85)
            let c = Vec2(base.x + t * width * 0.4, base.y - (1 - t * t * 0.6) * h * rng.range(0.6, 1.05))
            heads.append((c, rng.range(flowerSize.lowerBound, flowerSize.upperBound), rng.pick(colors)))
        }
        heads.sort { $0.0.y < $1.0.y }
        for (c, s, col) in heads {
            switch bloom {
            case .chrysanthemum:
                FlowerBush.chrysanthemum(at: c, size: s, color: col, heart: heart, rng: &rng, canvas: canvas)
            case .peony: FlowerBush.peony(at: c, size: s, color: col, rng: &rng, canvas: canvas)
            }
        }
    }

    /// Rings of narrow petals, outer ones darker and longer, the centre a
    /// tight cushion, seen a little from above (flattened).
    static func chrysanthemum(
        at c: Vec2, size s: Float, color: RGB, heart: RGB, rng: inout SeededRandom, canvas: Canvas
    ) {
        let squash: Float = 0.72
        let rings: [(Float, Float, Float)] = [(1.0, 0.18, 34), (0.8, 0.05, 28), (0.58, -0.08, 22), (0.36, -0.18, 16)]
        for (k, (r, shade, petals)) in rings.enumerated() {
            let phase = rng.range(0, 1)
            let shape = Squashed(
                shape: PolarShape(
                    center: c, size: s * 0.5 * r, rotation: phase,
                    radius: { a in
                        // Thin rayed petals: deep, narrow clefts between them.
                        let k = abs(cos(a * petals * 0.5))
                        return 0.45 + 0.55 * pow(k, 0.35)
                    }), center: c, scaleY: squash)
            let col = shade > 0 ? color.darker(shade) : color.lighter(-shade)
            canvas.fill(shape) { p in
                let q = (p - c) * Vec2(1, 1 / squash)
                let rho = length(q) / (s * 0.5 * r)
                return mix(col.darker(0.12 * Float(3 - k) / 3), col, smoothstep(0.2, 0.9, rho))
                    * (1 + 0.08 * clamp01(-q.y / (s * 0.5)))
            }
        }
        canvas.fill(Ellipse(center: c, radii: Vec2(s * 0.08, s * 0.06)), color: heart)
    }

    /// A full, ruffled cup of broad petals, deeper in colour at the heart.
    static func peony(at c: Vec2, size s: Float, color: RGB, rng: inout SeededRandom, canvas: Canvas) {
        let layers: [(Float, Float)] = [(1.0, 0.12), (0.82, 0.0), (0.64, -0.12), (0.46, 0.05), (0.28, 0.2)]
        for (r, shade) in layers {
            let phase = rng.range(0, 6)
            let lobes = Float(rng.int(5..<8))
            let shape = Squashed(
                shape: PolarShape(
                    center: c, size: s * 0.5 * r, rotation: phase,
                    radius: { a in
                        0.78 + 0.16 * abs(sin(a * lobes * 0.5)) + 0.06 * sin(a * 13 + phase)
                    }), center: c, scaleY: 0.78)
            let col = shade > 0 ? color.darker(shade) : color.lighter(-shade)
            canvas.fill(shape) { p in
                let rho = length((p - c) * Vec2(1, 1 / 0.78)) / (s * 0.5 * r)
                return mix(col.darker(0.1), col.lighter(0.12), smoothstep(0.3, 1.0, rho))
            }
        }
        canvas.fill(Circle(center: c + Vec2(0, -s * 0.02), radius: s * 0.06), color: RGB(hex: 0xF3CF5C))
    }
}

/// Reeds (蘆葦) by the water: slender stalks with long arching leaves and
/// soft drooping plumes, optionally beaded with dew (白露) that glints.
struct Reeds: GroundCover {
    var area: Rect
    var ground: ((Float) -> Float)? = nil
    var count: Int
    var height: ClosedRange<Float> = 300...600
    var stalk: RGB = RGB(hex: 0x8A9A6A)
    var leaf: RGB = RGB(hex: 0x6F8F5C)
    var leafLight: RGB = RGB(hex: 0xB8C98E)
    var plume: RGB = RGB(hex: 0xE9E1D2)
    var plumeShade: RGB = RGB(hex: 0xB7A895)
    /// Dew drops per leaf (0 = dry).
    var dew: Float = 0
    var dewColor: RGB = RGB(hex: 0xFFFFFF)
    /// Lean of the stalks (wind).
    var lean: Float = 0.08
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        var stems: [(Vec2, Float)] = []
        for _ in 0..<count {
            let x = rng.range(area.minX, area.maxX)
            let gy = ground?(x) ?? area.maxY
            let y = rng.range(max(area.minY, gy), max(area.maxY, gy + 1))
            stems.append((Vec2(x, y), rng.range(height.lowerBound, height.upperBound)))
        }
        stems.sort { $0.0.y < $1.0.y }
        for (root, h) in stems {
            let a = lean + rng.range(-0.1, 0.1)
            let top = root + Vec2(sin(a) * h, -cos(a) * h)
            let bend = root + Vec2(sin(a) * h * 0.3, -h * 0.55)
            let w = max(h * 0.007, canvas.pixelSize * 0.6)
            canvas.fill(
                Stroke(from: root, control: bend, to: top, radiusA: w, radiusB: w * 0.55, segments: 10), color: stalk)
            // Leaves: long blades leaving the stalk and arching down.
            let nLeaves = rng.int(3..<6)
            for k in 0..<nLeaves {
                let t = 0.2 + 0.6 * Float(k) / Float(nLeaves) + rng.range(-0.05, 0.05)
                let u = 1 - t
                let at = root * (u * u) + bend * (2 * u * t) + top * (t * t)
                let side: Float = rng.chance(0.5) ? -1 : 1
                let l = h * rng.range(0.25, 0.45)
                let tip = at + Vec2(side * l * 0.8, l * rng.range(-0.1, 0.45))
                let ctrl = at + Vec2(side * l * 0.35, -l * 0.45)
                let blade = Stroke(from: at, control: ctrl, to: tip, radiusA: w * 2.2, radiusB: w * 0.3, segments: 10)
                // Measured on the blade as restricted near the point: the same across there.
                canvas.fill(blade) { p, nearby in
                    let across = nearby.measure(p).across
                    return mix(leaf, leafLight, smoothstep(-0.2, 0.8, across * side))
                }
                if dew > 0 {
                    var expected = dew
                    while expected > 0 {
                        defer { expected -= 1 }
                        if expected < 1 && !rng.chance(expected) { break }
                        let s = rng.range(0.25, 0.95)
                        let v = 1 - s
                        let q = at * (v * v) + ctrl * (2 * v * s) + tip * (s * s)
                        DewDrops.drop(
                            at: q + Vec2(0, w * 1.2), radius: w * rng.range(1.6, 3.0), color: dewColor,
                            glint: rng.chance(0.06), canvas: canvas)
                    }
                }
            }
            // Plume: a soft drooping head of fine strands.
            let pl = h * rng.range(0.14, 0.22)
            let droop = Vec2(sin(a + 0.9) * pl, pl * 0.35)
            let head = Stroke(
                from: top, control: top + Vec2(sin(a) * pl * 0.6, -pl * 0.4), to: top + droop,
                radiusA: pl * 0.09, radiusB: pl * 0.2, segments: 10)
            canvas.fill(head, softness: pl * 0.08) { p, nearby in
                let across = nearby.measure(p).across
                return mix(plumeShade, plume, smoothstep(-0.8, 0.6, -across))
            }
            for _ in 0..<9 {
                let s = rng.range(0.2, 1)
                let q = top + (droop + Vec2(sin(a) * pl * 0.3, -pl * 0.2)) * s
                let e = q + Vec2(rng.range(0.05, 0.3), rng.range(0.1, 0.35)) * pl
                canvas.fill(Capsule(q, e, radiusA: w * 0.5, radiusB: w * 0.2), color: plume, opacity: 0.7)
            }
        }
    }
}

/// Dew drops (白露) on grass: tiny lenses that are dark at the top edge,
/// bright at the bottom where light focuses through them, with a sharp
/// highlight, and on a few a four-pointed glint.
struct DewDrops: GroundCover {
    var area: Rect
    var ground: ((Float) -> Float)? = nil
    var count: Int
    var size: ClosedRange<Float> = 2.5...7
    var color: RGB = RGB(hex: 0xFFFFFF)
    var glintFraction: Float = 0.15
    var seed: UInt64

    static func drop(at c: Vec2, radius r: Float, color: RGB, glint: Bool, canvas: Canvas) {
        canvas.fill(Circle(center: c, radius: r), opacity: 0.85) { p in
            let v = (p.y - c.y) / r
            return mix(color.darker(0.45), color, smoothstep(-0.6, 0.8, v))
        }
        canvas.fill(
            Circle(center: c + Vec2(-r * 0.3, -r * 0.35), radius: r * 0.28), color: RGB(1, 1, 1), softness: r * 0.15)
        if glint {
            let g = r * 5
            for ang: Float in [0, .pi / 2] {
                let d = Vec2(cos(ang), sin(ang)) * g
                canvas.fill(
                    Capsule(c - d, c + d, radiusA: r * 0.12, radiusB: r * 0.12), color: color, softness: r * 0.3,
                    opacity: 0.6, mode: .screen)
            }
            canvas.draw(Glow(center: c, radius: r * 2.2, color: color, strength: 0.5, falloff: 1.5))
        }
    }

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<count {
            let x = rng.range(area.minX, area.maxX)
            let minY = max(area.minY, ground?(x) ?? area.minY)
            guard minY < area.maxY else { continue }
            let y = rng.range(minY, area.maxY)
            let near = (y - area.minY) / max(area.maxY - area.minY, 1)
            let r = rng.range(size.lowerBound, size.upperBound) * (0.5 + near)
            DewDrops.drop(at: Vec2(x, y), radius: r, color: color, glint: rng.chance(glintFraction), canvas: canvas)
        }
    }
}

/// First green shoots (立春) pushing up through thawing ground: a short
/// stem opening into two small bright leaves.
struct Sprouts: GroundCover {
    var area: Rect
    var ground: ((Float) -> Float)? = nil
    var count: Int
    var farSize: Float = 8
    var nearSize: Float = 26
    var colors: [RGB] = [RGB(hex: 0x8CCB52), RGB(hex: 0xA6D95E), RGB(hex: 0x76B84A)]
    var stem: RGB = RGB(hex: 0x5E9A3E)
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<count {
            let x = rng.range(area.minX, area.maxX)
            let minY = max(area.minY, ground?(x) ?? area.minY)
            guard minY < area.maxY else { continue }
            let y = rng.range(minY, area.maxY)
            let near = (y - area.minY) / max(area.maxY - area.minY, 1)
            let s = lerp(farSize, nearSize, near) * rng.range(0.7, 1.3)
            let top = Vec2(x + rng.range(-0.15, 0.15) * s, y - s)
            let col = rng.pick(colors)
            canvas.fill(Capsule(Vec2(x, y), top, radiusA: s * 0.07, radiusB: s * 0.05), color: stem)
            for side: Float in [-1, 1] {
                let c = top + Vec2(side * s * 0.32, -s * 0.12)
                canvas.fill(Ellipse(center: c, radii: Vec2(s * 0.34, s * 0.15), rotation: -side * 0.45)) { p in
                    mix(col.lighter(0.25), col, clamp01((p.y - c.y) / (s * 0.15) * 0.5 + 0.5))
                }
            }
        }
    }
}

extension Reeds {
    var amount: Int {
        get { count }
        set { count = newValue }
    }
}

extension DewDrops {
    var amount: Int {
        get { count }
        set { count = newValue }
    }
}

extension Sprouts {
    var amount: Int {
        get { count }
        set { count = newValue }
    }
}
