import Glibc

/// Flowers scattered along the twigs of a `BareTree`: plum blossom in
/// late winter, a few early flowers at the thaw. Five round petals face
/// the viewer (some turned, so squashed), with a pale heart and stamens;
/// a share are still closed buds.
struct BlossomStyle {
    var petals: [RGB]
    var heart: RGB = RGB(hex: 0xF6D77A)
    var bud: RGB
    /// Flowers per 100 design units of twig.
    var density: Float = 1.2
    /// Fraction of the flowers that are buds.
    var budFraction: Float = 0.35
    var size: ClosedRange<Float> = 10...16
    /// Only the finest `levels` branch orders carry flowers.
    var levels: Int = 3

    /// Red winter plum (紅梅) against snow.
    static func redPlum() -> BlossomStyle {
        BlossomStyle(
            petals: [RGB(hex: 0xD7263D), RGB(hex: 0xE23B52), RGB(hex: 0xC8193A)],
            heart: RGB(hex: 0xFFE08A), bud: RGB(hex: 0x9E1230))
    }

    /// Pale pink plum, the first blossom of the thaw.
    static func palePlum() -> BlossomStyle {
        BlossomStyle(
            petals: [RGB(hex: 0xFBE3EA), RGB(hex: 0xF8D2DD), RGB(hex: 0xFFF2F5)],
            heart: RGB(hex: 0xF3C86A), bud: RGB(hex: 0xD9798F))
    }
}

/// A leafless tree grown by recursive forking: winter trees, the gnarled
/// zigzag of an old plum, frosted twigs. Each branch is a chain of kinked,
/// tapering capsules; round ends make the joints seamless.
///
/// Optional extras ride on the same skeleton, which is why they live here:
/// rime or snow on the upper side of every branch, blossom along the
/// twigs, a few last leaves at the tips.
struct BareTree: Element {
    var base: Vec2
    /// Length of the trunk before the first fork.
    var trunkLength: Float
    var trunkWidth: Float
    /// Direction of the trunk in radians from vertical (positive leans right).
    var angle: Float = 0
    /// Number of forking generations.
    var depth: Int = 6
    /// Angle between sibling branches.
    var spread: Float = 0.55
    /// Length of a child relative to its parent.
    var shrink: Float = 0.74
    /// Width of a child relative to its parent.
    var thin: Float = 0.68
    /// Random change of direction at each kink (radians); plums are gnarled.
    var gnarl: Float = 0.18
    /// Kinks per branch.
    var kinks: Int = 3
    /// Pull of every branch toward the vertical (0 = none).
    var upward: Float = 0.12
    /// Chance of a third child at a fork.
    var thirdChild: Float = 0.25
    var bark: RGB = RGB(hex: 0x4A3A3A)
    var barkShadow: RGB = RGB(hex: 0x2A1F24)
    var lightFromLeft = true
    /// White along the upper side of the branches (0 = none, 1 = a thick crust).
    var rime: Float = 0
    var rimeColor: RGB = RGB(hex: 0xF4F8FF)
    var blossom: BlossomStyle? = nil
    /// A few leaves left at the tips: colours and the chance per tip.
    var leafColors: [RGB] = []
    var leafChance: Float = 0
    var leafSize: Float = 16
    var softness: Float = 0
    var opacity: Float = 1
    var seed: UInt64

    struct Segment {
        var a: Vec2
        var b: Vec2
        var ra: Float
        var rb: Float
        var level: Int
    }

    /// The skeleton, trunk first; deterministic for a seed.
    func segments() -> [Segment] {
        var rng = SeededRandom(seed: seed)
        var out: [Segment] = []
        func grow(_ start: Vec2, _ dir: Float, _ length: Float, _ radius: Float, _ level: Int) {
            var p = start
            var a = dir
            let n = max(kinks, 1)
            let end = radius * thin
            for k in 0..<n {
                // Pull toward vertical, then kink.
                a += (0 - a) * upward / Float(n) + rng.range(-gnarl, gnarl)
                let l = length / Float(n) * rng.range(0.8, 1.2)
                let q = p + Vec2(sin(a), -cos(a)) * l
                let r0 = lerp(radius, end, Float(k) / Float(n))
                let r1 = lerp(radius, end, Float(k + 1) / Float(n))
                out.append(Segment(a: p, b: q, ra: r0, rb: r1, level: level))
                p = q
            }
            guard level < depth, end > 0.6 else { return }
            let kids = rng.chance(thirdChild) ? 3 : 2
            // Siblings fan around the parent's direction, one usually
            // carrying on (the leader) and the rest leaving at an angle.
            let skew = rng.range(-0.5, 0.5) * spread
            for c in 0..<kids {
                let t = kids == 1 ? 0 : Float(c) / Float(kids - 1) - 0.5
                let da = t * spread * 2 + skew + rng.range(-0.12, 0.12)
                let leader = abs(da) < spread * 0.4
                let l = length * shrink * rng.range(0.75, 1.15) * (leader ? 1.05 : 0.9)
                grow(p, a + da, l, end * (leader ? 1 : rng.range(0.75, 0.95)), level + 1)
            }
        }
        grow(base + Vec2(0, trunkWidth * 0.2), angle, trunkLength, trunkWidth * 0.5, 0)
        return out
    }

