import Glibc

/// 白露, White Dew: the first cool mornings, when dew whitens the grass.
/// A pale sun in the mist over a still lake, cool blue-white light,
/// reeds in silver plume, their leaves and the grass strung with dew
/// drops that glint.
struct BailuScene: Scene {
    let name = "bailu"

    func paint(on c: Canvas) {
        let horizon: Float = 1300
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x9DB4D2)), (500, RGB(hex: 0xBFCFE2)), (950, RGB(hex: 0xDDE5EE)),
                    (1300, RGB(hex: 0xF1F1EE)),
                ]), seed: 2501))
        let sun = Vec2(1600, 900)
        c.draw(Glow(isSkyLight: true, center: sun, radius: 700, color: RGB(hex: 0xFFF6E6), strength: 0.55, squash: 1.4))
        c.draw(
            Sun(
                center: sun, radius: 70, core: RGB(hex: 0xFFFEF8), rim: RGB(hex: 0xFCF6EC),
                haloColor: RGB(hex: 0xFFF6EA),
                glowColor: RGB(hex: 0xFFF0DC), glowRadius: 260, glowStrength: 0.5, softness: 16))
        let mist = RGB(hex: 0xEEF1F3)
        c.draw(
            Hills(
                baseY: horizon - 50, amplitude: 80, wavelength: 600, seed: 2502, color: RGB(hex: 0xA9B9CC),
                crestColor: RGB(hex: 0xB9C7D6), crestDepth: 30, mist: mist, mistAmount: 0.6, mistDepth: 100, texture: 0)
        )
        let shore = Hills(
            baseY: horizon + 8, amplitude: 12, wavelength: 600, seed: 2503, color: RGB(hex: 0x8FA6A8),
            mist: mist, mistAmount: 0.4, mistDepth: 40)
        c.draw(
            Grove(
                ground: { shore.skyline($0) + 6 }, spacing: 40, height: 50...90,
                palette: [RGB(hex: 0x8EA8A6), RGB(hex: 0x98B0AC)], highlight: RGB(hex: 0xC8D6D2),
                shadow: RGB(hex: 0x7890A0),
                haze: mist, hazeAmount: 0.45, seed: 2504))
        c.draw(shore)
        c.draw(Mist(centerY: horizon - 10, thickness: 90, color: mist, opacity: 0.6, wispiness: 0.6, seed: 2505))
        c.draw(
            Water(
                horizonY: horizon + 6, farColor: RGB(hex: 0xE4EAF0), nearColor: RGB(hex: 0x8FA8C4),
                reflectivity: 0.8, rippleContrast: 0.03, distortion: 8, glitterX: sun.x,
                glitterColor: RGB(hex: 0xFFF8EA),
                glitterWidth: 160, glitter: 0.5, sparkle: 0.04, horizonSheen: 0.3, seed: 2506))
        c.draw(
            Mist(
                centerY: horizon + 60, thickness: 70, color: mist, opacity: 0.5, wispiness: 0.7, downward: 1.4,
                seed: 2507))

        // Reed beds on both sides and a clump rising into the light.
        let bank = Hills(
            baseY: 2500, amplitude: 20, wavelength: 800,
            mounds: [Mound(x: 500, width: 1100, height: 800), Mound(x: 2700, width: 1000, height: 760)],
            seed: 2508, color: RGB(hex: 0x6F8C78), crestColor: RGB(hex: 0x98B096), crestDepth: 50,
            deepColor: RGB(hex: 0x506E62), deepDepth: 500)
        c.draw(bank)
        let reedColors = (stalk: RGB(hex: 0x9AAA8E), leaf: RGB(hex: 0x7E9A84), light: RGB(hex: 0xC8D8C4))
        c.draw(
            Reeds(
                area: Rect(minX: 300, minY: 1500, maxX: 1250, maxY: 2000), ground: { bank.skyline($0) + 20 }, count: 34,
                height: 500...900, stalk: reedColors.stalk, leaf: reedColors.leaf, leafLight: reedColors.light,
                plume: RGB(hex: 0xF2EEE6), plumeShade: RGB(hex: 0xBFB8B0), dew: 2.5, lean: 0.12, seed: 2509))
        c.draw(
            Reeds(
                area: Rect(minX: 2050, minY: 1500, maxX: 2900, maxY: 2000), ground: { bank.skyline($0) + 20 },
                count: 30,
                height: 500...900, stalk: reedColors.stalk, leaf: reedColors.leaf, leafLight: reedColors.light,
                plume: RGB(hex: 0xF2EEE6), plumeShade: RGB(hex: 0xBFB8B0), dew: 2.5, lean: -0.05, seed: 2510))
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 1700, maxX: 3200, maxY: 2420), tufts: 300, farLength: 24, nearLength: 60,
                colors: [RGB(hex: 0x6E8E7A), RGB(hex: 0x5E7E6E), RGB(hex: 0x83A08A)], tipColor: RGB(hex: 0xDCE6E4),
                ground: { bank.skyline($0) }, seed: 2511))
        c.draw(
            DewDrops(
                area: Rect(minX: 0, minY: 1700, maxX: 3200, maxY: 2400), ground: { bank.skyline($0) }, count: 300,
                size: 2...5, glintFraction: 0.03, seed: 2512))
        c.draw(Egret(base: Vec2(1720, 1600), height: 380))
        c.draw(
            Birds(
                center: Vec2(1300, 620), count: 2, size: 50...60, spread: Vec2(90, 40), color: RGB(hex: 0xF8FAFC),
                opacity: 0.9, seed: 2513))
        c.draw(Grain(amount: 0.01))
    }
}
