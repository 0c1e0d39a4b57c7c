import Glibc

/// Summer: a deep blue midday sky, a blazing sun over a calm lake with a
/// glitter path, towering white cumulus, lush green shores.
struct SummerScene: Scene {
    let name = "summer"
    /// The two trees framing the lake.
    let subject: ClosedRange<Float>? = 0...3200

    func paint(on c: Canvas) {
        let horizon: Float = 1340
        let airHaze = RGB(hex: 0xB7DDF3)
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x1757B0)), (650, RGB(hex: 0x3286D8)), (1100, RGB(hex: 0x7CC0EE)),
                    (1340, RGB(hex: 0xC4E6F8)),
                ]), seed: 201))
        let sun = Vec2(1600, 600)
        c.draw(
            Sun(
                center: sun, radius: 80, haloColor: RGB(hex: 0xFFF6D8), glowColor: RGB(hex: 0xFFF0BC),
                glowRadius: 600, glowStrength: 1.0))

        let cloud = PuffLighting(lit: RGB(hex: 0xFFFFFF), mid: RGB(hex: 0xF1F6FC), shadow: RGB(hex: 0xAFC4E0))
        c.draw(Cumulus(base: Vec2(480, 400), width: 620, height: 170, seed: 21, lighting: cloud, puffs: 14))
        c.draw(Cumulus(base: Vec2(2760, 330), width: 560, height: 150, seed: 22, lighting: cloud, puffs: 12))
        c.draw(
            Cumulus(
                base: Vec2(760, 1290), width: 1300, height: 560, seed: 23, lighting: cloud,
                underside: RGB(hex: 0x9DB5D8), puffs: 30))
        c.draw(
            Cumulus(
                base: Vec2(2680, 1190), width: 1150, height: 520, seed: 24, lighting: cloud,
                underside: RGB(hex: 0x9DB5D8), puffs: 28))
        c.draw(Cumulus(base: Vec2(1230, 1060), width: 420, height: 130, seed: 25, lighting: cloud, puffs: 10))
        c.draw(Cumulus(base: Vec2(2040, 1000), width: 360, height: 110, seed: 26, lighting: cloud, puffs: 9))

        // Distant hazy mountains on the far shore.
        c.draw(
            Mountains(
                peaks: [
                    Peak(x: 760, top: 1170, width: 520), Peak(x: 1480, top: 1230, width: 430),
                    Peak(x: 2350, top: 1150, width: 560),
                ],
                baseY: horizon + 10, seed: 27, roughness: 22,
                rockLit: RGB(hex: 0x86B2CF), rockShadow: RGB(hex: 0x729FC2),
                mist: airHaze, mistAmount: 0.55, mistHeight: 120, facets: 0.3))
        // Wooded hills on the far shore, both sides of the lake.
        let shore = Hills(
            baseY: horizon + 40, amplitude: 18, wavelength: 500,
            mounds: [
                Mound(x: 250, width: 900, height: 230), Mound(x: 1100, width: 500, height: 60),
                Mound(x: 2950, width: 1000, height: 260), Mound(x: 2150, width: 420, height: 50),
            ],
            seed: 28, color: RGB(hex: 0x4E8F62), crestColor: RGB(hex: 0x6AA66C), crestDepth: 30,
            mist: airHaze, mistAmount: 0.25, mistDepth: 200)
        c.draw(
            Grove(
                ground: { shore.skyline($0) + 6 }, spacing: 26, height: 40...66,
                palette: [RGB(hex: 0x4F9462), RGB(hex: 0x5C9F68), RGB(hex: 0x67A86D)],
                highlight: RGB(hex: 0xB8DC8A), shadow: RGB(hex: 0x2E6650), trunk: RGB(hex: 0x4E6A5A),
                haze: airHaze, hazeAmount: 0.2, seed: 29))
        c.draw(shore)

        c.draw(
            Water(
                horizonY: horizon, farColor: RGB(hex: 0x6FB6E2), nearColor: RGB(hex: 0x165A9E),
                reflectivity: 0.62, glitterX: sun.x, glitterWidth: 260, glitter: 1.0, seed: 30))

        // The near meadow rises on both sides under a tree; on a narrow canvas the two close
        // in to frame the lake.
        let leftTree = c.byShape(260, phone: 1130)
        let rightTree = c.byShape(2960, phone: 2080)
        let meadow = Hills(
            baseY: 2060, amplitude: 50, wavelength: 1100,
            mounds: [
                Mound(x: c.byShape(200, phone: 1000), width: c.byShape(900, phone: 520), height: 170),
                Mound(x: c.byShape(3050, phone: 2200), width: c.byShape(900, phone: 520), height: 200),
            ],
            seed: 32, color: RGB(hex: 0x5BAA3E), crestColor: RGB(hex: 0xA6D964), crestDepth: 45,
            deepColor: RGB(hex: 0x3E8A36), deepDepth: 350, slopeLight: 1)
        c.draw(meadow)
        c.draw(Sailboat(position: Vec2(1790, 1520), size: 96))
        c.draw(
            Birds(
                center: Vec2(2250, 520), count: 4, size: 30...46, spread: Vec2(220, 90),
                color: RGB(hex: 0x2F4A78), seed: 37))
        c.draw(
            BroadleafTree(
                base: Vec2(leftTree, meadow.skyline(leftTree) + 40), height: c.byShape(1250, phone: 1150),
                crownWidth: c.byShape(1080, phone: 760), crownHeight: c.byShape(900, phone: 760),
                trunkWidth: 96, foliage: FoliageStyle.summer(), seed: 33))
        c.draw(
            BroadleafTree(
                base: Vec2(rightTree, meadow.skyline(rightTree) + 40), height: c.byShape(1080, phone: 980),
                crownWidth: c.byShape(960, phone: 660), crownHeight: c.byShape(780, phone: 660),
                trunkWidth: 84, foliage: FoliageStyle.summer(), seed: 34))
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 1850, maxX: 3200, maxY: 2420), tufts: 800, farLength: 20, nearLength: 64,
                colors: [RGB(hex: 0x5FAE40), RGB(hex: 0x4E9C3A), RGB(hex: 0x78BF4C)], tipColor: RGB(hex: 0xC2E477),
                ground: { meadow.skyline($0) }, seed: 35))
        c.draw(
            Flowers(
                area: Rect(minX: 0, minY: 1900, maxX: 3200, maxY: 2400), count: 140,
                colors: [RGB(hex: 0xFFFFFF), RGB(hex: 0xFFE066)], farSize: 7, nearSize: 15,
                ground: { meadow.skyline($0) + 10 }, seed: 36))
        c.draw(Grain(amount: 0.01))
    }
}
