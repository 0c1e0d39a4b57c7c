import Glibc

/// How a broadleaf crown is clothed: green summer leaves, autumn colours or
/// cherry blossom are all the same structure with different settings.
struct FoliageStyle {
    /// Base colours; each clump picks one, so a palette of reds, oranges and
    /// golds gives a variegated maple.
    var palette: [RGB]
    /// Colour lit parts move toward.
    var highlight: RGB
    /// Colour parts turned away from the light move toward.
    var shadow: RGB
    /// Clump radius as a fraction of the crown width.
    var clumpSize: Float = 0.13
    /// Number of clumps in the crown.
    var clumps: Int = 40
    var puffsPerClump: Int = 9
    /// Leafy irregularity of the clump outlines (fraction of clump radius).
    var raggedness: Float = 0.05
    /// Number of separate foliage masses at the ends of the main limbs
    /// (0 = one continuous crown).
    var masses: Int = 0
    /// Small round bumps around each clump's rim (0 = none): a scalloped,
    /// flower-cluster outline instead of a smooth one.
    var florets: Int = 0
    /// Fine dots of `speckleColor` (individual blossoms or leaves).
    var speckle: Float = 0
    var speckleColor: RGB = RGB(1, 1, 1)
    var speckleSize: Float = 7
    /// How much of the crown is see-through between clumps (0 = dense).
    var openness: Float = 0.1
    /// Softness of the edges between puffs inside a clump (fraction of
    /// puff radius): low gives crisp cut-paper lobes, high a painted blend.
    var seamSoftness: Float = 0.05
    /// 0: clumps pick palette colours at random. Toward 1 the palette
    /// (ordered shade side first, lit side last) follows the light across
    /// the crown, e.g. deep red inside, gold on the sunny rim.
    var colorByLight: Float = 0

    static func summer() -> FoliageStyle {
        FoliageStyle(
            palette: [RGB(hex: 0x3F8A3A), RGB(hex: 0x4C9A3C), RGB(hex: 0x5AA641), RGB(hex: 0x6AB247)],
            highlight: RGB(hex: 0xC9E77C), shadow: RGB(hex: 0x1C4A2F),
            clumps: 56, masses: 5, florets: 7,
            speckle: 0.3, speckleColor: RGB(hex: 0xB5DE72), speckleSize: 7, colorByLight: 0.5)
    }

    static func cherryBlossom() -> FoliageStyle {
        FoliageStyle(
            palette: [RGB(hex: 0xF7BCCD), RGB(hex: 0xF4AAC0), RGB(hex: 0xF9CAD7)],
            highlight: RGB(hex: 0xFFF4F6), shadow: RGB(hex: 0xC06A8C),
            clumpSize: 0.085, clumps: 70, puffsPerClump: 7, raggedness: 0, masses: 6, florets: 11,
            speckle: 0.55, speckleColor: RGB(hex: 0xFFFFFF), speckleSize: 5, openness: 0.4)
    }

    static func maple() -> FoliageStyle {
        FoliageStyle(
            palette: [
                RGB(hex: 0xB3262B), RGB(hex: 0xCF3A2A), RGB(hex: 0xE0582C), RGB(hex: 0xEC7E2E), RGB(hex: 0xF2A33A),
                RGB(hex: 0xF2C14A),
            ],
            highlight: RGB(hex: 0xFFE08A), shadow: RGB(hex: 0x6E1A28),
            clumpSize: 0.11, clumps: 60, puffsPerClump: 8, raggedness: 0.06, masses: 5, florets: 0,
            speckle: 0.2, speckleColor: RGB(hex: 0xFFD060), speckleSize: 6, openness: 0.15, seamSoftness: 0.1,
            colorByLight: 0.3)
    }
}

