import Glibc

/// The lotus (荷), the flower of the summer terms: floating pads in early
/// summer (立夏), tall leaves and pink blooms at the solstice (夏至) and in
/// the great heat (大暑). Pads, standing leaves, flowers and buds are
/// separate pieces so a pond can be anywhere from bare to in full bloom.
enum Lotus {
    static let leafDark = RGB(hex: 0x2F6B45)
    static let leafMid = RGB(hex: 0x4E9150)
    static let leafLight = RGB(hex: 0x9CCB67)

    /// A floating pad seen at a low angle: a circle flattened by perspective
    /// with the lotus's V notch, radial veins and a lighter, curled rim.
    static func pad(
        center c: Vec2, radius r: Float, squash: Float, notch: Float, color: RGB,
        light: RGB, on canvas: Canvas
    ) {
        // Shadow on the water just below the pad.
        canvas.fill(
            Ellipse(center: c + Vec2(r * 0.05, r * squash * 0.25), radii: Vec2(r * 1.02, r * squash)),
            color: color.darker(0.55), softness: r * 0.12, opacity: 0.35, mode: .multiply)
        let shape = Squashed(
            shape: PolarShape(
                center: c, size: r, rotation: 0,
                radius: { a in
                    var d = abs(a - notch)
                    if d > .pi { d = 2 * .pi - d }
                    let v: Float = d < 0.22 ? 0.08 + 0.92 * pow(d / 0.22, 2) : 1
                    return v * (0.97 + 0.03 * sin(a * 7))
                }), center: c, scaleY: squash)
        canvas.fill(shape) { p in
            let q = (p - c) * Vec2(1, 1 / squash) / r
            let rho = length(q)
            let ang = atan2(q.x, -q.y)
            let veins = pow(abs(cos(ang * 8)), 30) * smoothstep(0.15, 0.5, rho) * 0.12
            var col = mix(color, light, clamp01(0.35 - q.x * 0.25 - q.y * 0.35) * 0.6)
            col = mix(col, light, veins + smoothstep(0.86, 0.98, rho) * 0.35)
            return mix(col, light.lighter(0.3), (1 - smoothstep(0, 0.08, rho)) * 0.6)
        }
    }

    /// A leaf standing above the water on its stalk, an open cup seen from
    /// slightly above: the pale inside within a wavy rim, the darker
    /// underside bulging below it.
    static func standingLeaf(
        water: Vec2, top t: Vec2, radius r: Float, tilt: Float = 0, on canvas: Canvas,
        dark: RGB = leafDark, mid: RGB = leafMid, light: RGB = leafLight
    ) {
        let stemTop = t + Vec2(0, r * 0.44)
        canvas.fill(
            Stroke(
                from: water, control: (water + stemTop) * 0.5 + Vec2(r * 0.08, 0), to: stemTop,
                radiusA: r * 0.045, radiusB: r * 0.035, segments: 6), color: dark.darker(0.1))
        let under = Intersection(
            a: Ellipse(center: t + Vec2(0, r * 0.02), radii: Vec2(r * 0.97, r * 0.48), rotation: tilt),
            b: HalfPlane(y: t.y - r * 0.05, keepAbove: false))
        canvas.fill(under) { p in
            let q = (p - stemTop) / r
            let ang = atan2(q.x, -q.y)
            let veins = pow(abs(cos(ang * 7)), 24) * 0.18
            return mix(mix(dark, mid, clamp01(0.5 - q.x * 0.6)), light, veins)
        }
        let rim = Squashed(
            shape: PolarShape(
                center: t, size: r, rotation: tilt,
                radius: { a in
                    0.96 + 0.04 * sin(a * 9 + r)
                }), center: t, scaleY: 0.3)
        let hollow = t + Vec2(0, r * 0.06)
        canvas.fill(rim) { p in
            let q = (p - hollow) * Vec2(1, 1 / 0.3) / r
            let rho = length(q)
            let ang = atan2(q.x, -q.y)
            let veins = pow(abs(cos(ang * 8)), 28) * smoothstep(0.1, 0.6, rho) * 0.2
            // Darker in the hollow, lighter toward the lit far rim.
            var col = mix(mid.darker(0.1), light, smoothstep(0.1, 1.0, rho) * clamp01(0.6 - q.y * 0.5 - q.x * 0.3))
            col = mix(col, light.lighter(0.25), veins)
            return col
        }
    }

