import Glibc

/// 夏至, Summer Solstice: the longest day. The sun stands high and
/// blazing in a deep blue sky, its light laying a long golden path on the
/// pond, where the lotus is in full bloom among tall leaves.
struct XiazhiScene: Scene {
    let name = "xiazhi"

    func paint(on c: Canvas) {
        let horizon: Float = 1230
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x0B3F96)), (500, RGB(hex: 0x2166C0)), (950, RGB(hex: 0x5FA4DE)),
                    (1230, RGB(hex: 0xC6E4F2)),
                ]), seed: 2001))
        let sun = Vec2(1600, 360)
        c.draw(Glow(isSkyLight: true, center: sun, radius: 900, color: RGB(hex: 0xFFF3C8), strength: 0.45))
        c.draw(
            Sun(
                center: sun, radius: 92, haloColor: RGB(hex: 0xFFFBE6), glowColor: RGB(hex: 0xFFF1B8),
                glowRadius: 520, glowStrength: 1.1))
        c.draw(LightRays(origin: sun, color: RGB(hex: 0xFFF4D0), strength: 0.1, reach: 1500, density: 16, seed: 2002))
        let cloud = PuffLighting(lit: RGB(hex: 0xFFFFFF), mid: RGB(hex: 0xEEF4FA), shadow: RGB(hex: 0xA9C0DE))
        c.draw(
            Cumulus(
                base: Vec2(450, 1150), width: 800, height: 300, seed: 2003, lighting: cloud,
                underside: RGB(hex: 0xB4C8E2), puffs: 18))
        c.draw(
            Cumulus(
                base: Vec2(2800, 1120), width: 760, height: 280, seed: 2004, lighting: cloud,
                underside: RGB(hex: 0xB4C8E2), puffs: 18))

        let haze = RGB(hex: 0xB8DCEC)
        let shore = Hills(
            baseY: horizon + 12, amplitude: 30, wavelength: 500,
            mounds: [Mound(x: 300, width: 700, height: 120), Mound(x: 2900, width: 700, height: 140)],
            seed: 2005, color: RGB(hex: 0x2F7A52), crestColor: RGB(hex: 0x4E9460), crestDepth: 30,
            mist: haze, mistAmount: 0.25, mistDepth: 100)
        c.draw(
            Grove(
                ground: { shore.skyline($0) + 6 }, spacing: 34, height: 50...86,
                palette: [RGB(hex: 0x2E7A4E), RGB(hex: 0x3A8654), RGB(hex: 0x46925A)],
                highlight: RGB(hex: 0xA8D884), shadow: RGB(hex: 0x1A5040), trunk: RGB(hex: 0x3A4A42),
                haze: haze, hazeAmount: 0.2, seed: 2006))
        c.draw(shore)
        c.draw(
            Water(
                horizonY: horizon + 10, farColor: RGB(hex: 0x5C9ED6), nearColor: RGB(hex: 0x0F4A8A),
                reflectivity: 0.65, rippleContrast: 0.07, distortion: 20, glitterX: sun.x,
                glitterColor: RGB(hex: 0xFFE9A8), glitterWidth: 220, glitter: 1.0, seed: 2007))
        c.draw(
            LotusPond(
                area: Rect(minX: -100, minY: horizon + 80, maxX: 3300, maxY: 2300), pads: 40, leaves: 30, flowers: 9,
                buds: 8, farSize: 30, nearSize: 150, stand: 1.6...3.2, clearX: (sun.x, 260), seed: 2008))
        // Three flowers in full bloom, the heart of the picture.
        for (i, (x, y, s, h)) in [
            (Float(1330), Float(1560), Float(150), Float(300)), (1880, 1640, 180, 330),
            (1620, 1500, 120, 330),
        ].enumerated() {
            Lotus.standingLeaf(
                water: Vec2(x + 60, y + 40), top: Vec2(x + 150 - Float(i) * 90, y - h * 0.55), radius: s * 1.2, on: c)
            c.fill(
                Stroke(
                    from: Vec2(x, y), control: Vec2(x + 10, y - h * 0.5), to: Vec2(x, y - h),
                    radiusA: s * 0.035, radiusB: s * 0.03, segments: 6), color: Lotus.leafDark)
            Lotus.flower(at: Vec2(x, y - h), size: s, open: 0.6 + Float(i) * 0.15, on: c, seed: 2010 + UInt64(i))
        }
        c.draw(Grain(amount: 0.01))
    }
}
