import Glibc

/// The end of a scene painted under the real sky (its paint already lit as it was laid,
/// `Canvas.lit`): the sky's own lights drawn where they stand (the Sun, its glow on the horizon, the Moon in its phase, the
/// stars), each behind whatever stands in front of the sky.
extension LightPlan {
    func finish(on canvas: Canvas) {
        let skyness = skyShowing(canvas)
        defer { skyness.deallocate() }
        let altitude = Float(light.sunAltitude)
        if !view.overcast {
            drawStars(canvas, skyness)
            drawHorizonGlow(canvas, skyness, altitude)
            if altitude > -1, let sun = view.point(altitude: light.sunAltitude, azimuth: light.sunAzimuth) {
                drawSun(at: sun, altitude, canvas, skyness)
            }
            if light.moonAltitude > -1, let moon = view.point(altitude: light.moonAltitude, azimuth: light.moonAzimuth)
            {
                drawMoon(at: moon, canvas, skyness, daylight: smoothstep(-6, 6, altitude))
            }
        }
    }

    /// How much of each pixel is still sky (0 to 1), for the lights to stand behind: a
    /// pixel the colour the sky was painted is sky; land, cloud or mist in front of it
    /// differs, and hides it by how much it differs.
    private func skyShowing(_ canvas: Canvas) -> UnsafeMutablePointer<Float> {
        let count = canvas.width * canvas.height
        let skyness = UnsafeMutablePointer<Float>.allocate(capacity: count)
        skyness.initialize(repeating: 0, count: count)
        let rows = skyRows
        let mottle = skyMottle
        canvas.forEachRow(0..<canvas.height, columns: canvas.width) { y in
            for x in 0..<canvas.width {
                let index = y * canvas.width + x
                let color = canvas.pixels[index]
                var sky: Float = 0
                if let rows {
                    var expected = rows[y]
                    if let (mottling, amount) = mottle {
                        expected = expected * (1 + mottling.at(canvas.point(x, y)) * amount)
                    }
                    let delta: RGB = color - expected
                    let difference = max(abs(delta.x), abs(delta.y), abs(delta.z))
                    sky = 1 - smoothstep(0.004, 0.04, difference)
                }
                skyness[index] = sky
            }
        }
        return skyness
    }

    /// Screens `color` over a box, `strength(p)` at each design point, behind the land by
    /// `skyness` (a glow still lifts the land in front of it a little: `throughLand`).
    private func screen(
        _ canvas: Canvas, _ box: Rect, _ skyness: UnsafeMutablePointer<Float>, throughLand: Float = 0,
        _ strength: (Vec2) -> (RGB, Float)
    ) {
        guard let pixels = canvas.pixelBox(box) else { return }
        canvas.forEachRow(pixels.y, columns: pixels.x.count) { y in
            for x in pixels.x {
                let index = y * canvas.width + x
                let (color, amount) = strength(canvas.point(x, y))
                guard amount > 0 else { continue }
                let seen = throughLand + (1 - throughLand) * skyness[index]
                let c = canvas.pixels[index]
                canvas.pixels[index] = c + (RGB(1, 1, 1) - c) * color * min(amount * seen, 1)
            }
        }
    }

    /// How far the farthest corner of `box` lies from `center`, its y stretched by
    /// `squash` as a glow's is: how far a glow's falloff table must reach. The glows are
    /// read from one (`FalloffTable`, as `Glow` is), not a `pow` and an `exp` at every
    /// pixel of a glow as wide as the sky.
    private static func reach(of box: Rect, from center: Vec2, squash: Vec2 = Vec2(1, 1)) -> Float {
        let corners = [
            Vec2(box.minX, box.minY), Vec2(box.maxX, box.minY), Vec2(box.minX, box.maxY), Vec2(box.maxX, box.maxY),
        ]
        return corners.map { length(($0 - center) * squash) }.max()!
    }

    /// The light on the horizon below and around the Sun from before sunrise to after
    /// sunset, strongest as it crosses, warmer the lower it is.
    private func drawHorizonGlow(_ canvas: Canvas, _ skyness: UnsafeMutablePointer<Float>, _ altitude: Float) {
        let strength = 0.6 * smoothstep(-11, -2, altitude) * (1 - smoothstep(6, 16, altitude))
        guard strength > 0.01, let sun = view.point(altitude: 0, azimuth: light.sunAzimuth) else { return }
        let color = mix(RGB(hex: 0xFFCF94), RGB(hex: 0xE27C7E), smoothstep(2, -6, altitude))
        let center = Vec2(sun.x, view.horizonY)
        let radius: Float = 1500
        let box = Rect(minX: center.x - radius * 3, minY: 0, maxX: center.x + radius * 3, maxY: view.horizonY + 300)
        let squash = Vec2(1, 2.6)
        let falloff = FalloffTable(falloff: 1.3, upTo: Self.reach(of: box, from: center, squash: squash) / radius)
        screen(canvas, box, skyness, throughLand: 0.25) { p in
            (color, strength * falloff.value(at: length((p - center) * squash) / radius))
        }
    }

