import Glibc

/// Where the eye is for the ground-plane elements below: everything on
/// flat ground is placed in perspective toward a vanishing point on the
/// horizon, so rows of wheat and seedlings converge and shrink naturally.
struct GroundPerspective {
    var horizonY: Float
    var vanishX: Float = 1600

    /// Lateral ground coordinate (constant along a row that runs away from
    /// the viewer) and depth (1 at 1000 units below the horizon, growing
    /// with distance).
    @inline(__always) func ground(_ p: Vec2) -> (u: Float, z: Float) {
        let dy = max(p.y - horizonY, 0.5)
        return ((p.x - vanishX) / dy, 1000 / dy)
    }

    /// Skyline of a strip of ground between lateral coordinates `u0 < 0 < u1`
    /// (so it contains the line toward the vanishing point), from depth
    /// `far` toward the viewer: a field wedge converging on the horizon,
    /// as a height field for `fillProfile`.
    func strip(_ u0: Float, _ u1: Float, far: Float) -> (Float) -> Float {
        let nearTop = horizonY + 1000 / far
        return { x in
            let dx = x - self.vanishX
            let dy = dx >= 0 ? dx / u1 : dx / u0
            return max(self.horizonY + dy, nearTop)
        }
    }

    /// Screen point of a ground position.
    @inline(__always) func screen(u: Float, z: Float) -> Vec2 {
        let dy = 1000 / z
        return Vec2(vanishX + u * dy, horizonY + dy)
    }
}

/// A field of standing grain (wheat, ripening rice) as a surface: rows
/// converging to the vanishing point, wind rolling over the crop in
/// lighter and darker waves, fine vertical stalk texture, and haze with
/// distance. Individual ears for the foreground come from `GrainEars`.
struct CropField: Element {
    /// The field's far edge (e.g. the skyline of the land layer it covers).
    var top: (Float) -> Float
    var bottom: Float = Canvas.designSize.y
    var view: GroundPerspective
    /// Rows per unit of lateral ground coordinate (0 = no rows).
    var rows: Float = 1.6
    /// How dark the furrows between rows are.
    var rowContrast: Float = 0.45
    var base: RGB
    var lit: RGB
    var shade: RGB
    var haze: RGB? = nil
    var hazeAmount: Float = 0.5
    /// Strength of the wind waves.
    var waves: Float = 0.5
    var seed: UInt64

    func draw(on canvas: Canvas) {
        let noise = Noise(seed: seed)
        let fine = Noise(seed: seed &+ 5)
        let px = canvas.pixelSize
        // The waves' and the stalks' noises along each row: their second coordinates (the
        // ground's depth, the stalks' height) are the row's.
        let rowNoises = { (y: Float) -> (waves: FbmRow, stalks: FbmRow) in
            let dy = max(y - view.horizonY, 0.5)
            let sx = max(dy * 0.02, px * 1.2)
            return (
                FbmRow(noise, y: view.ground(Vec2(view.vanishX, y)).z * 1.8, octaves: 3),
                FbmRow(fine, y: y / (sx * 5), octaves: 2)
            )
        }
        canvas.fillProfile(top: top, bottom: bottom, row: rowNoises) { p, s, noises in
            let g = view.ground(p)
            let dy = max(p.y - view.horizonY, 0.5)
            var c = base
            // Rows: furrows between them, faded out where too fine to draw.
            if rows > 0 {
                let period = dy / rows
                let contrast = smoothstep(px * 3, px * 9, period)
                let f = g.u * rows
                let stripe = 0.5 + 0.5 * cos(2 * Float.pi * (f - f.rounded(.down)))
                c = mix(c, shade, (1 - stripe) * rowContrast * contrast)
            }
            // Wind waves: long soft bands in ground space.
            let w = noises.waves.value(g.u * 0.9 + g.z * 0.25)
            c = mix(c, lit, smoothstep(0.0, 0.5, w) * waves)
            c = mix(c, shade, smoothstep(0.0, -0.55, w) * waves * 0.6)
            // Stalk texture: fine vertical streaks that grow toward the viewer.
            let sx = max(dy * 0.02, px * 1.2)
            let t = noises.stalks.value(p.x / sx)
            c = c * (1 + t * 0.12 * smoothstep(px * 1.5, px * 4, sx))
            // A lighter crest where the field meets what is behind it.
            c = mix(lit, c, smoothstep(0, max(8, dy * 0.04), s.depth) * 0.5 + 0.5)
            if let h = haze { c = mix(c, h, hazeAmount * clamp01(g.z / 12)) }
            return c
        }
    }
}

extension CropField: Covering {
    /// Opaque to the bottom, a field paints every pixel below its far edge whole.
    func firstCoveredRow(on canvas: Canvas) -> Int? {
        guard bottom >= Canvas.designSize.y else { return nil }
        return canvas.firstRowCovered(byProfile: top, softness: 0)
    }
}

