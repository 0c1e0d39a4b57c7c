import Glibc

/// 寒露, Cold Dew: the dew turns cold. A chilly, crystal-clear morning;
/// the hills have turned red and orange, a skein of wild geese flies
/// south over the lake, and chrysanthemums bloom on the bank.
struct HanluScene: Scene {
    let name = "hanlu"

    func paint(on c: Canvas) {
        let horizon: Float = 1330
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x3C7CC0)), (500, RGB(hex: 0x79A9D6)), (950, RGB(hex: 0xB8D2E8)),
                    (1330, RGB(hex: 0xEAEEF0)),
                ]), seed: 2701))
        c.draw(Glow(isSkyLight: true, center: Vec2(600, 600), radius: 900, color: RGB(hex: 0xFFF4E2), strength: 0.3))
        c.draw(
            CloudStreaks(
                centerY: 420, thickness: 60, color: RGB(hex: 0xF4F7FB), opacity: 0.4, coverage: 0.35, length: 1000,
                seed: 2702))
        let haze = RGB(hex: 0xDCE4EE)
        c.draw(
            Hills(
                baseY: 1120, amplitude: 260, wavelength: 480, seed: 2703, color: RGB(hex: 0x9A8CA8),
                crestColor: RGB(hex: 0xAE9EB8), crestDepth: 30, mist: haze, mistAmount: 0.5, mistDepth: 240, texture: 0)
        )
        c.draw(
            Hills(
                baseY: 1230, amplitude: 160, wavelength: 560, seed: 2717, color: RGB(hex: 0xA45A4E),
                crestColor: RGB(hex: 0xC07458), crestDepth: 30, mist: haze, mistAmount: 0.4, mistDepth: 160))
        let wood = Hills(
            baseY: horizon - 10, amplitude: 80, wavelength: 600, seed: 2704, color: RGB(hex: 0xA0463A),
            crestColor: RGB(hex: 0xC8643E), crestDepth: 30, mist: haze, mistAmount: 0.2, mistDepth: 120)
        c.draw(
            ForestLine(
                kind: .broadleaf, baseY: 0, ground: { wood.skyline($0) + 10 }, treeHeight: 60...100, spacing: 34,
                palette: [
                    RGB(hex: 0xB8442E), RGB(hex: 0xD0662E), RGB(hex: 0xE2963A), RGB(hex: 0xA83A34), RGB(hex: 0xE0B04A),
                ],
                sideLight: 0.18, understory: RGB(hex: 0x7E3432), mist: haze, mistAmount: 0.2, mistDepth: 120, seed: 2705
            ))
        c.draw(
            Water(
                horizonY: horizon + 4, farColor: RGB(hex: 0xC4D6EA), nearColor: RGB(hex: 0x3E6E9E),
                reflectivity: 0.75, rippleContrast: 0.05, distortion: 14, sparkle: 0.1, seed: 2706))
        let bank = Hills(
            baseY: 2500, amplitude: 20, wavelength: 800,
            mounds: [Mound(x: 1600, width: 2600, height: 720)],
            seed: 2707, color: RGB(hex: 0x7E8A4C), crestColor: RGB(hex: 0xB8AE68), crestDepth: 50,
            deepColor: RGB(hex: 0x5A6A3E), deepDepth: 500, slopeLight: 0.6)
        c.draw(bank)
        c.draw(
            BroadleafTree(
                base: Vec2(2800, bank.skyline(2800) + 40), height: 1000, crownWidth: 860, crownHeight: 640,
                trunkWidth: 60, bark: RGB(hex: 0x4A2C2A), barkShadow: RGB(hex: 0x2E1A1C),
                foliage: FoliageStyle.maple().with(masses: 4, clumps: 44), light: SIMD3(-0.6, -0.5, 0.5), seed: 2708))
        let mums: [(Float, Float, [RGB])] = [
            (1220, 380, [RGB(hex: 0xF6C833), RGB(hex: 0xF0B020)]),
            (1640, 460, [RGB(hex: 0xFFFFFF), RGB(hex: 0xF4EEDC)]),
            (2060, 380, [RGB(hex: 0xB46AC8), RGB(hex: 0xC884D8)]),
            (800, 340, [RGB(hex: 0xF09A2E), RGB(hex: 0xF6C833)]),
            (2420, 320, [RGB(hex: 0xF6C833), RGB(hex: 0xFFFFFF)]),
        ]
        for (i, (x, w, cols)) in mums.enumerated() {
            c.draw(
                FlowerBush(
                    bloom: .chrysanthemum, base: Vec2(x, bank.skyline(x) + 70 + Float(i % 2) * 40), width: w,
                    flowers: 9, flowerSize: w * 0.15...w * 0.22, colors: cols, seed: 2709 + UInt64(i)))
        }
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 1700, maxX: 3200, maxY: 2420), tufts: 260, farLength: 24, nearLength: 54,
                colors: [RGB(hex: 0x7C8A48), RGB(hex: 0x6A7A40), RGB(hex: 0x9A9A54)], tipColor: RGB(hex: 0xD8CC84),
                ground: { bank.skyline($0) }, seed: 2715))
        c.draw(
            Birds(
                center: Vec2(1320, 560), count: 9, formation: .vee, size: 44...54, spread: Vec2(70, 34),
                color: RGB(hex: 0x2E3448), opacity: 0.9, seed: 2716))
        c.draw(Grain(amount: 0.01))
    }
}
