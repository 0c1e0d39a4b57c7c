import Glibc

/// Snow or frost lying on land that is already painted: patches melting
/// away at the thaw (立春), a thin first cover (小雪), white rime (霜降).
/// Noise, flattened by perspective, decides where it lies; thin parts
/// let the ground show through, and patch edges get a cool shadow that
/// gives the snow a little thickness.
struct SnowCover: Element {
    /// The skyline of the land it lies on; nothing is painted above it.
    var ground: (Float) -> Float
    /// Where it may lie; nil for the whole canvas.
    var area: Rect? = nil
    /// 0...1: share of the ground covered.
    var cover: Float = 0.5
    /// Patch size in design units (horizontal).
    var scale: Float = 220
    /// Perspective flattening of the patches.
    var squash: Float = 3.5
    var color: RGB = RGB(hex: 0xF7F9FF)
    var shadow: RGB = RGB(hex: 0xC6D2EA)
    /// Overall strength (below 1 for a thin veil such as frost).
    var opacity: Float = 1
    /// Fine sparkle of ice crystals (0 = none).
    var sparkle: Float = 0
    /// More cover near the skyline (snow lingers on crests) when > 0.
    var crestBias: Float = 0
    var seed: UInt64

    func draw(on canvas: Canvas) {
        // Material colours, in the light the scene is painted under.
        let color = canvas.lit(color)
        let shadow = canvas.lit(shadow)
        let noise = Noise(seed: seed)
        let fine = Noise(seed: seed &+ 7)
        let cols = canvas.width
        let tops = (0..<cols).map { ground(canvas.designX($0)) }
        let patchesRow = { (y: Float) in FbmRow(noise, y: y / (scale / squash), octaves: 5) }
        canvas.shade(area, row: patchesRow) { p, c, patches in
            let top = tops[canvas.column(p.x)]
            let depth = p.y - top
            if depth < 0 { return c }
            let edgeA = clamp01(depth / canvas.pixelSize + 0.5)
            let n = patches.value(p.x / scale) * 0.5 + 0.5
            let bias = crestBias * exp(-depth / (scale * 0.6))
            let th = 1 - cover - bias
            let a = smoothstep(th - 0.03, th + 0.05, n)
            if a <= 0 { return c }
            // A cool shadow just inside the edge, on the side away from the light.
            let inner = smoothstep(th + 0.03, th + 0.14, n)
            var col = mix(shadow, color, inner)
            if sparkle > 0 {
                let s = fine.dots(p.x, p.y, cell: 9, radius: 0.18, edge: canvas.pixelSize, density: 0.35)
                col = col + (RGB(1, 1, 1) - col) * s.coverage * sparkle * s.id
            }
            return mix(c, col, a * opacity * edgeA)
        }
    }
}

/// Icicles hanging from an edge (eaves, a ledge, a frozen fall's lip):
/// tapering translucent cones, brighter on the lit side, with a glint.
struct Icicles: Element {
    /// Design y of the edge they hang from, per x.
    var edge: (Float) -> Float
    var fromX: Float
    var toX: Float
    var spacing: Float = 18
    var length: ClosedRange<Float> = 20...120
    /// Width at the root relative to length.
    var width: Float = 0.14
    var color: RGB = RGB(hex: 0xD8ECF8)
    var shade: RGB = RGB(hex: 0x8DB3D6)
    var opacity: Float = 0.92
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        var x = fromX
        while x < toX {
            let l = rng.range(length.lowerBound, length.upperBound) * (rng.chance(0.3) ? 0.4 : 1)
            let y = edge(x) - 2
            let w = max(l * width * rng.range(0.7, 1.2), 3)
            let lean = rng.range(-0.03, 0.03) * l
            var pts: [Vec2] = []
            let n = 10
            for i in 0...n {
                let t = Float(i) / Float(n)
                pts.append(Vec2(x + w * 0.5 * pow(1 - t, 1.4) + lean * t, y + l * t))
            }
            for i in stride(from: n - 1, through: 1, by: -1) {
                let t = Float(i) / Float(n)
                pts.append(Vec2(x - w * 0.5 * pow(1 - t, 1.4) + lean * t, y + l * t))
            }
            let shape = Polygon(pts)
            canvas.fill(shape, opacity: opacity) { p in
                let u = (p.x - x) / (w * 0.5)
                var c = mix(color, shade, smoothstep(-0.6, 0.9, u))
                c = mix(c, RGB(1, 1, 1), (1 - smoothstep(0.0, 0.25, abs(u + 0.45))) * 0.7)
                return c
            }
            if l > 50 {
                canvas.fill(
                    Circle(center: Vec2(x + lean, y + l), radius: w * 0.16), color: RGB(1, 1, 1), softness: w * 0.2,
                    opacity: 0.8)
            }
            x += spacing * rng.range(0.5, 1.5)
        }
    }
}

