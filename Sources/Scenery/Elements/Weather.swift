import Glibc

/// A lightning bolt (驚蟄's spring thunder): a jagged main channel from
/// the cloud toward the ground, found by midpoint displacement, with a
/// few forks; a hot white core inside a violet glow that lights the air
/// around it.
struct Lightning: Element {
    var from: Vec2
    var to: Vec2
    /// Core width at the top; it thins toward the end and in the forks.
    var width: Float = 7
    var forks: Int = 4
    /// Sideways displacement as a fraction of each segment's length.
    var jaggedness: Float = 0.22
    var core: RGB = RGB(hex: 0xFFFFFF)
    var glow: RGB = RGB(hex: 0xB9B2FF)
    var glowRadius: Float = 70
    var glowStrength: Float = 0.8
    var seed: UInt64

    struct Bolt {
        var a: Vec2
        var b: Vec2
        var ra: Float
        var rb: Float

        var minY: Float { min(a.y, b.y) }
        var maxY: Float { max(a.y, b.y) }
    }

    static func channel(_ a: Vec2, _ b: Vec2, levels: Int, jag: Float, rng: inout SeededRandom) -> [Vec2] {
        var pts = [a, b]
        for _ in 0..<levels {
            var next: [Vec2] = [pts[0]]
            for i in 0..<(pts.count - 1) {
                let p = pts[i], q = pts[i + 1]
                let d = q - p
                let n = Vec2(-d.y, d.x)
                next.append((p + q) * 0.5 + n * rng.range(-jag, jag))
                next.append(q)
            }
            pts = next
        }
        return pts
    }

    func bolts() -> [Bolt] {
        var rng = SeededRandom(seed: seed)
        var out: [Bolt] = []
        func add(_ pts: [Vec2], _ w0: Float, _ w1: Float) {
            for i in 0..<(pts.count - 1) {
                let t0 = Float(i) / Float(pts.count - 1), t1 = Float(i + 1) / Float(pts.count - 1)
                out.append(Bolt(a: pts[i], b: pts[i + 1], ra: lerp(w0, w1, t0) * 0.5, rb: lerp(w0, w1, t1) * 0.5))
            }
        }
        let main = Lightning.channel(from, to, levels: 7, jag: jaggedness, rng: &rng)
        add(main, width, width * 0.45)
        let len = length(to - from)
        for _ in 0..<forks {
            let i = rng.int(main.count / 8..<main.count * 3 / 4)
            let start = main[i]
            let dir = normalize(to - from)
            let ang = rng.range(0.35, 0.9) * (rng.chance(0.5) ? -1 : 1)
            let end = start + rotate(dir, ang) * len * rng.range(0.12, 0.3)
            let w = width * lerp(0.55, 0.3, Float(i) / Float(main.count))
            let fork = Lightning.channel(start, end, levels: 5, jag: jaggedness * 1.1, rng: &rng)
            add(fork, w, w * 0.2)
            // A twig off the fork.
            if rng.chance(0.6) {
                let j = rng.int(fork.count / 4..<fork.count * 3 / 4)
                let e2 = fork[j] + rotate(normalize(end - start), -ang * 0.8) * len * rng.range(0.05, 0.12)
                add(Lightning.channel(fork[j], e2, levels: 4, jag: jaggedness, rng: &rng), w * 0.5, w * 0.1)
            }
        }
        return out
    }

