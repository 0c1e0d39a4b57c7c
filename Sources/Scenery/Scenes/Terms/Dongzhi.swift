import Glibc

/// 冬至, Winter Solstice: the longest night. A deep blue-violet sky full
/// of stars and a bright moon over a hushed, snowy land; among the pines
/// a house with warm lit windows, the family gathered inside.
struct DongzhiScene: Scene {
    let name = "dongzhi"

    func paint(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x0B1030)), (500, RGB(hex: 0x1C2456)), (950, RGB(hex: 0x34397A)),
                    (1250, RGB(hex: 0x5A5690)),
                    (1400, RGB(hex: 0x7A6EA2)),
                ]), seed: 3201))
        c.draw(Stars(area: Rect(minX: 0, minY: 0, maxX: 3200, maxY: 1200), count: 700, maxRadius: 3.4, seed: 3202))
        let moon = Vec2(2050, 560)
        c.draw(Glow(isSkyLight: true, center: moon, radius: 500, color: RGB(hex: 0x9EA8E0), strength: 0.4))
        c.draw(
            Moon(
                center: moon, radius: 84, color: RGB(hex: 0xF6F2E2), glowColor: RGB(hex: 0xB8C0F0), phase: 0.32,
                litAngle: 2.6, seed: 3203))
        let night = RGB(hex: 0x5A5A92)
        c.draw(
            Mountains(
                peaks: [
                    Peak(x: 700, top: 980, width: 620), Peak(x: 1500, top: 1050, width: 500),
                    Peak(x: 2600, top: 960, width: 700),
                ],
                baseY: 1330, seed: 3204, roughness: 14, jaggedness: 0.3,
                rockLit: RGB(hex: 0x4C4E84), rockShadow: RGB(hex: 0x3A3C6E),
                snowLit: RGB(hex: 0xB4B8E4), snowShadow: RGB(hex: 0x7C80B8), snowLine: 1150,
                mist: night, mistAmount: 0.4, mistHeight: 300, lightFromLeft: false, facets: 0.3))
        c.draw(
            ForestLine(
                kind: .conifer, baseY: 1380, amplitude: 30, treeHeight: 50...110, spacing: 18,
                palette: [RGB(hex: 0x2A2E58), RGB(hex: 0x30345E)], snow: 0.25, snowColor: RGB(hex: 0x8E92C8),
                seed: 3205))
        let snow = Hills(
            baseY: 1480, amplitude: 40, wavelength: 800, mounds: [Mound(x: 1550, width: 1000, height: 80)],
            seed: 3206, color: RGB(hex: 0x8C8EC6), crestColor: RGB(hex: 0xB4B6E2), crestDepth: 40,
            deepColor: RGB(hex: 0x5C5E9A), deepDepth: 800, slopeLight: -0.5)
        c.draw(snow)
        // Warm light spilling from the windows onto the snow.
        let house = Farmhouse(
            base: Vec2(1560, snow.skyline(1560) + 40), width: 460, wallHeight: 190, roofHeight: 120,
            wall: RGB(hex: 0x8A88B4), wallShade: RGB(hex: 0x64628E), roof: RGB(hex: 0x2C2C50),
            roofLight: RGB(hex: 0x3C3C62), wood: RGB(hex: 0x3A2A30), windowLight: RGB(hex: 0xFFB45C),
            snow: 0.85, snowColor: RGB(hex: 0xC8CAEE), seed: 3207)
        c.draw(
            Glow(
                isLampLight: true, center: house.base + Vec2(0, 40), radius: 300, color: RGB(hex: 0xFFA860),
                strength: 0.45, squash: 2.2))
        c.draw(
            ChimneySmoke(
                origin: house.chimneyTop + Vec2(0, 4), height: 500, drift: 160, startWidth: 10, endWidth: 80,
                color: RGB(hex: 0x9A9ACA), opacity: 0.5, seed: 3208))
        c.draw(house)
        let pines: [(Float, Float)] = [(1150, 640), (1960, 700), (2200, 480), (380, 1200), (2880, 1300), (760, 760)]
        for (i, (x, h)) in pines.enumerated() {
            let g = snow.skyline(x) + 50 + (h > 1100 ? 420 : 0)
            c.draw(
                PineTree(
                    base: Vec2(x, g), height: h, width: h * 0.44, tiers: 9, seed: 3209 + UInt64(i),
                    lit: RGB(hex: 0x2A3A5E), shadow: RGB(hex: 0x1A2446), trunk: RGB(hex: 0x2A2230), snow: 0.8,
                    snowLit: RGB(hex: 0xC8CCF0), snowShadow: RGB(hex: 0x8286C0), lightFromLeft: false))
        }
        c.draw(Grain(amount: 0.012))
    }
}