/// A frozen lake (小寒): pale ice that mirrors the sky only faintly and
/// blurrily, polished streaks, drifts of snow on top, and fine cracks.
/// Paint what it should mirror first, then the ice, then the shores.
struct IceSheet: Element {
    var horizonY: Float
    var bottom: Float = Canvas.designSize.y
    var farColor: RGB
    var nearColor: RGB
    /// How much of the mirrored scene shows.
    var reflectivity: Float = 0.35
    var snow: RGB = RGB(hex: 0xF6F8FE)
    /// Share covered by drifted snow.
    var snowCover: Float = 0.25
    var crackColor: RGB = RGB(hex: 0xFFFFFF)
    var cracks: Int = 14
    var mask: ((Vec2) -> Float)? = nil
    var seed: UInt64

    func draw(on canvas: Canvas) {
        // Material colours, in the light the scene is painted under.
        let farColor = canvas.lit(farColor)
        let nearColor = canvas.lit(nearColor)
        let snow = canvas.lit(snow)
        let crackColor = canvas.lit(crackColor)
        let noise = Noise(seed: seed)
        let streak = Noise(seed: seed &+ 1)
        let span = bottom - horizonY
        let maxSource = horizonY - 3 * canvas.pixelSize
        let box = Rect(
            minX: canvas.bounds.minX, minY: horizonY - canvas.pixelSize, maxX: canvas.bounds.maxX, maxY: bottom)
        // What depends on the depth below the horizon alone, once per row (the same
        // arithmetic, so the same picture), and the streaks' and drifts' noises along it
        // (their second coordinate is the row's).
        let rowState = { (y: Float) in
            let d = y - horizonY
            let dd = max(d, 1)
            let row = (
                d: d, edge: clamp01(d / canvas.pixelSize + 0.5), depth: clamp01(d / span), blur: 6 + d * 0.05,
                body: mix(farColor, nearColor, pow(clamp01(d / span), 0.8)), streakWidth: dd * 2.5 + 40
            )
            return (
                row: row, streaks: FbmRow(streak, y: log(dd) * 6, octaves: 3),
                drifts: FbmRow(noise, y: y / (60 + dd * 0.25), octaves: 5)
            )
        }
        canvas.shade(box, row: rowState) { p, under, noises in
            let row = noises.row
            let d = row.d
            var edge = row.edge
            if let m = mask { edge *= m(p) }
            if edge <= 0 { return under }
            let depth = row.depth
            // A blurred mirror: samples spread wide, as on frosted ice.
            var refl = RGB(0, 0, 0)
            let blur = row.blur
            for k in -2...2 {
                refl += canvas.sample(Vec2(p.x + Float(k) * blur * 0.6, min(horizonY - d + Float(k) * blur, maxSource)))
            }
            refl /= 5
            var c = row.body
            c = mix(c, refl, reflectivity * (1 - 0.5 * depth))
            // Polished streaks stretched along the surface.
            let s = noises.streaks.value(p.x / row.streakWidth)
            c = c.lighter(smoothstep(0.1, 0.5, s) * 0.18)
            c = c.darker(smoothstep(-0.1, -0.5, s) * 0.06)
            // Drifted snow in flattened patches.
            let n = noises.drifts.value(p.x / 420) * 0.5 + 0.5
            let a = smoothstep(1 - snowCover - 0.03, 1 - snowCover + 0.06, n)
            c = mix(c, snow, a)
            // Where it covers the pixel whole, what was under it is not read (`Covering`).
            return edge >= 1 ? c : mix(under, c, edge)
        }
        // Cracks: jagged lines lying flat on the ice (longer sideways).
        var rng = SeededRandom(seed: seed &+ 2)
        for _ in 0..<cracks {
            var p = Vec2(rng.range(200, 3000), horizonY + span * pow(rng.unit(), 0.7))
            var a = rng.range(-0.5, 0.5) + (rng.chance(0.5) ? 0 : .pi)
            let steps = rng.int(5..<11)
            let scale = (p.y - horizonY) / span
            for _ in 0..<steps {
                a += rng.range(-0.6, 0.6)
                let l = rng.range(30, 90) * (0.3 + scale)
                let q = p + Vec2(cos(a) * l, sin(a) * l * 0.25)
                if let m = mask, m(q) < 0.5 { break }
                let w = max(0.9 * (0.4 + scale), canvas.pixelSize * 0.5)
                canvas.fill(Capsule(p, q, radius: w), color: crackColor, opacity: 0.55)
                canvas.fill(
                    Capsule(p + Vec2(0, w * 1.6), q + Vec2(0, w * 1.6), radius: w * 0.7), color: nearColor.darker(0.25),
                    opacity: 0.3)
                p = q
            }
        }
    }
}

