import Glibc

/// 小暑, Minor Heat: a hot, humid afternoon. Thunderheads tower over
/// green hills softened by haze, the air wavers with heat, and big
/// shade trees (where the cicadas sing) frame the path.
struct XiaoshuScene: Scene {
    let name = "xiaoshu"
    /// The two trees framing the cloud, trunk to crown.
    let subject: ClosedRange<Float>? = 0...3200

    func paint(on c: Canvas) {
        let horizon: Float = 1320
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x3F86C8)), (500, RGB(hex: 0x78AEDA)), (950, RGB(hex: 0xB9D4E0)),
                    (1320, RGB(hex: 0xEAE6CF)),
                ]), seed: 2101))
        c.draw(Glow(isSkyLight: true, center: Vec2(2500, 200), radius: 900, color: RGB(hex: 0xFFF4D8), strength: 0.5))
        let cloud = PuffLighting(
            lit: RGB(hex: 0xFFFFFF), mid: RGB(hex: 0xF1F1EE), shadow: RGB(hex: 0xA9B8CC),
            light: SIMD3(0.55, -0.7, 0.5))
        // The towering thunderhead, building over the centre.
        c.draw(
            Cumulus(
                base: Vec2(1700, 640), width: 620, height: 330, seed: 2115, lighting: cloud,
                underside: RGB(hex: 0xE8ECF0), puffs: 18, raggedness: 0.02))
        c.draw(
            Cumulus(
                base: Vec2(1620, 900), width: 960, height: 380, seed: 2116, lighting: cloud,
                underside: RGB(hex: 0xDCE2EA), puffs: 22, raggedness: 0.02))
        c.draw(
            Cumulus(
                base: Vec2(1650, 1180), width: 1400, height: 420, seed: 2102, lighting: cloud,
                underside: RGB(hex: 0x9AA8BC), puffs: 26, raggedness: 0.02))
        c.draw(
            Cumulus(
                base: Vec2(500, 1220), width: 800, height: 330, seed: 2103, lighting: cloud,
                underside: RGB(hex: 0xA6B4C6), puffs: 18))
        c.draw(
            Cumulus(
                base: Vec2(2850, 1200), width: 700, height: 300, seed: 2104, lighting: cloud,
                underside: RGB(hex: 0xA6B4C6), puffs: 16))
        let haze = RGB(hex: 0xDCE0CC)
        c.draw(
            Hills(
                baseY: horizon - 60, amplitude: 110, wavelength: 600, seed: 2105, color: RGB(hex: 0x7FA48C),
                crestColor: RGB(hex: 0x96B49A), crestDepth: 30, mist: haze, mistAmount: 0.5, mistDepth: 140, texture: 0)
        )
        let mid = Hills(
            baseY: horizon + 40, amplitude: 70, wavelength: 800, seed: 2106, color: RGB(hex: 0x4F8A48),
            crestColor: RGB(hex: 0x77A85A), crestDepth: 40, mist: haze, mistAmount: 0.3, mistDepth: 200)
        c.draw(
            Grove(
                ground: { mid.skyline($0) + 10 }, spacing: 42, height: 60...100,
                palette: [RGB(hex: 0x4C8A46), RGB(hex: 0x5A964C), RGB(hex: 0x427E40)],
                highlight: RGB(hex: 0xB4D880), shadow: RGB(hex: 0x2A5A3A), trunk: RGB(hex: 0x3E4A3A),
                haze: haze, hazeAmount: 0.25, lightFromLeft: false, seed: 2107))
        c.draw(mid)
        c.draw(Mist(centerY: horizon + 20, thickness: 60, color: RGB(hex: 0xF2EAD2), opacity: 0.35, seed: 2108))
        c.draw(
            HeatShimmer(
                area: Rect(minX: 0, minY: horizon - 200, maxX: 3200, maxY: horizon + 140), amplitude: 5, layer: 8,
                seed: 2109))
        let field = Hills(
            baseY: 1720, amplitude: 50, wavelength: 900, seed: 2110, color: RGB(hex: 0x6FA64A),
            crestColor: RGB(hex: 0x9CC862), crestDepth: 60, deepColor: RGB(hex: 0x3E7A38), deepDepth: 700,
            slopeLight: -0.6)
        let view = GroundPerspective(horizonY: horizon - 60, vanishX: 1600)
        c.draw(
            CropField(
                top: { max(mid.skyline($0) + 40, horizon + 60) }, bottom: 1760, view: view, rows: 2.4, rowContrast: 0.3,
                base: RGB(hex: 0x6EAA44), lit: RGB(hex: 0xA8D462), shade: RGB(hex: 0x3E7A36), haze: haze,
                hazeAmount: 0.35,
                waves: 0.4, seed: 2114))
        c.draw(field)
        // On a narrow canvas the trees come in, smaller, to stand under the cloud rather than
        // be cut to a piece of crown at each side.
        let trees = [
            (c.byShape(300, phone: 1200), c.byShape(1500, phone: 760)),
            (c.byShape(2950, phone: 2010), c.byShape(1400, phone: 700)),
        ]
        for (i, (x, h)) in trees.enumerated() {
            var f = FoliageStyle.summer()
            f.palette = [RGB(hex: 0x2F6E3A), RGB(hex: 0x3A7C3E), RGB(hex: 0x468A44), RGB(hex: 0x549650)]
            f.shadow = RGB(hex: 0x143A28)
            c.draw(
                BroadleafTree(
                    base: Vec2(x, field.skyline(x) + 300), height: h, crownWidth: h * 0.85, crownHeight: h * 0.6,
                    trunkWidth: h * 0.07, foliage: f, light: SIMD3(0.55, -0.65, 0.5), seed: 2111 + UInt64(i)))
        }
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 1600, maxX: 3200, maxY: 2420), tufts: 300, farLength: 20, nearLength: 50,
                colors: [RGB(hex: 0x5E9A40), RGB(hex: 0x4C8A36), RGB(hex: 0x78B24E)], tipColor: RGB(hex: 0xC2DC7A),
                ground: { field.skyline($0) }, seed: 2113))
        c.draw(Grain(amount: 0.01))
    }
}
