import Glibc

/// 春分, Spring Equinox: day and night in balance. A calm, clear day, the
/// sun at mid-height exactly over the centre of a still lake, two
/// blossoming trees answering each other across the water, swallows.
/// The composition itself is balanced, almost mirror-symmetric.
struct ChunfenScene: Scene {
    let name = "chunfen"
    /// The two trees, trunk to crown.
    let subject: ClosedRange<Float>? = 300...2900

    func paint(on c: Canvas) {
        let horizon: Float = 1330
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x5E9BD6)), (550, RGB(hex: 0x8FBDE6)), (1000, RGB(hex: 0xC8E0F2)),
                    (1330, RGB(hex: 0xEDF3F4)),
                ]), seed: 1401))
        let sun = Vec2(1600, 720)
        c.draw(
            Sun(
                center: sun, radius: 66, haloColor: RGB(hex: 0xFFF8E6), glowColor: RGB(hex: 0xFFF1D0),
                glowRadius: 520, glowStrength: 0.75))
        let cloud = PuffLighting(lit: RGB(hex: 0xFFFFFF), mid: RGB(hex: 0xF3F6FB), shadow: RGB(hex: 0xC9D6EA))
        c.draw(
            Cumulus(
                base: Vec2(520, 520), width: 560, height: 150, seed: 1402, lighting: cloud,
                underside: RGB(hex: 0xDCE4F0), puffs: 12))
        c.draw(
            Cumulus(
                base: Vec2(2680, 520), width: 560, height: 150, seed: 1403, lighting: cloud,
                underside: RGB(hex: 0xDCE4F0), puffs: 12))

        let haze = RGB(hex: 0xE4EEF2)
        c.draw(
            Hills(
                baseY: horizon - 10, amplitude: 40, wavelength: 500,
                mounds: [
                    Mound(x: 500, width: 700, height: 170), Mound(x: 2700, width: 700, height: 170),
                    Mound(x: 1600, width: 600, height: 40),
                ],
                seed: 1404, color: RGB(hex: 0xA3BFD6), crestColor: RGB(hex: 0xB8CEE0), crestDepth: 30,
                mist: haze, mistAmount: 0.4, mistDepth: 120, texture: 0))
        let shore = Hills(
            baseY: horizon + 16, amplitude: 8, wavelength: 600, seed: 1405, color: RGB(hex: 0x8DB07E),
            crestColor: RGB(hex: 0xA6C48E), crestDepth: 20)
        c.draw(
            Grove(
                ground: { shore.skyline($0) + 4 }, spacing: 46, height: 34...54,
                palette: [
                    RGB(hex: 0xF1C6D4), RGB(hex: 0x9CC794), RGB(hex: 0xF5D5DF), RGB(hex: 0xA8CF9A), RGB(hex: 0xFFFFFF),
                ],
                highlight: RGB(hex: 0xFFF4F7), shadow: RGB(hex: 0x98A8B6), trunk: RGB(hex: 0x8E8690),
                haze: haze, hazeAmount: 0.25, seed: 1406))
        c.draw(shore)
        c.draw(
            Water(
                horizonY: horizon + 14, farColor: RGB(hex: 0xBAD6EC), nearColor: RGB(hex: 0x4F86BE),
                reflectivity: 0.78, rippleContrast: 0.05, distortion: 16, glitterX: sun.x, glitterWidth: 180,
                glitter: 0.7, sparkle: 0.12, seed: 1407))

        // Banks on both sides, each with a tree in full bloom leaning in; on a narrow canvas
        // they close in, the crowns framing the Sun between them.
        let bankX = c.byShape(250, phone: 900)
        let bankWidth = c.byShape(1300, phone: 760)
        let banks = Hills(
            baseY: 2500, amplitude: 16, wavelength: 800,
            mounds: [
                Mound(x: bankX, width: bankWidth, height: 900),
                Mound(x: Canvas.designSize.x - bankX, width: bankWidth, height: 900),
            ],
            seed: 1408, color: RGB(hex: 0x78B45E), crestColor: RGB(hex: 0xA6D37C), crestDepth: 50,
            deepColor: RGB(hex: 0x5A9A4C), deepDepth: 500, slopeLight: 0.5)
        c.draw(banks)
        c.draw(
            Petals(
                scatter: Scatter(area: Rect(minX: 0, minY: 1500, maxX: 3200, maxY: 2300)), count: 160, size: 9...15,
                nearFraction: 0, seed: 1409))
        let pink = FoliageStyle.cherryBlossom()
        var peach = FoliageStyle.cherryBlossom()
        peach.palette = [RGB(hex: 0xF2A3BD), RGB(hex: 0xEE93B0), RGB(hex: 0xF6B5C9)]
        peach.shadow = RGB(hex: 0xB45A82)
        let treeX = c.byShape(480, phone: 1150)
        let lean = c.byShape(260, phone: 80)
        let crownWidth = c.byShape(1180, phone: 680)
        let crownHeight = c.byShape(640, phone: 580)
        let trees = [(treeX, lean, pink), (Canvas.designSize.x - treeX, -lean, peach)]
        for (i, (x, lean, style)) in trees.enumerated() {
            c.draw(
                BroadleafTree(
                    base: Vec2(x, banks.skyline(x) + 40), height: 1120, crownWidth: crownWidth,
                    crownHeight: crownHeight,
                    trunkWidth: 62, bark: RGB(hex: 0x5B3F47), barkShadow: RGB(hex: 0x372630),
                    foliage: style, lean: lean, underside: 0.6,
                    light: SIMD3(i == 0 ? 0.3 : -0.3, -0.8, 0.5), seed: 1410 + UInt64(i)))
        }
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 1560, maxX: 3200, maxY: 2420), tufts: 420, farLength: 22, nearLength: 56,
                colors: [RGB(hex: 0x6DB451), RGB(hex: 0x5AA244), RGB(hex: 0x7FC25B)], tipColor: RGB(hex: 0xB5DE84),
                ground: { banks.skyline($0) }, seed: 1412))
        c.draw(
            Swallows(birds: [
                (Vec2(1360, 930), 80, -0.25), (Vec2(1880, 860), 70, 3.4), (Vec2(1700, 1060), 58, 2.9),
                (Vec2(1230, 1130), 46, -0.5), (Vec2(2080, 1100), 40, 3.0),
            ]))
        c.draw(
            Petals(
                scatter: Scatter(
                    area: Rect(minX: 300, minY: 500, maxX: 2900, maxY: 2300),
                    focus: Vec2(1600, 1200), focusRadius: 1200, focusWeight: 0.4,
                    avoid: [(sun, 160)]), count: 90, seed: 1413))
        c.draw(Grain(amount: 0.01))
    }
}