/// A broadleaf tree: a flared, tapering trunk, curved limbs, and a crown of
/// lit, lumpy clumps (each a `Puffs` volume).
///
/// Foliage is gathered into masses at the ends of the main limbs (or one
/// continuous crown), each filled with clumps. Inner clumps are painted
/// first and darker, then the limbs, then the outer clumps from the bottom
/// up, so limbs show through the gaps as they do in life.
struct BroadleafTree: Element {
    var base: Vec2
    /// From the foot of the trunk to the top of the crown.
    var height: Float
    var crownWidth: Float
    /// Vertical size of the crown, measured down from the top.
    var crownHeight: Float
    var trunkWidth: Float
    var bark: RGB = RGB(hex: 0x5A3F35)
    var barkShadow: RGB = RGB(hex: 0x36241F)
    var foliage: FoliageStyle
    /// Horizontal offset of the crown relative to the base (a gentle lean).
    var lean: Float = 0
    /// 1 = elliptic crown; smaller flattens its underside (spreading trees).
    var underside: Float = 0.8
    var light: SIMD3<Float> = SIMD3(-0.55, -0.65, 0.5)
    var softness: Float = 0
    /// Soft shadow cast on the ground (multiplied), if any.
    var groundShadow: RGB? = nil
    var seed: UInt64

    private struct Clump {
        var center: Vec2
        var radius: Float
        var inner: Float
        var color: RGB
    }

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        let crownCenter = Vec2(base.x + lean, base.y - height + crownHeight * 0.5)
        let radii = Vec2(crownWidth * 0.5, crownHeight * 0.5)
        let l2 = Vec2(light.x, light.y) / max(length(Vec2(light.x, light.y)), 1e-3)
        paintGroundShadow(lightDir: l2, on: canvas)
        let masses = placeMasses(crownCenter: crownCenter, radii: radii, rng: &rng)
        let (clumps, owner) = placeClumps(in: masses, crownCenter: crownCenter, radii: radii, lightDir: l2, rng: &rng)
        let limbs = growLimbs(to: clumps, owner: owner, masses: masses, rng: &rng)

