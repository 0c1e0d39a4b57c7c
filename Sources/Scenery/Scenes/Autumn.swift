import Glibc

/// Autumn: a golden evening, the sun low between layered hills, a maple
/// ablaze in red, orange and gold on a knoll, leaves falling.
struct AutumnScene: Scene {
    let name = "autumn"

    /// The low Sun, between the layered hills.
    private let sun = Vec2(1150, 1130)
    private let leafColors = [
        RGB(hex: 0xD9432B), RGB(hex: 0xE8692E), RGB(hex: 0xF0962F), RGB(hex: 0xE5B23A), RGB(hex: 0xC7322A),
    ]

    func paint(on c: Canvas) {
        paintSky(on: c)
        paintHills(on: c)
        paintKnoll(on: c)
        paintForeground(on: c)
    }

    /// The golden evening sky, its streaks of cloud, and the Sun with its rays.
    private func paintSky(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x8A5788)), (420, RGB(hex: 0xD07068)), (820, RGB(hex: 0xF29A58)),
                    (1100, RGB(hex: 0xFCC468)), (1300, RGB(hex: 0xFFE3A2)),
                ]), seed: 301))
        c.draw(
            CloudStreaks(
                centerY: 320, thickness: 80, color: RGB(hex: 0xC47488), underColor: RGB(hex: 0xF0A07C),
                opacity: 0.6, coverage: 0.45, length: 1200, seed: 31))
        c.draw(
            CloudStreaks(
                centerY: 640, thickness: 70, color: RGB(hex: 0xF0A07A), underColor: RGB(hex: 0xFFD493),
                opacity: 0.7, coverage: 0.5, length: 1000, seed: 32))
        c.draw(
            CloudStreaks(
                centerY: 910, thickness: 40, color: RGB(hex: 0xFFC987), underColor: RGB(hex: 0xFFE7B0),
                opacity: 0.55, coverage: 0.4, length: 800, seed: 33))
        c.draw(
            Sun(
                center: sun, radius: 100, core: RGB(hex: 0xFFFDF0), rim: RGB(hex: 0xFFF3CC),
                haloColor: RGB(hex: 0xFFE7B0), glowColor: RGB(hex: 0xFFB865), glowRadius: 900, glowStrength: 0.85))
        c.draw(
            LightRays(
                origin: sun, color: RGB(hex: 0xFFD89A), strength: 0.12, reach: 2400, density: 12,
                fromAngle: -Float.pi * 0.97, toAngle: -Float.pi * 0.03, seed: 34))
    }

    /// The layered hills of autumn woods in the evening glow, and the geese.
    private func paintHills(on c: Canvas) {
        let glow = RGB(hex: 0xFFD79A)
        c.draw(
            Hills(
                baseY: 1200, amplitude: 110, wavelength: 620, seed: 35, color: RGB(hex: 0xD99A8C),
                crestColor: RGB(hex: 0xF4C39C), crestDepth: 30, mist: glow, mistAmount: 0.65, mistDepth: 150,
                texture: 0))
        c.draw(Mist(centerY: 1260, thickness: 60, color: glow, opacity: 0.5, seed: 36))
        let l2 = Hills(
            baseY: 1320, amplitude: 90, wavelength: 800, seed: 37, color: RGB(hex: 0xC27468),
            crestColor: RGB(hex: 0xEA9E80), crestDepth: 40, mist: glow, mistAmount: 0.55, mistDepth: 170)
        c.draw(
            Grove(
                ground: { l2.skyline($0) + 10 }, spacing: 30, height: 40...62,
                palette: [RGB(hex: 0xCF6E5E), RGB(hex: 0xDB8660), RGB(hex: 0xC7665E), RGB(hex: 0xE09C68)],
                highlight: RGB(hex: 0xF6C08A), shadow: RGB(hex: 0x9A4C55), trunk: RGB(hex: 0x9A5A58),
                haze: glow, hazeAmount: 0.25, seed: 38))
        c.draw(l2)
        c.draw(Mist(centerY: 1380, thickness: 55, color: glow, opacity: 0.45, seed: 39))
        let l3 = Hills(
            baseY: 1480, amplitude: 100, wavelength: 900, seed: 40, color: RGB(hex: 0xA44D45),
            crestColor: RGB(hex: 0xD7784F), crestDepth: 50, mist: RGB(hex: 0xF4B27E), mistAmount: 0.45, mistDepth: 240)
        c.draw(
            Grove(
                ground: { l3.skyline($0) + 16 }, spacing: 46, height: 70...110,
                palette: [
                    RGB(hex: 0xB8473A), RGB(hex: 0xCB5D36), RGB(hex: 0xDB8A3A), RGB(hex: 0xA83E3A), RGB(hex: 0xE2A646),
                ],
                highlight: RGB(hex: 0xFFD27A), shadow: RGB(hex: 0x6E2430), trunk: RGB(hex: 0x5A2E2C), seed: 41))
        c.draw(l3)
        c.draw(Mist(centerY: 1560, thickness: 70, color: RGB(hex: 0xF6B680), opacity: 0.35, seed: 42))
        let l4 = Hills(
            baseY: 1700, amplitude: 70, wavelength: 800, seed: 52, color: RGB(hex: 0x93433A),
            crestColor: RGB(hex: 0xDA7F4C), crestDepth: 50, deepColor: RGB(hex: 0x7A3432), deepDepth: 300)
        c.draw(
            Grove(
                ground: { l4.skyline($0) + 20 }, spacing: 150, height: 110...160,
                palette: [RGB(hex: 0xC4503A), RGB(hex: 0xD9733A), RGB(hex: 0xE29A40), RGB(hex: 0xB23C36)],
                highlight: RGB(hex: 0xFFD37A), shadow: RGB(hex: 0x652030), trunk: RGB(hex: 0x4A2A2A), seed: 53))
        c.draw(l4)
        c.draw(
            Birds(
                center: Vec2(1560, 560), count: 7, formation: .vee, size: 30...38, spread: Vec2(48, 24),
                color: RGB(hex: 0x5A3550), opacity: 0.8, seed: 54))
    }

    /// The knoll, its small maple, its leaves lying, and the great maple ablaze.
    private func paintKnoll(on c: Canvas) {
        let knoll = Hills(
            baseY: 1920, amplitude: 60, wavelength: 1000, mounds: [Mound(x: 1880, width: 1250, height: 200)],
            seed: 43, color: RGB(hex: 0x96522F), crestColor: RGB(hex: 0xF0A458), crestDepth: 70,
            deepColor: RGB(hex: 0x62302A), deepDepth: 520, slopeLight: 1, texture: 0.05)
        c.draw(knoll)
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 1650, maxX: 3200, maxY: 2100), tufts: 160, farLength: 12, nearLength: 30,
                colors: [RGB(hex: 0xA0552F), RGB(hex: 0xB0643A), RGB(hex: 0x8C4A2C)], tipColor: RGB(hex: 0xD99A58),
                ground: { knoll.skyline($0) }, seed: 44))
        c.draw(
            BroadleafTree(
                base: Vec2(430, knoll.skyline(430) + 26), height: 640, crownWidth: 600, crownHeight: 440,
                trunkWidth: 36, bark: RGB(hex: 0x4A2C2A), barkShadow: RGB(hex: 0x2E1A1C),
                foliage: FoliageStyle.maple().with(masses: 3, clumps: 34), light: SIMD3(0.6, -0.5, 0.5), seed: 45))
        let treeBase = Vec2(1880, knoll.skyline(1880) + 22)
        c.draw(
            Leaves(
                scatter: Scatter(area: Rect(minX: 1300, minY: treeBase.y - 60, maxX: 2400, maxY: treeBase.y + 90)),
                count: 120, size: 12...22, colors: leafColors, mapleFraction: 0.4, nearFraction: 0, lying: true,
                seed: 46))
        c.draw(
            BroadleafTree(
                base: treeBase, height: 1100, crownWidth: 1200, crownHeight: 760, trunkWidth: 84,
                bark: RGB(hex: 0x4A2C2A), barkShadow: RGB(hex: 0x2E1A1C),
                foliage: FoliageStyle.maple(), lean: 20, light: SIMD3(-0.7, -0.45, 0.5),
                groundShadow: RGB(hex: 0xB07A70), seed: 47))
    }

    /// The near slope, its grass and leaves, and leaves falling over everything.
    private func paintForeground(on c: Canvas) {
        let front = Hills(
            baseY: 2240, amplitude: 50, wavelength: 900, seed: 48, color: RGB(hex: 0x7C3C27),
            crestColor: RGB(hex: 0xC8703A), crestDepth: 50, deepColor: RGB(hex: 0x4A2420), deepDepth: 250,
            slopeLight: 1, texture: 0.05)
        c.draw(front)
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 2150, maxX: 3200, maxY: 2420), tufts: 200, farLength: 24, nearLength: 56,
                colors: [RGB(hex: 0x8C4A2C), RGB(hex: 0x9E5A30), RGB(hex: 0x7A3C28)], tipColor: RGB(hex: 0xBF7A44),
                ground: { front.skyline($0) }, seed: 49))
        c.draw(
            Leaves(
                scatter: Scatter(area: Rect(minX: 0, minY: 2220, maxX: 3200, maxY: 2420)), count: 110,
                size: 26...44, colors: leafColors, mapleFraction: 0.5, nearFraction: 0, lying: true, seed: 50))
        c.draw(
            Leaves(
                scatter: Scatter(
                    area: Rect(minX: 100, minY: 450, maxX: 3100, maxY: 2350),
                    focus: Vec2(1900, 1350), focusRadius: 950, focusWeight: 0.7,
                    avoid: [(sun, 260)]),
                count: 110, colors: leafColors, seed: 51))
        c.draw(Grain(amount: 0.012))
    }
}