/// Ears of grain for the foreground of a field: wheat stands upright with
/// awns, rice bows its heavy panicle. Placed on a ground line with random
/// depth, larger toward the viewer, drawn back to front.
struct GrainEars: GroundCover {
    enum Kind { case wheat, rice }
    var kind: Kind = .wheat
    var area: Rect
    var ground: ((Float) -> Float)? = nil
    var count: Int
    /// Ear length at the top and bottom of the area.
    var farSize: Float = 14
    var nearSize: Float = 60
    var colors: [RGB]
    var stem: RGB
    var awn: RGB? = nil
    /// Lean of the stalks (radians, positive to the right: wind).
    var lean: Float = 0.1
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        var ears: [(Vec2, Float, RGB, Float)] = []
        for _ in 0..<count {
            let x = rng.range(area.minX, area.maxX)
            let minY = max(area.minY, ground?(x) ?? area.minY)
            guard minY < area.maxY else { continue }
            let y = rng.range(minY, area.maxY)
            let near = (y - area.minY) / max(area.maxY - area.minY, 1)
            ears.append(
                (
                    Vec2(x, y), lerp(farSize, nearSize, near) * rng.range(0.8, 1.2), rng.pick(colors),
                    lean + rng.range(-0.15, 0.15)
                ))
        }
        ears.sort { $0.0.y < $1.0.y }
        for (root, s, col, a) in ears {
            var r = SeededRandom(seed: UInt64(bitPattern: Int64(root.x * 131 + root.y * 7)))
            let stalk = s * 2.4
            let dir = Vec2(sin(a), -cos(a))
            let headBase = root + dir * stalk
            let w = max(s * 0.028, canvas.pixelSize * 0.6)
            switch kind {
            case .wheat:
                canvas.fill(
                    Stroke(
                        from: root, control: root + dir * stalk * 0.5 + Vec2(s * 0.1, 0), to: headBase,
                        radiusA: w, radiusB: w * 0.8, segments: 5), color: stem)
                // Grains in two offset columns.
                let grains = 7
                for i in 0..<grains {
                    let t = (Float(i) + 0.5) / Float(grains)
                    let side: Float = i % 2 == 0 ? 1 : -1
                    let c = headBase + dir * (s * t) + rotate(Vec2(side * s * 0.07, 0), a)
                    let rr = s * 0.11 * (1 - 0.35 * t)
                    canvas.fill(Ellipse(center: c, radii: Vec2(rr * 0.75, rr * 1.3), rotation: a + side * 0.35)) { p in
                        mix(col.lighter(0.25), col.darker(0.12), clamp01((p.x - c.x) / rr * 0.5 + 0.5))
                    }
                    if let aw = awn, s * canvas.scale > 10 {
                        let tipDir = rotate(dir, side * 0.25 + r.range(-0.1, 0.1))
                        canvas.fill(
                            Capsule(c, c + tipDir * s * 0.8, radiusA: w * 0.35, radiusB: w * 0.15), color: aw,
                            opacity: 0.8)
                    }
                }
            case .rice:
                // The stalk arcs over; grains hang along the drooping tip.
                let bend = Vec2(dir.x * s * 0.6 + s * 0.5, s * 0.1)
                let tip = headBase + bend + Vec2(s * 0.1, s * 0.9)
                canvas.fill(
                    Stroke(
                        from: root, control: root + dir * stalk * 0.7, to: headBase,
                        radiusA: w, radiusB: w * 0.8, segments: 5), color: stem)
                let arc = Stroke(
                    from: headBase, control: headBase + bend, to: tip, radiusA: w * 0.7, radiusB: w * 0.4, segments: 6)
                canvas.fill(arc, color: stem.lighter(0.1))
                let grains = 11
                for i in 0..<grains {
                    let t = 0.15 + 0.85 * Float(i) / Float(grains - 1)
                    let u = 1 - t
                    let c = headBase * (u * u) + (headBase + bend) * (2 * u * t) + tip * (t * t)
                    let side: Float = i % 2 == 0 ? 1 : -1
                    let q = c + Vec2(side * s * 0.05, s * 0.03)
                    let rr = s * 0.07
                    canvas.fill(Ellipse(center: q, radii: Vec2(rr * 0.7, rr * 1.2), rotation: 0.3 * side + t * 0.6)) {
                        p in
                        mix(col.lighter(0.2), col.darker(0.1), clamp01((p.x - q.x) / rr * 0.5 + 0.5))
                    }
                }
            }
        }
    }
}