        let inner = clumps.filter { $0.inner > 0.45 }
        let outer = clumps.filter { $0.inner <= 0.45 }.sorted { $0.center.y > $1.center.y }
        for (i, c) in inner.enumerated() { paintClump(c, index: i, crownCenter: crownCenter, radii: radii, on: canvas) }
        paintLimbs(limbs, on: canvas)
        for (i, c) in outer.enumerated() {
            paintClump(c, index: 1000 + i, crownCenter: crownCenter, radii: radii, on: canvas)
        }
    }

    private func paintGroundShadow(lightDir l2: Vec2, on canvas: Canvas) {
        if let gs = groundShadow {
            // Kept below the foot of the trunk so it never climbs onto the
            // land behind a tree standing on a crest.
            let shadow = Intersection(
                a: Ellipse(
                    center: base + Vec2(-l2.x * crownWidth * 0.15, trunkWidth * 0.35),
                    radii: Vec2(crownWidth * 0.36, crownWidth * 0.045)),
                b: HalfPlane(y: base.y - trunkWidth * 0.2, keepAbove: false))
            canvas.fill(shadow, color: gs, softness: crownWidth * 0.06, opacity: 0.5, mode: .multiply)
        }
    }

    private func placeMasses(crownCenter: Vec2, radii: Vec2, rng: inout SeededRandom) -> [(center: Vec2, radii: Vec2)] {
        // Masses: big bundles of foliage at the ends of the main limbs. With
        // gaps between them the limbs show, as on a spreading cherry.
        var masses: [(center: Vec2, radii: Vec2)] = []
        if foliage.masses > 0 {
            // Spread along an arch across the crown, so the canopy is one
            // dome broken into bundles rather than a random heap.
            let n = foliage.masses
            let massR = Vec2(crownWidth * 0.6 / Float(n) + crownWidth * 0.08, crownHeight * 0.3)
            for i in 0..<n {
                let t = (Float(i) + 0.5) / Float(n)
                let a = Float.pi * (1 - t) + rng.range(-0.1, 0.1)
                let c =
                    crownCenter
                    + Vec2(
                        cos(a) * (radii.x - massR.x * 0.8),
                        -sin(a) * (radii.y - massR.y * 0.9) + radii.y * 0.12)
                masses.append((c, massR * rng.range(0.9, 1.15)))
            }
        } else {
            masses = [(crownCenter, radii)]
        }
        return masses
    }

    private func placeClumps(
        in masses: [(center: Vec2, radii: Vec2)], crownCenter: Vec2, radii: Vec2,
        lightDir l2: Vec2, rng: inout SeededRandom
    ) -> ([Clump], [Int]) {
        let clumpR = crownWidth * foliage.clumpSize
        // Clump centres by dart throwing inside the masses, so they cover
        // them evenly without piling up.
        var clumps: [Clump] = []
        var owner: [Int] = []
        var tries = 0
        let minGap = clumpR * (0.5 + foliage.openness * 0.7)
        while clumps.count < foliage.clumps && tries < foliage.clumps * 80 {
            tries += 1
            let m = tries % masses.count
            let mass = masses[m]
            let a = rng.range(0, 2 * .pi)
            var q = Vec2(cos(a), sin(a)) * pow(rng.unit(), 0.4)
            if q.y > 0 { q.y *= underside }
            let c = mass.center + q * (mass.radii - Vec2(clumpR, clumpR) * 0.6)
            if clumps.contains(where: { length($0.center - c) < minGap }) { continue }
            let r = clumpR * rng.range(0.75, 1.2)
            let rel = (c - crownCenter) / radii
            let color: RGB
            if foliage.colorByLight > 0 {
                let lit = dot(rel, l2) * 0.5 + 0.5
                let t = clamp01(lit + rng.range(-0.5, 0.5) * (1 - foliage.colorByLight))
                color = foliage.palette[Int(t * Float(foliage.palette.count - 1) + 0.5)]
            } else {
                color = rng.pick(foliage.palette)
            }
            clumps.append(Clump(center: c, radius: r, inner: clamp01(1 - length(rel)), color: color))
            owner.append(m)
        }
        return (clumps, owner)
    }

    private func growLimbs(
        to clumps: [Clump], owner: [Int], masses: [(center: Vec2, radii: Vec2)],
        rng: inout SeededRandom
    ) -> [Stroke] {
        let clumpR = crownWidth * foliage.clumpSize
        // Skeleton: a flared trunk rises to a fork; main limbs curve up and
        // out to each mass; twigs reach every clump.
        let fork = Vec2(base.x + lean * 0.3, base.y - (height - crownHeight) - crownHeight * 0.15)
        let trunkBend = Vec2(base.x + rng.range(-0.05, 0.05) * height, (base.y + fork.y) * 0.5)
        var limbs: [Stroke] = [
            Stroke(
                from: base + Vec2(0, trunkWidth * 0.3), control: trunkBend, to: fork,
                radiusA: trunkWidth * 0.62, radiusB: trunkWidth * 0.4)
        ]
        for side: Float in [-1, 1] {
            limbs.append(
                Stroke(
                    from: base + Vec2(side * trunkWidth * 0.85, trunkWidth * 0.3),
                    control: base + Vec2(side * trunkWidth * 0.3, -trunkWidth * 0.05),
                    to: base + Vec2(side * trunkWidth * 0.05, -trunkWidth * 1.4),
                    radiusA: trunkWidth * 0.08, radiusB: trunkWidth * 0.45, segments: 6))
        }
        var joints: [[Vec2]] = Array(repeating: [], count: masses.count)
        if foliage.masses > 0 {
            // Two or three primary limbs leave the fork; each mass hangs from
            // the nearest, so branching is hierarchical rather than a fan.
            let primaries = min(3, max(2, masses.count / 2))
            for k in 0..<primaries {
                let members = masses.indices.filter { $0 * primaries / masses.count == k }
                let mid = members.reduce(Vec2(0, 0)) { $0 + masses[$1].center } / Float(max(members.count, 1))
                let end = fork + (mid - fork) * rng.range(0.4, 0.55)
                let bend = Vec2(-(end.y - fork.y), end.x - fork.x) * rng.range(-0.25, 0.25)
                limbs.append(
                    Stroke(
                        from: fork, control: (fork + end) * 0.5 + bend, to: end,
                        radiusA: trunkWidth * 0.36, radiusB: trunkWidth * 0.24))
                for m in members {
                    let target = masses[m].center + Vec2(0, masses[m].radii.y * 0.25)
                    let side = Vec2(-(target.y - end.y), target.x - end.x) * rng.range(-0.3, 0.3)
                    limbs.append(
                        Stroke(
                            from: end, control: (end + target) * 0.5 + side, to: target,
                            radiusA: trunkWidth * 0.22, radiusB: trunkWidth * 0.08))
                    joints[m] = [target, end + (target - end) * 0.6 + side * 0.4]
                }
            }
        } else {
            let order = clumps.indices.sorted {
                atan2(clumps[$0].center.x - fork.x, fork.y - clumps[$0].center.y)
                    < atan2(clumps[$1].center.x - fork.x, fork.y - clumps[$1].center.y)
            }
            let mains = max(3, min(6, clumps.count / 8))
            for m in 0..<mains where !order.isEmpty {
                let idx = order[min(order.count - 1, (m * order.count + order.count / (2 * mains)) / mains)]
                let target = clumps[idx].center
                let ctrl =
                    fork + (target - fork) * 0.45
                    + Vec2(rng.range(-0.05, 0.05) * crownWidth, (target.y - fork.y) * 0.25)
                limbs.append(
                    Stroke(
                        from: fork, control: ctrl, to: target, radiusA: trunkWidth * 0.32, radiusB: trunkWidth * 0.07))
                joints[0].append(fork + (target - fork) * 0.4)
                joints[0].append(fork + (target - fork) * 0.7)
            }
        }
        for (i, c) in clumps.enumerated() {
            let js = joints[owner[i]]
            guard let j = js.min(by: { length($0 - c.center) < length($1 - c.center) }) else { continue }
            if length(j - c.center) > clumpR * 0.5 {
                let ctrl = (j + c.center) * 0.5 + Vec2(0, -clumpR * 0.2)
                limbs.append(
                    Stroke(
                        from: j, control: ctrl, to: c.center, radiusA: trunkWidth * 0.13, radiusB: trunkWidth * 0.05,
                        segments: 5))
            }
        }

        return limbs
    }

    private func paintLimbs(_ limbs: [Stroke], on canvas: Canvas) {
        let lightSign: Float = light.x < 0 ? 1 : -1
        // The trunk is cut flat a little below the base so it stands in the
        // ground instead of ending in a rounded stub.
        let ground = HalfPlane(y: base.y + trunkWidth * 0.15, keepAbove: true)
        for stroke in limbs {
            let l = Intersection(a: stroke, b: ground)
            // Which side of the stroke faces the light depends on its direction.
            let dir = stroke.points.last! - stroke.points.first!
            let flip: Float = dir.y <= 0 ? 1 : -1
            canvas.fill(l, softness: softness) { p in
                let across = stroke.measure(p).across * flip * lightSign
                return mix(barkShadow, bark, smoothstep(-0.1, 0.6, across))
            }
        }
    }

    private func paintClump(_ c: Clump, index: Int, crownCenter: Vec2, radii: Vec2, on canvas: Canvas) {
        var rng = SeededRandom(seed: seed &+ UInt64(index) &* 7919)
        var spheres: [SIMD3<Float>] = []
        for k in 0..<foliage.puffsPerClump {
            let a = rng.range(0, 2 * .pi)
            let d = k == 0 ? 0 : c.radius * rng.range(0.3, 0.62)
            let r = c.radius * (k == 0 ? 0.6 : rng.range(0.3, 0.48))
            let p = c.center + Vec2(cos(a), sin(a) * 0.8) * d
            spheres.append(SIMD3(p.x, p.y, r))
        }
        for k in 0..<foliage.florets {
            let a = Float(k) / Float(foliage.florets) * 2 * .pi + rng.range(-0.2, 0.2)
            let r = c.radius * rng.range(0.14, 0.22)
            let p = c.center + Vec2(cos(a), sin(a) * 0.85) * (c.radius * rng.range(0.68, 0.8))
            spheres.append(SIMD3(p.x, p.y, r))
        }
        spheres.sort { $0.y > $1.y }
        let edgeNoise = Noise(seed: seed &+ 31 &+ UInt64(index))
        var shape = Puffs(
            spheres: spheres, merge: c.radius * 0.1,
            edge: foliage.raggedness > 0 ? (edgeNoise, c.radius * 0.09, c.radius * foliage.raggedness) : nil)
        let l2 = Vec2(light.x, light.y) / max(length(Vec2(light.x, light.y)), 1e-3)
        shape.shadowOffset = -l2 * 0.25
        shape.seamSoftness = foliage.seamSoftness
        shape.fillEdge = max(canvas.pixelSize, softness)
        let dim = c.inner * 0.35
        let baseColor = mix(c.color, foliage.shadow, dim)
        let lighting = PuffLighting(
            lit: mix(baseColor, foliage.highlight, 0.45),
            mid: baseColor,
            shadow: mix(baseColor, foliage.shadow, 0.6),
            light: light, castShadow: 0.4)
        let lightN = light / (light * light).sum().squareRoot()
        let speck = Noise(seed: seed &+ 999)
        canvas.fill(shape, softness: softness) { p, nearby in
            let e = nearby.shading(p, pixel: canvas.pixelSize)
            let volume = PuffLighting.volumeNormal(p, center: c.center, radii: Vec2(c.radius, c.radius) * 1.15)
            var col = lighting.color(normal: e.normal, volume: volume, unity: 0.4, shadow: e.shadow)
            // Whole-crown shading: the side away from the light is in shade.
            let q = (p - crownCenter) / radii
            let crownLight = dot(q, l2)
            col = mix(col, foliage.shadow, clamp01(-crownLight * 0.4 + 0.05) * 0.5)
            if foliage.speckle > 0 {
                // Individual blossoms/leaves: light dots where the clump
                // faces the light, darker ones in its shade.
                let lit = clamp01((e.normal * lightN).sum())
                let dots = speck.dots(
                    p.x, p.y, cell: foliage.speckleSize * 2.2, radius: 0.32,
                    edge: canvas.pixelSize, density: 0.75)
                let a = dots.coverage * foliage.speckle * smoothstep(0.1, 0.7, lit + dots.id * 0.3)
                col = mix(col, foliage.speckleColor, a)
                let dark = dots.coverage * foliage.speckle * 0.35 * (1 - smoothstep(0.0, 0.45, lit + dots.id * 0.2))
                col = mix(col, foliage.shadow, dark)
            }
            return col
        }
    }
}

