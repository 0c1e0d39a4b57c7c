import Glibc

/// 雨水, Rain Water: soft spring rain. A grey-blue sky, layers of misty
/// hills dissolving into cloud, and a river winding out of the mist
/// between fresh green banks, its surface pricked by raindrops.
struct YushuiScene: Scene {
    let name = "yushui"

    func paint(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x7E8FA6)), (500, RGB(hex: 0x9DADBF)), (900, RGB(hex: 0xBCC8D0)),
                    (1200, RGB(hex: 0xD6DEDD)),
                ]), mottle: 0.02, seed: 1201))
        c.draw(
            CloudDeck(
                top: -50, bottom: 900, dark: RGB(hex: 0x76849A), light: RGB(hex: 0xB9C4CE),
                rim: RGB(hex: 0xD6DDE2), lightDir: Vec2(0.3, -1), coverage: 0.75, scale: 800, stretch: 2.6,
                opacity: 0.85, seed: 1202))
        c.draw(
            Glow(
                isSkyLight: true, center: Vec2(1700, 820), radius: 700, color: RGB(hex: 0xEEF1EE), strength: 0.25,
                squash: 1.6))

        let mist = RGB(hex: 0xD2DCDA)
        // Hills stepping back into the rain, each paler than the last.
        let layers: [(Float, Float, Float, UInt32, UInt32)] = [
            (1020, 150, 520, 0x9FB2B0, 0xB3C3BF), (1110, 130, 600, 0x8DA89E, 0xA2BAAE),
            (1200, 110, 700, 0x7CA087, 0x92B499),
        ]
        for (i, (y, amp, wl, col, crest)) in layers.enumerated() {
            let h = Hills(
                baseY: y, amplitude: amp, wavelength: wl, seed: 1203 + UInt64(i), color: RGB(hex: col),
                crestColor: RGB(hex: crest), crestDepth: 30, mist: mist, mistAmount: 0.7, mistDepth: 130, texture: 0.01)
            if i == 2 {
                c.draw(
                    Grove(
                        ground: { h.skyline($0) + 8 }, spacing: 34, height: 40...70,
                        palette: [RGB(hex: 0x7AA383), RGB(hex: 0x86AE88), RGB(hex: 0x6F9A7D)],
                        highlight: RGB(hex: 0xB0CDA8), shadow: RGB(hex: 0x5A8470), trunk: RGB(hex: 0x6A7A70),
                        haze: mist, hazeAmount: 0.35, seed: 1210))
            }
            c.draw(h)
            c.draw(
                Mist(centerY: y + 40, thickness: 70, color: mist, opacity: 0.55, wispiness: 0.6, seed: 1206 + UInt64(i))
            )
        }

        // Fresh green banks with the river between them.
        let horizon: Float = 1290
        let banks = Hills(
            baseY: horizon + 20, amplitude: 14, wavelength: 700, seed: 1211, color: RGB(hex: 0x86B664),
            crestColor: RGB(hex: 0xA6CC7C), crestDepth: 30, deepColor: RGB(hex: 0x5E9A4A), deepDepth: 900,
            mist: mist, mistAmount: 0.25, mistDepth: 120)
        c.draw(banks)
        let river = Union(
            a: Stroke(
                from: Vec2(1560, horizon + 14), control: Vec2(1330, 1420), to: Vec2(1640, 1560),
                radiusA: 12, radiusB: 95, segments: 14),
            b: Stroke(
                from: Vec2(1640, 1560), control: Vec2(2080, 1800), to: Vec2(1420, 2560),
                radiusA: 95, radiusB: 560, segments: 16))
        let px = c.pixelSize
        let mask = river.mask(pixel: px)
        // A darker wet edge along the banks.
        c.fill(Translated(shape: river, offset: Vec2(0, -6)), color: RGB(hex: 0x4F7F45), softness: 10)
        c.draw(
            Water(
                horizonY: horizon - 30, farColor: RGB(hex: 0xC9D4D6), nearColor: RGB(hex: 0x7F97A3),
                reflectivity: 0.7, rippleContrast: 0.05, distortion: 14, sparkle: 0, horizonSheen: 0,
                mask: mask, seed: 1212))
        c.draw(
            RainRipples(area: Rect(minX: 900, minY: 1320, maxX: 2400, maxY: 2400), count: 260, mask: mask, seed: 1213))

        // Trees in new leaf on the near banks, framing the river.
        c.draw(Sampan(position: Vec2(1700, 1585), length: 190))
        for (i, (x, h)) in [(Float(520), Float(620)), (2700, 680), (2350, 380)].enumerated() {
            c.draw(
                BroadleafTree(
                    base: Vec2(x, banks.skyline(x) + 120 + h * 0.3), height: h, crownWidth: h * 0.8,
                    crownHeight: h * 0.6,
                    trunkWidth: h * 0.06, bark: RGB(hex: 0x4F4A48), barkShadow: RGB(hex: 0x34302F),
                    foliage: FoliageStyle(
                        palette: [RGB(hex: 0x7DB45A), RGB(hex: 0x8CC064), RGB(hex: 0x9ACB6C)],
                        highlight: RGB(hex: 0xD3EBA0), shadow: RGB(hex: 0x46704C),
                        clumpSize: 0.12, clumps: 34, masses: 0, florets: 6,
                        speckle: 0.25, speckleColor: RGB(hex: 0xC8E59A), openness: 0.25),
                    light: SIMD3(-0.2, -0.8, 0.5), seed: 1214 + UInt64(i)))
        }
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 1500, maxX: 3200, maxY: 2400), tufts: 320, farLength: 16, nearLength: 44,
                colors: [RGB(hex: 0x6FAA55), RGB(hex: 0x5E9A4A), RGB(hex: 0x80B862)], tipColor: RGB(hex: 0xB6D98A),
                allowed: { river.distance($0) > 30 }, seed: 1215))
        c.draw(Mist(centerY: 1330, thickness: 60, color: RGB(hex: 0xE2E8E4), opacity: 0.35, seed: 1216))
        c.draw(Rain(count: 2600, angle: 0.1, length: 60...140, color: RGB(hex: 0xE6ECF2), opacity: 0.3, seed: 1217))
        c.draw(Grain(amount: 0.01))
    }
}
