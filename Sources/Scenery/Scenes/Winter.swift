import Glibc

/// Winter: a cold pale sky, a snowy range whose highest peak stands at the
/// centre and is mirrored in a still lake, snow-laden pines, soft snowfall.
struct WinterScene: Scene {
    let name = "winter"

    func paint(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x7A93C4)), (520, RGB(hex: 0xA0B1D9)), (900, RGB(hex: 0xC7C6E3)),
                    (1200, RGB(hex: 0xE2DAEA)), (1400, RGB(hex: 0xEEE6EE)),
                ]), seed: 401))
        let sunAt = Vec2(2080, 720)
        c.draw(Glow(isSkyLight: true, center: sunAt, radius: 460, color: RGB(hex: 0xFFF0E6), strength: 0.45))
        c.draw(
            Sun(
                center: sunAt, radius: 46, core: RGB(hex: 0xFFFCF6), rim: RGB(hex: 0xFCF3EE),
                haloColor: RGB(hex: 0xFFF4EC), glowColor: RGB(hex: 0xFBE8E4), glowRadius: 200, glowStrength: 0.4,
                softness: 14))
        c.draw(
            CloudStreaks(
                centerY: 880, thickness: 60, color: RGB(hex: 0xEDE6F2), opacity: 0.45, coverage: 0.4,
                length: 1100, seed: 402))

        let mistC = RGB(hex: 0xE4E0EF)
        c.draw(
            Mountains(
                peaks: [
                    Peak(x: 200, top: 960, width: 500), Peak(x: 900, top: 900, width: 520),
                    Peak(x: 2250, top: 880, width: 560), Peak(x: 3000, top: 930, width: 500),
                ],
                baseY: 1330, seed: 41, roughness: 14, jaggedness: 0.3,
                rockLit: RGB(hex: 0xB8BCDF), rockShadow: RGB(hex: 0xA5A9D2),
                snowLit: RGB(hex: 0xEEF0FA), snowShadow: RGB(hex: 0xC9CCE7), snowLine: 1090,
                mist: mistC, mistAmount: 0.55, mistHeight: 380, facets: 0.3))
        c.draw(
            Mountains(
                peaks: [
                    Peak(x: 1600, top: 560, left: 980, right: 860),
                    Peak(x: 620, top: 930, left: 540, right: 520),
                    Peak(x: 2620, top: 860, left: 560, right: 640),
                ],
                baseY: 1480, seed: 42, roughness: 16, jaggedness: 0.3,
                rockLit: RGB(hex: 0x8F96C3), rockShadow: RGB(hex: 0x626A9C),
                snowLit: RGB(hex: 0xFDFDFF), snowShadow: RGB(hex: 0xB4BBE0), snowLine: 1010, gullyDepth: 330,
                mist: mistC, mistAmount: 0.65, mistHeight: 780, facets: 0.5))
        c.draw(Mist(centerY: 1420, thickness: 70, color: RGB(hex: 0xF0ECF5), opacity: 0.55, seed: 43))
        c.draw(
            ForestLine(
                kind: .conifer, baseY: 1500, amplitude: 14, treeHeight: 40...90, spacing: 15,
                palette: [RGB(hex: 0x7D8BB3), RGB(hex: 0x8591B8)], snow: 0.2, snowColor: RGB(hex: 0xDCE0F2),
                mist: mistC, mistAmount: 0.3, mistDepth: 80, seed: 44))
        c.draw(
            Hills(
                baseY: 1530, amplitude: 10, wavelength: 900, seed: 45, color: RGB(hex: 0xE6E9F6),
                crestColor: RGB(hex: 0xF6F7FD), crestDepth: 14))

        // The still lake mirrors the peak; faint ripples, no sun path.
        c.draw(
            Water(
                horizonY: 1545, farColor: RGB(hex: 0xC6D2EC), nearColor: RGB(hex: 0x8FA5D3),
                reflectivity: 0.8, rippleContrast: 0.05, distortion: 10, sparkle: 0.05, horizonSheen: 0.35, seed: 46))

        // Snowy banks close in from both sides, leaving the lake in the middle.
        let banks = Hills(
            baseY: 2500, amplitude: 20, wavelength: 700,
            mounds: [
                Mound(x: 250, width: 1250, height: 880), Mound(x: 3050, width: 1300, height: 900),
                Mound(x: 1600, width: 2200, height: 320),
            ],
            seed: 47, color: RGB(hex: 0xEEF1FB), crestColor: RGB(hex: 0xFCFDFF), crestDepth: 40,
            deepColor: RGB(hex: 0xD0D8F0), deepDepth: 500, slopeLight: 0.8)
        c.draw(
            ForestLine(
                kind: .conifer, baseY: 0, ground: { banks.skyline($0) + 20 }, treeHeight: 110...200, spacing: 30,
                palette: [RGB(hex: 0x4C6183), RGB(hex: 0x566B8C)], density: 0.8, snow: 0.45,
                snowColor: RGB(hex: 0xE9ECF8), fromX: -100, toX: 1050, seed: 48))
        c.draw(
            ForestLine(
                kind: .conifer, baseY: 0, ground: { banks.skyline($0) + 20 }, treeHeight: 110...200, spacing: 30,
                palette: [RGB(hex: 0x4C6183), RGB(hex: 0x566B8C)], density: 0.8, snow: 0.45,
                snowColor: RGB(hex: 0xE9ECF8), fromX: 2200, toX: 3300, seed: 49))
        c.draw(banks)
        // Pines: groups on both banks framing the lake.
        let pines: [(Float, Float)] = [
            (120, 900), (360, 1150), (600, 820), (820, 600), (1010, 430),
            (2230, 460), (2420, 640), (2640, 900), (2880, 1120), (3110, 860),
        ]
        for (i, (x, h)) in pines.enumerated() {
            let g = banks.skyline(x) + 50 + h * 0.1
            c.draw(
                PineTree(
                    base: Vec2(x, g), height: h, width: h * 0.46, tiers: 9, seed: 500 + UInt64(i),
                    lit: RGB(hex: 0x3C6B6A), shadow: RGB(hex: 0x264658), snow: 0.8,
                    snowLit: RGB(hex: 0xFBFCFF), snowShadow: RGB(hex: 0xC3CCEA),
                    groundShadow: RGB(hex: 0xB9C3E6)))
        }
        let front = Hills(
            baseY: 2230, amplitude: 40, wavelength: 900, seed: 50, color: RGB(hex: 0xF1F3FC),
            crestColor: RGB(hex: 0xFFFFFF), crestDepth: 40, deepColor: RGB(hex: 0xCDD5EE), deepDepth: 250,
            slopeLight: 0.8)
        c.draw(front)
        c.draw(Snowfall(small: 1000, medium: 160, bokeh: 26, calmTop: 380, seed: 51))
        c.draw(Grain(amount: 0.01))
    }
}
