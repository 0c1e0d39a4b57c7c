import Glibc

/// Where airborne particles gather: uniformly over an area, optionally
/// concentrated around a point (petals near their tree, say).
struct Scatter {
    var area: Rect
    var focus: Vec2? = nil
    /// Spread around the focus (design units); particles outside thin out.
    var focusRadius: Float = 800
    /// 0 = ignore focus, 1 = strongly gathered.
    var focusWeight: Float = 0.6
    /// Areas kept clear (e.g. the sun's disc), as centre and radius.
    var avoid: [(center: Vec2, radius: Float)] = []

    func positions(count: Int, rng: inout SeededRandom) -> [Vec2] {
        var out: [Vec2] = []
        var tries = 0
        while out.count < count && tries < count * 30 {
            tries += 1
            let p = Vec2(rng.range(area.minX, area.maxX), rng.range(area.minY, area.maxY))
            if avoid.contains(where: { length(p - $0.center) < $0.radius }) { continue }
            if let f = focus {
                let d = length(p - f) / focusRadius
                let keep = (1 - focusWeight) + focusWeight * exp(-d * d)
                if !rng.chance(keep) { continue }
            }
            out.append(p)
        }
        return out
    }
}

/// Drifting cherry petals: small notched ovals, deeper pink at the base.
/// A fraction are big and blurred, as if passing close to the lens, which
/// gives the picture depth.
struct Petals: Element {
    var scatter: Scatter
    var count: Int
    var size: ClosedRange<Float> = 14...26
    var colors: [RGB] = [RGB(hex: 0xF9C4D2), RGB(hex: 0xFFDDE6), RGB(hex: 0xF4AFC4)]
    var baseColor: RGB = RGB(hex: 0xE98AA8)
    /// Fraction of near, out-of-focus petals.
    var nearFraction: Float = 0.08
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        for p in scatter.positions(count: count, rng: &rng) {
            let near = rng.chance(nearFraction)
            let s = rng.range(size.lowerBound, size.upperBound) * (near ? rng.range(2.2, 3.5) : 1)
            let rot = rng.range(0, 2 * .pi)
            // Turning in the air: a petal seen edge-on looks narrower.
            let squash = rng.range(0.35, 0.75)
            let body = Ellipse(center: p, radii: Vec2(s * 0.5 * squash, s * 0.5), rotation: rot)
            let tipDir = rotate(Vec2(0, -1), rot)
            let notch = Circle(center: p + tipDir * s * 0.56, radius: s * 0.12)
            let col = rng.pick(colors)
            let soft: Float = near ? s * 0.35 : 0
            canvas.fill(
                Subtraction(shape: body, minus: notch), softness: soft, opacity: near ? 0.75 : rng.range(0.8, 1)
            ) { q in
                let along = dot(q - p, tipDir) / (s * 0.5)
                return mix(baseColor, col, smoothstep(-1, 0.1, along))
            }
        }
    }
}

/// Falling leaves: maple-shaped or oval, tumbling (foreshortened) and in
/// autumn colours, some near and blurred.
struct Leaves: Element {
    var scatter: Scatter
    var count: Int
    var size: ClosedRange<Float> = 22...40
    var colors: [RGB]
    /// Fraction drawn as maple leaves (the rest are ovals).
    var mapleFraction: Float = 0.7
    var nearFraction: Float = 0.07
    var lying = false
    var seed: UInt64

    /// A five-lobed maple outline as radius over angle (0 = up).
    static func mapleRadius(_ a: Float) -> Float {
        let lobes: [(Float, Float)] = [(0, 1), (1.2, 0.9), (-1.2, 0.9), (2.25, 0.6), (-2.25, 0.6)]
        var r: Float = 0.28
        for (at, amp) in lobes {
            var d = abs(a - at)
            if d > .pi { d = 2 * .pi - d }
            r = max(r, 0.28 + amp * 0.72 * pow(max(0, 1 - d / 0.62), 1.6))
        }
        return r + 0.04 * abs(sin(a * 9))
    }

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        for p in scatter.positions(count: count, rng: &rng) {
            let near = rng.chance(nearFraction)
            let s = rng.range(size.lowerBound, size.upperBound) * (near ? rng.range(2, 3) : 1)
            let rot = rng.range(-Float.pi, .pi)
            let col = rng.pick(colors)
            let soft: Float = near ? s * 0.3 : 0
            let squashY: Float = lying ? rng.range(0.3, 0.5) : rng.range(0.45, 1)
            let veinDir = rotate(Vec2(0, -1), rot)
            let paint: (Vec2) -> RGB = { q in
                // Lighter toward one edge, as if catching light.
                let side = dot(q - p, rotate(veinDir, .pi / 2)) / s
                return col * (1.0 + 0.18 * side)
            }
            if rng.chance(mapleFraction) {
                let leaf = Squashed(
                    shape: PolarShape(center: p, size: s * 0.5, rotation: rot, radius: Leaves.mapleRadius),
                    center: p, scaleY: squashY)
                canvas.fill(leaf, softness: soft, opacity: near ? 0.85 : 1, paint: paint)
                let stemEnd = p - veinDir * s * 0.55 * squashY
                canvas.fill(
                    Capsule(p, stemEnd, radiusA: s * 0.03, radiusB: s * 0.02), color: col.darker(0.35), softness: soft)
            } else {
                let leaf = Ellipse(center: p, radii: Vec2(s * 0.22, s * 0.5 * squashY), rotation: rot)
                canvas.fill(leaf, softness: soft, opacity: near ? 0.85 : 1, paint: paint)
            }
        }
    }
}

