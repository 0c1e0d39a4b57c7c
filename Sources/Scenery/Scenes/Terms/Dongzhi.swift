import Glibc

/// 冬至, Winter Solstice: the longest night. A deep blue-violet sky full
/// of stars and a bright moon over a hushed, snowy land; among the pines
/// a house with warm lit windows, the family gathered inside. Under the real
/// sky by day, the same land in the short day's light: white snow with blue
/// shadows, green pines, a pale winter sky (`SceneView.dayAltitude`).
struct DongzhiScene: Scene {
    let name = "dongzhi"

    func paint(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, c.byDay(RGB(hex: 0x0B1030), RGB(hex: 0x3A74C4))),
                    (500, c.byDay(RGB(hex: 0x1C2456), RGB(hex: 0x6496D2))),
                    (950, c.byDay(RGB(hex: 0x34397A), RGB(hex: 0x9CBDE2))),
                    (1250, c.byDay(RGB(hex: 0x5A5690), RGB(hex: 0xC8DAEE))),
                    (1400, c.byDay(RGB(hex: 0x7A6EA2), RGB(hex: 0xDCE6F2))),
                ]), seed: 3201))
        c.draw(Stars(area: Rect(minX: 0, minY: 0, maxX: 3200, maxY: 1200), count: 700, maxRadius: 3.4, seed: 3202))
        let moon = Vec2(2050, 560)
        c.draw(Glow(isSkyLight: true, center: moon, radius: 500, color: RGB(hex: 0x9EA8E0), strength: 0.4))
        c.draw(
            Moon(
                center: moon, radius: 84, color: RGB(hex: 0xF6F2E2), glowColor: RGB(hex: 0xB8C0F0), phase: 0.32,
                litAngle: 2.6, seed: 3203))
        let mist = c.byDay(RGB(hex: 0x5A5A92), RGB(hex: 0xC4D0E4))
        c.draw(
            Mountains(
                peaks: [
                    Peak(x: 700, top: 980, width: 620), Peak(x: 1500, top: 1050, width: 500),
                    Peak(x: 2600, top: 960, width: 700),
                ],
                baseY: 1330, seed: 3204, roughness: 14, jaggedness: 0.3,
                rockLit: c.byDay(RGB(hex: 0x4C4E84), RGB(hex: 0x8A92B2)),
                rockShadow: c.byDay(RGB(hex: 0x3A3C6E), RGB(hex: 0x5E6688)),
                snowLit: c.byDay(RGB(hex: 0xB4B8E4), RGB(hex: 0xF6F8FE)),
                snowShadow: c.byDay(RGB(hex: 0x7C80B8), RGB(hex: 0xB6C2DE)), snowLine: 1150,
                mist: mist, mistAmount: 0.4, mistHeight: 300, lightFromLeft: false, facets: 0.3))
        c.draw(
            ForestLine(
                kind: .conifer, baseY: 1380, amplitude: 30, treeHeight: 50...110, spacing: 18,
                palette: [
                    c.byDay(RGB(hex: 0x2A2E58), RGB(hex: 0x34524C)), c.byDay(RGB(hex: 0x30345E), RGB(hex: 0x3C5C52)),
                ],
                snow: 0.25, snowColor: c.byDay(RGB(hex: 0x8E92C8), RGB(hex: 0xDDE5F2)),
                seed: 3205))
        let snow = Hills(
            baseY: 1480, amplitude: 40, wavelength: 800, mounds: [Mound(x: 1550, width: 1000, height: 80)],
            seed: 3206, color: c.byDay(RGB(hex: 0x8C8EC6), RGB(hex: 0xE2E9F6)),
            crestColor: c.byDay(RGB(hex: 0xB4B6E2), RGB(hex: 0xFAFCFF)), crestDepth: 40,
            deepColor: c.byDay(RGB(hex: 0x5C5E9A), RGB(hex: 0xB4C0DC)), deepDepth: 800, slopeLight: -0.5)
        c.draw(snow)
        // Warm light spilling from the windows onto the snow.
        let house = Farmhouse(
            base: Vec2(1560, snow.skyline(1560) + 40), width: 460, wallHeight: 190, roofHeight: 120,
            wall: c.byDay(RGB(hex: 0x8A88B4), RGB(hex: 0xD8CDBE)),
            wallShade: c.byDay(RGB(hex: 0x64628E), RGB(hex: 0xA89C8E)),
            roof: c.byDay(RGB(hex: 0x2C2C50), RGB(hex: 0x4A4C5C)),
            roofLight: c.byDay(RGB(hex: 0x3C3C62), RGB(hex: 0x66687A)),
            wood: c.byDay(RGB(hex: 0x3A2A30), RGB(hex: 0x5C4232)),
            windowLight: RGB(hex: 0xFFB45C),
            snow: 0.85, snowColor: c.byDay(RGB(hex: 0xC8CAEE), RGB(hex: 0xF4F7FD)), seed: 3207)
        c.draw(
            Glow(
                isLampLight: true, center: house.base + Vec2(0, 40), radius: 300, color: RGB(hex: 0xFFA860),
                strength: 0.45, squash: 2.2))
        c.draw(
            ChimneySmoke(
                origin: house.chimneyTop + Vec2(0, 4), height: 500, drift: 160, startWidth: 10, endWidth: 80,
                color: c.byDay(RGB(hex: 0x9A9ACA), RGB(hex: 0xD6DAE4)), opacity: 0.5, seed: 3208))
        c.draw(house)
        let pines: [(Float, Float)] = [(1150, 640), (1960, 700), (2200, 480), (380, 1200), (2880, 1300), (760, 760)]
        for (i, (x, h)) in pines.enumerated() {
            let g = snow.skyline(x) + 50 + (h > 1100 ? 420 : 0)
            c.draw(
                PineTree(
                    base: Vec2(x, g), height: h, width: h * 0.44, tiers: 9, seed: 3209 + UInt64(i),
                    lit: c.byDay(RGB(hex: 0x2A3A5E), RGB(hex: 0x2E5C4A)),
                    shadow: c.byDay(RGB(hex: 0x1A2446), RGB(hex: 0x1A3A30)),
                    trunk: c.byDay(RGB(hex: 0x2A2230), RGB(hex: 0x4A3428)), snow: 0.8,
                    snowLit: c.byDay(RGB(hex: 0xC8CCF0), RGB(hex: 0xF8FAFF)),
                    snowShadow: c.byDay(RGB(hex: 0x8286C0), RGB(hex: 0xB4C0DE)), lightFromLeft: false))
        }
        c.draw(Grain(amount: 0.012))
    }
}
