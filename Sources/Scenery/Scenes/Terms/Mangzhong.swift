import Glibc

/// 芒種, Grain in Ear: the busiest time of the farming year. On one side
/// golden wheat stands ripe for the sickle; on the other, flooded paddies
/// mirror the morning sky while farmers in straw hats set out the rows
/// of rice seedlings.
struct MangzhongScene: Scene {
    let name = "mangzhong"
    /// The farmers at the planting front.
    let subject: ClosedRange<Float>? = 1500...2300

    func paint(on c: Canvas) {
        let horizon: Float = 1200
        paintSky(on: c)

        let haze = RGB(hex: 0xE6ECE0)
        c.draw(
            Hills(
                baseY: horizon - 30, amplitude: 80, wavelength: 600, seed: 1904, color: RGB(hex: 0x8EB6A4),
                crestColor: RGB(hex: 0xA6C8B2), crestDepth: 30, mist: haze, mistAmount: 0.45, mistDepth: 100, texture: 0
            ))
        let land = Hills(baseY: horizon + 14, amplitude: 10, wavelength: 600, seed: 1905, color: RGB(hex: 0xC9A848))
        c.draw(
            Grove(
                ground: { land.skyline($0) + 6 }, spacing: 44, height: 40...70,
                palette: [RGB(hex: 0x5E9A58), RGB(hex: 0x6AA45E)], highlight: RGB(hex: 0xBEE08E),
                shadow: RGB(hex: 0x3E7052),
                haze: haze, hazeAmount: 0.3, seed: 1906))
        c.draw(land)
        let view = GroundPerspective(horizonY: horizon - 30, vanishX: 1700)
        c.draw(
            CropField(
                top: { land.skyline($0) }, view: view, rows: 1.5, base: RGB(hex: 0xD7AE45), lit: RGB(hex: 0xF6D872),
                shade: RGB(hex: 0xA57A2E), haze: haze, hazeAmount: 0.4, waves: 0.55, seed: 1907))
        // The paddies: everything right of a dike that runs toward the
        // vanishing point; planted from the dike outward, the farmers
        // working along the planting front.
        let dikeU: Float = -0.08
        let px = c.pixelSize
        let paddy: (Vec2) -> Float = { p in
            let dy = max(p.y - view.horizonY, 0.5)
            return clamp01(((p.x - view.vanishX) / dy - dikeU - 0.025) * dy / px)
        }
        // The dike: a grassy path between the wheat and the water (the
        // water then covers all but its strip).
        let dike: (Float) -> Float = { x in
            let dx = x - view.vanishX
            let dy = dx / dikeU
            return dx < 0 ? view.horizonY + dy : 1e5
        }
        c.fillProfile(top: dike, bottom: 2400) { p, s in
            let dy = max(p.y - view.horizonY, 0.5)
            let u = (p.x - view.vanishX) / dy
            return u < dikeU + 0.025
                ? mix(RGB(hex: 0x9AB866), RGB(hex: 0x6E9048), clamp01((u - dikeU) / 0.025)) : RGB(hex: 0x6E9048)
        }
        c.draw(
            Water(
                horizonY: horizon + 22, farColor: RGB(hex: 0xDCE8EC), nearColor: RGB(hex: 0x6E9CBC),
                reflectivity: 0.8, rippleContrast: 0.04, distortion: 8, sparkle: 0.1, horizonSheen: 0, mask: paddy,
                seed: 1908))
        // Bunds between the paddies, across the view.
        for z: Float in [6, 3.2, 1.9] {
            let y = view.screen(u: 0, z: z).y
            let w = (y - view.horizonY) * 0.014
            let x0 = view.screen(u: dikeU, z: z).x
            c.fill(
                Polygon([Vec2(x0, y - w), Vec2(3300, y - w * 0.6), Vec2(3300, y + w * 1.4), Vec2(x0, y + w)]),
                color: RGB(hex: 0x7EA45A))
        }
        c.draw(
            Seedlings(
                view: view, uRange: (dikeU + 0.05)...c.byShape(0.55, phone: 0.28), zRange: 1.2...9, rowStep: 0.045,
                depthStep: 0.3, size: 46,
                color: RGB(hex: 0x5E9E44), tip: RGB(hex: 0xA8D868), seed: 1909))
        // The farmers at the planting front, which comes in toward the dike on a narrow
        // canvas so that they stand on it.
        for (u, z, h, f) in [
            (c.byShape(0.62, phone: 0.34), Float(4.2), Float(150), false),
            (c.byShape(0.7, phone: 0.4), 2.6, 170, true), (c.byShape(0.6, phone: 0.32), 6.5, 120, false),
        ] {
            c.draw(
                Farmer(
                    base: view.screen(u: u, z: z), height: h * (view.screen(u: u, z: z).y - view.horizonY) / 250,
                    facingRight: f))
        }
        c.draw(
            GrainEars(
                area: Rect(minX: -40, minY: 1950, maxX: 1500, maxY: 2450), count: 500, farSize: 30, nearSize: 64,
                colors: [RGB(hex: 0xE2B64C), RGB(hex: 0xD6A640), RGB(hex: 0xF0CA62)], stem: RGB(hex: 0xB48A38),
                awn: RGB(hex: 0xF4DA8A), lean: 0.15, seed: 1910))
        c.draw(
            Birds(
                center: Vec2(1900, 700), count: 4, size: 26...38, spread: Vec2(200, 80), color: RGB(hex: 0x34425E),
                seed: 1911))
        c.draw(Grain(amount: 0.01))
    }

    /// The morning sky over the fields: the Sun and two cumulus.
    private func paintSky(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x4C94D8)), (500, RGB(hex: 0x83B9E6)), (950, RGB(hex: 0xC8E0EE)),
                    (1200, RGB(hex: 0xF5EFD6)),
                ]), seed: 1901))
        let sun = Vec2(900, 560)
        c.draw(
            Sun(
                center: sun, radius: 64, haloColor: RGB(hex: 0xFFF4D8), glowColor: RGB(hex: 0xFFE7B0),
                glowRadius: 600, glowStrength: 0.7))
        let cloud = PuffLighting(lit: RGB(hex: 0xFFFFFF), mid: RGB(hex: 0xF6F4EE), shadow: RGB(hex: 0xC4D2E0))
        c.draw(
            Cumulus(
                base: Vec2(2300, 760), width: 760, height: 240, seed: 1902, lighting: cloud,
                underside: RGB(hex: 0xD8DEE2), puffs: 16))
        c.draw(
            Cumulus(
                base: Vec2(1500, 980), width: 420, height: 120, seed: 1903, lighting: cloud,
                underside: RGB(hex: 0xD8DEE2), puffs: 10))
    }
}
