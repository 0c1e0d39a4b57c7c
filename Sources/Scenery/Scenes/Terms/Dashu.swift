import Glibc

/// 大暑, Major Heat: the hottest days. The whole sky glares white-gold
/// around a sun too bright to look at, distant hills dissolve in the
/// heat, a mirage shimmers on the horizon over parched fields, and one
/// great tree holds the only deep shade.
struct DashuScene: Scene {
    let name = "dashu"

    func paint(on c: Canvas) {
        let horizon: Float = 1300
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0xC9B98A)), (450, RGB(hex: 0xEBDDB0)), (900, RGB(hex: 0xF8EDCB)),
                    (1300, RGB(hex: 0xFBF1D6)),
                ]), mottle: 0.015, seed: 2201))
        let sun = Vec2(1600, 520)
        c.draw(Glow(isSkyLight: true, center: sun, radius: 1100, color: RGB(hex: 0xFFF6DC), strength: 0.8))
        c.draw(
            Sun(
                center: sun, radius: 110, core: RGB(hex: 0xFFFFFF), rim: RGB(hex: 0xFFFDF2),
                haloColor: RGB(hex: 0xFFFBEA),
                glowColor: RGB(hex: 0xFFF2C8), glowRadius: 420, glowStrength: 1.2, softness: 20))
        c.draw(
            CloudStreaks(
                centerY: 900, thickness: 50, color: RGB(hex: 0xFFF8E6), opacity: 0.4, coverage: 0.4, length: 1200,
                seed: 2202))
        let haze = RGB(hex: 0xF4E6C0)
        c.draw(
            Hills(
                baseY: horizon - 40, amplitude: 90, wavelength: 600, seed: 2203, color: RGB(hex: 0xD6CBA6),
                crestColor: RGB(hex: 0xE0D4AE), crestDepth: 30, mist: haze, mistAmount: 0.6, mistDepth: 80, texture: 0))
        let far = Hills(
            baseY: horizon, amplitude: 20, wavelength: 700, seed: 2204, color: RGB(hex: 0xB7A77A),
            mist: haze, mistAmount: 0.4, mistDepth: 60)
        c.draw(
            Grove(
                ground: { far.skyline($0) + 6 }, spacing: 90, height: 40...66,
                palette: [RGB(hex: 0x9EA070), RGB(hex: 0xA6A478)], highlight: RGB(hex: 0xE0D8A6),
                shadow: RGB(hex: 0x7E8068),
                haze: haze, hazeAmount: 0.5, seed: 2205))
        c.draw(far)
        // Mirage: a thin shining band that mirrors the sky over hot ground.
        c.draw(
            Water(
                horizonY: horizon + 12, bottom: horizon + 60, farColor: RGB(hex: 0xFBF2DA),
                nearColor: RGB(hex: 0xF2E4BC),
                reflectivity: 0.85, rippleContrast: 0.03, distortion: 20, sparkle: 0, horizonSheen: 0.5, seed: 2206))
        let view = GroundPerspective(horizonY: horizon - 20, vanishX: 1600)
        let land = Hills(baseY: horizon + 60, amplitude: 8, wavelength: 700, seed: 2207, color: RGB(hex: 0xC9A860))
        c.draw(land)
        c.draw(
            CropField(
                top: { land.skyline($0) }, view: view, rows: 0, base: RGB(hex: 0xC8A55A), lit: RGB(hex: 0xE8CB7E),
                shade: RGB(hex: 0x9A7A40), haze: haze, hazeAmount: 0.6, waves: 0.5, seed: 2208))
        c.draw(
            HeatShimmer(
                area: Rect(minX: 0, minY: horizon - 160, maxX: 3200, maxY: horizon + 240), amplitude: 9, layer: 7,
                seed: 2209))
        let knoll = Hills(
            baseY: 1900, amplitude: 40, wavelength: 1000, mounds: [Mound(x: 1500, width: 1100, height: 160)],
            seed: 2210, color: RGB(hex: 0xA88A48), crestColor: RGB(hex: 0xD8B868), crestDepth: 60,
            deepColor: RGB(hex: 0x7A6234), deepDepth: 600)
        c.draw(knoll)
        var f = FoliageStyle.summer()
        f.palette = [RGB(hex: 0x3C6A36), RGB(hex: 0x466F3A), RGB(hex: 0x527A40)]
        f.highlight = RGB(hex: 0xD8D890)
        f.shadow = RGB(hex: 0x1C3424)
        let treeBase = Vec2(1560, knoll.skyline(1560) + 20)
        c.fill(
            Ellipse(center: treeBase + Vec2(0, 20), radii: Vec2(620, 70)), color: RGB(hex: 0x5A4628), softness: 60,
            opacity: 0.6, mode: .multiply)
        c.draw(
            BroadleafTree(
                base: treeBase, height: 1080, crownWidth: 1260, crownHeight: 640, trunkWidth: 84,
                bark: RGB(hex: 0x4A3A2C), barkShadow: RGB(hex: 0x2C2218), foliage: f, underside: 0.5,
                light: SIMD3(0, -1, 0.4), seed: 2211))
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 1750, maxX: 3200, maxY: 2420), tufts: 260, farLength: 20, nearLength: 50,
                colors: [RGB(hex: 0xB08E48), RGB(hex: 0x9C7A3C), RGB(hex: 0xC8A458)], tipColor: RGB(hex: 0xE6CD86),
                ground: { knoll.skyline($0) }, seed: 2212))
        c.draw(Grain(amount: 0.01))
    }
}