    func draw(on canvas: Canvas) {
        let segs = bolts()
        let reach = glowRadius * 5
        var box = Rect.bounding(segs.flatMap { [$0.a, $0.b] })
        box = Rect(minX: box.minX - reach, minY: box.minY - reach, maxX: box.maxX + reach, maxY: box.maxY + reach)
        let px = canvas.pixelSize
        // The channels in runs of 16 (a stretch of one channel, or the end of one and the
        // start of the next), each with its box and widest radius: a pixel passes a run
        // whole when the run's box is farther than the nearest core so far and than the
        // brightest glow can reach, as it would pass each of its channels.
        let runs = stride(from: 0, to: segs.count, by: 16).map { start in
            ChannelRun(segs[start..<min(start + 16, segs.count)], from: start)
        }
        // The runs whose box, widened by the reach, holds the row, nearest the row first
        // (so the nearest core is found early and the farther runs passed).
        let runsOnRow = { (y: Float) -> [Int] in
            runs.indices.filter { runs[$0].box.minY - reach <= y && y <= runs[$0].box.maxY + reach }
                .sorted { abs(runs[$0].centerY - y) < abs(runs[$1].centerY - y) }
        }
        canvas.shade(box, row: runsOnRow) { p, c, runsHere in
            var dCore: Float = .infinity
            var glowSum: Float = 0
            // A channel glows here by at most exp(-d / glowRadius) (its width's share is at
            // most 1): farther than where that falls to the brightest glow so far (with a
            // thousandth of the radius to spare for rounding), it cannot win, and its
            // exponential is not worked out. The brightest glow and the nearest core are the
            // same whatever order the channels are met in.
            var dimmerBeyond: Float = .infinity
            for run in runsHere {
                let channels = runs[run]
                // A hundredth of a design unit to spare: a channel's distance, worked out
                // another way, may round a little below its box's.
                let away = channels.box.distance(to: p) - 0.01
                if away - channels.widest >= dCore && away > dimmerBeyond { continue }
                for index in channels.indices {
                    let s = segs[index]
                    let lo = Vec2(min(s.a.x, s.b.x), min(s.a.y, s.b.y)) - Vec2(reach, reach)
                    let hi = Vec2(max(s.a.x, s.b.x), max(s.a.y, s.b.y)) + Vec2(reach, reach)
                    if p.x < lo.x || p.y < lo.y || p.x > hi.x || p.y > hi.y { continue }
                    let ab = s.b - s.a, ap = p - s.a
                    let t = clamp01(dot(ap, ab) / max(dot(ab, ab), 1e-6))
                    let d = length(ap - ab * t)
                    let r = lerp(s.ra, s.rb, t)
                    dCore = min(dCore, d - r)
                    // Wider channels glow further; the brightest one wins.
                    if d > dimmerBeyond { continue }
                    let glowHere = exp(-d / glowRadius) * min(r / (width * 0.5), 1)
                    if glowHere > glowSum {
                        glowSum = glowHere
                        dimmerBeyond = -glowRadius * log(glowSum) + glowRadius * 0.001
                    }
                }
            }
            if dCore == .infinity { return c }
            var out = c + (RGB(1, 1, 1) - c) * glow * min(glowSum * glowStrength, 1)
            // A tight bright halo hugging the channel.
            out = mix(out, glow.lighter(0.6), exp(-max(dCore, 0) / (width * 0.9)) * 0.7)
            return mix(out, core, clamp01(0.5 - dCore / px))
        }
    }

    /// Consecutive channels of a bolt: their indices, the box around them and the widest
    /// radius among them.
    struct ChannelRun {
        let indices: Range<Int>
        let box: Rect
        let widest: Float
        var centerY: Float { (box.minY + box.maxY) / 2 }

        init(_ bolts: ArraySlice<Bolt>, from start: Int) {
            indices = start..<(start + bolts.count)
            box = Rect.bounding(bolts.flatMap { [$0.a, $0.b] })
            widest = bolts.map { max($0.ra, $0.rb) }.max() ?? 0
        }
    }
}

@inline(__always) func normalize(_ v: Vec2) -> Vec2 { v / max(length(v), 1e-6) }

/// A cloud deck filling the upper sky (overcast rain, a storm front, a
/// snow sky): domain-warped fractal noise thresholded into billows, dark
/// where the cloud is thick and lighter at the edges that face the light,
/// thinning toward its lower edge so the deck ends in ragged shreds.
struct CloudDeck: Element {
    var top: Float = -50
    /// Where the deck has thinned out.
    var bottom: Float
    /// Cloud colour where it is thickest (underside of a storm).
    var dark: RGB
    /// Colour of the thin parts and edges.
    var light: RGB
    /// Colour of the edges lit by a light behind or above.
    var rim: RGB? = nil
    /// Direction toward the light (for the lit edges).
    var lightDir: Vec2 = Vec2(0, -1)
    /// 0...1: how much sky the deck covers at its top.
    var coverage: Float = 0.8
    /// Feature size in design units.
    var scale: Float = 700
    /// Horizontal stretch of the billows.
    var stretch: Float = 2.2
    var opacity: Float = 1
    var seed: UInt64
    /// Whether the billows may be sampled every few pixels where that shows no difference
    /// (see `draw`); the tests draw them at every pixel too, to compare.
    var samplesBillows = true

