import Glibc

/// A stylised spruce/fir: stacked drooping tiers with needle-toothed edges,
/// lit on one side, optionally carrying snow on every tier.
struct PineTree: Element {
    /// Ground point at the foot of the trunk.
    var base: Vec2
    var height: Float
    /// Full width of the lowest tier.
    var width: Float
    var tiers: Int = 7
    var seed: UInt64
    var lit: RGB = RGB(hex: 0x3E6B4F)
    var shadow: RGB = RGB(hex: 0x244536)
    var trunk: RGB = RGB(hex: 0x4E4048)
    /// 0 = bare, 1 = heavily laden.
    var snow: Float = 0
    var snowLit: RGB = RGB(hex: 0xFBFCFF)
    var snowShadow: RGB = RGB(hex: 0xC9D3EC)
    var lightFromLeft = true
    /// Softness of all edges, for out-of-focus foreground trees.
    var softness: Float = 0
    var opacity: Float = 1
    /// Soft shadow on the ground at the foot (multiplied), if any.
    var groundShadow: RGB? = nil

    func draw(on canvas: Canvas) {
        let rng = SeededRandom(seed: seed)
        if let gs = groundShadow {
            let dir: Float = lightFromLeft ? 1 : -1
            canvas.fill(
                Ellipse(center: base + Vec2(dir * width * 0.35, 0), radii: Vec2(width * 0.75, width * 0.1)),
                color: gs, softness: width * 0.12, opacity: 0.7, mode: .multiply)
        }
        let topY = base.y - height
        let foliageBottom = base.y - height * 0.04
        let fh = foliageBottom - topY
        let n = max(tiers, 2)
        let step = fh / (Float(n) + 0.7)
        let tierH = step * 1.7
        let trunkW = width * 0.055
        // The trunk is cut flat at the ground so it stands in it.
        let trunkShape = Intersection(
            a: Capsule(
                base + Vec2(0, trunkW), Vec2(base.x, base.y - height * 0.3),
                radiusA: trunkW, radiusB: trunkW * 0.6),
            b: HalfPlane(y: base.y, keepAbove: true))
        canvas.fill(trunkShape, softness: softness, opacity: opacity) { p in
            mix(trunk, trunk.darker(0.35), clamp01((p.x - base.x) / trunkW * (lightFromLeft ? 1 : -1) + 0.5))
        }
        // Bottom tier first so each upper tier overlaps the one below.
        for k in stride(from: n - 1, through: 0, by: -1) {
            var tr = rng.fork(UInt64(k) + 1)
            let t0 = topY + Float(k) * step
            let frac = Float(k + 1) / Float(n)
            let halfW = width * 0.5 * (0.22 + 0.78 * pow(frac, 0.95)) * tr.range(0.92, 1.06)
            let cx = base.x + tr.range(-0.02, 0.02) * width
            let apex = Vec2(cx, k == 0 ? topY : t0 + tierH * 0.05)
            let tipY = t0 + tierH
            let sag = tierH * 0.16
            var pts: [Vec2] = [apex]
            // Right flank, slightly concave.
            pts.append(Vec2(cx + halfW * 0.45, t0 + tierH * 0.55))
            pts.append(Vec2(cx + halfW * (1 + tr.range(0, 0.05)), tipY + tr.range(-0.05, 0.05) * tierH))
            // Lower edge from right tip to left tip: an arch with needle teeth.
            let teeth = max(4, Int(halfW * 2 / max(width * 0.07, 1)))
            for i in 1..<(teeth * 2) {
                let u = Float(i) / Float(teeth * 2)
                let x = cx + halfW * (1 - 2 * u)
                let arch = sin(u * Float.pi) * sag
                let tooth: Float = i % 2 == 0 ? 0 : -tierH * 0.1 * tr.range(0.6, 1.2)
                pts.append(Vec2(x, tipY - arch + tooth))
            }
            pts.append(Vec2(cx - halfW * (1 + tr.range(0, 0.05)), tipY + tr.range(-0.05, 0.05) * tierH))
            pts.append(Vec2(cx - halfW * 0.45, t0 + tierH * 0.55))
            let tier = Polygon(pts)
            let phase = tr.range(0, 6.28)
            let snowDepth = tierH * 0.3 * snow
            let side: Float = lightFromLeft ? 1 : -1
            canvas.fill(tier, softness: softness, opacity: opacity) { p in
                let u = (p.x - cx) * side
                let litness = clamp01(0.5 - (u + halfW * 0.08) / (canvas.pixelSize * 2 + softness))
                var c = mix(shadow, lit, litness)
                // Darker just under the tier above (its shadow), lighter at tips.
                let v = (p.y - t0) / tierH
                c = c * (0.82 + 0.18 * smoothstep(0.3, 0.95, v))
                guard snow > 0 else { return c }
                // Snow lies on the visible top of the tier, just under the
                // tier above, thicker toward the middle, with a scalloped edge.
                let lineY =
                    t0 + tierH * 0.38 + snowDepth * (1 - 0.4 * abs(p.x - cx) / halfW)
                    + sin((p.x - cx) / (width * 0.04) + phase) * tierH * 0.05
                let s = clamp01((lineY - p.y) / (canvas.pixelSize + softness) + 0.5)
                let snowC = mix(snowShadow, snowLit, litness * 0.85 + 0.15)
                return mix(c, snowC, s)
            }
        }
        if snow > 0 {
            // A pointed cap of snow on the very top.
            let cap = Polygon([
                Vec2(base.x, topY - tierH * 0.05), Vec2(base.x + width * 0.05, topY + tierH * 0.3),
                Vec2(base.x, topY + tierH * 0.26), Vec2(base.x - width * 0.05, topY + tierH * 0.3),
            ])
            canvas.fill(cap, color: snowLit, softness: softness, opacity: opacity)
        }
    }
}

