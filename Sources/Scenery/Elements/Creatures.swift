import Glibc

/// Swallows (燕), the birds of the spring equinox: sleek silhouettes with
/// swept-back pointed wings and a forked tail, at varied angles, as if
/// swooping over water.
struct Swallows: Element {
    /// Each bird: position, wingspan and heading (radians, 0 = flying right).
    var birds: [(at: Vec2, span: Float, heading: Float)]
    var color: RGB = RGB(hex: 0x1E2440)
    var belly: RGB = RGB(hex: 0xE9E4E0)
    var opacity: Float = 1

    func draw(on canvas: Canvas) {
        for b in birds {
            let s = b.span
            // Local frame: x forward along the heading, y down.
            func pt(_ x: Float, _ y: Float) -> Vec2 { b.at + rotate(Vec2(x, y) * s, b.heading) }
            let body = Ellipse(center: b.at, radii: Vec2(s * 0.2, s * 0.055), rotation: b.heading)
            let wings = Polygon([
                pt(0.12, -0.01), pt(0.02, -0.22), pt(-0.2, -0.52), pt(-0.05, -0.18), pt(-0.12, -0.02),
                pt(-0.05, 0.18), pt(-0.2, 0.52), pt(0.02, 0.22),
            ])
            let tail = Polygon([pt(-0.14, -0.02), pt(-0.48, -0.12), pt(-0.3, 0), pt(-0.48, 0.12), pt(-0.14, 0.02)])
            canvas.fill(tail, color: color, opacity: opacity)
            canvas.fill(wings, color: color, opacity: opacity)
            canvas.fill(body, opacity: opacity) { p in
                let q = rotate(p - b.at, -b.heading)
                return mix(color, belly, smoothstep(0.0, s * 0.05, q.y) * smoothstep(s * 0.2, -s * 0.05, q.x) * 0.7)
            }
            canvas.fill(Circle(center: pt(0.17, 0), radius: s * 0.045), color: color, opacity: opacity)
        }
    }
}

/// Butterflies stirring over the grass: two pairs of rounded wings with
/// darker margins, tilted and more or less open.
struct Butterflies: Element {
    var area: Rect
    var count: Int
    var size: ClosedRange<Float> = 22...36
    var colors: [RGB] = [RGB(hex: 0xFFFFFF), RGB(hex: 0xFCE38A), RGB(hex: 0xF7B267)]
    var margin: RGB = RGB(hex: 0x3A3340)
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<count {
            let c = Vec2(rng.range(area.minX, area.maxX), rng.range(area.minY, area.maxY))
            let s = rng.range(size.lowerBound, size.upperBound)
            let col = rng.pick(colors)
            let tilt = rng.range(-0.5, 0.5)
            let open = rng.range(0.35, 1)
            for side: Float in [-1, 1] {
                let up = Ellipse(
                    center: c + rotate(Vec2(side * s * 0.28 * open, -s * 0.14), tilt),
                    radii: Vec2(s * 0.3 * open, s * 0.24), rotation: tilt + side * 0.5)
                let low = Ellipse(
                    center: c + rotate(Vec2(side * s * 0.2 * open, s * 0.14), tilt),
                    radii: Vec2(s * 0.2 * open, s * 0.17), rotation: tilt - side * 0.4)
                for wing in [up, low] {
                    canvas.fill(wing) { p in
                        let q = rotate(p - wing.center, -wing.rotation) / wing.radii
                        return mix(col, margin, smoothstep(0.72, 0.95, length(q)) * 0.8)
                    }
                }
            }
            canvas.fill(
                Capsule(
                    c + rotate(Vec2(0, -s * 0.2), tilt), c + rotate(Vec2(0, s * 0.22), tilt),
                    radius: max(s * 0.035, canvas.pixelSize * 0.6)), color: margin)
        }
    }
}