/// A shape flattened vertically about a point (a leaf seen at an angle,
/// a flower on the ground).
struct Squashed<S: Shape>: Shape {
    var shape: S
    var center: Vec2
    var scaleY: Float
    var bounds: Rect {
        let b = shape.bounds
        return Rect(
            minX: b.minX, minY: center.y + (b.minY - center.y) * scaleY,
            maxX: b.maxX, maxY: center.y + (b.maxY - center.y) * scaleY)
    }
    func distance(_ p: Vec2) -> Float {
        let q = Vec2(p.x, center.y + (p.y - center.y) / scaleY)
        return shape.distance(q) * scaleY
    }
}

/// Falling snow in three depths: fine sharp flakes, medium soft ones, and
/// a few large out-of-focus discs close to the lens (bokeh).
struct Snowfall: Element {
    /// Where flakes fall; nil for the whole canvas, with as many flakes for each grid's
    /// width of it as the counts say.
    var area: Rect? = nil
    var small: Int = 900
    var medium: Int = 160
    var bokeh: Int = 24
    var color: RGB = RGB(hex: 0xFFFFFF)
    var bokehColor: RGB = RGB(hex: 0xF2F5FF)
    /// Flakes are fewer in the top band (where a label may sit) when > 0.
    var calmTop: Float = 0
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        let area = self.area ?? canvas.bounds
        let perGrid = self.area == nil ? canvas.widthInGrids : 1
        let (bokeh, medium, small) = (scaled(bokeh, perGrid), scaled(medium, perGrid), scaled(small, perGrid))
        func spot() -> Vec2 {
            while true {
                let p = Vec2(rng.range(area.minX, area.maxX), rng.range(area.minY, area.maxY))
                if p.y > calmTop || rng.chance(0.35) { return p }
            }
        }
        for _ in 0..<bokeh {
            let p = spot()
            let r = rng.range(28, 70)
            canvas.fill(
                Circle(center: p, radius: r), color: bokehColor, softness: r * rng.range(0.5, 0.9),
                opacity: rng.range(0.18, 0.38))
        }
        for _ in 0..<medium {
            let p = spot()
            let r = rng.range(6, 12)
            canvas.fill(Circle(center: p, radius: r), color: color, softness: r * 0.8, opacity: rng.range(0.55, 0.85))
        }
        for _ in 0..<small {
            let p = spot()
            let r = rng.range(1.6, 4.5)
            canvas.fill(Circle(center: p, radius: r), color: color, softness: r * 0.5, opacity: rng.range(0.6, 1))
        }
    }
}

/// Slanting rain streaks, thin and faint, screened over the picture.
struct Rain: Element {
    /// Where it rains; nil for the whole canvas, with `count` streaks for each grid's
    /// width of it.
    var area: Rect? = nil
    var count: Int = 1500
    var angle: Float = 0.2
    var length: ClosedRange<Float> = 40...110
    var color: RGB = RGB(hex: 0xDCE6F2)
    var opacity: Float = 0.35
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        let area = self.area ?? canvas.bounds
        let dir = Vec2(sin(angle), cos(angle))
        for _ in 0..<scaled(count, self.area == nil ? canvas.widthInGrids : 1) {
            let p = Vec2(rng.range(area.minX, area.maxX), rng.range(area.minY, area.maxY))
            let l = rng.range(length.lowerBound, length.upperBound)
            let w = rng.range(0.8, 1.8)
            canvas.fill(
                Capsule(p, p + dir * l, radiusA: w * 0.6, radiusB: w), color: color, softness: w,
                opacity: opacity * rng.range(0.4, 1), mode: .screen)
        }
    }
}

/// A count of things scattered over one grid's width, for `grids` widths.
func scaled(_ count: Int, _ grids: Float) -> Int {
    grids == 1 ? count : Int((Float(count) * grids).rounded())
}