/// A distant row of trees seen as one silhouette along rolling ground:
/// conifer spikes or rounded broadleaf crowns, each tree with a lighter
/// lit side and its own colour from a palette (autumn woods).
struct ForestLine: Element {
    enum Kind { case conifer, broadleaf }
    var kind: Kind = .conifer
    var baseY: Float
    var amplitude: Float = 40
    var wavelength: Float = 800
    /// Optional ground skyline (e.g. the `skyline` of the hills the trees
    /// stand on); overrides `baseY`/`amplitude`/`wavelength`.
    var ground: ((Float) -> Float)? = nil
    var treeHeight: ClosedRange<Float> = 60...110
    /// Average distance between trees.
    var spacing: Float = 40
    var palette: [RGB]
    /// Brightening of each tree's lit side (light from the left).
    var sideLight: Float = 0.12
    /// Colour of the woodland mass below the crowns (broadleaf rows); by
    /// default the first palette colour, darkened.
    var understory: RGB? = nil
    /// Fraction of trees that are lifted into view (sparser rows < 1).
    var density: Float = 1
    /// Snow speckle on the crowns (0...1).
    var snow: Float = 0
    var snowColor: RGB = RGB(hex: 0xF4F6FD)
    var mist: RGB? = nil
    var mistAmount: Float = 0.5
    var mistDepth: Float = 200
    var bottom: Float = Canvas.designSize.y
    /// Where the line runs; nil runs it past the canvas's sides (the grid's, at least).
    var fromX: Float? = nil
    var toX: Float? = nil
    var seed: UInt64

    private struct Tree {
        var x: Float
        var h: Float
        var w: Float
        var color: RGB
    }

    /// The line's trees from left to right, each with its height, width and colour.
    private func trees(on canvas: Canvas) -> [Tree] {
        let fromX = self.fromX ?? -100
        let toX = self.toX ?? max(3300, canvas.bounds.maxX + 100)
        var rng = SeededRandom(seed: seed)
        var trees: [Tree] = []
        func tree(at x: Float, _ rng: inout SeededRandom) -> Tree? {
            guard rng.chance(density) else { return nil }
            let h = rng.range(treeHeight.lowerBound, treeHeight.upperBound)
            let w = kind == .conifer ? h * rng.range(0.17, 0.24) : h * rng.range(0.4, 0.5)
            return Tree(x: x, h: h, w: w, color: rng.pick(palette))
        }
        var x = fromX
        while x < toX {
            if let t = tree(at: x, &rng) { trees.append(t) }
            x += spacing * rng.range(0.55, 1.45)
        }
        // Past the grid's left side on a wider canvas: trees of a sequence of their own,
        // walking left, so that those within the grid stand where they always have.
        if self.fromX == nil, canvas.bounds.minX - 100 < fromX {
            var wing = SeededRandom(seed: seed ^ 0x5EED_1EF7)
            var x = fromX - spacing * wing.range(0.55, 1.45)
            var added: [Tree] = []
            while x > canvas.bounds.minX - 100 {
                if let t = tree(at: x, &wing) { added.append(t) }
                x -= spacing * wing.range(0.55, 1.45)
            }
            trees = added.reversed() + trees
        }
        return trees
    }

