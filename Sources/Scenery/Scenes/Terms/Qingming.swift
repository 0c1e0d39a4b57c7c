import Glibc

/// 清明, Pure Brightness: the air washed clear after rain. Kites ride a
/// bright sky, a weeping willow lets its new green strands hang over the
/// water, and yellow rapeseed fields glow on the far shore.
struct QingmingScene: Scene {
    let name = "qingming"
    /// The two willows, and the banks the kites are flown from.
    let subject: ClosedRange<Float>? = 300...3100

    func paint(on c: Canvas) {
        let horizon: Float = 1360
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x3F93DA)), (520, RGB(hex: 0x73B4E8)), (1000, RGB(hex: 0xB6DDF2)),
                    (1360, RGB(hex: 0xE8F6F1)),
                ]), seed: 1501))
        c.draw(Glow(isSkyLight: true, center: Vec2(2300, 300), radius: 700, color: RGB(hex: 0xFFFBEA), strength: 0.35))
        let cloud = PuffLighting(lit: RGB(hex: 0xFFFFFF), mid: RGB(hex: 0xF4F8FC), shadow: RGB(hex: 0xC3D5EA))
        c.draw(
            Cumulus(
                base: Vec2(600, 1120), width: 700, height: 200, seed: 1502, lighting: cloud,
                underside: RGB(hex: 0xD5E2EE), puffs: 16))
        c.draw(
            Cumulus(
                base: Vec2(2650, 1180), width: 800, height: 230, seed: 1503, lighting: cloud,
                underside: RGB(hex: 0xD5E2EE), puffs: 18))
        c.draw(
            CloudStreaks(
                centerY: 300, thickness: 50, color: RGB(hex: 0xF2F8FC), opacity: 0.4, coverage: 0.35, length: 1000,
                seed: 1504))

        let haze = RGB(hex: 0xDDEFEA)
        let far = Hills(
            baseY: horizon - 40, amplitude: 60, wavelength: 600,
            mounds: [Mound(x: 2500, width: 700, height: 120), Mound(x: 700, width: 600, height: 80)],
            seed: 1505, color: RGB(hex: 0x8FBCA8), crestColor: RGB(hex: 0xA9CDB6), crestDepth: 30,
            mist: haze, mistAmount: 0.4, mistDepth: 100, texture: 0)
        c.draw(far)
        // Rapeseed in flower on the far shore.
        let shore = Hills(
            baseY: horizon - 30, amplitude: 40, wavelength: 700, seed: 1506, color: RGB(hex: 0xE8D447),
            crestColor: RGB(hex: 0xF6E86A), crestDepth: 12)
        c.draw(
            Grove(
                ground: { far.skyline($0) + 40 }, spacing: 60, height: 30...46,
                palette: [RGB(hex: 0x77AE6A), RGB(hex: 0x86BA72)], highlight: RGB(hex: 0xC4E29A),
                shadow: RGB(hex: 0x4E8A66),
                haze: haze, hazeAmount: 0.3, seed: 1507))
        c.draw(shore)
        c.draw(
            CropField(
                top: { shore.skyline($0) + 2 }, bottom: horizon + 26,
                view: GroundPerspective(horizonY: horizon - 160, vanishX: 1600), rows: 3, rowContrast: 0.3,
                base: RGB(hex: 0xEBD23E), lit: RGB(hex: 0xFBEB72), shade: RGB(hex: 0xB9A93A), waves: 0.3, seed: 1508))
        c.draw(
            Water(
                horizonY: horizon + 24, farColor: RGB(hex: 0xB5DDE8), nearColor: RGB(hex: 0x3E8AA8),
                reflectivity: 0.7, rippleContrast: 0.06, distortion: 18, sparkle: 0.15, seed: 1509))

        // The banks close in on a narrow canvas, each with its willow.
        let bank = Hills(
            baseY: 2500, amplitude: 20, wavelength: 800,
            mounds: [
                Mound(x: c.byShape(400, phone: 1000), width: c.byShape(1500, phone: 900), height: 880),
                Mound(x: c.byShape(3000, phone: 2250), width: c.byShape(900, phone: 560), height: 640),
            ],
            seed: 1510, color: RGB(hex: 0x7DBA58), crestColor: RGB(hex: 0xAEDB7A), crestDepth: 50,
            deepColor: RGB(hex: 0x5A9C48), deepDepth: 500, slopeLight: 0.6)
        c.draw(bank)
        let smallWillow = c.byShape(2960, phone: 2080)
        let bigWillow = c.byShape(820, phone: 1150)
        c.draw(
            WillowTree(
                base: Vec2(smallWillow, bank.skyline(smallWillow) + 40), height: 980,
                crownWidth: c.byShape(620, phone: 480), trunkWidth: 54, lean: c.byShape(-120, phone: -60),
                strands: 80, hemY: 1600, sway: 20, leafSize: 20, seed: 1511))
        c.draw(
            WillowTree(
                base: Vec2(bigWillow, bank.skyline(bigWillow) + 50), height: 1350,
                crownWidth: c.byShape(1150, phone: 820), trunkWidth: 86, lean: c.byShape(300, phone: 140),
                strands: 180, hemY: 1560, sway: 40, leafSize: 25, seed: 1512))
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 1600, maxX: 3200, maxY: 2420), tufts: 280, farLength: 20, nearLength: 56,
                colors: [RGB(hex: 0x6DB451), RGB(hex: 0x5AA244), RGB(hex: 0x88C862)], tipColor: RGB(hex: 0xC4E88A),
                ground: { bank.skyline($0) }, seed: 1513))

        // Kites over the water, strings running down to the left bank.
        c.draw(
            Kite(
                center: Vec2(1560, 470), size: 170, rotation: 0.2, colors: (RGB(hex: 0xE0403A), RGB(hex: 0xF6C343)),
                tailColor: RGB(hex: 0xE0403A), anchor: Vec2(c.byShape(600, phone: 1120), 1900), seed: 1514))
        c.draw(
            Kite(
                center: Vec2(1980, 700), size: 110, rotation: -0.15, colors: (RGB(hex: 0x2E6FC0), RGB(hex: 0xFFFFFF)),
                tailColor: RGB(hex: 0x2E6FC0), anchor: Vec2(c.byShape(2900, phone: 2100), 1950), seed: 1515))
        c.draw(
            Kite(
                center: Vec2(1250, 820), size: 80, rotation: 0.35, colors: (RGB(hex: 0x3EA66A), RGB(hex: 0xF29BB8)),
                tailColor: RGB(hex: 0xF29BB8), anchor: Vec2(c.byShape(500, phone: 1090), 2000), seed: 1516))
        c.draw(Grain(amount: 0.004))
    }
}