/// A frozen waterfall (大寒): a column of ice poured over a ledge and set
/// solid, streaked with vertical flow lines, bulging into rounded lumps at
/// the foot, bluer in its depths and white where it catches the light.
struct FrozenWaterfall: Element {
    var top: Vec2
    var bottomY: Float
    var topWidth: Float
    var bottomWidth: Float
    var lit: RGB = RGB(hex: 0xF2FAFF)
    var deep: RGB = RGB(hex: 0x6FA6D2)
    var mid: RGB = RGB(hex: 0xB7DBF2)
    var seed: UInt64

    func halfWidth(_ y: Float, _ noise: Noise) -> (left: Float, right: Float) {
        let t = clamp01((y - top.y) / (bottomY - top.y))
        let w = lerp(topWidth, bottomWidth, pow(t, 1.3)) * 0.5
        let bulge = 1 + 0.12 * sin(t * 9 + 1) + 0.25 * smoothstep(0.8, 1, t)
        return (w * bulge * (1 + 0.12 * noise.fbm1(y / 90 + 3)), w * bulge * (1 + 0.12 * noise.fbm1(y / 90 + 11)))
    }

    func draw(on canvas: Canvas) {
        // Material colours, in the light the scene is painted under.
        let lit = canvas.lit(lit)
        let deep = canvas.lit(deep)
        let mid = canvas.lit(mid)
        let noise = Noise(seed: seed)
        let flow = Noise(seed: seed &+ 1)
        let maxW = max(topWidth, bottomWidth) * 1.2
        let box = Rect(minX: top.x - maxW, minY: top.y, maxX: top.x + maxW, maxY: bottomY + bottomWidth * 0.1)
        // What depends on the row alone, once a row: the fall's width there, and its noises.
        let rowTerms = { (y: Float) in
            FallRow(
                halfWidth: halfWidth(y, noise), flowShift: flow.fbm1(y / 300) * 2,
                flow: FbmRow(flow, y: y / 420, octaves: 4), lumps: FbmRow(flow, y: y / 50, octaves: 3))
        }
        canvas.shade(box, row: rowTerms) { p, c, row in
            let hw = row.halfWidth
            let dx = p.x - top.x
            let d = dx < 0 ? -dx - hw.left : dx - hw.right
            let bottomD = p.y - bottomY - 20 * noise.fbm1(p.x / 60)
            let dist = max(d, bottomD)
            let a = clamp01(0.5 - dist / (canvas.pixelSize * 1.5))
            if a <= 0 { return c }
            let u = dx / (dx < 0 ? hw.left : hw.right)
            // Vertical flow lines, wavering; rounder toward the edges.
            let f = row.flow.value(p.x / 22 + row.flowShift) * 0.5 + 0.5
            var col = mix(deep, mid, smoothstep(0.25, 0.7, f))
            col = mix(col, lit, smoothstep(0.62, 0.85, f))
            // Cylinder shading: light from the left.
            col = mix(col, lit, clamp01(-u * 0.6) * 0.5)
            col = mix(col, deep, smoothstep(0.4, 1.0, u) * 0.45)
            // Lumps at the foot.
            let t = (p.y - top.y) / (bottomY - top.y)
            let lump = row.lumps.value(p.x / 70)
            col = mix(col, lit, smoothstep(0.78, 1, t) * smoothstep(0.05, 0.4, lump) * 0.6)
            return mix(c, col, a)
        }
    }
}

extension IceSheet: SurfaceBelowHorizon {}

/// What a row of a frozen fall depends on by its y alone.
private struct FallRow {
    let halfWidth: (left: Float, right: Float)
    let flowShift: Float
    var flow, lumps: FbmRow
}
