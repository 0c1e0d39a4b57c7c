import Glibc

/// A deliberate rise in a skyline, e.g. the knoll a lone tree stands on.
struct Mound {
    var x: Float
    /// Half-width of the rise.
    var width: Float
    var height: Float
}

/// A layer of rolling land: a smooth noisy skyline plus optional mounds,
/// filled downward. Colour can brighten at the crest (rim light), deepen
/// lower down and fade into valley mist, which is what separates stacked
/// layers in layered-landscape illustrations.
struct Hills: Element {
    var baseY: Float
    var amplitude: Float = 60
    var wavelength: Float = 900
    var mounds: [Mound] = []
    var seed: UInt64
    var color: RGB
    /// Colour right at the skyline, fading into `color` over `crestDepth`.
    var crestColor: RGB? = nil
    var crestDepth: Float = 80
    /// Colour far below the skyline, reached at `deepDepth`.
    var deepColor: RGB? = nil
    var deepDepth: Float = 700
    /// Valley mist over the lower part of the layer.
    var mist: RGB? = nil
    var mistAmount: Float = 0.5
    var mistDepth: Float = 300
    /// Brightens slopes that face a light on the left (negative: light on the right).
    var slopeLight: Float = 0
    /// Painterly mottling (fraction of brightness).
    var texture: Float = 0.025
    var bottom: Float = Canvas.designSize.y
    var softness: Float = 0

    func skyline(_ x: Float) -> Float {
        let noise = Noise(seed: seed)
        return skyline(x, noise)
    }

    private func skyline(_ x: Float, _ noise: Noise) -> Float {
        var y = baseY - amplitude * noise.fbm1(x / wavelength, octaves: 3, gain: 0.35)
        for m in mounds {
            let t = (x - m.x) / m.width
            if abs(t) < 1 { y -= m.height * 0.5 * (1 + cos(Float.pi * t)) }
        }
        return y
    }

    func draw(on canvas: Canvas) {
        let noise = Noise(seed: seed)
        let grain = Noise(seed: seed &+ 77)
        let top: (Float) -> Float = { skyline($0, noise) }
        // The mottling's finest detail is 27 design units across: sampled every 5.
        let highest = (0..<canvas.width).map { top(canvas.designX($0)) }.min() ?? bottom
        let rows = canvas.rows(from: highest, to: bottom)
        let mottlingRow = { (y: Float) in FbmRow(grain, y: y / 110, octaves: 3) }
        let mottling =
            texture > 0
            ? SmoothField(on: canvas, step: max(1, Int(5 * canvas.scale)), rows: rows, row: mottlingRow) { p, noise in
                noise.value(p.x / 260)
            } : nil
        canvas.fillProfile(top: top, bottom: bottom, softness: softness) { p, s in
            var c = color
            if let deep = deepColor { c = mix(c, deep, smoothstep(0, deepDepth, s.depth)) }
            if slopeLight != 0 {
                let facing = max(-1, min(1, -s.slope * 2.5)) * slopeLight
                c = c * (1 + facing * 0.22 * exp(-s.depth / (crestDepth * 4)))
            }
            if let crest = crestColor { c = mix(crest, c, smoothstep(0, crestDepth, s.depth)) }
            if let mottling { c = c * (1 + texture * mottling.at(p)) }
            if let m = mist { c = mix(c, m, mistAmount * smoothstep(0, mistDepth, s.depth)) }
            return c
        }
    }
}

extension Hills: Covering {
    /// Opaque to the bottom, hills paint every pixel below their lowest point whole.
    func firstCoveredRow(on canvas: Canvas) -> Int? {
        guard bottom >= Canvas.designSize.y else { return nil }
        let noise = Noise(seed: seed)
        return canvas.firstRowCovered(byProfile: { skyline($0, noise) }, softness: softness)
    }
}

/// One summit of a mountain range.
struct Peak {
    var x: Float
    /// Design y of the summit.
    var top: Float
    /// Half-widths of the flanks at the range's base.
    var left: Float
    var right: Float
    init(x: Float, top: Float, width: Float) {
        self.init(x: x, top: top, left: width, right: width)
    }

    init(x: Float, top: Float, left: Float, right: Float) {
        self.x = x
        self.top = top
        self.left = left
        self.right = right
    }
}

