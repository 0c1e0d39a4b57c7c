import Glibc

/// The sky: a vertical colour ramp with a faint large-scale mottling, so
/// the biggest area of the picture looks painted rather than computed.
struct SkyGradient: Element {
    /// Colours keyed by design y (0 = top of picture).
    var ramp: ColorRamp
    /// Amplitude of the soft colour variation (fraction of brightness).
    var mottle: Float = 0.012
    var seed: UInt64 = 1

    func draw(on canvas: Canvas) {
        var rowColors = (0..<canvas.height).map { ramp.at((Float($0) + 0.5) * canvas.pixelSize) }
        // The mottling's finest detail is 105 design units across: sampled every 24 (a
        // lattice node every 22 pixels at 4K), it is read back within a 30th of a level.
        let noise = Noise(seed: seed)
        let rows = canvas.lighting == nil ? 0..<min(canvas.height, canvas.rowsEnd) : 0..<canvas.height
        let mottlingRow = { (y: Float) in FbmRow(noise, y: y / 420, octaves: 3) }
        let mottling = SmoothField(on: canvas, step: max(1, Int(24 * canvas.scale)), rows: rows, row: mottlingRow) {
            p, noise in noise.value(p.x / 900)
        }
        if let lighting = canvas.lighting {
            // The real sky's colours, the scene's own showing through near the light it
            // was painted in; remembered, so that what is still sky is known at the end.
            rowColors = rowColors.enumerated().map { row, own in
                lighting.sky(at: (Float(row) + 0.5) * canvas.pixelSize, scene: own)
            }
            lighting.skyRows = rowColors
            lighting.skyMottle = (mottling, mottle)
        }
        canvas.shade { p, _ in
            let row = min(canvas.height - 1, Int(p.y * canvas.scale))
            return rowColors[row] * (1 + mottling.at(p) * mottle)
        }
    }
}

/// Light scattered around a bright source. Painted in screen mode so it
/// lifts whatever is beneath (sky, clouds, mist) the way real glare does.
struct Glow: Element {
    /// The glow of the scene's own Sun or Moon, left out under the real sky's light.
    var isSkyLight = false
    /// Lamplight (a lit window's spill): under the real sky's light, as strong as lamps
    /// are lit then (`LightPlan.lamps`), none by day.
    var isLampLight = false
    var center: Vec2
    /// Distance at which the glow has fallen to about a third.
    var radius: Float
    var color: RGB
    var strength: Float = 1
    /// > 1 flattens the glow horizontally, like light spread along a horizon.
    var squash: Float = 1
    /// Shape of the falloff: 1 is a long exponential tail, 2 a gaussian.
    var falloff: Float = 1.4

    func draw(on canvas: Canvas) {
        if isSkyLight, canvas.lighting != nil { return }
        let strength = isLampLight ? strength * (canvas.lighting?.lamps ?? 1) : strength
        guard strength > 0 else { return }
        // Reach is where the glow drops below half an 8-bit step.
        let reach = radius * pow(max(log(max(strength, 0.01) * 600), 0.1), 1 / falloff)
        let box = Rect(
            minX: center.x - reach, minY: center.y - reach / squash,
            maxX: center.x + reach, maxY: center.y + reach / squash)
        let inv = 1 / radius
        // The falloff, exp(-r^falloff), read from a table over the box's distances: a
        // `pow` and an `exp` at every pixel of a glow as wide as the sky were a tenth of a
        // sunny scene's time. Read between 4,096 steps, it is within 5e-5 of the curve,
        // far below the half of an 8-bit step the glow's reach is cut at.
        let falloffTable = FalloffTable(falloff: falloff, upTo: reach * 1.415 * inv)
        canvas.shade(box) { p, c in
            let d = (p - center) * Vec2(1, squash)
            let a = strength * falloffTable.value(at: length(d) * inv)
            return c + (RGB(1, 1, 1) - c) * color * min(a, 1)
        }
    }
}

/// A sun: a bright disc with a slightly warmer rim, a tight halo and a wide
/// soft glow. The glows are what make a picture feel lit.
struct Sun: Element {
    var center: Vec2
    var radius: Float
    var core: RGB = RGB(hex: 0xFFFFFB)
    var rim: RGB = RGB(hex: 0xFFF8E4)
    var haloColor: RGB = RGB(hex: 0xFFF1C8)
    var glowColor: RGB = RGB(hex: 0xFFD98A)
    var glowRadius: Float = 700
    var glowStrength: Float = 0.8
    /// Edge softness of the disc itself (a hazy sun has a softer edge).
    var softness: Float = 3

