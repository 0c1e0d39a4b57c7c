import Glibc

/// 立冬, Beginning of Winter: the year closes in. Under a quiet grey-blue
/// sky the trees stand bare but for a few last leaves, the fields are cut
/// to stubble, and smoke rises from the chimney of a farmhouse where the
/// stores are in for the winter.
struct LidongScene: Scene {
    let name = "lidong"

    func paint(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x6F819E)), (500, RGB(hex: 0x91A0B8)), (950, RGB(hex: 0xB7C0CE)),
                    (1300, RGB(hex: 0xD8D8D6)),
                ]), mottle: 0.015, seed: 2901))
        c.draw(
            CloudDeck(
                top: -50, bottom: 800, dark: RGB(hex: 0x7A889E), light: RGB(hex: 0xADB8C6), rim: RGB(hex: 0xC8D0D8),
                lightDir: Vec2(-0.4, 1), coverage: 0.7, scale: 900, stretch: 3, opacity: 0.7, seed: 2902))
        c.draw(
            Glow(
                isSkyLight: true, center: Vec2(900, 900), radius: 700, color: RGB(hex: 0xF2E8DA), strength: 0.25,
                squash: 1.5))
        let haze = RGB(hex: 0xCDD0D4)
        c.draw(
            Hills(
                baseY: 1180, amplitude: 110, wavelength: 650, seed: 2903, color: RGB(hex: 0x8A96AA),
                crestColor: RGB(hex: 0x9CA6B6), crestDepth: 30, mist: haze, mistAmount: 0.5, mistDepth: 120, texture: 0)
        )
        let mid = Hills(
            baseY: 1300, amplitude: 60, wavelength: 800, seed: 2904, color: RGB(hex: 0x8A8470),
            crestColor: RGB(hex: 0xA09882), crestDepth: 30, mist: haze, mistAmount: 0.4, mistDepth: 160)
        c.draw(
            ForestLine(
                kind: .broadleaf, baseY: 0, ground: { mid.skyline($0) + 10 }, treeHeight: 50...90, spacing: 30,
                palette: [RGB(hex: 0x8A7E76), RGB(hex: 0x948676), RGB(hex: 0x7E7A78)], sideLight: 0.08,
                understory: RGB(hex: 0x7A746E), density: 0.8, mist: haze, mistAmount: 0.35, mistDepth: 100, seed: 2905))
        c.draw(mid)
        c.draw(Mist(centerY: 1330, thickness: 50, color: haze, opacity: 0.4, seed: 2906))
        let yard = Hills(
            baseY: 1520, amplitude: 40, wavelength: 900, mounds: [Mound(x: 1600, width: 900, height: 80)],
            seed: 2907, color: RGB(hex: 0x9A8A68), crestColor: RGB(hex: 0xB8A880), crestDepth: 40,
            deepColor: RGB(hex: 0x7A6A50), deepDepth: 600, texture: 0.04)
        c.draw(yard)
        let view = GroundPerspective(horizonY: 1280, vanishX: 1600)
        c.draw(
            CropField(
                top: { max(yard.skyline($0) + 60, 1560) }, view: view, rows: 2.6, rowContrast: 0.18,
                base: RGB(hex: 0x8E7A58),
                lit: RGB(hex: 0xB09A70), shade: RGB(hex: 0x5E4E3C), haze: haze, hazeAmount: 0.3, waves: 0.15, seed: 2908
            ))
        // The farmhouse, smoke drifting from its chimney.
        let house = Farmhouse(
            base: Vec2(1600, yard.skyline(1600) + 30), width: 520, wallHeight: 200, roofHeight: 130,
            wall: RGB(hex: 0xE6E1D6), wallShade: RGB(hex: 0xB2ADA8), roof: RGB(hex: 0x4A4E5C),
            roofLight: RGB(hex: 0x6A6F7E), groundShadow: RGB(hex: 0x8A7A68), seed: 2909)
        c.draw(
            ChimneySmoke(
                origin: house.chimneyTop + Vec2(0, 4), height: 700, drift: -360, startWidth: 12, endWidth: 110,
                color: RGB(hex: 0xF0F2F6), opacity: 0.9, seed: 2910))
        c.draw(house)
        for (i, (x, h, a)) in [
            (Float(1100), Float(260), Float(-0.12)), (2150, 300, 0.1), (420, 360, 0.05), (2800, 340, -0.08),
        ].enumerated() {
            c.draw(
                BareTree(
                    base: Vec2(x, yard.skyline(x) + 40 + (i > 1 ? 120 : 0)), trunkLength: h, trunkWidth: h * 0.14,
                    angle: a, depth: 7, spread: 0.48, shrink: 0.76, gnarl: 0.16, upward: 0.25, thirdChild: 0.2,
                    bark: RGB(hex: 0x4E4448), barkShadow: RGB(hex: 0x2E2830),
                    leafColors: [RGB(hex: 0xC8902E), RGB(hex: 0xB06A2A), RGB(hex: 0xD8B040)], leafChance: 0.05,
                    leafSize: 20, seed: 2911 + UInt64(i)))
        }
        c.draw(
            Leaves(
                scatter: Scatter(area: Rect(minX: 800, minY: 700, maxX: 2400, maxY: 1600)), count: 8, size: 20...30,
                colors: [RGB(hex: 0xC8902E), RGB(hex: 0xB06A2A)], mapleFraction: 0, nearFraction: 0, seed: 2915))
        c.draw(Grain(amount: 0.01))
    }
}