    private func drawSun(at center: Vec2, _ altitude: Float, _ canvas: Canvas, _ skyness: UnsafeMutablePointer<Float>) {
        let low = smoothstep(14, -1, altitude)
        let core = mix(RGB(hex: 0xFFFDF5), RGB(hex: 0xFFB26E), low)
        let glowColor = mix(RGB(hex: 0xFFF2D2), RGB(hex: 0xFF9A56), low)
        let glowRadius: Float = 640
        let glowBox = Rect(center: center, radius: glowRadius * 4)
        let glow = FalloffTable(falloff: 1.1, upTo: Self.reach(of: glowBox, from: center) / glowRadius)
        screen(canvas, glowBox, skyness, throughLand: 0.2) { p in
            (glowColor, 0.75 * glow.value(at: length(p - center) / glowRadius))
        }
        let radius: Float = 44
        screen(canvas, Rect(center: center, radius: radius * 2.5), skyness) { p in
            let r = length(p - center) / radius
            return (core, 1.4 * (1 - smoothstep(0.85, 1.1, r)) + 0.5 * exp(-r * r))
        }
    }

    /// The Moon in its phase: lit on the side the Sun is, its terminator an ellipse; faint
    /// by day, with a halo at night.
    private func drawMoon(
        at center: Vec2, _ canvas: Canvas, _ skyness: UnsafeMutablePointer<Float>, daylight: Float
    ) {
        let radius: Float = 52
        let lit = Float(light.moonIllumination)
        let angle = Float(light.moonBrightLimbFromZenith) * .pi / 180
        // On the page y grows downward; the angle counts from up toward the left.
        let toward = Vec2(-sin(angle), -cos(angle))
        let across = Vec2(-toward.y, toward.x)
        let halo = (1 - daylight) * 0.45 * lit
        if halo > 0.01 {
            let haloBox = Rect(center: center, radius: radius * 12)
            let falloff = FalloffTable(falloff: 1.3, upTo: Self.reach(of: haloBox, from: center) / (radius * 3.2))
            screen(canvas, haloBox, skyness) { p in
                (RGB(hex: 0xB9C7EA), halo * falloff.value(at: length(p - center) / (radius * 3.2)))
            }
        }
        let color = RGB(hex: 0xF6F2E4)
        let edge = canvas.pixelSize / radius * 1.5
        let strength = 1.0 - 0.55 * daylight
        guard let pixels = canvas.pixelBox(Rect(center: center, radius: radius * 1.1)) else { return }
        canvas.forEachRow(pixels.y, columns: pixels.x.count) { y in
            for x in pixels.x {
                let index = y * canvas.width + x
                let offset = (canvas.point(x, y) - center) / radius
                let r = length(offset)
                let disc = 1 - smoothstep(1 - edge, 1 + edge, r)
                guard disc > 0 else { continue }
                let along = dot(offset, toward)
                let side = dot(offset, across)
                let terminator = (1 - 2 * lit) * max(1 - side * side, 0).squareRoot()
                let shine = smoothstep(terminator - edge * 2, terminator + edge * 2, along)
                let c = canvas.pixels[index]
                let target = mix(c * 1.02 + RGB(0.008, 0.008, 0.012), color, shine * strength)
                canvas.pixels[index] = mix(c, target, disc * skyness[index])
            }
        }
    }

    /// Stars, as many as the dark allows, fewer near the horizon and by a bright Moon.
    private func drawStars(_ canvas: Canvas, _ skyness: UnsafeMutablePointer<Float>) {
        guard starlight > 0.01 else { return }
        let moonUp = clamp01(Float(sin(light.moonAltitude * .pi / 180)) * 3) * Float(light.moonIllumination)
        let brightness = starlight * (1 - 0.55 * moonUp)
        var random = SeededRandom(seed: 0x57A2_5EED)
        let count = Int((700 * canvas.widthInGrids).rounded())
        for _ in 0..<count {
            let p = Vec2(
                random.range(canvas.bounds.minX, canvas.bounds.maxX),
                view.horizonY * pow(random.unit(), 1.5))
            let r = 1.1 + 2.2 * pow(random.unit(), 3)
            let a = brightness * random.range(0.35, 1) * (1 - smoothstep(0.55, 1, p.y / view.horizonY))
            guard a > 0.02 else { continue }
            screen(canvas, Rect(center: p, radius: r * 2), skyness) { q in
                (RGB(hex: 0xFFF8EC), a * (1 - smoothstep(r * 0.4, r * 1.4, length(q - p))))
            }
        }
    }
}
