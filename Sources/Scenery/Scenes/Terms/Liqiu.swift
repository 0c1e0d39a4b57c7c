import Glibc

/// 立秋, Beginning of Autumn: "when one wutong leaf falls, all the world
/// knows it is autumn". Summer green still rules under a high, clear sky
/// with thin cirrus, but the great tree on the knoll shows its first
/// yellow, and a few leaves are already on the wind.
struct LiqiuScene: Scene {
    let name = "liqiu"

    func paint(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x1E6FC2)), (520, RGB(hex: 0x4A95D8)), (1000, RGB(hex: 0x9CCBEA)),
                    (1300, RGB(hex: 0xE4F0EE)),
                ]), seed: 2301))
        // High thin cirrus: the sky of early autumn.
        c.draw(
            CloudStreaks(
                centerY: 260, thickness: 90, color: RGB(hex: 0xF4F8FC), opacity: 0.55, coverage: 0.45,
                length: 700, stretch: 14, seed: 2302))
        c.draw(
            CloudStreaks(
                centerY: 560, thickness: 60, color: RGB(hex: 0xEEF5FB), opacity: 0.45, coverage: 0.4,
                length: 900, stretch: 16, seed: 2303))
        c.draw(Glow(isSkyLight: true, center: Vec2(700, 420), radius: 800, color: RGB(hex: 0xFFF8E2), strength: 0.35))

        let haze = RGB(hex: 0xD8E8EA)
        c.draw(
            Hills(
                baseY: 1150, amplitude: 220, wavelength: 520, seed: 2304, color: RGB(hex: 0x8CAACB),
                crestColor: RGB(hex: 0x9EB8D4), crestDepth: 30, mist: haze, mistAmount: 0.55, mistDepth: 220, texture: 0
            ))
        let far = Hills(
            baseY: 1300, amplitude: 50, wavelength: 700, seed: 2305, color: RGB(hex: 0x6E9E74),
            crestColor: RGB(hex: 0x8AB482), crestDepth: 30, mist: haze, mistAmount: 0.35, mistDepth: 120)
        c.draw(
            Grove(
                ground: { far.skyline($0) + 8 }, spacing: 40, height: 40...66,
                palette: [RGB(hex: 0x5E9866), RGB(hex: 0x6AA46C), RGB(hex: 0x8EAE5E), RGB(hex: 0x669E68)],
                highlight: RGB(hex: 0xC8E29A), shadow: RGB(hex: 0x3E7258), haze: haze, hazeAmount: 0.25, seed: 2306))
        c.draw(far)
        let mid = Hills(
            baseY: 1470, amplitude: 60, wavelength: 900, seed: 2307, color: RGB(hex: 0x7AAE58),
            crestColor: RGB(hex: 0xA6CC74), crestDepth: 50, deepColor: RGB(hex: 0x5E9648), deepDepth: 400,
            slopeLight: 0.6)
        c.draw(
            Grove(
                ground: { mid.skyline($0) + 14 }, spacing: 160, height: 80...120,
                palette: [RGB(hex: 0x5C9A4C), RGB(hex: 0x6AA652), RGB(hex: 0xB7B84E)],
                highlight: RGB(hex: 0xD8EA92), shadow: RGB(hex: 0x3A6A40), seed: 2308))
        c.draw(mid)
        let knoll = Hills(
            baseY: 1880, amplitude: 40, wavelength: 1000, mounds: [Mound(x: 1620, width: 1200, height: 200)],
            seed: 2309, color: RGB(hex: 0x6EA84E), crestColor: RGB(hex: 0xA4D070), crestDepth: 70,
            deepColor: RGB(hex: 0x4C8A40), deepDepth: 600, slopeLight: 0.8)
        c.draw(knoll)
        let treeBase = Vec2(1620, knoll.skyline(1620) + 20)
        var f = FoliageStyle.summer()
        f.palette = [
            RGB(hex: 0x3F8A3A), RGB(hex: 0x4C9A3C), RGB(hex: 0x5AA641), RGB(hex: 0x6AB247), RGB(hex: 0xD7C04A),
            RGB(hex: 0xE8CF58),
        ]
        f.colorByLight = 0
        c.draw(
            Leaves(
                scatter: Scatter(area: Rect(minX: 1100, minY: treeBase.y - 30, maxX: 2200, maxY: treeBase.y + 80)),
                count: 14, size: 14...22, colors: [RGB(hex: 0xE0C24E), RGB(hex: 0xD4A844)], mapleFraction: 0,
                nearFraction: 0, lying: true, seed: 2310))
        c.draw(
            BroadleafTree(
                base: treeBase, height: 1120, crownWidth: 1080, crownHeight: 720, trunkWidth: 76,
                bark: RGB(hex: 0x6A6250), barkShadow: RGB(hex: 0x3E3A30), foliage: f, lean: 30,
                groundShadow: RGB(hex: 0x8AB476), seed: 2311))
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 1700, maxX: 3200, maxY: 2420), tufts: 360, farLength: 18, nearLength: 50,
                colors: [RGB(hex: 0x6AA84C), RGB(hex: 0x5A983F), RGB(hex: 0x8AB854)], tipColor: RGB(hex: 0xD2DC86),
                ground: { knoll.skyline($0) }, seed: 2312))
        // The first leaves on the wind.
        c.draw(
            Leaves(
                scatter: Scatter(
                    area: Rect(minX: 1000, minY: 500, maxX: 2800, maxY: 1700),
                    focus: Vec2(2100, 1000), focusRadius: 700, focusWeight: 0.6),
                count: 9, size: 24...36, colors: [RGB(hex: 0xE6C44C), RGB(hex: 0xD9B040), RGB(hex: 0xA8B848)],
                mapleFraction: 0, nearFraction: 0.15, seed: 2313))
        c.draw(Grain(amount: 0.01))
    }
}