/// A kite (風箏) for the bright days of 清明: a diamond of two colours on
/// crossed spars, a ribbon tail with bows, and a fine string sagging down
/// toward whoever flies it.
struct Kite: Element {
    var center: Vec2
    var size: Float
    /// Tilt in radians.
    var rotation: Float = 0
    var colors: (RGB, RGB)
    var tailColor: RGB
    /// Where the string goes (usually off toward the ground).
    var anchor: Vec2
    var stringColor: RGB = RGB(hex: 0xF4F4F4)
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        let s = size
        func pt(_ x: Float, _ y: Float) -> Vec2 { center + rotate(Vec2(x, y) * s, rotation) }
        let top = pt(0, -0.55), left = pt(-0.38, -0.12), right = pt(0.38, -0.12), bottom = pt(0, 0.6)
        let joint = pt(0, -0.12)
        // String: a shallow curve from the spar joint to the anchor.
        let mid = (joint + anchor) * 0.5 + Vec2(0, length(anchor - joint) * 0.08)
        canvas.fill(
            Stroke(
                from: joint, control: mid, to: anchor, radiusA: max(1.1, canvas.pixelSize * 0.5),
                radiusB: max(0.8, canvas.pixelSize * 0.5), segments: 24), color: stringColor, opacity: 0.55)
        // Tail: a ribbon swinging in an S with small bows.
        var prev = bottom
        let n = 26
        var phase = rng.range(0, 6)
        for i in 1...n {
            let t = Float(i) / Float(n)
            phase += 0.35
            let q = bottom + rotate(Vec2(sin(phase) * s * 0.18 * t, t * s * 2.2), rotation * 0.4)
            canvas.fill(Capsule(prev, q, radius: max(s * 0.012, canvas.pixelSize * 0.5)), color: tailColor)
            if i % 5 == 0 {
                let bow = Polygon([q + Vec2(-s * 0.09, -s * 0.05), q, q + Vec2(-s * 0.09, s * 0.05)])
                let bow2 = Polygon([q + Vec2(s * 0.09, -s * 0.05), q, q + Vec2(s * 0.09, s * 0.05)])
                canvas.fill(bow, color: tailColor)
                canvas.fill(bow2, color: tailColor)
            }
            prev = q
        }
        // Sail in four panels: two colours, each lighter on the upper side.
        let panels: [([Vec2], RGB)] = [
            ([top, left, joint], colors.0), ([top, joint, right], colors.0.lighter(0.15)),
            ([left, bottom, joint], colors.1), ([joint, bottom, right], colors.1.lighter(0.15)),
        ]
        for (pts, c) in panels { canvas.fill(Polygon(pts), color: c) }
        let spar = max(s * 0.012, canvas.pixelSize * 0.5)
        canvas.fill(Capsule(top, bottom, radius: spar), color: RGB(hex: 0x5A4030), opacity: 0.7)
        canvas.fill(Capsule(left, right, radius: spar), color: RGB(hex: 0x5A4030), opacity: 0.7)
    }
}

/// A farmer bent over the flooded paddy, planting (芒種): conical straw
/// hat, indigo clothes, arms reaching down to the water, with a broken
/// reflection below.
struct Farmer: Element {
    /// Where the feet meet the water.
    var base: Vec2
    var height: Float
    var facingRight = true
    var clothes: RGB = RGB(hex: 0x34507A)
    var hat: RGB = RGB(hex: 0xE3C27A)
    var skin: RGB = RGB(hex: 0xB8825E)
    /// Draws a faint reflection (for figures standing in water).
    var reflection = true

    func draw(on canvas: Canvas) {
        let h = height
        let f: Float = facingRight ? 1 : -1
        let hip = base + Vec2(-f * h * 0.05, -h * 0.5)
        let shoulder = hip + Vec2(f * h * 0.32, -h * 0.16)
        let head = shoulder + Vec2(f * h * 0.1, h * 0.02)
        let hand = shoulder + Vec2(f * h * 0.05, h * 0.42)
        let w = h * 0.075
        var parts: [(AnyShapeBox, RGB)] = []
        parts.append(
            (
                AnyShapeBox(Capsule(base + Vec2(-f * h * 0.1, 0), hip, radiusA: w * 0.55, radiusB: w * 0.8)),
                clothes.darker(0.2)
            ))
        parts.append(
            (
                AnyShapeBox(Capsule(base + Vec2(f * h * 0.06, 0), hip, radiusA: w * 0.55, radiusB: w * 0.8)),
                clothes.darker(0.1)
            ))
        parts.append((AnyShapeBox(Capsule(hip, shoulder, radiusA: w * 1.1, radiusB: w * 1.0)), clothes))
        parts.append((AnyShapeBox(Capsule(shoulder, hand, radiusA: w * 0.5, radiusB: w * 0.35)), clothes.lighter(0.08)))
        parts.append((AnyShapeBox(Capsule(hand, hand + Vec2(0, w * 0.6), radius: w * 0.3)), skin))
        let hatShape = Polygon([
            head + Vec2(-h * 0.17, h * 0.03), head + Vec2(f * h * 0.02, -h * 0.13), head + Vec2(h * 0.17, h * 0.03),
        ])
        if reflection {
            for (s, c) in parts {
                canvas.fill(
                    FlippedShape(shape: s, axisY: base.y), color: c.lighter(0.3), softness: w * 0.4, opacity: 0.25)
            }
            canvas.fill(
                FlippedShape(shape: AnyShapeBox(hatShape), axisY: base.y), color: hat, softness: w * 0.4, opacity: 0.25)
        }
        for (s, c) in parts { canvas.fill(s, color: c) }
        canvas.fill(hatShape) { p in mix(hat.lighter(0.2), hat.darker(0.15), clamp01((p.x - head.x) / (h * 0.34) + 0.5))
        }
        // Ripples around the legs.
        canvas.fill(
            Ellipse(center: base + Vec2(0, h * 0.01), radii: Vec2(h * 0.22, h * 0.025)), color: RGB(1, 1, 1),
            softness: h * 0.02, opacity: 0.2)
    }
}

