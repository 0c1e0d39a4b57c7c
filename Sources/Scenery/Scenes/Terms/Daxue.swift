import Glibc

/// 大雪, Major Snow: heavy snow. A thick fall blots out everything but
/// the nearest trees; pines bow under deep loads, and the snow has piled
/// into soft, deep drifts.
struct DaxueScene: Scene {
    let name = "daxue"

    func paint(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0xA2ADC0)), (500, RGB(hex: 0xC2C9D6)), (1000, RGB(hex: 0xDADEE6)),
                    (1350, RGB(hex: 0xE8EAEF)),
                ]), mottle: 0.02, seed: 3101))
        let mist = RGB(hex: 0xE2E5EC)
        c.draw(
            ForestLine(
                kind: .conifer, baseY: 1150, amplitude: 40, treeHeight: 60...130, spacing: 24,
                palette: [RGB(hex: 0xB8C0CE), RGB(hex: 0xBEC6D2)], snow: 0.5, snowColor: RGB(hex: 0xE0E4EC),
                mist: mist, mistAmount: 0.5, mistDepth: 60, seed: 3102))
        c.draw(Mist(centerY: 1180, thickness: 80, color: mist, opacity: 0.6, seed: 3103))
        c.draw(
            ForestLine(
                kind: .conifer, baseY: 1320, amplitude: 50, treeHeight: 120...240, spacing: 40,
                palette: [RGB(hex: 0x90A0B4), RGB(hex: 0x98A6B8)], density: 0.8, snow: 0.6,
                snowColor: RGB(hex: 0xE8EBF2),
                mist: mist, mistAmount: 0.3, mistDepth: 80, seed: 3104))
        c.draw(Mist(centerY: 1360, thickness: 80, color: mist, opacity: 0.55, seed: 3105))
        let drifts = Hills(
            baseY: 1560, amplitude: 60, wavelength: 700, mounds: [Mound(x: 1500, width: 1200, height: 120)],
            seed: 3106, color: RGB(hex: 0xF2F4F9), crestColor: RGB(hex: 0xFFFFFF), crestDepth: 40,
            deepColor: RGB(hex: 0xC8D0E2), deepDepth: 300, slopeLight: 0.8)
        c.draw(drifts)
        let pines: [(Float, Float)] = [
            (1350, 960), (1660, 1240), (1950, 880), (1100, 620), (2250, 700), (380, 1500), (2850, 1400),
        ]
        for (i, (x, h)) in pines.enumerated() {
            let g = drifts.skyline(x) + 50 + (h > 1300 ? 500 : 0)
            c.draw(
                PineTree(
                    base: Vec2(x, g), height: h, width: h * 0.46, tiers: 9, seed: 3107 + UInt64(i),
                    lit: RGB(hex: 0x3E6670), shadow: RGB(hex: 0x284854), snow: 1.0,
                    snowLit: RGB(hex: 0xFDFDFF), snowShadow: RGB(hex: 0xC4CCE2)))
        }
        let near = Hills(
            baseY: 2150, amplitude: 80, wavelength: 800, seed: 3114, color: RGB(hex: 0xF0F2F8),
            crestColor: RGB(hex: 0xFFFFFF), crestDepth: 50, deepColor: RGB(hex: 0xCDD4E6), deepDepth: 260,
            slopeLight: 0.8)
        c.draw(near)
        c.draw(Mist(centerY: 900, thickness: 500, color: RGB(hex: 0xE6E9F0), opacity: 0.2, wispiness: 0.3, seed: 3115))
        c.draw(Snowfall(small: 1900, medium: 380, bokeh: 44, calmTop: 380, seed: 3116))
        c.draw(Grain(amount: 0.006))
    }
}
