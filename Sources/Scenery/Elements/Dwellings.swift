import Glibc

/// A small rural house in the southern Chinese manner: whitewashed walls
/// on a stone plinth, a dark grey tiled roof whose eaves turn up at the
/// ends, a wooden door, lattice windows and a chimney. Windows can glow
/// (a lit room on a winter night) and the roof can carry snow.
struct Farmhouse: Element {
    /// Centre of the facade at the ground.
    var base: Vec2
    var width: Float
    var wallHeight: Float
    var roofHeight: Float
    var wall: RGB = RGB(hex: 0xE9E4DA)
    var wallShade: RGB = RGB(hex: 0xB9B3AE)
    var roof: RGB = RGB(hex: 0x4A4E5A)
    var roofLight: RGB = RGB(hex: 0x6D7280)
    var wood: RGB = RGB(hex: 0x5A3E30)
    /// Warm light in the windows (nil: dark panes).
    var windowLight: RGB? = nil
    /// Snow on the roof, 0...1.
    var snow: Float = 0
    var snowColor: RGB = RGB(hex: 0xF4F6FC)
    var chimney = true
    /// Multiplied shadow on the ground at the foot, and how far it is moved to the right,
    /// in widths (away from the light).
    var groundShadow: RGB? = nil
    var shadowShift: Float = 0.05
    var seed: UInt64 = 1

    /// Top of the chimney, where smoke starts.
    var chimneyTop: Vec2 {
        Vec2(base.x + width * 0.27, base.y - wallHeight - roofHeight * 1.25)
    }

    func draw(on canvas: Canvas) {
        drawWalls(canvas)
        drawWindows(canvas)
        if chimney { drawChimney(canvas) }
        drawRoof(canvas)
    }

    /// The ground shadow, the walls on their plinth, and the door.
    private func drawWalls(_ canvas: Canvas) {
        let w = width, h = wallHeight
        let x0 = base.x - width / 2, x1 = base.x + width / 2
        let eaveY = base.y - wallHeight
        if let gs = groundShadow {
            canvas.fill(
                Ellipse(center: base + Vec2(w * shadowShift, 0), radii: Vec2(w * 0.62, w * 0.05)), color: gs,
                softness: w * 0.05, opacity: 0.6, mode: .multiply)
        }
        // Walls, shaded under the eaves, on a darker stone plinth.
        canvas.fill(Polygon([Vec2(x0, base.y), Vec2(x0, eaveY), Vec2(x1, eaveY), Vec2(x1, base.y)])) { p in
            var c = mix(wallShade, wall, smoothstep(eaveY, eaveY + h * 0.35, p.y))
            if p.y > base.y - h * 0.12 { c = wallShade.darker(0.12) }
            return c
        }
        // Door.
        let dw = w * 0.15, dh = h * 0.66
        canvas.fill(
            Polygon([
                Vec2(base.x - dw / 2, base.y), Vec2(base.x - dw / 2, base.y - dh),
                Vec2(base.x + dw / 2, base.y - dh), Vec2(base.x + dw / 2, base.y),
            ])
        ) { p in
            mix(wood.lighter(0.1), wood.darker(0.2), clamp01((p.x - base.x) / dw + 0.5))
        }
        canvas.fill(
            Capsule(Vec2(base.x, base.y - dh), Vec2(base.x, base.y), radius: max(w * 0.004, canvas.pixelSize * 0.5)),
            color: wood.darker(0.45))
    }

