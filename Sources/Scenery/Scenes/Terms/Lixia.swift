import Glibc

/// 立夏, Beginning of Summer: everything turns lush. A bright, warm sky
/// over deep green rolling hills, and on the pond in front the first
/// lotus pads have opened flat on the water, a few leaves and buds
/// rising on their stalks: summer beginning, not yet in flower.
struct LixiaScene: Scene {
    let name = "lixia"
    /// The pond and the tree on its bank.
    let subject: ClosedRange<Float>? = 1000...3150

    func paint(on c: Canvas) {
        let horizon: Float = 1330
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x2F86D6)), (520, RGB(hex: 0x62A9E6)), (1000, RGB(hex: 0xA9D6F0)),
                    (1330, RGB(hex: 0xF2F2DC)),
                ]), seed: 1701))
        let sun = Vec2(2350, 380)
        c.draw(
            Sun(
                center: sun, radius: 70, haloColor: RGB(hex: 0xFFF4D0), glowColor: RGB(hex: 0xFFE9A8),
                glowRadius: 650, glowStrength: 0.8))
        let cloud = PuffLighting(
            lit: RGB(hex: 0xFFFFFF), mid: RGB(hex: 0xF5F7F8), shadow: RGB(hex: 0xBCCFE2),
            light: SIMD3(0.5, -0.7, 0.5))
        c.draw(
            Cumulus(
                base: Vec2(900, 1000), width: 900, height: 330, seed: 1702, lighting: cloud,
                underside: RGB(hex: 0xC9D8E6), puffs: 22))
        c.draw(
            Cumulus(
                base: Vec2(1900, 1080), width: 520, height: 170, seed: 1703, lighting: cloud,
                underside: RGB(hex: 0xC9D8E6), puffs: 12))

        let haze = RGB(hex: 0xCFE6E4)
        c.draw(
            Hills(
                baseY: horizon - 90, amplitude: 110, wavelength: 560, seed: 1704, color: RGB(hex: 0x74A98C),
                crestColor: RGB(hex: 0x8FBE98), crestDepth: 30, mist: haze, mistAmount: 0.45, mistDepth: 140, texture: 0
            ))
        let mid = Hills(
            baseY: horizon - 20, amplitude: 80, wavelength: 700,
            mounds: [Mound(x: 1650, width: 700, height: 170)],
            seed: 1705, color: RGB(hex: 0x3F8A45), crestColor: RGB(hex: 0x6EAF52), crestDepth: 40,
            mist: haze, mistAmount: 0.2, mistDepth: 200, slopeLight: -0.6)
        c.draw(
            Grove(
                ground: { mid.skyline($0) + 12 }, spacing: 40, height: 60...100,
                palette: [RGB(hex: 0x3E8A44), RGB(hex: 0x4C9A48), RGB(hex: 0x5AA64E)],
                highlight: RGB(hex: 0xB8E27A), shadow: RGB(hex: 0x1F5234), trunk: RGB(hex: 0x3E4A3A),
                lightFromLeft: false, seed: 1706))
        c.draw(mid)
        c.draw(
            Water(
                horizonY: horizon, farColor: RGB(hex: 0x9FD0DA), nearColor: RGB(hex: 0x2E7A86),
                reflectivity: 0.72, rippleContrast: 0.05, distortion: 14, sparkle: 0.1, seed: 1707))
        c.draw(
            LotusPond(
                area: Rect(minX: -100, minY: horizon + 60, maxX: 3300, maxY: 2350), pads: 70, leaves: 9, flowers: 0,
                buds: 4, farSize: 26, nearSize: 130, stand: 1.3...2.6, seed: 1708))
        // Lush banks to the sides.
        let banks = Hills(
            baseY: 2600, amplitude: 20, wavelength: 800,
            mounds: [
                Mound(x: c.byShape(0, phone: 900), width: c.byShape(900, phone: 500), height: 1000),
                Mound(x: c.byShape(3200, phone: 2250), width: c.byShape(900, phone: 560), height: 1100),
            ],
            seed: 1709, color: RGB(hex: 0x3F8E3E), crestColor: RGB(hex: 0x79BC55), crestDepth: 50,
            deepColor: RGB(hex: 0x2C6E36), deepDepth: 500, slopeLight: -0.5)
        c.draw(banks)
        // The tree on the right bank, which comes in on a narrow canvas.
        let tree = c.byShape(2980, phone: 2000)
        c.draw(
            BroadleafTree(
                base: Vec2(tree, banks.skyline(tree) + 60), height: c.byShape(1150, phone: 1000),
                crownWidth: c.byShape(900, phone: 560), crownHeight: c.byShape(800, phone: 560),
                trunkWidth: 70, foliage: FoliageStyle.summer(), light: SIMD3(0.55, -0.65, 0.5), seed: 1710))
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 1500, maxX: 3200, maxY: 2420), tufts: 300, farLength: 24, nearLength: 60,
                colors: [RGB(hex: 0x4E9C3A), RGB(hex: 0x3F8A34), RGB(hex: 0x68B048)], tipColor: RGB(hex: 0xB6E07A),
                ground: { banks.skyline($0) }, seed: 1711))
        c.draw(Grain(amount: 0.01))
    }
}