/// A small, simple tree for the middle distance: a crown of three merged
/// round lobes on a short trunk, lit from one side. Cheap enough to dot
/// dozens across hills.
struct SmallTree: Element {
    var base: Vec2
    var height: Float
    var color: RGB
    var highlight: RGB
    var shadow: RGB
    var trunk: RGB = RGB(hex: 0x5A4640)
    var lightFromLeft = true
    var seed: UInt64 = 1

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        let r = height * 0.3
        let c = Vec2(base.x, base.y - height + r * 1.1)
        canvas.fill(Capsule(base, c, radiusA: height * 0.045, radiusB: height * 0.03), color: trunk)
        let lobes = Puffs(
            spheres: [
                SIMD3(c.x - r * 0.6, c.y + r * 0.35, r * rng.range(0.65, 0.8)),
                SIMD3(c.x + r * 0.6, c.y + r * 0.3, r * rng.range(0.65, 0.8)),
                SIMD3(c.x + rng.range(-0.15, 0.15) * r, c.y, r),
            ], merge: r * 0.3)
        let side: Float = lightFromLeft ? -1 : 1
        let lightC = c + Vec2(side * r * 0.5, -r * 0.6)
        canvas.fill(lobes) { p in
            let d = length(p - lightC) / (r * 2)
            return mix(mix(highlight, color, smoothstep(0.1, 0.5, d)), shadow, smoothstep(0.55, 1.0, d))
        }
    }
}

