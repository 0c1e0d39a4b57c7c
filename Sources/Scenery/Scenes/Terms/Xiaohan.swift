import Glibc

/// 小寒, Minor Cold: the cold bites. A lake frozen hard under a pale sky,
/// its ice streaked and dusted with snow, and leaning over it from the
/// bank an old plum tree whose bare, snow-lined branches have begun to
/// flower in red.
struct XiaohanScene: Scene {
    let name = "xiaohan"

    func paint(on c: Canvas) {
        let horizon: Float = 1300
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x8AA6CC)), (500, RGB(hex: 0xB2C6E0)), (950, RGB(hex: 0xDCE4F0)),
                    (1300, RGB(hex: 0xF2F2F4)),
                ]), seed: 3301))
        let sun = Vec2(1180, 960)
        c.draw(Glow(isSkyLight: true, center: sun, radius: 600, color: RGB(hex: 0xFFF4EA), strength: 0.4, squash: 1.5))
        c.draw(
            Sun(
                center: sun, radius: 46, core: RGB(hex: 0xFFFEFA), rim: RGB(hex: 0xFDF8F2),
                haloColor: RGB(hex: 0xFFF6EE),
                glowColor: RGB(hex: 0xF8EEE8), glowRadius: 200, glowStrength: 0.4, softness: 12))
        let mist = RGB(hex: 0xE8ECF4)
        c.draw(
            Mountains(
                peaks: [
                    Peak(x: 400, top: 1060, width: 420), Peak(x: 950, top: 1020, left: 480, right: 360),
                    Peak(x: 1500, top: 1110, width: 340), Peak(x: 2150, top: 990, left: 420, right: 520),
                    Peak(x: 2800, top: 1050, width: 440),
                ],
                baseY: 1290, seed: 3302, roughness: 12, jaggedness: 0.3,
                rockLit: RGB(hex: 0xAAB6D2), rockShadow: RGB(hex: 0x94A2C6),
                snowLit: RGB(hex: 0xF2F4FA), snowShadow: RGB(hex: 0xCCD4E8), snowLine: 1180,
                mist: mist, mistAmount: 0.55, mistHeight: 200, facets: 0.3))
        c.draw(
            ForestLine(
                kind: .conifer, baseY: horizon + 8, amplitude: 12, treeHeight: 30...70, spacing: 14,
                palette: [RGB(hex: 0x7E8CAA), RGB(hex: 0x8692AE)], snow: 0.3, snowColor: RGB(hex: 0xE2E6F2),
                mist: mist, mistAmount: 0.3, mistDepth: 60, seed: 3303))
        c.draw(
            Hills(
                baseY: horizon + 18, amplitude: 6, wavelength: 700, seed: 3304, color: RGB(hex: 0xEEF1F8),
                crestColor: RGB(hex: 0xFAFBFE), crestDepth: 10))
        c.draw(
            IceSheet(
                horizonY: horizon + 16, farColor: RGB(hex: 0xDCE6F2), nearColor: RGB(hex: 0x9EB6D6),
                reflectivity: 0.3, snowCover: 0.28, seed: 3305))
        let bank = Hills(
            baseY: 2500, amplitude: 20, wavelength: 800,
            mounds: [Mound(x: 200, width: 1300, height: 1000), Mound(x: 3100, width: 900, height: 600)],
            seed: 3306, color: RGB(hex: 0xF0F3FA), crestColor: RGB(hex: 0xFFFFFF), crestDepth: 40,
            deepColor: RGB(hex: 0xCDD6EA), deepDepth: 500, slopeLight: 0.8)
        c.draw(bank)
        // The plum leans out from the left bank over the ice.
        c.draw(
            BareTree(
                base: Vec2(560, bank.skyline(560) + 80), trunkLength: 620, trunkWidth: 110, angle: 0.85, depth: 7,
                spread: 0.58, shrink: 0.78, thin: 0.7, gnarl: 0.32, kinks: 3, upward: 0.3, thirdChild: 0.3,
                bark: RGB(hex: 0x3E2C34), barkShadow: RGB(hex: 0x241820), rime: 0.45, rimeColor: RGB(hex: 0xFAFBFF),
                blossom: BlossomStyle(
                    petals: BlossomStyle.redPlum().petals, heart: RGB(hex: 0xFFE08A),
                    bud: RGB(hex: 0x9E1230), density: 1.8, budFraction: 0.4, size: 20...30, levels: 4),
                seed: 3307))
        c.draw(Snowfall(small: 160, medium: 20, bokeh: 0, calmTop: 380, seed: 3308))
        c.draw(Grain(amount: 0.01))
    }
}