    /// A petal: a pointed oval from its base outward along `angle` (0 = up).
    static func petal(base: Vec2, angle: Float, length l: Float, width w: Float) -> Polygon {
        var pts: [Vec2] = []
        let n = 14
        for i in 0...n {
            let t = Float(i) / Float(n)
            let half = w * 0.5 * pow(sin(Float.pi * pow(t, 0.8)), 0.9)
            pts.append(Vec2(half, -t * l))
        }
        for i in stride(from: n - 1, through: 1, by: -1) {
            let t = Float(i) / Float(n)
            let half = w * 0.5 * pow(sin(Float.pi * pow(t, 0.8)), 0.9)
            pts.append(Vec2(-half, -t * l))
        }
        return Polygon(pts.map { base + rotate($0, angle) })
    }

    /// An open flower: back petals, the golden seed pod and stamens, then
    /// side and front petals; creamy at the base, pink toward the tips.
    /// `open` goes from a loose cup (0) to wide open (1).
    static func flower(
        at c: Vec2, size s: Float, open: Float, tip: RGB = RGB(hex: 0xE8508A),
        base: RGB = RGB(hex: 0xFFF1F2), on canvas: Canvas, seed: UInt64
    ) {
        var rng = SeededRandom(seed: seed)
        func paintPetal(_ angle: Float, _ len: Float, _ width: Float, shade: Float) {
            let b = c + Vec2(sin(angle) * s * 0.08, 0)
            let shape = petal(base: b, angle: angle, length: len, width: width)
            let dir = rotate(Vec2(0, -1), angle)
            canvas.fill(shape) { p in
                let t = clamp01(dot(p - b, dir) / len)
                let across = abs(dot(p - b, Vec2(-dir.y, dir.x))) / (width * 0.5)
                var col = mix(base, tip, smoothstep(0.25, 1.0, t))
                col = mix(col, tip.darker(0.1), smoothstep(0.7, 1.0, across) * 0.35)
                // Fine veins along the petal.
                col = col * (1 - 0.04 * pow(abs(sin(across * 9)), 8))
                return col.darker(shade)
            }
        }
        let spreadB = 0.35 + 0.35 * open
        // Back petals, seen from inside: lighter.
        for k in 0..<4 {
            let a = (Float(k) / 3 - 0.5) * 2 * spreadB + rng.range(-0.06, 0.06)
            paintPetal(a, s * rng.range(0.85, 1.0), s * 0.5, shade: 0.0)
        }
        // Seed pod and stamens.
        let pod = Ellipse(center: c + Vec2(0, -s * 0.2), radii: Vec2(s * 0.17, s * 0.08))
        canvas.fill(pod, color: RGB(hex: 0xD9D36A))
        canvas.fill(
            Ellipse(center: c + Vec2(0, -s * 0.215), radii: Vec2(s * 0.13, s * 0.05)), color: RGB(hex: 0xEDE59A))
        for k in 0..<16 {
            let a = Float(k) / 16 * 2 * .pi
            let q = c + Vec2(cos(a) * s * 0.22, -s * 0.16 + sin(a) * s * 0.07)
            canvas.fill(
                Capsule(q, q + Vec2(cos(a) * s * 0.04, -s * 0.08), radius: max(s * 0.012, canvas.pixelSize * 0.5)),
                color: RGB(hex: 0xF2B53A))
        }
        // Side petals, turned out, a little darker underneath.
        let spreadS = 0.7 + 0.6 * open
        for sgn: Float in [-1, 1] {
            paintPetal(sgn * spreadS, s * 0.9, s * 0.46, shade: 0.04)
            paintPetal(sgn * (spreadS * 0.55), s * 0.86, s * 0.5, shade: 0.02)
        }
        // Front petal, foreshortened toward the viewer.
        paintPetal(rng.range(-0.08, 0.08), s * 0.7, s * 0.52, shade: 0.0)
    }

