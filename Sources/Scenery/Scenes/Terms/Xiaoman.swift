import Glibc

/// 小滿, Grain Buds: the grain fills but is not yet ripe. Wheat fields
/// in green-gold under a warm haze, a full river brimming between them,
/// a village of white houses among trees in the middle distance.
struct XiaomanScene: Scene {
    let name = "xiaoman"

    func paint(on c: Canvas) {
        let horizon: Float = 1180
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x7FB0D6)), (500, RGB(hex: 0xA9C9DE)), (900, RGB(hex: 0xD8DFD6)),
                    (1180, RGB(hex: 0xF4E8C4)),
                ]), seed: 1801))
        let sun = Vec2(1500, 620)
        c.draw(Glow(isSkyLight: true, center: sun, radius: 900, color: RGB(hex: 0xFFEFC0), strength: 0.5, squash: 1.3))
        c.draw(
            Sun(
                center: sun, radius: 64, core: RGB(hex: 0xFFFDF2), rim: RGB(hex: 0xFFF4D6),
                haloColor: RGB(hex: 0xFFF0C8),
                glowColor: RGB(hex: 0xFFE2A0), glowRadius: 400, glowStrength: 0.6, softness: 10))
        c.draw(
            CloudStreaks(
                centerY: 380, thickness: 60, color: RGB(hex: 0xF4F0E6), opacity: 0.45, coverage: 0.4, length: 1100,
                seed: 1802))
        c.draw(
            CloudStreaks(
                centerY: 900, thickness: 40, color: RGB(hex: 0xFBEBD0), opacity: 0.45, coverage: 0.45, length: 900,
                seed: 1803))

        let haze = RGB(hex: 0xEDE5C8)
        c.draw(
            Hills(
                baseY: horizon - 20, amplitude: 60, wavelength: 600, seed: 1804, color: RGB(hex: 0xAFBFB0),
                crestColor: RGB(hex: 0xC2CDBA), crestDepth: 30, mist: haze, mistAmount: 0.5, mistDepth: 100, texture: 0)
        )
        let view = GroundPerspective(horizonY: horizon - 40, vanishX: 1600)
        let land = Hills(baseY: horizon + 20, amplitude: 10, wavelength: 600, seed: 1805, color: RGB(hex: 0x9CAF62))
        // Village: trees and white houses on the far bank.
        c.draw(
            Grove(
                ground: { land.skyline($0) + 8 }, spacing: 36, height: 50...90,
                palette: [RGB(hex: 0x6E9A58), RGB(hex: 0x7AA45E), RGB(hex: 0x638F52)],
                highlight: RGB(hex: 0xC8DC92), shadow: RGB(hex: 0x4A7052), trunk: RGB(hex: 0x5E6250),
                haze: haze, hazeAmount: 0.35, seed: 1806))
        for (i, (x, w)) in [(Float(1340), Float(150)), (1520, 190), (1740, 130), (1960, 170)].enumerated() {
            c.draw(
                Farmhouse(
                    base: Vec2(x, land.skyline(x) + 22), width: w, wallHeight: w * 0.42, roofHeight: w * 0.3,
                    wall: RGB(hex: 0xEEE9DC), wallShade: RGB(hex: 0xC9C4BA), roof: RGB(hex: 0x676C78),
                    roofLight: RGB(hex: 0x868B96), chimney: i % 2 == 0, seed: 1807 + UInt64(i)))
        }
        c.draw(land)
        c.draw(
            CropField(
                top: { land.skyline($0) }, view: view, rows: 2.0, base: RGB(hex: 0xA6B553), lit: RGB(hex: 0xD8D67A),
                shade: RGB(hex: 0x6F8A3E), haze: haze, hazeAmount: 0.55, waves: 0.55, seed: 1808))
        // The full river sweeping through the fields.
        let river = Union(
            a: Stroke(
                from: Vec2(2100, horizon + 22), control: Vec2(2350, 1300), to: Vec2(1900, 1420),
                radiusA: 10, radiusB: 70, segments: 14),
            b: Stroke(
                from: Vec2(1900, 1420), control: Vec2(1250, 1600), to: Vec2(900, 2550),
                radiusA: 70, radiusB: 420, segments: 16))
        let px = c.pixelSize
        c.fill(Translated(shape: river, offset: Vec2(0, -5)), color: RGB(hex: 0x6E8A48), softness: 8)
        c.draw(
            Water(
                horizonY: horizon - 60, farColor: RGB(hex: 0xE2E4CC), nearColor: RGB(hex: 0x6E9AB0),
                reflectivity: 0.75, rippleContrast: 0.05, distortion: 12, sparkle: 0.15, horizonSheen: 0,
                mask: river.mask(pixel: px), seed: 1809))
        c.draw(
            GrainEars(
                area: Rect(minX: -40, minY: 1900, maxX: 3240, maxY: 2450), count: 420, farSize: 30, nearSize: 64,
                colors: [RGB(hex: 0xB9C25E), RGB(hex: 0xA7B957), RGB(hex: 0xCFCB6C)], stem: RGB(hex: 0x7E9A48),
                awn: RGB(hex: 0xD9D79A), lean: 0.12, seed: 1810))
        c.draw(Grain(amount: 0.006))
    }
}