/// Type-erased shape, so parts of a figure can share one list.
struct AnyShapeBox: Shape {
    let bounds: Rect
    private let dist: (Vec2) -> Float
    init<S: Shape>(_ s: S) {
        bounds = s.bounds
        dist = s.distance
    }
    func distance(_ p: Vec2) -> Float { dist(p) }
}

/// A shape mirrored about a horizontal line: reflections in still water.
struct FlippedShape<S: Shape>: Shape {
    var shape: S
    var axisY: Float
    var bounds: Rect {
        let b = shape.bounds
        return Rect(minX: b.minX, minY: 2 * axisY - b.maxY, maxX: b.maxX, maxY: 2 * axisY - b.minY)
    }
    func distance(_ p: Vec2) -> Float { shape.distance(Vec2(p.x, 2 * axisY - p.y)) }
}

/// Fireflies on a summer dusk: tiny warm points, each in its own soft glow.
struct Fireflies: Element {
    var area: Rect
    var count: Int
    var color: RGB = RGB(hex: 0xE9FF8A)
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<count {
            let p = Vec2(rng.range(area.minX, area.maxX), rng.range(area.minY, area.maxY))
            let r = rng.range(2.5, 5.5)
            let a = rng.range(0.5, 1)
            canvas.draw(Glow(center: p, radius: r * 5, color: color, strength: 0.5 * a, falloff: 1.4))
            canvas.fill(
                Circle(center: p, radius: r), color: color.lighter(0.5), softness: r * 0.7, opacity: a, mode: .screen)
        }
    }
}

/// A small wooden sampan with an arched bamboo awning, the boat of
/// southern rivers, with a faint broken reflection.
struct Sampan: Element {
    /// Waterline centre.
    var position: Vec2
    var length: Float
    var hull: RGB = RGB(hex: 0x4A3A30)
    var awning: RGB = RGB(hex: 0x6E5A44)
    /// A boatman standing at the stern with a pole.
    var boatman = true
    var clothes: RGB = RGB(hex: 0x3A4A66)
    var hat: RGB = RGB(hex: 0xD8B878)

    func draw(on canvas: Canvas) {
        let l = length, c = position
        let hullShape = Polygon([
            c + Vec2(-l * 0.5, -l * 0.1), c + Vec2(-l * 0.36, -l * 0.04), c + Vec2(l * 0.36, -l * 0.04),
            c + Vec2(l * 0.52, -l * 0.11), c + Vec2(l * 0.34, l * 0.02), c + Vec2(-l * 0.34, l * 0.02),
        ])
        let hoodC = c + Vec2(-l * 0.02, -l * 0.04)
        let hood = Intersection(
            a: Ellipse(center: hoodC, radii: Vec2(l * 0.2, l * 0.15)), b: HalfPlane(y: hoodC.y, keepAbove: true))
        canvas.fill(
            FlippedShape(shape: hullShape, axisY: c.y + l * 0.02), color: hull, softness: l * 0.03, opacity: 0.3)
        canvas.fill(FlippedShape(shape: hood, axisY: c.y + l * 0.02), color: awning, softness: l * 0.03, opacity: 0.2)
        canvas.fill(hood) { p in
            // Bamboo ribs across the awning.
            let ribs = 0.5 + 0.5 * cos((p.x - hoodC.x) / (l * 0.025) * .pi)
            return mix(awning.lighter(0.15), awning.darker(0.2), clamp01((p.x - hoodC.x) / (l * 0.4) + 0.5))
                * (0.9 + 0.1 * ribs)
        }
        canvas.fill(hullShape) { p in
            mix(hull.lighter(0.12), hull.darker(0.25), clamp01((p.y - c.y + l * 0.1) / (l * 0.13)))
        }
        if boatman {
            let f = Farmer(
                base: c + Vec2(l * 0.36, -l * 0.06), height: l * 0.36, facingRight: false, clothes: clothes, hat: hat,
                reflection: false)
            let pole = Capsule(
                c + Vec2(l * 0.26, -l * 0.55), c + Vec2(l * 0.5, l * 0.3),
                radius: max(l * 0.006, canvas.pixelSize * 0.5))
            canvas.fill(pole, color: hull.darker(0.2))
            f.drawStanding(on: canvas)
        }
    }
}