extension FoliageStyle {
    /// A copy with a different structure, e.g. a small tree of the same kind.
    func with(masses: Int? = nil, clumps: Int? = nil, clumpSize: Float? = nil) -> FoliageStyle {
        var f = self
        if let m = masses { f.masses = m }
        if let c = clumps { f.clumps = c }
        if let s = clumpSize { f.clumpSize = s }
        return f
    }
}

/// A row of small round trees along a ground line (a woodland edge, an
/// orchard, autumn woods): two staggered ranks, the back one darker, each
/// tree picking a colour from the palette.
struct Grove: Element {
    var ground: (Float) -> Float
    /// Where the row runs; nil runs it past the canvas's sides (the grid's, at least).
    var fromX: Float? = nil
    var toX: Float? = nil
    var spacing: Float = 40
    var height: ClosedRange<Float> = 50...80
    var palette: [RGB]
    var highlight: RGB
    var shadow: RGB
    var trunk: RGB = RGB(hex: 0x4A3A36)
    /// Haze colour and amount mixed into every tree (atmospheric depth).
    var haze: RGB? = nil
    var hazeAmount: Float = 0
    var lightFromLeft = true
    var seed: UInt64

    func draw(on canvas: Canvas) {
        // Past the grid's sides on a wider canvas, rows of trees of their own seeds, so
        // that those within the grid stand where they always have.
        var spans = [(from: fromX ?? -60, to: toX ?? 3260, seed: seed)]
        if fromX == nil, canvas.bounds.minX - 60 < -60 {
            spans.append((canvas.bounds.minX - 60, -60, seed ^ 0x5EED_1EF7))
        }
        if toX == nil, canvas.bounds.maxX + 60 > 3260 {
            spans.append((3260, canvas.bounds.maxX + 60, seed ^ 0x5EED_0416))
        }
        for span in spans { drawRow(from: span.from, to: span.to, seed: span.seed, on: canvas) }
    }