    /// Two lattice windows, dark or lit.
    private func drawWindows(_ canvas: Canvas) {
        let w = width, h = wallHeight
        // Two lattice windows.
        for s: Float in [-1, 1] {
            let c = Vec2(base.x + s * w * 0.28, base.y - h * 0.55)
            let ww = w * 0.16, wh = h * 0.34
            let pane = Polygon([
                Vec2(c.x - ww / 2, c.y - wh / 2), Vec2(c.x + ww / 2, c.y - wh / 2),
                Vec2(c.x + ww / 2, c.y + wh / 2), Vec2(c.x - ww / 2, c.y + wh / 2),
            ])
            // Under the real sky's light the lamps are lit as dark falls, and by day the panes
            // are dark glass; the scene's own light keeps them as painted.
            let lamps = canvas.lighting?.lamps ?? 1
            let dark = wood.darker(0.35)
            if let light = windowLight, lamps > 0 {
                canvas.draw(
                    Glow(isLampLight: true, center: c, radius: ww * 0.9, color: light, strength: 0.55, falloff: 1.3))
                // The lamp's light shines as it is; the glass it fades from is lit as the scene.
                let glass = canvas.lit(dark)
                canvas.paintIsLight = true
                defer { canvas.paintIsLight = false }
                // Fully lit, the lamp's colour itself (a mix at 1 would differ in a float's last bit).
                canvas.fill(pane) { p in
                    let lamp = mix(light.lighter(0.5), light, clamp01(length(p - c) / ww))
                    return lamps >= 1 ? lamp : mix(glass, lamp, lamps)
                }
            } else {
                canvas.fill(pane, color: dark)
            }
            let bar = max(ww * 0.045, canvas.pixelSize * 0.6)
            for k in 1..<4 {
                let x = c.x - ww / 2 + ww * Float(k) / 4
                canvas.fill(Capsule(Vec2(x, c.y - wh / 2), Vec2(x, c.y + wh / 2), radius: bar), color: wood)
            }
            canvas.fill(Capsule(Vec2(c.x - ww / 2, c.y), Vec2(c.x + ww / 2, c.y), radius: bar), color: wood)
            canvas.fill(
                Polygon([
                    Vec2(c.x - ww / 2 - bar * 2, c.y - wh / 2 - bar * 2),
                    Vec2(c.x + ww / 2 + bar * 2, c.y - wh / 2 - bar * 2),
                    Vec2(c.x + ww / 2 + bar * 2, c.y - wh / 2), Vec2(c.x - ww / 2 - bar * 2, c.y - wh / 2),
                ]),
                color: wood.darker(0.2))
        }
    }

    /// The chimney behind the roof's front slope, its cap snowed on or tiled.
    private func drawChimney(_ canvas: Canvas) {
        let w = width, r = roofHeight
        let eaveY = base.y - wallHeight
        let ct = chimneyTop
        let cw = w * 0.07
        canvas.fill(
            Polygon([
                Vec2(ct.x - cw / 2, eaveY - r * 0.4), Vec2(ct.x - cw / 2, ct.y),
                Vec2(ct.x + cw / 2, ct.y), Vec2(ct.x + cw / 2, eaveY - r * 0.4),
            ])
        ) { p in
            mix(RGB(hex: 0x8C7B72), RGB(hex: 0x5E514C), clamp01((p.x - ct.x) / cw + 0.5))
        }
        canvas.fill(
            Polygon([
                Vec2(ct.x - cw * 0.65, ct.y), Vec2(ct.x + cw * 0.65, ct.y),
                Vec2(ct.x + cw * 0.65, ct.y + cw * 0.3), Vec2(ct.x - cw * 0.65, ct.y + cw * 0.3),
            ]),
            color: snow > 0.3 ? snowColor : roof)
    }