/// Rice terraces (梯田) filling a valley: stacked strips of water, each
/// reflecting the sky, with a grassy earth wall below its front lip. The
/// strip edges follow shared contour noise that drifts slowly from step
/// to step, so the terraces read as contours of one hillside, and steps
/// nearer the viewer are taller, as perspective makes them.
struct Terraces: Element {
    var firstY: Float
    var lastY: Float = Canvas.designSize.y + 60
    var count: Int = 26
    /// > 1 crowds the far steps together (perspective).
    var crowding: Float = 1.6
    /// Vertical waviness of the contours (grows toward the viewer).
    var farAmplitude: Float = 30
    var nearAmplitude: Float = 160
    var wavelength: Float = 900
    /// Share of each step that is water (the rest is the wall).
    var waterShare: Float = 0.55
    /// Water colour by design y: usually the sky's own colours, so the
    /// terraces mirror it.
    var reflection: ColorRamp
    var wall: RGB
    var wallShadow: RGB
    var lip: RGB
    var haze: RGB? = nil
    var hazeAmount: Float = 0.6
    /// Green seedlings on the water (0 = freshly flooded, 1 = planted).
    var planted: Float = 0
    var seedling: RGB = RGB(hex: 0x7DB650)
    var seed: UInt64

    func lineY(_ k: Int, _ x: Float, _ noise: Noise) -> Float {
        let t = Float(k) / Float(count)
        let base = firstY + (lastY - firstY) * pow(t, crowding)
        let amp = lerp(farAmplitude, nearAmplitude, pow(t, 1.2))
        let drift = Float(k) * 0.045
        // |noise|: rounded lobes hanging down over the spurs, sharp notches
        // pointing up into the gullies, as real contour lines bend.
        let n = noise.fbm(x / wavelength + drift, 0.37 + drift * 0.5, octaves: 3, gain: 0.45)
        return base + amp * (abs(n) * 1.6 - 0.4)
    }

    func draw(on canvas: Canvas) {
        let noise = Noise(seed: seed)
        let tex = Noise(seed: seed &+ 3)
        let cols = canvas.width
        // Contours per pixel column, each forced below the previous one so
        // steps never fold over.
        var lines: [[Float]] = []
        var prev = [Float](repeating: -.infinity, count: cols)
        for k in 0...count {
            var row = [Float](repeating: 0, count: cols)
            for c in 0..<cols {
                let x = canvas.designX(c)
                row[c] = max(lineY(k, x, noise), prev[c] + 2)
            }
            lines.append(row)
            prev = row
        }
        for k in 0..<count {
            let line = lines[k], next = lines[k + 1]
            let bottom = min((next.max() ?? lastY) + 40, Canvas.designSize.y)
            let t = Float(k) / Float(count)
            let seedRow = SeededRandom(seed: seed &+ UInt64(k) &* 977).fork(1)
            var sr = seedRow
            let tint = sr.range(-0.04, 0.04)
            let skyline: (Float) -> Float = { x in line[canvas.column(x)] }
            // The step's haze, once a step; the walls' texture along each row.
            let hazeShare = hazeAmount * pow(1 - t, 2.2)
            let wallTextureRow = { (y: Float) in FbmRow(tex, y: y / 40, octaves: 2) }
            canvas.fillProfile(top: skyline, bottom: bottom, row: wallTextureRow) { p, s, wallTexture in
                let c = canvas.column(p.x)
                let stepH = max(next[c] - line[c], 1)
                let waterH = stepH * waterShare
                var col: RGB
                if s.depth < waterH {
                    // Water: the mirrored sky, brighter toward the far edge,
                    // with faint ripples and a dark line under the back wall.
                    let u = s.depth / waterH
                    col = reflection.at(p.y) * (1 + tint)
                    col = mix(col.darker(0.18), col, smoothstep(0, 0.25, u))
                    if planted > 0 {
                        // Seedlings in rows along the step: fine green lines,
                        // fading to a soft tint where they get too fine.
                        let gap = stepH * 0.16
                        let visible = smoothstep(canvas.pixelSize * 3, canvas.pixelSize * 8, gap)
                        let line = pow(0.5 + 0.5 * cos(2 * Float.pi * s.depth / gap), 4)
                        col = mix(col, seedling, planted * (0.3 + 0.22 * line * visible) * smoothstep(0.1, 0.3, u))
                    }
                } else {
                    // The lip (a grassy bund) and the wall under it.
                    let w = (s.depth - waterH) / max(stepH - waterH, 1)
                    let lipW = min(0.18, 6 / max(stepH - waterH, 1))
                    col = w < lipW ? lip : mix(wall, wallShadow, smoothstep(lipW, 1, w))
                    col = col * (1 + 0.05 * wallTexture.value(p.x / 160))
                }
                if let h = haze { col = mix(col, h, hazeShare) }
                return col
            }
        }
    }
}

