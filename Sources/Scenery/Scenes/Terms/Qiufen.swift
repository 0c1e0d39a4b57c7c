import Glibc

/// 秋分, Autumn Equinox: balance again, and the harvest moon. At dusk a
/// full moon rises over golden rice, half of it already cut and stood in
/// sheaves, under a clear sky fading from blue to rose. Under the real sky
/// by day, the same harvest in daylight: a blue sky, green trees on the far
/// bank, the haze the day's (`SceneView.dayAltitude`).
struct QiufenScene: Scene {
    let name = "qiufen"

    func paint(on c: Canvas) {
        let horizon: Float = 1280
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, c.byDay(RGB(hex: 0x23306A), RGB(hex: 0x3270C2))),
                    (450, c.byDay(RGB(hex: 0x44558E), RGB(hex: 0x5C94D4))),
                    (850, c.byDay(RGB(hex: 0x8C86B0), RGB(hex: 0x94BCE4))),
                    (1100, c.byDay(RGB(hex: 0xD6A8B0), RGB(hex: 0xC4DAEE))),
                    (1280, c.byDay(RGB(hex: 0xF2C8A8), RGB(hex: 0xE2ECF2))),
                ]), seed: 2601))
        c.draw(Stars(area: Rect(minX: 0, minY: 0, maxX: 3200, maxY: 600), count: 90, maxRadius: 2.6, seed: 2602))
        let moon = Vec2(1600, 820)
        c.draw(Glow(isSkyLight: true, center: moon, radius: 600, color: RGB(hex: 0xFFE6C0), strength: 0.45))
        c.draw(Moon(center: moon, radius: 150, color: RGB(hex: 0xFFF0D4), glowColor: RGB(hex: 0xFFE0B0), seed: 2603))
        c.draw(
            CloudStreaks(
                centerY: 1000, thickness: 30, color: c.byDay(RGB(hex: 0xC49AB0), RGB(hex: 0xF6F8FC)),
                underColor: c.byDay(RGB(hex: 0xF2C0A8), RGB(hex: 0xD6E2EE)),
                opacity: 0.55, coverage: 0.4, length: 900, seed: 2604))
        let haze = c.byDay(RGB(hex: 0xD8A8A8), RGB(hex: 0xC8D8E2))
        c.draw(
            Hills(
                baseY: horizon - 20, amplitude: 80, wavelength: 600, seed: 2605,
                color: c.byDay(RGB(hex: 0x7C6E96), RGB(hex: 0x7E9AA0)),
                crestColor: c.byDay(RGB(hex: 0x8C7EA2), RGB(hex: 0x90AAAC)), crestDepth: 30, mist: haze,
                mistAmount: 0.45, mistDepth: 90, texture: 0)
        )
        let land = Hills(
            baseY: horizon + 14, amplitude: 10, wavelength: 700, seed: 2606,
            color: c.byDay(RGB(hex: 0xA08048), RGB(hex: 0xA8904E)))
        c.draw(
            Grove(
                ground: { land.skyline($0) + 6 }, spacing: 50, height: 50...90,
                palette: [
                    c.byDay(RGB(hex: 0x5E5A6E), RGB(hex: 0x4E6A42)), c.byDay(RGB(hex: 0x68607A), RGB(hex: 0x5A764A)),
                ],
                highlight: c.byDay(RGB(hex: 0x9A8AA0), RGB(hex: 0x8EA86A)),
                shadow: c.byDay(RGB(hex: 0x44405A), RGB(hex: 0x344A30)),
                haze: haze, hazeAmount: 0.3, seed: 2607))
        c.draw(land)
        let view = GroundPerspective(horizonY: horizon - 30, vanishX: 1600)
        c.draw(
            CropField(
                top: { land.skyline($0) }, view: view, rows: 1.6, base: RGB(hex: 0xC8963E), lit: RGB(hex: 0xEEC06A),
                shade: RGB(hex: 0x7E5A34), haze: c.byDay(RGB(hex: 0xC89A90), RGB(hex: 0xD6D4C0)), hazeAmount: 0.5,
                waves: 0.5,
                seed: 2608))
        // Cut stubble in the middle, with sheaves standing to dry.
        c.draw(
            CropField(
                top: view.strip(-0.9, 0.9, far: 9), view: view, rows: 2.4, base: RGB(hex: 0xA47A40),
                lit: RGB(hex: 0xCC9E58),
                shade: RGB(hex: 0x6E4E30), haze: c.byDay(RGB(hex: 0xC89A90), RGB(hex: 0xD6D4C0)), hazeAmount: 0.5,
                waves: 0.3,
                seed: 2609))
        var spots: [(u: Float, z: Float)] = []
        var rng = SeededRandom(seed: 2610)
        for z: Float in [6, 4.2, 3, 2.2, 1.65] {
            for _ in 0..<(z > 3 ? 3 : 2) {
                spots.append((u: rng.range(-0.65, 0.65), z: z * rng.range(0.95, 1.05)))
            }
        }
        c.draw(
            Sheaves(
                view: view, spots: spots, size: 240, straw: RGB(hex: 0xE8B868), strawShade: RGB(hex: 0x9A6A3E),
                shadow: c.byDay(RGB(hex: 0x5A4050), RGB(hex: 0x5E4E38)), lightFromLeft: false))
        c.draw(
            GrainEars(
                kind: .rice, area: Rect(minX: -40, minY: 2020, maxX: 3240, maxY: 2450), count: 260, farSize: 30,
                nearSize: 56, colors: [RGB(hex: 0xC08A44), RGB(hex: 0xB07C3C), RGB(hex: 0xD09C50)],
                stem: RGB(hex: 0x806438), lean: 0.08, seed: 2611))
        c.draw(Grain(amount: 0.01))
    }
}
