import Glibc

/// 霜降, Frost's Descent: the first frost. An icy blue dawn with a rose
/// glow low in the east; the maple on the knoll at its deepest crimson,
/// the grass and fallen leaves furred with white rime, frosted twigs
/// framing the view.
struct ShuangjiangScene: Scene {
    let name = "shuangjiang"

    func paint(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x4A6AA8)), (500, RGB(hex: 0x7D98C8)), (900, RGB(hex: 0xB8C2DE)),
                    (1150, RGB(hex: 0xE8CCD4)),
                    (1320, RGB(hex: 0xF6DCD0)),
                ]), seed: 2801))
        c.draw(
            Glow(
                isSkyLight: true, center: Vec2(2300, 1250), radius: 900, color: RGB(hex: 0xFFD8C8), strength: 0.45,
                squash: 2.2))
        c.draw(
            CloudStreaks(
                centerY: 980, thickness: 40, color: RGB(hex: 0xF0C8D0), underColor: RGB(hex: 0xFFE0D0),
                opacity: 0.5, coverage: 0.4, length: 900, seed: 2802))
        let haze = RGB(hex: 0xDCD6E6)
        c.draw(
            Hills(
                baseY: 1250, amplitude: 110, wavelength: 600, seed: 2803, color: RGB(hex: 0x8E8EB8),
                crestColor: RGB(hex: 0xA8A6C8), crestDepth: 30, mist: haze, mistAmount: 0.5, mistDepth: 120, texture: 0)
        )
        c.draw(Mist(centerY: 1290, thickness: 60, color: haze, opacity: 0.5, seed: 2804))
        let mid = Hills(
            baseY: 1400, amplitude: 70, wavelength: 800, seed: 2805, color: RGB(hex: 0x8C6A86),
            crestColor: RGB(hex: 0xB0A4C4), crestDepth: 30, mist: haze, mistAmount: 0.3, mistDepth: 160)
        c.draw(
            ForestLine(
                kind: .broadleaf, baseY: 0, ground: { mid.skyline($0) + 12 }, treeHeight: 60...100, spacing: 40,
                palette: [RGB(hex: 0x9A3A4E), RGB(hex: 0xB0484E), RGB(hex: 0x8A3450), RGB(hex: 0xC06A5A)],
                sideLight: 0.12, understory: RGB(hex: 0x6E3A52), snow: 0.15, snowColor: RGB(hex: 0xE8E8F6),
                mist: haze, mistAmount: 0.35, mistDepth: 120, seed: 2806))
        c.draw(mid)
        c.draw(
            SnowCover(
                ground: { mid.skyline($0) }, cover: 0.6, scale: 240, squash: 5, color: RGB(hex: 0xE2E2F2),
                shadow: RGB(hex: 0xC8C6E0), opacity: 0.5, seed: 2807))
        let knoll = Hills(
            baseY: 1860, amplitude: 40, wavelength: 1000, mounds: [Mound(x: 1580, width: 1300, height: 230)],
            seed: 2808, color: RGB(hex: 0xB4B8D0), crestColor: RGB(hex: 0xE6E8F6), crestDepth: 90,
            deepColor: RGB(hex: 0x7E82A0), deepDepth: 700, slopeLight: -0.6)
        c.draw(knoll)
        // Rime: a fine white fur over the whole slope.
        c.draw(
            SnowCover(
                ground: { knoll.skyline($0) }, cover: 0.55, scale: 300, squash: 5, color: RGB(hex: 0xF2F4FC),
                shadow: RGB(hex: 0xC4C8E0), opacity: 0.6, sparkle: 0.4, seed: 2809))
        let treeBase = Vec2(1600, knoll.skyline(1600) + 20)
        var deep = FoliageStyle.maple()
        deep.palette = [
            RGB(hex: 0x7E1226), RGB(hex: 0x961A2C), RGB(hex: 0xAE2230), RGB(hex: 0xC4302E), RGB(hex: 0xD64A34),
        ]
        deep.highlight = RGB(hex: 0xF2A0A0)
        deep.shadow = RGB(hex: 0x44102A)
        deep.speckleColor = RGB(hex: 0xF6D6DC)
        deep.speckle = 0.3
        c.draw(
            Leaves(
                scatter: Scatter(area: Rect(minX: 1000, minY: treeBase.y - 50, maxX: 2200, maxY: treeBase.y + 100)),
                count: 130, size: 12...22, colors: [RGB(hex: 0xA8243A), RGB(hex: 0xC23A3C), RGB(hex: 0xD8C8D8)],
                mapleFraction: 0.7, nearFraction: 0, lying: true, seed: 2810))
        c.draw(
            BroadleafTree(
                base: treeBase, height: 1060, crownWidth: 1160, crownHeight: 700, trunkWidth: 72,
                bark: RGB(hex: 0x3E2A34), barkShadow: RGB(hex: 0x22161E), foliage: deep, lean: -20,
                light: SIMD3(0.7, -0.45, 0.5), groundShadow: RGB(hex: 0x9A9AC0), seed: 2811))
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 1700, maxX: 3200, maxY: 2420), tufts: 380, farLength: 18, nearLength: 50,
                colors: [RGB(hex: 0x7A7C94), RGB(hex: 0x6A6C88), RGB(hex: 0x8A8CA6)], tipColor: RGB(hex: 0xFAFBFF),
                ground: { knoll.skyline($0) }, seed: 2812))
        // Frosted twigs framing both sides.
        for (i, (x, a)) in [(Float(160), Float(0.5)), (3060, -0.55)].enumerated() {
            c.draw(
                BareTree(
                    base: Vec2(x, 2300), trunkLength: 380, trunkWidth: 30, angle: a, depth: 6, spread: 0.5,
                    shrink: 0.78,
                    gnarl: 0.2, upward: 0.15, bark: RGB(hex: 0x4A3A48), barkShadow: RGB(hex: 0x2A2030), rime: 0.6,
                    rimeColor: RGB(hex: 0xF4F6FF), leafColors: [RGB(hex: 0xB02434), RGB(hex: 0xC83A34)],
                    leafChance: 0.35,
                    leafSize: 22, seed: 2813 + UInt64(i)))
        }
        c.draw(Grain(amount: 0.006))
    }
}