    private func drawRow(from fromX: Float, to toX: Float, seed: UInt64, on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        for rank in 0..<2 {
            var x = fromX + (rank == 0 ? spacing * 0.5 : 0)
            while x < toX {
                let h = rng.range(height.lowerBound, height.upperBound) * (rank == 0 ? 1.1 : 1)
                var col = rng.pick(palette)
                var hi = mix(col, highlight, 0.55)
                var sh = mix(col, shadow, 0.5)
                if rank == 0 {
                    col = mix(col, shadow, 0.3)
                    hi = mix(hi, shadow, 0.25)
                    sh = mix(sh, shadow, 0.3)
                }
                if let hz = haze {
                    col = mix(col, hz, hazeAmount)
                    hi = mix(hi, hz, hazeAmount)
                    sh = mix(sh, hz, hazeAmount)
                }
                let base = Vec2(x + rng.range(-0.25, 0.25) * spacing, ground(x) + h * (rank == 0 ? 0.05 : 0.25))
                SmallTree(
                    base: base, height: h, color: col, highlight: hi, shadow: sh,
                    trunk: haze.map { mix(trunk, $0, hazeAmount) } ?? trunk,
                    lightFromLeft: lightFromLeft, seed: rng.next()
                ).draw(on: canvas)
                x += spacing * rng.range(0.7, 1.3)
            }
        }
    }
}
