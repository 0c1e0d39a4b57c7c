import Glibc

/// A fair-weather cumulus: a heap of puffs, tallest in the middle, on a flat
/// base; lit from one side with a cool, slightly darker underside.
struct Cumulus: Element {
    /// Centre of the flat base.
    var base: Vec2
    var width: Float
    var height: Float
    var seed: UInt64
    var lighting = PuffLighting(lit: RGB(hex: 0xFFFFFF), mid: RGB(hex: 0xEEF3FA), shadow: RGB(hex: 0xBFCDE3))
    /// Colour the underside fades toward.
    var underside: RGB = RGB(hex: 0xAFC0DA)
    /// Number of puffs budding above the base row; more gives a busier,
    /// more towering outline.
    var puffs: Int = 16
    var opacity: Float = 1
    var softness: Float = 1.5
    /// Irregularity of the outline as a fraction of the height.
    var raggedness: Float = 0.012

    func makePuffs() -> Puffs {
        var rng = SeededRandom(seed: seed)
        var spheres: [SIMD3<Float>] = []
        let n = max(puffs, 4)
        // A row of overlapping puffs along the base, biggest in the middle.
        let baseCount = max(3, Int(width / (height * 0.45)))
        for i in 0..<baseCount {
            let t = -1 + 2 * (Float(i) + rng.range(0.4, 0.6)) / Float(baseCount)
            let env = (1 - 0.8 * t * t).squareRoot()
            let r = height * (0.16 + 0.22 * env) * rng.range(0.9, 1.1)
            spheres.append(SIMD3(base.x + t * (width * 0.5 - r * 0.7), base.y - r * 0.55, r))
        }
        // Cauliflower growth: puffs budding on the upper surface of existing
        // ones, kept inside the cloud's dome-shaped envelope.
        var tries = 0
        while spheres.count < n + baseCount && tries < n * 60 {
            tries += 1
            let parent = spheres[rng.int(0..<spheres.count)]
            let a = rng.range(-Float.pi * 0.85, -Float.pi * 0.15)
            let r = max(parent.z * rng.range(0.62, 0.9), height * 0.1)
            let c = Vec2(parent.x, parent.y) + Vec2(cos(a), sin(a)) * parent.z * rng.range(0.45, 0.7)
            let t = (c.x - base.x) / (width * 0.5)
            if abs(t) > 0.9 { continue }
            let dome = base.y - height * pow(max(0, 1 - t * t), 0.7)
            if c.y - r < dome || c.y + r * 0.2 > base.y { continue }
            spheres.append(SIMD3(c.x, c.y, r))
        }
        // Lower puffs behind, upper puffs in front: the upper lobes then
        // cast their shadows down onto the body, as on a real cumulus.
        spheres.sort { $0.y > $1.y }
        let noise = Noise(seed: seed &+ 101)
        return Puffs(
            spheres: spheres, merge: height * 0.06, floorY: base.y,
            edge: raggedness > 0 ? (noise, height * 0.05, height * raggedness) : nil)
    }

    func draw(on canvas: Canvas) {
        var shape = makePuffs()
        let l = Vec2(lighting.light.x, lighting.light.y)
        shape.shadowOffset = -l / max(length(l), 1e-3) * 0.2
        shape.seamSoftness = 0.04
        shape.fillEdge = max(canvas.pixelSize, softness)
        let top = shape.bounds.minY
        let center = Vec2(base.x, (top + base.y) * 0.5 + (base.y - top) * 0.15)
        let radii = Vec2(width * 0.55, (base.y - top) * 0.7)
        canvas.fill(shape, softness: softness, opacity: opacity) { p, nearby in
            let e = nearby.shading(p, pixel: canvas.pixelSize)
            let volume = PuffLighting.volumeNormal(p, center: center, radii: radii)
            var c = lighting.color(normal: e.normal, volume: volume, unity: 0.45, shadow: e.shadow)
            let under = smoothstep(base.y - (base.y - top) * 0.5, base.y, p.y)
            c = mix(c, underside, under * 0.6)
            return c
        }
    }
}

/// Long horizontal wisps (stratus, altostratus, sunset streaks) from
/// stretched noise inside a soft band.
struct CloudStreaks: Element {
    var centerY: Float
    var thickness: Float
    var color: RGB
    /// Colour toward the lower edge (e.g. lit from below at sunset).
    var underColor: RGB? = nil
    var opacity: Float = 0.8
    /// 0...1: how much of the band is filled.
    var coverage: Float = 0.5
    /// Typical wisp length in design units.
    var length: Float = 900
    /// Horizontal-to-vertical stretch of the wisps.
    var stretch: Float = 9
    /// Horizontal extent; the band fades out softly at the ends. Nil runs it past the
    /// canvas's sides (past the grid's, at least).
    var fromX: Float? = nil
    var toX: Float? = nil
    var seed: UInt64

    func draw(on canvas: Canvas) {
        // Material colours, in the light the scene is painted under.
        let color = canvas.lit(color)
        let underColor = canvas.lit(underColor)
        let fromX = self.fromX ?? min(-100, canvas.bounds.minX - 100)
        let toX = self.toX ?? max(3300, canvas.bounds.maxX + 100)
        let noise = Noise(seed: seed)
        let box = Rect(minX: fromX, minY: centerY - thickness * 2.5, maxX: toX, maxY: centerY + thickness * 2.5)
        let fadeLen = (toX - fromX) * 0.2
        let threshold = 1 - coverage
        // The band's strength is the row's, and so is the warp's second coordinate.
        let rowTerms = { (y: Float) -> (band: Float, warp: NoiseRow) in
            let v = (y - centerY) / thickness
            return (exp(-v * v), NoiseRow(noise, y: y / (thickness * 3)))
        }
        canvas.shade(box, row: rowTerms) { p, c, row in
            let v = (p.y - centerY) / thickness
            let band = row.band
            let ends = smoothstep(fromX, fromX + fadeLen, p.x) * (1 - smoothstep(toX - fadeLen, toX, p.x))
            // The noise stays within ±3.8, so `n` below 2.4: where even that would leave the
            // density under the threshold, nothing is painted, whatever the noise.
            if band * ends * 2.5 < threshold * 0.6 { return c }
            // Warp x a little with a slower noise so wisps are not straight.
            let warp = row.warp.gradient(p.x / (length * 2)) * thickness * 1.5
            let n = noise.fbm(p.x / length, (p.y + warp) / (length / stretch), octaves: 5) * 0.5 + 0.5
            let density = n * band * ends
            let a = smoothstep(threshold * 0.6, threshold * 0.6 + 0.35, density) * opacity
            if a <= 0 { return c }
            var col = color
            if let u = underColor { col = mix(color, u, smoothstep(-0.6, 0.9, v)) }
            return c + (col - c) * a
        }
    }
}
