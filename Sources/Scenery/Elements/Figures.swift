import Glibc

/// Birds in flight, drawn as the two curved wing strokes of a shallow "m":
/// a scattered handful of gulls or a V of migrating geese.
struct Birds: Element {
    enum Formation { case scattered, vee }
    var center: Vec2
    var count: Int
    var formation: Formation = .scattered
    /// Wingspan range in design units.
    var size: ClosedRange<Float> = 26...44
    /// Half-extent of the area for scattered birds; spacing for a V.
    var spread: Vec2 = Vec2(300, 120)
    var color: RGB = RGB(hex: 0x3A3F55)
    var opacity: Float = 0.85
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        for i in 0..<count {
            let p: Vec2
            switch formation {
            case .scattered:
                p = center + Vec2(rng.range(-1, 1) * spread.x, rng.range(-1, 1) * spread.y)
            case .vee:
                // Leader at the centre, arms trailing back to the right.
                let rank = Float((i + 1) / 2)
                let side: Float = i % 2 == 0 ? -1 : 1
                p = center + Vec2(rank * spread.x, side * rank * spread.y) + Vec2(rng.range(-4, 4), rng.range(-4, 4))
            }
            let span = rng.range(size.lowerBound, size.upperBound)
            let flap = rng.range(-0.35, 0.5)
            let w = span * 0.5
            let thick = max(span * 0.045, canvas.pixelSize * 0.6)
            for s: Float in [-1, 1] {
                let tip = p + Vec2(s * w, -w * (0.25 + flap * 0.5))
                let ctrl = p + Vec2(s * w * 0.45, -w * (0.45 + flap * 0.3))
                canvas.fill(
                    Stroke(from: p, control: ctrl, to: tip, radiusA: thick, radiusB: thick * 0.3, segments: 8),
                    color: color, opacity: opacity)
            }
        }
    }
}

/// A small sailing boat on water with a faint, rippled reflection.
struct Sailboat: Element {
    /// Waterline centre of the hull.
    var position: Vec2
    /// Height of the mast in design units.
    var size: Float
    var sail: RGB = RGB(hex: 0xFFFFFF)
    var sailShade: RGB = RGB(hex: 0xD6E0EE)
    var hull: RGB = RGB(hex: 0x2E3B55)
    /// Sails on the right (true) or left of the mast.
    var facingRight = true

    func draw(on canvas: Canvas) {
        let s = size
        let f: Float = facingRight ? 1 : -1
        let mastX = position.x - f * s * 0.05
        let top = Vec2(mastX, position.y - s)
        let main = Polygon([top, Vec2(mastX, position.y - s * 0.14), Vec2(mastX + f * s * 0.5, position.y - s * 0.14)])
        let jib = Polygon([
            Vec2(mastX - f * s * 0.02, position.y - s * 0.88), Vec2(mastX - f * s * 0.02, position.y - s * 0.16),
            Vec2(mastX - f * s * 0.36, position.y - s * 0.16),
        ])
        let hullShape = Polygon([
            Vec2(position.x - s * 0.42, position.y - s * 0.11), Vec2(position.x + s * 0.42, position.y - s * 0.11),
            Vec2(position.x + s * 0.3, position.y), Vec2(position.x - s * 0.3, position.y),
        ])
        // Reflection first: flipped, faint and soft.
        let flip: (Vec2) -> Vec2 = { Vec2($0.x, 2 * position.y - $0.y) }
        canvas.fill(Polygon(main.points.map(flip)), color: sail, softness: s * 0.06, opacity: 0.25)
        canvas.fill(Polygon(jib.points.map(flip)), color: sail, softness: s * 0.06, opacity: 0.2)
        canvas.fill(Capsule(top, Vec2(mastX, position.y), radius: max(s * 0.012, canvas.pixelSize * 0.6)), color: hull)
        canvas.fill(main) { p in mix(sail, sailShade, clamp01((p.x - mastX) * f / (s * 0.5))) }
        canvas.fill(jib) { p in mix(sailShade, sail, clamp01((mastX - p.x) * f / (s * 0.36))) }
        canvas.fill(hullShape, color: hull)
    }
}