    /// A closed bud on its stalk: a pink teardrop.
    static func bud(
        water: Vec2, at c: Vec2, size s: Float, tip: RGB = RGB(hex: 0xE25A8E),
        base: RGB = RGB(hex: 0xF6D3DC), stem: RGB = leafDark, on canvas: Canvas
    ) {
        canvas.fill(
            Stroke(
                from: water, control: (water + c) * 0.5 + Vec2(s * 0.1, 0), to: c,
                radiusA: s * 0.05, radiusB: s * 0.04, segments: 6), color: stem)
        let shape = petal(base: c + Vec2(0, s * 0.12), angle: 0, length: s, width: s * 0.62)
        canvas.fill(shape) { p in
            let t = clamp01((c.y + s * 0.12 - p.y) / s)
            return mix(base, tip, smoothstep(0.2, 1.0, t)) * (1 + 0.12 * clamp01((c.x - p.x) / (s * 0.3)))
        }
    }
}

/// A lotus pond's worth of pads, standing leaves, flowers and buds spread
/// over an area of water, smaller toward the far side, painted far to near.
struct LotusPond: Element {
    var area: Rect
    var pads: Int = 40
    var leaves: Int = 12
    var flowers: Int = 0
    var buds: Int = 0
    /// Pad radius at the far and near edges of the area.
    var farSize: Float = 30
    var nearSize: Float = 110
    /// Stand height of leaves and flowers relative to pad size.
    var stand: ClosedRange<Float> = 1.2...3
    var flowerTip: RGB = RGB(hex: 0xE8508A)
    var padColors: [RGB] = [RGB(hex: 0x3F8049), RGB(hex: 0x4C8E4E), RGB(hex: 0x5C9C52)]
    var padLight: RGB = RGB(hex: 0xA9D27A)
    /// Keep clear a region (e.g. the sun's glitter path), as centre x and half-width.
    var clearX: (center: Float, halfWidth: Float)? = nil
    var seed: UInt64

    private enum Kind { case pad, leaf, flower, bud }

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        var items: [(Kind, Vec2, Float, UInt64)] = []
        func add(_ k: Kind, _ n: Int) {
            var placed = 0, tries = 0
            while placed < n && tries < n * 20 {
                tries += 1
                let y = area.minY + (area.maxY - area.minY) * pow(rng.unit(), 1.3)
                let x = rng.range(area.minX, area.maxX)
                if let cl = clearX, abs(x - cl.center) < cl.halfWidth, k == .pad, rng.chance(0.8) { continue }
                let near = (y - area.minY) / max(area.maxY - area.minY, 1)
                let s = lerp(farSize, nearSize, near) * rng.range(0.7, 1.25)
                items.append((k, Vec2(x, y), s, rng.next()))
                placed += 1
            }
        }
        add(.pad, pads)
        add(.leaf, leaves)
        add(.flower, flowers)
        add(.bud, buds)
        items.sort { $0.1.y < $1.1.y }
        for (kind, p, s, sd) in items {
            var r = SeededRandom(seed: sd)
            switch kind {
            case .pad:
                Lotus.pad(
                    center: p, radius: s, squash: 0.22 + 0.18 * clamp01((p.y - area.minY) / (area.maxY - area.minY)),
                    notch: r.range(-2.6, 2.6), color: r.pick(padColors), light: padLight, on: canvas)
            case .leaf:
                let h = s * r.range(stand.lowerBound, stand.upperBound)
                Lotus.standingLeaf(
                    water: p, top: p + Vec2(r.range(-0.2, 0.2) * s, -h), radius: s * r.range(0.9, 1.3),
                    tilt: r.range(-0.15, 0.15), on: canvas)
            case .flower:
                let h = s * r.range(stand.lowerBound, stand.upperBound) * 1.1
                let top = p + Vec2(r.range(-0.15, 0.15) * s, -h)
                canvas.fill(
                    Stroke(
                        from: p, control: (p + top) * 0.5 + Vec2(s * 0.06, 0), to: top,
                        radiusA: s * 0.04, radiusB: s * 0.035, segments: 6), color: Lotus.leafDark)
                Lotus.flower(at: top, size: s * 0.75, open: r.range(0.2, 0.9), tip: flowerTip, on: canvas, seed: sd)
            case .bud:
                let h = s * r.range(stand.lowerBound, stand.upperBound)
                Lotus.bud(
                    water: p, at: p + Vec2(r.range(-0.1, 0.1) * s, -h), size: s * 0.45, tip: flowerTip, on: canvas)
            }
        }
    }
}
