import Glibc

/// 小雪, Minor Snow: the first snow. Light flakes drift down over a dark
/// pine forest; the snow has only just begun to settle, a thin white
/// dusting on the branches and the ground.
struct XiaoxueScene: Scene {
    let name = "xiaoxue"

    func paint(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x5E6B80)), (500, RGB(hex: 0x8894A6)), (950, RGB(hex: 0xB4BCC8)),
                    (1300, RGB(hex: 0xD4D8DE)),
                ]), mottle: 0.015, seed: 3001))
        c.draw(
            CloudDeck(
                top: -50, bottom: 700, dark: RGB(hex: 0x5E6A7E), light: RGB(hex: 0x98A2B2), coverage: 0.7,
                scale: 900, stretch: 2.5, opacity: 0.6, seed: 3002))
        let mist = RGB(hex: 0xC8CED8)
        let ridges: [(Float, UInt32, Float)] = [(1000, 0x7E8A9C, 0.65), (1120, 0x5E6E80, 0.5), (1260, 0x3E5262, 0.35)]
        for (i, (y, col, m)) in ridges.enumerated() {
            let h = Hills(
                baseY: y, amplitude: 120 - Float(i) * 20, wavelength: 600 + Float(i) * 100, seed: 3003 + UInt64(i),
                color: RGB(hex: col), mist: mist, mistAmount: m, mistDepth: 100, texture: 0)
            c.draw(
                ForestLine(
                    kind: .conifer, baseY: 0, ground: { h.skyline($0) + 16 }, treeHeight: 50...110 + Float(i) * 20,
                    spacing: 24 + Float(i) * 6, palette: [RGB(hex: col), RGB(hex: col).darker(0.08)], sideLight: 0.05,
                    snow: i == 2 ? 0.03 : 0, snowColor: RGB(hex: 0xDDE2EA), mist: mist, mistAmount: m,
                    mistDepth: 120, seed: 3006 + UInt64(i)))
            c.draw(Mist(centerY: y + 30, thickness: 50, color: mist, opacity: 0.45, seed: 3009 + UInt64(i)))
        }
        let ground = Hills(
            baseY: 1560, amplitude: 50, wavelength: 900, mounds: [Mound(x: 1600, width: 1000, height: 90)],
            seed: 3012, color: RGB(hex: 0xD2D8E0), crestColor: RGB(hex: 0xE8ECF2), crestDepth: 40,
            deepColor: RGB(hex: 0x9AA4B2), deepDepth: 800, texture: 0.04)
        c.draw(ground)
        // Where the thin cover has not closed, the dark ground shows through.
        c.draw(
            SnowCover(
                ground: { ground.skyline($0) + 30 }, cover: 0.3, scale: 260, squash: 6, color: RGB(hex: 0x5A5E54),
                shadow: RGB(hex: 0x8A909A), opacity: 0.5, seed: 3013))
        c.draw(
            Grass(
                area: Rect(minX: 0, minY: 1500, maxX: 3200, maxY: 2420), tufts: 260, farLength: 14, nearLength: 40,
                colors: [RGB(hex: 0x4A5244), RGB(hex: 0x5A6050)], tipColor: RGB(hex: 0xE8ECF2),
                ground: { ground.skyline($0) }, seed: 3022))
        // The pines in front, only lightly dusted.
        let pines: [(Float, Float)] = [
            (1280, 820), (1560, 1100), (1880, 900), (2120, 640), (980, 560), (400, 1300), (2860, 1250),
        ]
        for (i, (x, h)) in pines.enumerated() {
            let g = ground.skyline(x) + 40 + (h > 1200 ? 400 : 0)
            c.draw(
                PineTree(
                    base: Vec2(x, g), height: h, width: h * 0.42, tiers: 9, seed: 3014 + UInt64(i),
                    lit: RGB(hex: 0x2E5448), shadow: RGB(hex: 0x1A3430), trunk: RGB(hex: 0x3A302E), snow: 0.3,
                    snowLit: RGB(hex: 0xF0F3F8), snowShadow: RGB(hex: 0xB8C2D4)))
        }
        c.draw(Snowfall(small: 600, medium: 80, bokeh: 8, calmTop: 380, seed: 3021))
        c.draw(Grain(amount: 0.004))
    }
}