    /// Per pixel column, the line's skyline (the ground where no tree stands) and the tree
    /// that owns it (-1 for the ground).
    private func skyline(on canvas: Canvas, _ trees: [Tree]) -> (tops: [Float], owner: [Int]) {
        let groundNoise = Noise(seed: seed &+ 1)
        let groundY: (Float) -> Float =
            ground ?? { x in baseY - amplitude * groundNoise.fbm1(x / wavelength, octaves: 3, gain: 0.4) }
        // Per column: skyline and the tree that owns it.
        let cols = canvas.width
        var tops = [Float](repeating: 0, count: cols)
        var owner = [Int](repeating: -1, count: cols)
        let maxW = trees.map { $0.w }.max() ?? 1
        // Trees sorted by x allow a windowed search per column.
        for c in 0..<cols {
            let px = canvas.designX(c)
            let g = groundY(px)
            var best = g
            var who = -1
            var lo = 0, hi = trees.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if trees[mid].x < px - maxW { lo = mid + 1 } else { hi = mid }
            }
            var i = lo
            while i < trees.count && trees[i].x <= px + maxW {
                let t = trees[i]
                let u = abs(px - t.x) / t.w
                if u < 1 {
                    let top: Float
                    switch kind {
                    case .conifer:
                        // Needle-toothed spike: narrow top, tiers every 18 % of height.
                        let f = 1 - u
                        let teeth = 0.06 * abs(sin(f * 17 + t.x))
                        top = groundY(t.x) - t.h * (f * f * 0.3 + f * 0.7 + teeth * f)
                    case .broadleaf:
                        // A round crown on the woodland mass; neighbours overlap.
                        top = groundY(t.x) - (t.h - t.w) - t.w * (1 - u * u).squareRoot()
                    }
                    if top < best {
                        best = top
                        who = i
                    }
                }
                i += 1
            }
            tops[c] = best
            owner[c] = who
        }
        return (tops, owner)
    }

    func draw(on canvas: Canvas) {
        let trees = trees(on: canvas)
        let (tops, owner) = skyline(on: canvas, trees)
        let grain = Noise(seed: seed &+ 2)
        let skyline: (Float) -> Float = { x in tops[canvas.column(x)] }
        let snowGrainRow = { (y: Float) in FbmRow(grain, y: y / 6, octaves: 2) }
        canvas.fillProfile(top: skyline, bottom: bottom, row: snowGrainRow) { p, s, snowGrain in
            let c = canvas.column(p.x)
            var col: RGB
            var litSide: Float = 0
            let below = understory ?? palette[0].darker(0.15)
            if owner[c] >= 0, kind == .broadleaf {
                // Only the rounded top of each crown is its own colour; lower
                // down the crowns merge into the shaded woodland mass.
                let t = trees[owner[c]]
                let dx = (p.x - t.x) / t.w
                let crownDepth = t.w * 1.7 * (1 - min(dx * dx, 1)).squareRoot()
                let blend = smoothstep(crownDepth - canvas.pixelSize, crownDepth + canvas.pixelSize * 2, s.depth)
                litSide = clamp01(0.5 - (p.x - t.x + t.w * 0.15) / (canvas.pixelSize * 2 + t.w * 0.3))
                let crownCol = t.color * (1 + sideLight * (litSide - 0.4))
                col = mix(crownCol, below, blend)
            } else if owner[c] >= 0, s.depth < trees[owner[c]].h * 1.2 {
                let t = trees[owner[c]]
                col = t.color
                litSide = clamp01(0.5 - (p.x - t.x + t.w * 0.1) / (canvas.pixelSize * 2))
                col = col * (1 + sideLight * (litSide - 0.4))
            } else {
                col = palette[0]
            }
            if snow > 0 {
                let n = snowGrain.value(p.x / 9)
                let a = smoothstep(0.35 - snow * 0.5, 0.45 - snow * 0.5, n + litSide * 0.15)
                col = mix(col, snowColor, a * (0.55 + 0.45 * litSide))
            }
            if let m = mist { col = mix(col, m, mistAmount * smoothstep(0, mistDepth, s.depth)) }
            return col
        }
    }
}

extension ForestLine: Covering {
    /// Opaque to the bottom, a line of trees paints every pixel below its ground whole.
    func firstCoveredRow(on canvas: Canvas) -> Int? {
        guard bottom >= Canvas.designSize.y else { return nil }
        let tops = skyline(on: canvas, trees(on: canvas)).tops
        return canvas.firstRowCovered(byProfile: { tops[canvas.column($0)] }, softness: 0)
    }
}