/// Rows of rice seedlings (or any small plants) on flat flooded ground in
/// perspective, each with a faint reflection. For a paddy being planted.
struct Seedlings: Element {
    var view: GroundPerspective
    /// Ground-space extent: lateral range and depth range (see `GroundPerspective`).
    var uRange: ClosedRange<Float>
    var zRange: ClosedRange<Float>
    /// Spacing between plants in ground units.
    var rowStep: Float = 0.08
    var depthStep: Float = 0.3
    /// Plant height at 1000 units below the horizon.
    var size: Float = 60
    var color: RGB
    var tip: RGB
    var mask: ((Vec2) -> Float)? = nil
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        var z = zRange.upperBound
        while z >= zRange.lowerBound {
            let rowY = view.screen(u: 0, z: z).y
            let scale = (rowY - view.horizonY) / 1000
            let h = size * scale
            if h * canvas.scale < 1.5 {
                z -= depthStep * z * 0.25
                continue
            }
            var u = uRange.lowerBound + rowStep * rng.range(0, 1)
            while u <= uRange.upperBound {
                let p = view.screen(u: u + rng.range(-0.01, 0.01), z: z)
                if mask.map({ $0(p) > 0.5 }) ?? true {
                    for b in 0..<3 {
                        let a = Float(b - 1) * 0.35 + rng.range(-0.15, 0.15)
                        let tipP = p + Vec2(sin(a), -cos(a)) * h * rng.range(0.7, 1.1)
                        let w = max(h * 0.05, canvas.pixelSize * 0.55)
                        canvas.fill(
                            Capsule(p, Vec2(tipP.x, 2 * p.y - tipP.y), radiusA: w, radiusB: w * 0.3),
                            color: color, opacity: 0.18)
                        canvas.fill(Capsule(p, tipP, radiusA: w, radiusB: w * 0.3)) { q in
                            mix(color, tip, clamp01((p.y - q.y) / h))
                        }
                    }
                }
                u += rowStep
            }
            z -= depthStep * z * 0.25
        }
    }
}

/// Harvested rice bound into sheaves and stood up to dry in stooks
/// (秋分's harvest): little straw cones with a bound waist and a flared
/// head, placed in perspective on the stubble, each with a soft shadow.
struct Sheaves: Element {
    var view: GroundPerspective
    /// Ground positions (see `GroundPerspective`) of the stooks.
    var spots: [(u: Float, z: Float)]
    /// Height at 1000 units below the horizon.
    var size: Float = 260
    var straw: RGB = RGB(hex: 0xE0B45A)
    var strawShade: RGB = RGB(hex: 0x9A6E32)
    var shadow: RGB = RGB(hex: 0x6A5030)
    /// Light from the left (true) or right.
    var lightFromLeft = true

    func draw(on canvas: Canvas) {
        let side: Float = lightFromLeft ? 1 : -1
        for s in spots.sorted(by: { $0.z > $1.z }) {
            let b = view.screen(u: s.u, z: s.z)
            let h = size * (b.y - view.horizonY) / 1000
            let w = h * 0.42
            canvas.fill(
                Ellipse(center: b + Vec2(side * w * 0.8, h * 0.02), radii: Vec2(w * 1.1, h * 0.08)), color: shadow,
                softness: h * 0.05, opacity: 0.5, mode: .multiply)
            let waist = b.y - h * 0.62
            let body = Polygon([
                b + Vec2(-w * 0.5, 0), Vec2(b.x - w * 0.2, waist), Vec2(b.x + w * 0.2, waist), b + Vec2(w * 0.5, 0),
            ])
            let head = Polygon([
                Vec2(b.x - w * 0.2, waist), Vec2(b.x - w * 0.36, waist - h * 0.22), Vec2(b.x - w * 0.05, b.y - h),
                Vec2(b.x + w * 0.1, b.y - h * 0.98), Vec2(b.x + w * 0.36, waist - h * 0.2), Vec2(b.x + w * 0.2, waist),
            ])
            let paint: (Vec2) -> RGB = { p in
                let u = (p.x - b.x) / w
                let stalks = 0.5 + 0.5 * cos(u * 38)
                return mix(straw.lighter(0.12), strawShade, smoothstep(-0.3, 0.5, u * side)) * (0.92 + 0.08 * stalks)
            }
            canvas.fill(body, paint: paint)
            canvas.fill(head, paint: paint)
            canvas.fill(
                Capsule(
                    Vec2(b.x - w * 0.22, waist), Vec2(b.x + w * 0.22, waist),
                    radius: max(h * 0.025, canvas.pixelSize * 0.6)),
                color: strawShade.darker(0.2))
        }
    }
}

extension GrainEars {
    var amount: Int {
        get { count }
        set { count = newValue }
    }
}
