import Glibc

/// 處暑, End of Heat: the heat withdraws. A soft late-summer evening,
/// lilac above and peach at the horizon, the sun going down behind a line
/// of trees beyond wide fields of ripening rice, and flocks of birds
/// heading south.
struct ChushuScene: Scene {
    let name = "chushu"

    func paint(on c: Canvas) {
        let horizon: Float = 1250
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x6F7FB6)), (450, RGB(hex: 0xA596C4)), (850, RGB(hex: 0xE0AEB8)),
                    (1100, RGB(hex: 0xF6CFA6)),
                    (1250, RGB(hex: 0xFBE2B4)),
                ]), seed: 2401))
        let sun = Vec2(2150, 1090)
        c.draw(Glow(isSkyLight: true, center: sun, radius: 900, color: RGB(hex: 0xFFD9A0), strength: 0.6, squash: 1.6))
        c.draw(
            Sun(
                center: sun, radius: 84, core: RGB(hex: 0xFFFBEA), rim: RGB(hex: 0xFFEBC4),
                haloColor: RGB(hex: 0xFFE4B8),
                glowColor: RGB(hex: 0xFFC890), glowRadius: 420, glowStrength: 0.7, softness: 6))
        c.draw(
            CloudStreaks(
                centerY: 640, thickness: 60, color: RGB(hex: 0xE8B0C0), underColor: RGB(hex: 0xFAD0B0),
                opacity: 0.6, coverage: 0.45, length: 1100, seed: 2402))
        c.draw(
            CloudStreaks(
                centerY: 930, thickness: 36, color: RGB(hex: 0xF8C8A8), underColor: RGB(hex: 0xFFE2B8),
                opacity: 0.55, coverage: 0.4, length: 800, seed: 2403))

        let glow = RGB(hex: 0xF4D2AE)
        c.draw(
            Hills(
                baseY: horizon - 30, amplitude: 70, wavelength: 600, seed: 2404, color: RGB(hex: 0xB49AB0),
                crestColor: RGB(hex: 0xC8AEB8), crestDepth: 30, mist: glow, mistAmount: 0.5, mistDepth: 100, texture: 0)
        )
        let land = Hills(baseY: horizon + 16, amplitude: 10, wavelength: 600, seed: 2405, color: RGB(hex: 0xB49A5A))
        c.draw(
            Grove(
                ground: { land.skyline($0) + 8 }, spacing: 60, height: 60...110,
                palette: [RGB(hex: 0x7E7A68), RGB(hex: 0x86806A)], highlight: RGB(hex: 0xE8C496),
                shadow: RGB(hex: 0x5E5A58),
                haze: glow, hazeAmount: 0.3, lightFromLeft: false, seed: 2406))
        c.draw(land)
        let view = GroundPerspective(horizonY: horizon - 40, vanishX: 1800)
        c.draw(
            CropField(
                top: { land.skyline($0) }, view: view, rows: 1.8, base: RGB(hex: 0xC6A44C), lit: RGB(hex: 0xF2CF78),
                shade: RGB(hex: 0x8A7236), haze: glow, hazeAmount: 0.55, waves: 0.6, seed: 2407))
        // A path between the fields, catching the evening light.
        c.fill(
            Polygon([Vec2(1790, horizon + 18), Vec2(1806, horizon + 18), Vec2(1500, 2500), Vec2(1180, 2500)]),
            color: RGB(hex: 0xD9B98A))
        c.draw(
            Glow(center: Vec2(2150, horizon + 40), radius: 500, color: RGB(hex: 0xFFD8A0), strength: 0.35, squash: 3))
        c.draw(
            GrainEars(
                kind: .rice, area: Rect(minX: -40, minY: 2000, maxX: 3240, maxY: 2450), count: 420, farSize: 30,
                nearSize: 56, colors: [RGB(hex: 0xC8A048), RGB(hex: 0xB89040), RGB(hex: 0xD8B25A)],
                stem: RGB(hex: 0x8C8040), lean: 0.1, seed: 2408))
        // Migrating birds: a long loose skein and a second, smaller V.
        c.draw(
            Birds(
                center: Vec2(1150, 560), count: 11, formation: .vee, size: 32...40, spread: Vec2(54, 26),
                color: RGB(hex: 0x4A3A5A), opacity: 0.85, seed: 2409))
        c.draw(
            Birds(
                center: Vec2(1700, 800), count: 7, formation: .vee, size: 24...30, spread: Vec2(42, 20),
                color: RGB(hex: 0x5A4664), opacity: 0.75, seed: 2410))
        c.draw(Grain(amount: 0.01))
    }
}
