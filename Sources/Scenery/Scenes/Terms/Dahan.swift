import Glibc

/// 大寒, Major Cold: the deepest cold, the last term before spring. A
/// waterfall has frozen solid down the cliff, hung with icicles, and all
/// is icy blue and white, but a low pale sun warms the horizon with the
/// first promise of spring.
struct DahanScene: Scene {
    let name = "dahan"

    func paint(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x4E78B4)), (500, RGB(hex: 0x86A8D2)), (950, RGB(hex: 0xC4D6EA)),
                    (1250, RGB(hex: 0xF0E8DC)),
                    (1400, RGB(hex: 0xFCE6C8)),
                ]), seed: 3401))
        let sun = Vec2(2950, 800)
        c.draw(Glow(isSkyLight: true, center: sun, radius: 900, color: RGB(hex: 0xFFE6C0), strength: 0.55, squash: 2.2))
        c.draw(
            Sun(
                center: sun, radius: 60, core: RGB(hex: 0xFFFCF0), rim: RGB(hex: 0xFFF0D8),
                haloColor: RGB(hex: 0xFFEED4),
                glowColor: RGB(hex: 0xFFD8A8), glowRadius: 300, glowStrength: 0.6, softness: 8))
        c.draw(
            CloudStreaks(
                centerY: 1060, thickness: 36, color: RGB(hex: 0xF6E2D6), underColor: RGB(hex: 0xFFE8CC),
                opacity: 0.5, coverage: 0.4, length: 800, seed: 3402))
        let mist = RGB(hex: 0xE2E8F2)
        // The cliff: a broad wall whose top dips to a notch in the middle,
        // where the fall pours over.
        let edgeNoise = Noise(seed: 3403)
        let notch: Float = 1625
        let cliffTop: (Float) -> Float = { x in
            let t = (x - 1600) / 1500
            let shoulders = 600 + 900 * pow(max(abs(t) - 0.55, 0), 1.6) * 2.2
            let dip = 70 * exp(-pow((x - notch) / 90, 2))
            return shoulders + dip + 40 * edgeNoise.fbm1(x / 260) + 14 * edgeNoise.fbm1(x / 50 + 9)
        }
        c.draw(
            CliffFace(
                top: cliffTop, bottom: 1500, rockLit: RGB(hex: 0x8EA2C6), rockShadow: RGB(hex: 0x5C6C98),
                snow: RGB(hex: 0xF6F9FF), ledgeSpacing: 190, columnWidth: 90, mist: mist, mistAmount: 0.45, seed: 3413))
        let lip = cliffTop(notch)
        // Dark wet rock behind the ice, then the frozen column itself.
        c.fill(
            Polygon([Vec2(1530, lip + 10), Vec2(1720, lip + 10), Vec2(1810, 1440), Vec2(1440, 1440)]),
            color: RGB(hex: 0x3E4E7A),
            softness: 24)
        c.draw(FrozenWaterfall(top: Vec2(notch, lip), bottomY: 1430, topWidth: 170, bottomWidth: 330, seed: 3404))
        // Icicles under the lip on both sides of the fall.
        c.draw(
            Icicles(edge: { x in cliffTop(x) + 36 }, fromX: 1330, toX: 1545, spacing: 14, length: 40...170, seed: 3405))
        c.draw(
            Icicles(edge: { x in cliffTop(x) + 36 }, fromX: 1705, toX: 1920, spacing: 14, length: 40...170, seed: 3412))
        c.draw(Mist(centerY: 1400, thickness: 80, color: mist, opacity: 0.5, seed: 3406))
        // Frozen pool at the foot.
        c.draw(
            Hills(
                baseY: 1440, amplitude: 10, wavelength: 600, seed: 3407, color: RGB(hex: 0xEAF0FA),
                crestColor: RGB(hex: 0xFFFFFF),
                crestDepth: 12))
        c.draw(
            IceSheet(
                horizonY: 1450, farColor: RGB(hex: 0xD6E4F4), nearColor: RGB(hex: 0x9AB8DC), reflectivity: 0.4,
                snowCover: 0.2, cracks: 10, seed: 3408))
        let banks = Hills(
            baseY: 2500, amplitude: 20, wavelength: 800,
            mounds: [Mound(x: 150, width: 1200, height: 700), Mound(x: 3050, width: 1200, height: 700)],
            seed: 3409, color: RGB(hex: 0xEEF2FA), crestColor: RGB(hex: 0xFFFFFF), crestDepth: 40,
            deepColor: RGB(hex: 0xC4D0EA), deepDepth: 500, slopeLight: -0.8)
        c.draw(banks)
        c.draw(Grain(amount: 0.01))
    }
}