    func draw(on canvas: Canvas) {
        let segs = segments()
        let side: Float = lightFromLeft ? 1 : -1
        for s in segs {
            let ab = s.b - s.a
            let l2 = max(dot(ab, ab), 1e-6)
            canvas.fill(Capsule(s.a, s.b, radiusA: s.ra, radiusB: s.rb), softness: softness, opacity: opacity) { p in
                let t = clamp01(dot(p - s.a, ab) / l2)
                let r = max(lerp(s.ra, s.rb, t), 1e-3)
                let o = (p - (s.a + ab * t)) / r
                var c = mix(barkShadow, bark, smoothstep(-0.2, 0.5, -o.x * side))
                if rime > 0 {
                    // Rime and snow settle on top, thicker on level limbs.
                    let level = 1 - abs(ab.y) / max(length(ab), 1e-3)
                    let th = 1 - 1.3 * rime * (0.45 + 0.55 * level)
                    let cover = smoothstep(th - 0.12, th + 0.06, -o.y)
                    c = mix(c, rimeColor, cover)
                }
                return c
            }
        }
        var rng = SeededRandom(seed: seed &+ 0xB10)
        let finest = segs.map { $0.level }.max() ?? 0
        if !leafColors.isEmpty && leafChance > 0 {
            for (i, s) in segs.enumerated() where s.level == finest {
                let isTip = i + 1 >= segs.count || segs[i + 1].a != s.b
                guard isTip, rng.chance(leafChance) else { continue }
                let col = rng.pick(leafColors)
                let rot = rng.range(-1.2, 1.2) + .pi
                let sz = leafSize * rng.range(0.7, 1.2)
                let c = s.b + rotate(Vec2(0, sz * 0.5), rot)
                canvas.fill(Ellipse(center: c, radii: Vec2(sz * 0.26, sz * 0.5), rotation: rot), opacity: opacity) {
                    p in
                    col * (1 + 0.2 * clamp01((c.x - p.x) / sz + 0.5) * side)
                }
            }
        }
        if let b = blossom {
            for s in segs where s.level > finest - b.levels {
                let len = length(s.b - s.a)
                var expected = len / 100 * b.density
                while expected > 0 {
                    defer { expected -= 1 }
                    if expected < 1 && !rng.chance(expected) { break }
                    let t = rng.unit()
                    let along = s.a + (s.b - s.a) * t
                    let r = lerp(s.ra, s.rb, t)
                    let off = rotate(Vec2(0, -1), rng.range(-2, 2)) * r * rng.range(0.3, 1.1)
                    let size = rng.range(b.size.lowerBound, b.size.upperBound)
                    if rng.chance(b.budFraction) {
                        BlossomStyle.paintBud(
                            at: along + off, size: size * 0.42, color: b.bud, canvas: canvas, opacity: opacity)
                    } else {
                        BlossomStyle.paintFlower(
                            at: along + off, size: size, style: b, rng: &rng, canvas: canvas,
                            opacity: opacity, softness: softness)
                    }
                }
            }
        }
    }
}

extension BlossomStyle {
    /// A closed bud: a small round dot, lighter on top.
    static func paintBud(at c: Vec2, size: Float, color: RGB, canvas: Canvas, opacity: Float = 1) {
        canvas.fill(Circle(center: c, radius: size), opacity: opacity) { p in
            mix(color.lighter(0.35), color, clamp01((p.y - c.y) / size * 0.7 + 0.5))
        }
    }

    /// One open five-petalled flower, sometimes turned (squashed).
    static func paintFlower(
        at c: Vec2, size: Float, style: BlossomStyle, rng: inout SeededRandom,
        canvas: Canvas, opacity: Float = 1, softness: Float = 0
    ) {
        let col = rng.pick(style.petals)
        let rot = rng.range(0, 1.3)
        let squash = rng.chance(0.4) ? rng.range(0.5, 0.85) : 1
        let shape = Squashed(
            shape: PolarShape(
                center: c, size: size * 0.5, rotation: rot,
                radius: { a in
                    // Five rounded petals with small clefts between them.
                    let k = abs(cos(a * 2.5))
                    return 0.62 + 0.38 * pow(k, 0.45)
                }), center: c, scaleY: squash)
        canvas.fill(shape, softness: softness, opacity: opacity) { p in
            let r = length((p - c) * Vec2(1, 1 / squash)) / (size * 0.5)
            return mix(col.lighter(0.25), col, smoothstep(0.1, 0.9, r))
        }
        canvas.fill(Circle(center: c, radius: size * 0.13), color: style.heart, opacity: opacity)
        // Stamens: a ring of tiny dots.
        if size * canvas.scale > 6 {
            for k in 0..<6 {
                let a = Float(k) / 6 * 2 * .pi + rot
                let q = c + Vec2(cos(a), sin(a) * squash) * size * 0.24
                canvas.fill(
                    Circle(center: q, radius: max(size * 0.035, canvas.pixelSize * 0.5)),
                    color: style.heart.darker(0.1), opacity: opacity)
            }
        }
    }
}