/// A mountain range: summits with concave flanks and a crest broken at
/// every scale. Faces are lit or shaded by which way the skyline above
/// them slopes, so shadow edges branch down from every crag like real
/// ridges. Optional snow covers everything above the snow line and thins
/// into gullies below it. With snow off and close lit/shadow colours it
/// serves as a distant blue ridge.
struct Mountains: Element {
    var peaks: [Peak]
    var baseY: Float
    var seed: UInt64
    /// Amplitude of the crest's fine jaggedness in design units.
    var roughness: Float = 28
    /// Large-scale irregularity of the crest, as a fraction of height.
    var jaggedness: Float = 0.35
    /// Feature size of that irregularity in design units.
    var wavelength: Float = 450
    var rockLit: RGB
    var rockShadow: RGB
    var snowLit: RGB? = nil
    var snowShadow: RGB? = nil
    /// Design y above which the mountain is snow-covered.
    var snowLine: Float = 0
    /// How far below the snow line gullies of snow reach.
    var gullyDepth: Float = 260
    /// Mist colour at the foot of the range.
    var mist: RGB? = nil
    var mistAmount: Float = 0.6
    /// Depth below the summit line where the mist is fully in.
    var mistHeight: Float = 400
    /// Light from the left (true) or the right.
    var lightFromLeft = true
    /// Secondary facets on the lit face (0 = none).
    var facets: Float = 0.5
    var bottom: Float = Canvas.designSize.y

    /// Adds subsidiary summits on the flanks: real ranges are rarely single
    /// cones, and shoulders give each summit more crest lines to shade.
    var shoulders = true

    /// Fraction of the height lost at a relative distance `t` from a summit:
    /// concave flanks, steep near the top and easing toward the foot.
    private static func flank(_ t: Float) -> Float {
        let c = min(t, 1)
        return c * 0.3 + (1 - pow(1 - c, 2.4)) * 0.7 + max(t - 1, 0) * 0.2
    }

    /// The summits, with those past the grid's sides on a wider canvas (`wingPeaks`) and,
    /// with `shoulders`, the shoulders of each.
    func allPeaks(on bounds: Rect) -> [Peak] {
        let summits = peaks + wingPeaks(bounds)
        guard shoulders else { return summits }
        var rng = SeededRandom(seed: seed &+ 11)
        var out = summits
        for pk in summits {
            for side: Float in [-1, 1] where rng.chance(0.8) {
                let w = side < 0 ? pk.left : pk.right
                let d = w * rng.range(0.3, 0.6)
                let flankY = pk.top + (baseY - pk.top) * Mountains.flank(d / w)
                let rise = (baseY - pk.top) * rng.range(0.03, 0.08)
                let sw = w * rng.range(0.35, 0.55)
                out.append(Peak(x: pk.x + side * d, top: flankY - rise, left: sw, right: sw * rng.range(0.8, 1.3)))
            }
        }
        return out
    }

    /// On a canvas wider than the grid the range runs on past its sides: summits of a
    /// sequence of their own beyond the outermost ones, lower than they are, so that the
    /// grid's summits stay the composition's. None on a canvas within the grid.
    func wingPeaks(_ bounds: Rect) -> [Peak] {
        guard let leftmost = peaks.min(by: { $0.x < $1.x }), let rightmost = peaks.max(by: { $0.x < $1.x }) else {
            return []
        }
        var rng = SeededRandom(seed: seed ^ 0x5EED_9EA7)
        var out: [Peak] = []
        let sides: [(edge: Peak, direction: Float, reach: Float)] = [
            (leftmost, -1, bounds.minX < 0 ? bounds.minX : .nan),
            (rightmost, 1, bounds.maxX > Canvas.designSize.x ? bounds.maxX : .nan),
        ]
        for side in sides where !side.reach.isNaN {
            let rise = baseY - side.edge.top
            var x = side.edge.x
            var width = max(side.direction < 0 ? side.edge.left : side.edge.right, 300)
            while (x - side.reach) * side.direction < 400 {
                let w = width * rng.range(0.7, 1.3)
                x += side.direction * w * rng.range(1.2, 2.1)
                let top = baseY - rise * rng.range(0.35, 0.85)
                out.append(Peak(x: x, top: top, left: w, right: w * rng.range(0.8, 1.2)))
                width = min(max(w, 300), 900)
            }
        }
        return out
    }

    /// Skyline and the index of the summit that owns each x.
    func skyline(_ x: Float, _ noise: Noise, _ all: [Peak]) -> (y: Float, owner: Int) {
        var best = Float.infinity, owner = 0
        for (i, pk) in all.enumerated() {
            let w = x < pk.x ? pk.left : pk.right
            let y = pk.top + (baseY - pk.top) * Mountains.flank(abs(x - pk.x) / w)
            if y < best {
                best = y
                owner = i
            }
        }
        // Irregularity grows with elevation (multiplicative) so summits get
        // broken crests while the foothills stay gentle; `roughness` adds
        // a fixed amount of fine jaggedness on top.
        let rise = baseY - best
        let large = noise.fbm1(x / wavelength, octaves: 4, gain: 0.5)
        let fine = noise.fbm1(x / 160 + 40, octaves: 5, gain: 0.55) + 0.3 * noise.ridged(x / 60, 3.3, octaves: 3)
        return (baseY - rise * (1 + jaggedness * large) - roughness * fine, owner)
    }