    /// The tiled roof with its upturned eaves, snow, ridge beam and eave edge.
    private func drawRoof(_ canvas: Canvas) {
        let w = width, r = roofHeight
        let x0 = base.x - width / 2, x1 = base.x + width / 2
        let eaveY = base.y - wallHeight
        // Roof: eaves overhang the walls, the ridge is shorter, and both
        // ends of eave and ridge sweep up a little.
        let over = w * 0.09
        let ridgeY = eaveY - r
        let ridgeHalf = w * 0.44
        var pts: [Vec2] = []
        let n = 16
        for i in 0...n {
            let t = Float(i) / Float(n) * 2 - 1
            pts.append(Vec2(base.x + t * (w / 2 + over), eaveY + r * 0.08 - r * 0.22 * pow(abs(t), 4)))
        }
        for i in stride(from: n, through: 0, by: -1) {
            let t = Float(i) / Float(n) * 2 - 1
            pts.append(Vec2(base.x + t * ridgeHalf, ridgeY - r * 0.12 * pow(abs(t), 5)))
        }
        let roofShape = Polygon(pts)
        let tileStep = w / 30
        let snowNoise = Noise(seed: seed)
        canvas.fill(roofShape) { p in
            let v = clamp01((p.y - ridgeY) / r)
            // Tile channels running down the slope.
            let ch = 0.5 + 0.5 * cos(2 * Float.pi * p.x / tileStep)
            var c = mix(roofLight, roof, v * 0.6 + 0.2)
            c = c * (0.86 + 0.14 * ch)
            if snow > 0 {
                let edge = snow * 1.05 + 0.1 * snowNoise.fbm1(p.x / (w * 0.05))
                let lobes = 0.04 * sin(p.x / tileStep * Float.pi)
                let s = smoothstep(edge + 0.02, edge - 0.02, v + lobes)
                c = mix(c, mix(snowColor, snowColor.darker(0.12), v), s)
            }
            return c
        }
        // Ridge beam and a light edge along the eaves.
        canvas.fill(
            Stroke(
                from: Vec2(base.x - ridgeHalf - w * 0.02, ridgeY - r * 0.14), control: Vec2(base.x, ridgeY + r * 0.04),
                to: Vec2(base.x + ridgeHalf + w * 0.02, ridgeY - r * 0.14), radiusA: r * 0.07, radiusB: r * 0.07),
            color: snow > 0 ? snowColor : roof.darker(0.3))
        canvas.fill(
            Stroke(
                from: Vec2(x0 - over, eaveY - r * 0.13), control: Vec2(base.x, eaveY + r * 0.2),
                to: Vec2(x1 + over, eaveY - r * 0.13), radiusA: r * 0.035, radiusB: r * 0.035),
            color: snow > 0 ? snowColor.darker(0.05) : roofLight.lighter(0.15), opacity: 0.9)
    }
}

/// A thread of smoke from a chimney, rising and drifting with the wind,
/// widening and fading as it goes, broken into wisps by noise.
struct ChimneySmoke: Element {
    var origin: Vec2
    var height: Float
    /// Sideways drift at the top (wind).
    var drift: Float = 200
    var startWidth: Float = 10
    var endWidth: Float = 90
    var color: RGB = RGB(hex: 0xE4E6EC)
    var opacity: Float = 0.7
    var seed: UInt64

    func draw(on canvas: Canvas) {
        // Material colours, in the light the scene is painted under.
        let color = canvas.lit(color)
        let noise = Noise(seed: seed)
        let left = min(origin.x, origin.x + drift) - endWidth * 2
        let right = max(origin.x, origin.x + drift) + endWidth * 2
        let box = Rect(minX: left, minY: origin.y - height, maxX: right, maxY: origin.y + 2)
        canvas.shade(box) { p, c in
            let t = (origin.y - p.y) / height
            if t < 0 || t > 1 { return c }
            let wobble = noise.fbm(t * 3, 0.5, octaves: 3) * endWidth * 0.6 * t
            let cx = origin.x + drift * pow(t, 1.6) + wobble
            let r = lerp(startWidth, endWidth, pow(t, 0.8))
            let dx = (p.x - cx) / r
            let body = exp(-dx * dx * 1.6)
            let wisps =
                0.55 + 0.45
                * smoothstep(-0.3, 0.5, noise.fbm(p.x / (r * 1.5 + 20), p.y / (r * 0.8 + 10) + t * 2, octaves: 4))
            let a = opacity * body * wisps * pow(1 - t, 1.3) * smoothstep(0, 0.03, t)
            return mix(c, color, a)
        }
    }
}
