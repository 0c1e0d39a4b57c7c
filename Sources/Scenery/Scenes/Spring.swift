import Glibc

/// Spring: a soft pastel morning over rolling fresh-green hills, a cherry
/// tree in full bloom on a knoll near the centre, petals drifting.
struct SpringScene: Scene {
    let name = "spring"

    /// The morning's haze, which the distance dissolves into.
    private let haze = RGB(hex: 0xF7E7E3)

    func paint(on c: Canvas) {
        paintSky(on: c)
        paintDistance(on: c)
        paintKnoll(on: c)
        paintForeground(on: c)
    }

    /// The pastel sky, the low Sun veiled by haze, and the clouds.
    private func paintSky(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x8CBEE6)), (520, RGB(hex: 0xB1D4EE)), (950, RGB(hex: 0xE1E0EC)),
                    (1180, RGB(hex: 0xFAE1DA)), (1380, RGB(hex: 0xFFEFE0)),
                ]), seed: 101))
        // Low morning sun to the left of the tree, veiled by haze.
        let sun = Vec2(820, 1060)
        c.draw(Glow(isSkyLight: true, center: sun, radius: 900, color: RGB(hex: 0xFFE9CC), strength: 0.55, squash: 1.8))
        c.draw(
            LightRays(
                origin: sun, color: RGB(hex: 0xFFF2DC), strength: 0.10, reach: 2200, density: 14,
                fromAngle: -Float.pi * 0.95, toAngle: -Float.pi * 0.05, seed: 102))
        c.draw(
            Sun(
                center: sun, radius: 64, core: RGB(hex: 0xFFFDF6), rim: RGB(hex: 0xFFF4E0),
                haloColor: RGB(hex: 0xFFF3DE), glowColor: RGB(hex: 0xFFE4C4), glowRadius: 300, glowStrength: 0.6,
                softness: 10))

        let pastelCloud = PuffLighting(lit: RGB(hex: 0xFFFFFF), mid: RGB(hex: 0xFBF1F3), shadow: RGB(hex: 0xD9D4EA))
        c.draw(
            Cumulus(
                base: Vec2(420, 640), width: 640, height: 200, seed: 11, lighting: pastelCloud,
                underside: RGB(hex: 0xEBD5E0), puffs: 16))
        c.draw(
            Cumulus(
                base: Vec2(2720, 560), width: 820, height: 240, seed: 12, lighting: pastelCloud,
                underside: RGB(hex: 0xEBD5E0), puffs: 18))
        c.draw(
            Cumulus(
                base: Vec2(1500, 840), width: 380, height: 110, seed: 13, lighting: pastelCloud,
                underside: RGB(hex: 0xEDDAE3), puffs: 10, opacity: 0.95))
        c.draw(
            CloudStreaks(
                centerY: 360, thickness: 70, color: RGB(hex: 0xF7F3F8), opacity: 0.45, coverage: 0.45,
                length: 1100, seed: 14))
    }

    /// The ridges and hills dissolving in the haze, with their little trees.
    private func paintDistance(on c: Canvas) {
        // Far blue ridges dissolving in the morning haze.
        c.draw(
            Hills(
                baseY: 1150, amplitude: 110, wavelength: 520, seed: 15, color: RGB(hex: 0xBAC6E2),
                crestColor: RGB(hex: 0xC9D3EA), crestDepth: 30, mist: haze, mistAmount: 0.7, mistDepth: 160,
                texture: 0))
        c.draw(
            Hills(
                baseY: 1210, amplitude: 80, wavelength: 650, seed: 16, color: RGB(hex: 0xAFC6D8),
                crestColor: RGB(hex: 0xC2D6E2), crestDepth: 30, mist: haze, mistAmount: 0.6, mistDepth: 140,
                texture: 0))
        c.draw(Mist(centerY: 1240, thickness: 70, color: haze, opacity: 0.45, seed: 17))

        let far = Hills(
            baseY: 1275, amplitude: 50, wavelength: 700, seed: 18, color: RGB(hex: 0xA9D0B0),
            crestColor: RGB(hex: 0xC6E2BE), crestDepth: 40, mist: haze, mistAmount: 0.45, mistDepth: 140)
        c.draw(far)
        let mid = Hills(
            baseY: 1385, amplitude: 60, wavelength: 820, seed: 19, color: RGB(hex: 0x98CB89),
            crestColor: RGB(hex: 0xBEDFA0), crestDepth: 50, mist: haze, mistAmount: 0.35, mistDepth: 220)
        // Little trees along the middle ridge, some in blossom.
        c.draw(
            Grove(
                ground: { mid.skyline($0) + 12 }, spacing: 150, height: 46...70,
                palette: [RGB(hex: 0xF0C5D3), RGB(hex: 0x8FC592), RGB(hex: 0xF3CFDB), RGB(hex: 0x9CCB98)],
                highlight: RGB(hex: 0xFFF2F5), shadow: RGB(hex: 0x7E9FA0), trunk: RGB(hex: 0x8A8090),
                haze: haze, hazeAmount: 0.15, seed: 20))
        c.draw(mid)
        c.draw(Mist(centerY: 1440, thickness: 55, color: RGB(hex: 0xFFF6F0), opacity: 0.3, seed: 21))

        let near = Hills(
            baseY: 1560, amplitude: 80, wavelength: 900, seed: 22, color: RGB(hex: 0x84C165),
            crestColor: RGB(hex: 0xB2DC86), crestDepth: 70, deepColor: RGB(hex: 0x6DAF55), deepDepth: 500,
            slopeLight: 1)
        c.draw(near)
        for (i, x) in [Float(420), 760, 2560, 2880].enumerated() {
            let g = near.skyline(x)
            let blossom = i % 2 == 0
            c.draw(
                BroadleafTree(
                    base: Vec2(x, g + 36), height: 230, crownWidth: 220, crownHeight: 160, trunkWidth: 16,
                    foliage: blossom
                        ? FoliageStyle.cherryBlossom().with(masses: 0, clumps: 18)
                        : FoliageStyle.summer().with(masses: 0, clumps: 16),
                    seed: 200 + UInt64(i)))
        }
    }

    /// The knoll with its flowers, and the cherry tree in bloom.
    private func paintKnoll(on c: Canvas) {
        let knoll = Hills(
            baseY: 1880, amplitude: 50, wavelength: 1000, mounds: [Mound(x: 1660, width: 1150, height: 200)],
            seed: 23, color: RGB(hex: 0x72B655), crestColor: RGB(hex: 0xA3D477), crestDepth: 80,
            deepColor: RGB(hex: 0x529C46), deepDepth: 600, slopeLight: 1)
        c.draw(knoll)
        c.draw(
            Flowers(
                area: Rect(minX: 0, minY: 1620, maxX: 3200, maxY: 2400), count: 280,
                colors: [RGB(hex: 0xFFFFFF), RGB(hex: 0xFFD3E0), RGB(hex: 0xFFF2B0)],
                farSize: 5, nearSize: 11, ground: { knoll.skyline($0) + 20 }, seed: 24))

        let treeBase = Vec2(1720, knoll.skyline(1720) + 18)
        // Fallen petals on the grass under the tree.
        c.draw(
            Petals(
                scatter: Scatter(
                    area: Rect(minX: 1000, minY: treeBase.y - 40, maxX: 2500, maxY: treeBase.y + 160),
                    focus: treeBase, focusRadius: 600, focusWeight: 0.8),
                count: 160, size: 9...15, nearFraction: 0, seed: 30))
        c.draw(
            BroadleafTree(
                base: treeBase, height: 1060, crownWidth: 1500, crownHeight: 720, trunkWidth: 78,
                bark: RGB(hex: 0x5B3F47), barkShadow: RGB(hex: 0x372630),
                foliage: FoliageStyle.cherryBlossom(), lean: -40, underside: 0.6,
                groundShadow: RGB(hex: 0x9CC58A), seed: 25))
    }

    /// The near grass and flowers, and the petals drifting over everything.
    private func paintForeground(on c: Canvas) {
        let front = Hills(
            baseY: 2200, amplitude: 60, wavelength: 900, seed: 26, color: RGB(hex: 0x60A847),
            crestColor: RGB(hex: 0x8DCA67), crestDepth: 60, deepColor: RGB(hex: 0x418A3A), deepDepth: 300,
            slopeLight: 1)
        c.draw(front)
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 2060, maxX: 3200, maxY: 2420), tufts: 500, farLength: 22, nearLength: 60,
                colors: [RGB(hex: 0x6DB451), RGB(hex: 0x5AA244), RGB(hex: 0x7FC25B)], tipColor: RGB(hex: 0xB5DE84),
                ground: { front.skyline($0) }, seed: 27))
        c.draw(
            Flowers(
                area: Rect(minX: 0, minY: 2100, maxX: 3200, maxY: 2400), count: 160,
                colors: [RGB(hex: 0xFFFFFF), RGB(hex: 0xFFC8D8)], farSize: 10, nearSize: 18,
                ground: { front.skyline($0) + 10 }, seed: 28))

        c.draw(
            Petals(
                scatter: Scatter(
                    area: Rect(minX: 100, minY: 420, maxX: 3100, maxY: 2350),
                    focus: Vec2(1950, 1250), focusRadius: 950, focusWeight: 0.7),
                count: 170, seed: 29))
        c.draw(Grain(amount: 0.01))
    }
}
