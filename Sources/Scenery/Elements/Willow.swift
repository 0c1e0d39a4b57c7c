import Glibc

/// A weeping willow (垂柳), the tree of 清明: a leaning trunk, a few limbs
/// arching up and out, and curtains of thin strands falling from them,
/// each strand beaded with narrow leaves.
///
/// Strands behind the limbs are painted first and darker, those in front
/// last and lighter, so the curtain has depth without any real 3D.
struct WillowTree: Element {
    var base: Vec2
    /// From the foot of the trunk to the top of the crown.
    var height: Float
    var crownWidth: Float
    var trunkWidth: Float
    /// Horizontal offset of the crown top relative to the base.
    var lean: Float = 0
    var bark: RGB = RGB(hex: 0x4F4438)
    var barkShadow: RGB = RGB(hex: 0x2F2A24)
    /// Leaf colours, darkest first.
    var leaves: [RGB] = [RGB(hex: 0x6E9F3C), RGB(hex: 0x86B84A), RGB(hex: 0x9FCB5A), RGB(hex: 0xB8DC6E)]
    var highlight: RGB = RGB(hex: 0xE4F4A6)
    var strands: Int = 220
    /// Lowest point the strands reach (design y); default just above the ground.
    var hemY: Float? = nil
    /// Sideways drift of the strand ends (wind), in design units.
    var sway: Float = 30
    /// Leaf length.
    var leafSize: Float = 16
    var lightFromLeft = true
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        let top = base.y - height
        let crownC = Vec2(base.x + lean, top + height * 0.22)
        let fork = Vec2(base.x + lean * 0.45, base.y - height * 0.42)
        let hem = hemY ?? base.y - height * 0.08
        let side: Float = lightFromLeft ? 1 : -1

        // Limbs: trunk to the fork, then several arching up and out.
        var limbs: [Stroke] = [
            Stroke(
                from: base + Vec2(0, trunkWidth * 0.3),
                control: Vec2(base.x - lean * 0.1, (base.y + fork.y) * 0.5), to: fork,
                radiusA: trunkWidth * 0.6, radiusB: trunkWidth * 0.4)
        ]
        let mains = 5
        for k in 0..<mains {
            let t = (Float(k) + 0.5) / Float(mains) * 2 - 1
            let end = Vec2(
                crownC.x + t * crownWidth * 0.42, top + height * (0.06 + 0.1 * t * t) + rng.range(-0.03, 0.03) * height)
            let ctrl = Vec2((fork.x + end.x) * 0.5 + t * crownWidth * 0.05, min(fork.y, end.y) - height * 0.04)
            limbs.append(
                Stroke(from: fork, control: ctrl, to: end, radiusA: trunkWidth * 0.3, radiusB: trunkWidth * 0.07))
        }

        struct Strand {
            var a: Vec2
            var c: Vec2
            var b: Vec2
            var front: Bool
            var tone: Float
        }
        var all: [Strand] = []
        for _ in 0..<strands {
            // Strands leave the upper crown, arc outward and fall.
            let u = rng.range(-1, 1)
            let start = Vec2(
                crownC.x + u * crownWidth * 0.46,
                top + height * (0.04 + 0.14 * u * u) + rng.range(0, height * 0.2))
            let out = u * crownWidth * 0.1 + rng.range(-0.04, 0.04) * crownWidth
            let len = (hem - start.y) * rng.range(0.55, 1.0) * (1 - 0.3 * u * u)
            let end = start + Vec2(out * 1.3 + sway * rng.range(0.4, 1.2), len)
            let ctrl = start + Vec2(out * 1.6, -len * rng.range(0.02, 0.12))
            all.append(Strand(a: start, c: ctrl, b: end, front: rng.chance(0.55), tone: rng.unit()))
        }

        // A soft dark mass behind everything so the curtain reads as dense.
        let mass = Ellipse(
            center: Vec2(crownC.x, (top + hem) * 0.45 + top * 0.1), radii: Vec2(crownWidth * 0.42, (hem - top) * 0.34))
        canvas.fill(mass, color: leaves[0].darker(0.25), softness: crownWidth * 0.12, opacity: 0.55)

        for s in all where !s.front {
            paint(s.a, s.c, s.b, tone: s.tone * 0.5, back: true, rng: &rng, canvas: canvas, side: side)
        }
        for l in limbs {
            let dir = l.points.last! - l.points.first!
            let flip: Float = dir.y <= 0 ? 1 : -1
            canvas.fill(l) { p, nearby in
                let across = nearby.measure(p).across * flip * side
                return mix(barkShadow, bark, smoothstep(-0.1, 0.6, across))
            }
        }
        for s in all where s.front {
            paint(s.a, s.c, s.b, tone: 0.4 + s.tone * 0.6, back: false, rng: &rng, canvas: canvas, side: side)
        }
    }

    /// One strand: a hair-thin twig beaded with leaves along a quadratic curve.
    private func paint(
        _ a: Vec2, _ c: Vec2, _ b: Vec2, tone: Float, back: Bool, rng: inout SeededRandom,
        canvas: Canvas, side: Float
    ) {
        let twig = Stroke(from: a, control: c, to: b, radiusA: 1.8, radiusB: 0.8, segments: 8)
        canvas.fill(twig, color: leaves[0].darker(back ? 0.4 : 0.25))
        let total = length(b - a) + length(c - a) * 0.3
        let n = max(3, Int(total / (leafSize * 0.68)))
        let idx = Int(tone * Float(leaves.count - 1) + 0.5)
        let base = back ? mix(leaves[0], leaves[0].darker(0.3), 0.5) : leaves[min(idx, leaves.count - 1)]
        for i in 1...n {
            let t = Float(i) / Float(n)
            let u = 1 - t
            let p = a * (u * u) + c * (2 * u * t) + b * (t * t)
            let tan = (c - a) * (2 * u) + (b - c) * (2 * t)
            let ang = atan2(tan.x, -tan.y)
            let alt: Float = i % 2 == 0 ? 1 : -1
            let rot = ang + alt * rng.range(0.25, 0.6)
            let size = leafSize * rng.range(0.7, 1.1) * (0.75 + 0.25 * t)
            let center = p + rotate(Vec2(0, -size * 0.45), rot)
            // Leaves toward the lit side and the outside of the curtain catch light.
            let lit = clamp01(0.5 + side * (center.x < a.x ? 0.25 : -0.25) + rng.range(-0.3, 0.3))
            var col = mix(base, base.lighter(0.2), lit)
            if !back && rng.chance(0.12) { col = mix(col, highlight, 0.6) }
            canvas.fill(Ellipse(center: center, radii: Vec2(size * 0.16, size * 0.5), rotation: rot), color: col)
        }
    }
}