    func draw(on canvas: Canvas) {
        let noise = Noise(seed: seed)
        let texture = Noise(seed: seed &+ 3)
        // Owner summit per pixel column, computed once.
        let all = allPeaks(on: canvas.bounds)
        // Skyline per pixel column, with a margin for the wide slope probes.
        let margin = Int((420 * canvas.scale).rounded(.up)) + 2
        let count = canvas.width + 2 * margin
        let sky = (0..<count).map { skyline(canvas.designX($0 - margin), noise, all).y }
        let top = sky.min() ?? baseY
        let lookup: (Float) -> Float = { x in
            sky[min(max(Int(((x - canvas.left) * canvas.scale).rounded(.down)) + margin, 0), count - 1)]
        }
        let dir: Float = lightFromLeft ? 1 : -1
        // The smooth fields, on lattices (`SmoothField`) a fifth of their finest detail
        // apart; the snow's gullies, whose edges are sharp, per pixel; the snow line, a
        // function of x alone, once per column.
        let rows = canvas.rows(from: top, to: bottom)
        let field = { (unitsApart: Float, value: @escaping (Vec2) -> Float) in
            SmoothField(on: canvas, step: max(1, Int(unitsApart * canvas.scale)), rows: rows, value)
        }
        let wobbles = field(12) { p in texture.fbm(p.y / 260, p.x / 900, octaves: 3) }
        // Those whose second coordinate is the row's read their noise along it (`FbmRow`).
        let rowField = { (unitsApart: Float, row: (Float) -> FbmRow, value: (Vec2, inout FbmRow) -> Float) in
            SmoothField(on: canvas, step: max(1, Int(unitsApart * canvas.scale)), rows: rows, row: row, value)
        }
        let ribs = rowField(
            6, { y in FbmRow(texture, y: y / 620, octaves: 4) },
            { p, noise in noise.value((p.x + p.y * 0.55 * dir) / 260) })
        let grain = rowField(3, { y in FbmRow(texture, y: y / 60, octaves: 3) }, { p, noise in noise.value(p.x / 120) })
        let snowLines = (0..<canvas.width).map { snowLine + 90 * noise.fbm(canvas.designX($0) / 300, 1.7, octaves: 4) }
        let gulliesRow = { (y: Float) in FbmRow(texture, y: y / 380, octaves: 4) }
        canvas.fillProfile(top: lookup, bottom: bottom, row: gulliesRow) { p, s, gullies in
            // Which way the slope faces: the sign of the skyline's slope
            // measured over a span that widens with depth. Small crags shade
            // the crest, whole summits shade the lower flanks, so the shadow
            // boundaries branch and merge downward like real ridges.
            let span = min(6 + s.depth * 0.55, 400)
            let wobble = wobbles.at(p) * (20 + s.depth * 0.12)
            let x = p.x + wobble
            let slope = (lookup(x + span) - lookup(x - span)) / (2 * span) * dir
            var side = smoothstep(-0.012, 0.012, slope)
            // Secondary facets: diagonal ribs breaking up the lit face.
            if facets > 0 {
                side = max(side, smoothstep(0.18, 0.22, ribs.at(p)) * facets * 0.7)
            }
            var rock = mix(rockLit, rockShadow, side)
            rock = rock * (1 + 0.04 * grain.at(p))
            var c = rock
            if let sl = snowLit, let ss = snowShadow {
                let line = snowLines[canvas.column(p.x)]
                let gully = gullies.value((p.x - p.y * 0.25) / 70) * 0.5 + 0.5
                let reach = (p.y - line) / gullyDepth
                // Near the crest the snow hugs the skyline anyway.
                let threshold = 0.5 + reach * 0.45 - smoothstep(40, 0, s.depth) * 2
                let snow = p.y < line ? 1 : smoothstep(threshold - 0.015, threshold + 0.015, gully)
                let snowColor = mix(sl, ss, side)
                c = mix(rock, snowColor, snow)
            }
            if let m = mist {
                let h = smoothstep(top + (baseY - top) * 0.35, top + mistHeight, p.y)
                c = mix(c, m, mistAmount * h)
            }
            return c
        }
    }
}