    func draw(on canvas: Canvas) {
        if canvas.lighting != nil { return }  // the real sky draws its own
        canvas.draw(
            Glow(
                center: center, radius: glowRadius, color: glowColor,
                strength: glowStrength, squash: 1.15, falloff: 1.1))
        canvas.draw(
            Glow(
                center: center, radius: radius * 2.2, color: haloColor,
                strength: 0.9, falloff: 1.6))
        let disc = Circle(center: center, radius: radius)
        canvas.fill(disc, softness: softness) { p in
            let r = length(p - center) / radius
            return mix(core, rim, smoothstep(0.55, 1.0, r))
        }
    }
}

/// A moon disc, optionally a crescent, with a faint cool halo.
struct Moon: Element {
    var center: Vec2
    var radius: Float
    var color: RGB = RGB(hex: 0xF4F1E6)
    var glowColor: RGB = RGB(hex: 0xB8C6E8)
    /// 0 = full moon; toward 1 the shadow disc covers more of it.
    var phase: Float = 0
    /// Direction the lit side faces, in radians (0 = right).
    var litAngle: Float = 0
    var seed: UInt64 = 7

    func draw(on canvas: Canvas) {
        if canvas.lighting != nil { return }  // the real sky draws its own
        canvas.draw(Glow(center: center, radius: radius * 3, color: glowColor, strength: 0.35, falloff: 1.3))
        let disc = Circle(center: center, radius: radius)
        let offset = Vec2(-cos(litAngle), -sin(litAngle)) * radius * 2 * (1 - phase) + Vec2(0, 0)
        let noise = Noise(seed: seed)
        let paint: (Vec2) -> RGB = { p in
            // Faint maria so the disc is not a flat coin.
            let m = noise.fbm((p.x - center.x) / radius * 1.6, (p.y - center.y) / radius * 1.6, octaves: 3)
            return color * (1 - 0.06 * smoothstep(0.1, 0.5, m))
        }
        if phase <= 0 {
            canvas.fill(disc, paint: paint)
        } else {
            let shadow = Circle(center: center + offset, radius: radius * 1.02)
            canvas.fill(Subtraction(shape: disc, minus: shadow), paint: paint)
        }
    }
}

/// Stars for night and twilight skies; density fades toward the horizon.
struct Stars: Element {
    var area: Rect
    var count: Int
    var color: RGB = RGB(hex: 0xFFF8EC)
    var maxRadius: Float = 3.2
    var seed: UInt64 = 11

    func draw(on canvas: Canvas) {
        if canvas.lighting != nil { return }  // the real sky draws its own
        var rng = SeededRandom(seed: seed)
        for _ in 0..<count {
            let p = Vec2(rng.range(area.minX, area.maxX), area.minY + (area.maxY - area.minY) * pow(rng.unit(), 1.6))
            let r = maxRadius * pow(rng.unit(), 3) + 0.8
            let fade = 1 - smoothstep(area.minY, area.maxY, p.y) * 0.8
            let a = rng.range(0.35, 1) * fade
            if r > maxRadius * 0.6 {
                canvas.draw(Glow(center: p, radius: r * 3, color: color, strength: 0.4 * a, falloff: 1.5))
            }
            canvas.fill(Circle(center: p, radius: r), color: color, softness: r * 0.6, opacity: a, mode: .screen)
        }
    }
}

/// exp(-r^falloff) for r from 0 to `upTo`, read between 4,096 equal steps (a glow's
/// falloff, `Glow`); past `upTo` it is the last step's value.
struct FalloffTable {
    private let values: [Float]
    private let stepsPerUnit: Float

    init(falloff: Float, upTo end: Float) {
        let steps = 4096
        let end = max(end, 1e-3)
        stepsPerUnit = Float(steps) / end
        values = (0...(steps + 1)).map { exp(-pow(Float($0) * end / Float(steps), falloff)) }
    }

    @inline(__always) func value(at r: Float) -> Float {
        let t = min(max(r * stepsPerUnit, 0), Float(values.count - 2))
        let i = Int(t)
        let below = values[i]
        return below + (values[i + 1] - below) * (t - Float(i))
    }
}
