import Glibc

/// Grass blades in tufts across a strip of ground; blades grow with
/// nearness (lower on the picture) so the strip reads as receding ground.
struct Grass: GroundCover {
    var area: Rect
    var tufts: Int
    /// Blade length at the top and at the bottom of the area.
    var farLength: Float = 14
    var nearLength: Float = 46
    var colors: [RGB]
    var tipColor: RGB? = nil
    var lean: Float = 0.15
    /// Optional skyline: tufts are only placed below it.
    var ground: ((Float) -> Float)? = nil
    /// Optional keep-out test (e.g. not on the river): tufts where it
    /// returns false are skipped.
    var allowed: ((Vec2) -> Bool)? = nil
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<tufts {
            let x = rng.range(area.minX, area.maxX)
            let minY = max(area.minY, ground?(x) ?? area.minY)
            guard minY < area.maxY else { continue }
            let y = rng.range(minY + 4, area.maxY)
            if let ok = allowed, !ok(Vec2(x, y)) { continue }
            let near = (y - area.minY) / max(area.maxY - area.minY, 1)
            let len = lerp(farLength, nearLength, near) * rng.range(0.7, 1.3)
            let blades = rng.int(3..<7)
            let col = rng.pick(colors)
            for _ in 0..<blades {
                let a = lean + rng.range(-0.45, 0.45)
                let l = len * rng.range(0.6, 1.1)
                let root = Vec2(x + rng.range(-len * 0.15, len * 0.15), y)
                let tip = root + Vec2(sin(a), -cos(a)) * l
                let w = max(len * 0.05, canvas.pixelSize * 0.7)
                canvas.fill(Capsule(root, tip, radiusA: w, radiusB: w * 0.15)) { p in
                    guard let t = tipColor else { return col }
                    return mix(col, t, clamp01((root.y - p.y) / l))
                }
            }
        }
    }
}

/// Small wildflowers: five round petals around a centre, flattened by
/// perspective, scattered over meadow ground.
struct Flowers: GroundCover {
    var area: Rect
    var count: Int
    var colors: [RGB]
    var centerColor: RGB = RGB(hex: 0xF7C948)
    var farSize: Float = 5
    var nearSize: Float = 16
    var ground: ((Float) -> Float)? = nil
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<count {
            let x = rng.range(area.minX, area.maxX)
            let minY = max(area.minY, ground?(x) ?? area.minY)
            guard minY < area.maxY else { continue }
            let y = minY + (area.maxY - minY) * pow(rng.unit(), 0.8)
            let near = (y - area.minY) / max(area.maxY - area.minY, 1)
            let s = lerp(farSize, nearSize, near) * rng.range(0.7, 1.2)
            let c = Vec2(x, y)
            let col = rng.pick(colors)
            let rot = rng.range(0, 1.2)
            let flower = Squashed(
                shape: PolarShape(
                    center: c, size: s, rotation: rot,
                    radius: { a in
                        0.55 + 0.45 * abs(cos(a * 2.5))
                    }), center: c, scaleY: 0.6)
            canvas.fill(flower) { p in mix(col, col.lighter(0.5), clamp01((c.y - p.y) / s + 0.3)) }
            canvas.fill(Circle(center: c, radius: s * 0.22), color: centerColor)
        }
    }
}

extension Grass {
    var amount: Int {
        get { tufts }
        set { tufts = newValue }
    }
}

extension Flowers {
    var amount: Int {
        get { count }
        set { count = newValue }
    }
}