    func draw(on canvas: Canvas) {
        // Material colours, in the light the scene is painted under.
        let dark = canvas.lit(dark)
        let light = canvas.lit(light)
        let rim = canvas.lit(rim)
        let noise = Noise(seed: seed)
        let warp = Noise(seed: seed &+ 1)
        let l = normalize(lightDir)
        let box = Rect(
            minX: canvas.bounds.minX, minY: max(top, 0), maxX: canvas.bounds.maxX, maxY: bottom + scale * 0.2)
        let eps = scale * 0.04
        // The warp is smooth (its finest detail a quarter of `scale` across): sampled every
        // 3.5 % of `scale`, it moves the billows by under a design unit.
        let rows = canvas.rows(from: box.minY - eps, to: box.maxY + eps)
        let warpStep = max(1, Int(scale * 0.035 * canvas.scale))
        let warpXRow = { (y: Float) in FbmRow(warp, y: y / scale, octaves: 3) }
        let warpX = SmoothField(on: canvas, step: warpStep, rows: rows, row: warpXRow) { p, along in
            along.value(p.x / (scale * 1.5)) * scale * 0.35
        }
        let warpYRow = { (y: Float) in FbmRow(warp, y: y / scale + 3, octaves: 3) }
        let warpY = SmoothField(on: canvas, step: warpStep, rows: rows, row: warpYRow) { p, along in
            along.value(p.x / (scale * 1.5) + 7) * scale * 0.2
        }
        func billows(_ at: Vec2) -> Float {
            let wx = warpX.at(at), wy = warpY.at(at)
            return noise.fbm((at.x + wx) / scale, (at.y + wy) / scale * stretch, octaves: 6, gain: 0.5) * 0.5 + 0.5
        }
        // On a canvas where the finest octave (a 32nd of `scale`) spans a dozen pixels or
        // more (4K and up for a storm deck), the billows are sampled every few pixels,
        // six samples to that octave's period, and read back bilinearly: the same cloud, a
        // quarter of the noise or less, where two six-octave noises a pixel (the deck and,
        // for its rim, the deck a little toward the light) were a fifth of a storm's time.
        let billowStep = Int(scale / 32 / 6 * canvas.scale)
        // Its rows reach past the canvas's top and bottom by the rim's offset, where the
        // deck toward the light is read.
        let reachedRows =
            Int(((box.minY - eps) * canvas.scale).rounded(.down))..<Int(((box.maxY + eps) * canvas.scale).rounded(.up))
        let sampled =
            samplesBillows && billowStep >= 2
            ? SmoothField(on: canvas, step: billowStep, rows: reachedRows, billows) : nil
        func density(_ x: Float, _ y: Float) -> Float {
            let n = sampled?.at(Vec2(x, y)) ?? billows(Vec2(x, y))
            let fall = smoothstep(bottom, top + (bottom - top) * 0.15, y)
            return n - (1 - coverage * fall) * 0.75
        }
        canvas.shade(box) { p, c in
            let d = density(p.x, p.y)
            if d <= -0.05 { return c }
            let a = smoothstep(-0.05, 0.12, d) * opacity
            // Thickness darkens; an edge facing the light brightens.
            let thick = smoothstep(0.0, 0.35, d)
            var col = mix(light, dark, thick)
            if let r = rim {
                let ahead = density(p.x + l.x * eps, p.y + l.y * eps)
                let lit = smoothstep(0.0, 0.12, d - ahead)
                col = mix(col, r, lit * (1 - thick * 0.5))
            }
            return mix(c, col, a)
        }
    }
}

/// Heat shimmer: the air over hot ground bends light, so everything in a
/// band wavers sideways in thin horizontal layers. Works on what is
/// already painted (a copy of the band), so paint the land first.
struct HeatShimmer: Element {
    var area: Rect
    /// Largest sideways shift, in design units, at the bottom of the band.
    var amplitude: Float = 6
    /// Thickness of the wavering layers.
    var layer: Float = 9
    var seed: UInt64

    func draw(on canvas: Canvas) {
        guard let box = canvas.pixelBox(area) else { return }
        let w = canvas.width
        let rows = box.y
        var copy = [RGB](repeating: RGB(0, 0, 0), count: rows.count * w)
        for y in rows { for x in 0..<w { copy[(y - rows.lowerBound) * w + x] = canvas.pixels[y * w + x] } }
        let noise = Noise(seed: seed)
        let src = copy
        let scale = canvas.scale
        canvas.forEachRow(rows, columns: w) { y in
            let py = (Float(y) + 0.5) / scale
            let v = clamp01((py - area.minY) / max(area.maxY - area.minY, 1))
            let fade = sin(Float.pi * v)
            var rowNoise = FbmRow(noise, y: py / layer, octaves: 3)
            for x in box.x {
                let px = (Float(x) + 0.5) / scale + canvas.left
                let n = rowNoise.value(px / 260)
                let shift = n * amplitude * fade * scale
                let sxf = Float(x) + shift
                let x0 = min(max(Int(sxf.rounded(.down)), 0), w - 1)
                let x1 = min(x0 + 1, w - 1)
                let f = sxf - sxf.rounded(.down)
                let r = y - rows.lowerBound
                canvas.pixels[y * w + x] = mix(src[r * w + x0], src[r * w + x1], f)
            }
        }
    }
}

/// Rings spreading where raindrops hit still water: thin flattened
/// ellipses, larger toward the viewer, only where `mask` says there is water.
struct RainRipples: Element {
    var area: Rect
    var count: Int
    var farSize: Float = 6
    var nearSize: Float = 40
    var color: RGB = RGB(hex: 0xF2F6FA)
    var opacity: Float = 0.35
    var mask: ((Vec2) -> Float)? = nil
    var seed: UInt64

    func draw(on canvas: Canvas) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<count {
            let p = Vec2(rng.range(area.minX, area.maxX), area.minY + (area.maxY - area.minY) * pow(rng.unit(), 0.8))
            if let m = mask, m(p) < 1 { continue }
            let near = (p.y - area.minY) / max(area.maxY - area.minY, 1)
            let r = lerp(farSize, nearSize, near) * rng.range(0.5, 1.2)
            let w = max(r * 0.06, canvas.pixelSize * 0.6)
            let ring = Subtraction(
                shape: Ellipse(center: p, radii: Vec2(r, r * 0.28)),
                minus: Ellipse(center: p, radii: Vec2(r - w * 2, r * 0.28 - w)))
            canvas.fill(ring, color: color, opacity: opacity * rng.range(0.4, 1))
        }
    }
}