extension Farmer {
    /// An upright figure (boatman, walker) instead of one bent to plant.
    func drawStanding(on canvas: Canvas) {
        let h = height
        let f: Float = facingRight ? 1 : -1
        let hip = base + Vec2(0, -h * 0.48)
        let shoulder = hip + Vec2(f * h * 0.04, -h * 0.3)
        let head = shoulder + Vec2(f * h * 0.02, -h * 0.1)
        let w = h * 0.08
        canvas.fill(
            Capsule(base + Vec2(-h * 0.05, 0), hip, radiusA: w * 0.5, radiusB: w * 0.8), color: clothes.darker(0.2))
        canvas.fill(
            Capsule(base + Vec2(h * 0.05, 0), hip, radiusA: w * 0.5, radiusB: w * 0.8), color: clothes.darker(0.1))
        canvas.fill(Capsule(hip, shoulder, radiusA: w * 1.1, radiusB: w), color: clothes)
        canvas.fill(
            Capsule(shoulder, shoulder + Vec2(f * h * 0.14, h * 0.06), radiusA: w * 0.5, radiusB: w * 0.4),
            color: clothes.lighter(0.08))
        canvas.fill(Circle(center: head, radius: w * 0.7), color: skin)
        let hatShape = Polygon([
            head + Vec2(-h * 0.15, h * 0.02), head + Vec2(0, -h * 0.1), head + Vec2(h * 0.15, h * 0.02),
        ])
        canvas.fill(hatShape) { p in mix(hat.lighter(0.2), hat.darker(0.15), clamp01((p.x - head.x) / (h * 0.3) + 0.5))
        }
    }
}

/// A white egret (白鷺, a pun on 白露) standing in the shallows: slim
/// body, S-curved neck, dagger bill and long legs, with its reflection.
struct Egret: Element {
    /// Where the feet meet the water.
    var base: Vec2
    var height: Float
    var facingRight = false
    var color: RGB = RGB(hex: 0xFBFBF8)
    var shade: RGB = RGB(hex: 0xC8D0DA)
    var bill: RGB = RGB(hex: 0xE8B83A)
    var legs: RGB = RGB(hex: 0x2E2E34)

    func draw(on canvas: Canvas) {
        let h = height
        let f: Float = facingRight ? 1 : -1
        let body = base + Vec2(-f * h * 0.05, -h * 0.58)
        let neckBase = body + Vec2(f * h * 0.16, -h * 0.06)
        let head = body + Vec2(f * h * 0.12, -h * 0.38)
        let w = max(h * 0.012, canvas.pixelSize * 0.5)
        var parts: [AnyShapeBox] = []
        parts.append(AnyShapeBox(Capsule(base + Vec2(-h * 0.03, 0), body + Vec2(-h * 0.02, h * 0.06), radius: w)))
        parts.append(AnyShapeBox(Capsule(base + Vec2(h * 0.03, 0), body + Vec2(h * 0.02, h * 0.06), radius: w)))
        let bodyShape = Ellipse(center: body, radii: Vec2(h * 0.2, h * 0.085), rotation: -f * 0.35)
        let neck = Stroke(
            from: neckBase, control: neckBase + Vec2(-f * h * 0.14, -h * 0.18), to: head,
            radiusA: h * 0.035, radiusB: h * 0.022)
        let headShape = Ellipse(center: head, radii: Vec2(h * 0.045, h * 0.032), rotation: 0)
        let billShape = Polygon([
            head + Vec2(f * h * 0.03, -h * 0.012), head + Vec2(f * h * 0.2, h * 0.012),
            head + Vec2(f * h * 0.03, h * 0.016),
        ])
        let tail = Polygon([
            body + Vec2(-f * h * 0.14, -h * 0.03), body + Vec2(-f * h * 0.3, h * 0.07),
            body + Vec2(-f * h * 0.1, h * 0.06),
        ])
        // Reflection first.
        for s in parts { canvas.fill(FlippedShape(shape: s, axisY: base.y), color: legs, softness: w, opacity: 0.3) }
        for s in [AnyShapeBox(bodyShape), AnyShapeBox(neck), AnyShapeBox(headShape), AnyShapeBox(tail)] {
            canvas.fill(FlippedShape(shape: s, axisY: base.y), color: color, softness: h * 0.01, opacity: 0.35)
        }
        for s in parts { canvas.fill(s, color: legs) }
        canvas.fill(tail, color: shade)
        canvas.fill(bodyShape) { p in mix(color, shade, clamp01((p.y - body.y) / (h * 0.085) * 0.6 + 0.3)) }
        canvas.fill(neck, color: color)
        canvas.fill(headShape, color: color)
        canvas.fill(billShape, color: bill)
        canvas.fill(
            Circle(center: head + Vec2(f * h * 0.015, -h * 0.008), radius: max(h * 0.007, canvas.pixelSize * 0.5)),
            color: legs)
        canvas.fill(
            Ellipse(center: base, radii: Vec2(h * 0.12, h * 0.012)), color: RGB(1, 1, 1), softness: h * 0.01,
            opacity: 0.3)
    }
}
