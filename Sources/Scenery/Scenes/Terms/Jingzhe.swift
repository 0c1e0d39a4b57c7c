import Glibc

/// 驚蟄, Awakening of Insects: the first spring thunder. A dark storm
/// front with a lightning bolt striking the far hills, a shaft of sun
/// breaking through onto fresh green fields, and butterflies stirring
/// in the grass.
struct JingzheScene: Scene {
    let name = "jingzhe"
    /// The lone tree beside the storm.
    let subject: ClosedRange<Float>? = 1500...2660

    func paint(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x262B44)), (500, RGB(hex: 0x3C4464)), (900, RGB(hex: 0x66708A)),
                    (1150, RGB(hex: 0xA9B3AE)),
                    (1260, RGB(hex: 0xD2D8C0)),
                ]), mottle: 0.02, seed: 1301))
        // A bright gap low in the sky behind the storm.
        c.draw(Glow(center: Vec2(2500, 1120), radius: 700, color: RGB(hex: 0xF4EBC4), strength: 0.5, squash: 2.2))
        c.draw(
            CloudDeck(
                top: -50, bottom: 1060, dark: RGB(hex: 0x1D2136), light: RGB(hex: 0x4E5676),
                rim: RGB(hex: 0x9C9FBC), lightDir: Vec2(0.6, 1), coverage: 0.95, scale: 520, stretch: 1.5, seed: 1302))
        // The flash lights the cloud around the bolt, which strikes further left on a narrow
        // canvas to leave the tree its own side.
        let boltShift = c.byShape(0, phone: -180)
        let from = Vec2(1520 + boltShift, 560), to = Vec2(1700 + boltShift, 1210)
        c.draw(
            Glow(
                center: Vec2(1580 + boltShift, 700), radius: 420, color: RGB(hex: 0x8E86D8), strength: 0.45,
                falloff: 1.2))
        c.draw(
            Lightning(
                from: from, to: to, width: 9, forks: 5, jaggedness: 0.2, glowRadius: 80, glowStrength: 0.9, seed: 1303))

        let haze = RGB(hex: 0xA7B2A8)
        let far = Hills(
            baseY: 1230, amplitude: 80, wavelength: 600, seed: 1304, color: RGB(hex: 0x4F6470),
            crestColor: RGB(hex: 0x64787E), crestDepth: 30, mist: haze, mistAmount: 0.45, mistDepth: 120, texture: 0)
        c.draw(far)
        let horizon: Float = 1290
        let view = GroundPerspective(horizonY: horizon - 120, vanishX: 1700)
        let fieldLand = Hills(baseY: horizon, amplitude: 20, wavelength: 800, seed: 1305, color: RGB(hex: 0x5E8A3E))
        c.draw(fieldLand)
        c.draw(
            CropField(
                top: { fieldLand.skyline($0) }, view: view, rows: 2.2, rowContrast: 0.25, base: RGB(hex: 0x6C9A3E),
                lit: RGB(hex: 0x9CCB4E),
                shade: RGB(hex: 0x3F6A36), haze: RGB(hex: 0x7D9A7A), hazeAmount: 0.4, waves: 0.45, seed: 1306))
        // Sunlight breaking through onto the fields.
        c.draw(
            LightRays(
                origin: Vec2(2600, 700), color: RGB(hex: 0xFFF0B0), strength: 0.14, reach: 1400, density: 9,
                fromAngle: Float.pi * 0.55, toAngle: Float.pi * 0.85, seed: 1307))
        c.draw(Glow(center: Vec2(2050, 1420), radius: 380, color: RGB(hex: 0xFFF3A8), strength: 0.4, squash: 2.4))

        // A hedge of trees in fresh leaf between the fields.
        let hedge = Hills(baseY: 1500, amplitude: 30, wavelength: 900, seed: 1308, color: RGB(hex: 0x4F7E3A))
        c.draw(
            Grove(
                ground: { hedge.skyline($0) + 10 }, fromX: 300, toX: 1300, spacing: 60, height: 80...130,
                palette: [RGB(hex: 0x5F9142), RGB(hex: 0x6C9E48), RGB(hex: 0x537F3E)],
                highlight: RGB(hex: 0xB5DA7A), shadow: RGB(hex: 0x2E4E32), trunk: RGB(hex: 0x3E3A34), seed: 1309))
        let meadow = Hills(
            baseY: 1780, amplitude: 60, wavelength: 1000,
            mounds: [Mound(x: c.byShape(2300, phone: 1850), width: 900, height: 120)],
            seed: 1310, color: RGB(hex: 0x5E9A3A), crestColor: RGB(hex: 0x8CC252), crestDepth: 60,
            deepColor: RGB(hex: 0x3B6A30), deepDepth: 600, slopeLight: 0.6)
        c.draw(meadow)
        // The lone tree in leaf, brought in on a narrow canvas.
        let tree = c.byShape(2380, phone: 1900)
        c.draw(
            BroadleafTree(
                base: Vec2(tree, meadow.skyline(tree) + 30), height: 620, crownWidth: c.byShape(560, phone: 460),
                crownHeight: c.byShape(420, phone: 380),
                trunkWidth: 40, bark: RGB(hex: 0x3E3433), barkShadow: RGB(hex: 0x241E20),
                foliage: FoliageStyle(
                    palette: [RGB(hex: 0x6FA64A), RGB(hex: 0x7EB552), RGB(hex: 0x8CC25C)],
                    highlight: RGB(hex: 0xD9F08E), shadow: RGB(hex: 0x2F5538),
                    clumpSize: 0.12, clumps: 40, masses: 4, florets: 7, speckle: 0.3,
                    speckleColor: RGB(hex: 0xCBEA8A), openness: 0.3, colorByLight: 0.6),
                light: SIMD3(0.7, -0.5, 0.5), seed: 1311))
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 1600, maxX: 3200, maxY: 2420), tufts: 700, farLength: 18, nearLength: 70,
                colors: [RGB(hex: 0x5C9A3A), RGB(hex: 0x4C8A34), RGB(hex: 0x72AE46)], tipColor: RGB(hex: 0xB4DC72),
                lean: 0.25, ground: { meadow.skyline($0) }, seed: 1312))
        c.draw(
            Flowers(
                area: Rect(minX: 0, minY: 1700, maxX: 3200, maxY: 2400), count: 120,
                colors: [RGB(hex: 0xFFF3A0), RGB(hex: 0xFFFFFF), RGB(hex: 0xC8B8F0)], farSize: 6, nearSize: 13,
                ground: { meadow.skyline($0) + 10 }, seed: 1313))
        c.draw(
            Butterflies(area: Rect(minX: 1150, minY: 1480, maxX: 2150, maxY: 1760), count: 6, size: 26...40, seed: 1314)
        )
        c.draw(
            Butterflies(area: Rect(minX: 300, minY: 1600, maxX: 2900, maxY: 1900), count: 6, size: 20...30, seed: 1315))
        c.draw(Grain(amount: 0.008))
    }
}
