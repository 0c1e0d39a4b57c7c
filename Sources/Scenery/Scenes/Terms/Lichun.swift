import Glibc

/// 立春, Beginning of Spring: the thaw. A pale dawn, cold blue above and
/// warm at the horizon; the last snow lies in patches on the hillside,
/// first green shoots show where it has melted, and an old plum tree on
/// the knoll carries its first few pale blossoms.
struct LichunScene: Scene {
    let name = "lichun"

    func paint(on c: Canvas) {
        c.draw(
            SkyGradient(
                ramp: ColorRamp([
                    (0, RGB(hex: 0x8FA9CF)), (480, RGB(hex: 0xB3C3DF)), (860, RGB(hex: 0xD9D7E6)),
                    (1120, RGB(hex: 0xF2DDDA)), (1300, RGB(hex: 0xFBE6D2)),
                ]), seed: 1101))
        let sun = Vec2(1180, 1150)
        c.draw(Glow(isSkyLight: true, center: sun, radius: 800, color: RGB(hex: 0xFFE2C6), strength: 0.5, squash: 2))
        c.draw(
            Sun(
                center: sun, radius: 52, core: RGB(hex: 0xFFFCF4), rim: RGB(hex: 0xFFF0DC),
                haloColor: RGB(hex: 0xFFEBD6), glowColor: RGB(hex: 0xFFDCC0), glowRadius: 260, glowStrength: 0.6,
                softness: 12))
        c.draw(
            CloudStreaks(
                centerY: 420, thickness: 70, color: RGB(hex: 0xE9E2EE), opacity: 0.5, coverage: 0.4,
                length: 1200, seed: 1102))
        c.draw(
            CloudStreaks(
                centerY: 930, thickness: 40, color: RGB(hex: 0xF8E2DC), opacity: 0.5, coverage: 0.4,
                length: 900, seed: 1103))

        let haze = RGB(hex: 0xEEE2E4)
        // Far snowy ridges, still white.
        let far = Hills(
            baseY: 1180, amplitude: 120, wavelength: 600, seed: 1104, color: RGB(hex: 0xC2CBE0),
            crestColor: RGB(hex: 0xE4E8F4), crestDepth: 40, mist: haze, mistAmount: 0.55, mistDepth: 160, texture: 0)
        c.draw(far)
        c.draw(
            SnowCover(
                ground: { far.skyline($0) }, cover: 0.7, scale: 260, squash: 2, color: RGB(hex: 0xF1F2F8),
                shadow: RGB(hex: 0xD2D7E8), opacity: 0.8, crestBias: 0.3, seed: 1105))
        c.draw(Mist(centerY: 1230, thickness: 60, color: haze, opacity: 0.5, seed: 1106))
        let mid = Hills(
            baseY: 1330, amplitude: 70, wavelength: 800, seed: 1107, color: RGB(hex: 0x9DAF8C),
            crestColor: RGB(hex: 0xBCC8A4), crestDepth: 40, mist: haze, mistAmount: 0.35, mistDepth: 200)
        c.draw(
            Grove(
                ground: { mid.skyline($0) + 10 }, spacing: 70, height: 40...64,
                palette: [RGB(hex: 0x8C8A8E), RGB(hex: 0x9A8F95), RGB(hex: 0x8F9A86)],
                highlight: RGB(hex: 0xC9C2C8), shadow: RGB(hex: 0x6F6E7E), trunk: RGB(hex: 0x7A7078),
                haze: haze, hazeAmount: 0.3, seed: 1108))
        c.draw(mid)
        c.draw(
            SnowCover(
                ground: { mid.skyline($0) }, cover: 0.45, scale: 260, squash: 6, color: RGB(hex: 0xF4F4FA),
                shadow: RGB(hex: 0xCDD3E4), crestBias: 0.15, seed: 1109))
        c.draw(Mist(centerY: 1380, thickness: 50, color: RGB(hex: 0xF6E8E2), opacity: 0.35, seed: 1110))

        // The hillside of the thaw: thawed grass with melting snow.
        let knoll = Hills(
            baseY: 1720, amplitude: 50, wavelength: 1000, mounds: [Mound(x: 1560, width: 1300, height: 230)],
            seed: 1111, color: RGB(hex: 0x8FAA6A), crestColor: RGB(hex: 0xB9C98A), crestDepth: 70,
            deepColor: RGB(hex: 0x6F8C55), deepDepth: 600, slopeLight: 0.8)
        c.draw(knoll)
        c.draw(
            SnowCover(
                ground: { knoll.skyline($0) }, cover: 0.4, scale: 300, squash: 5, color: RGB(hex: 0xF7F8FC),
                shadow: RGB(hex: 0xC4CDE2), sparkle: 0.4, crestBias: -0.1, seed: 1112))
        c.draw(
            Sprouts(
                area: Rect(minX: 0, minY: 1450, maxX: 3200, maxY: 2000), ground: { knoll.skyline($0) + 8 }, count: 260,
                farSize: 7, nearSize: 18, seed: 1113))

        // The old plum: gnarled, dark, a handful of first flowers.
        let treeBase = Vec2(1560, knoll.skyline(1560) + 20)
        c.draw(
            BareTree(
                base: treeBase, trunkLength: 330, trunkWidth: 84, angle: 0.1, depth: 7, spread: 0.6,
                shrink: 0.78, thin: 0.68, gnarl: 0.3, kinks: 3, upward: 0.3, thirdChild: 0.3,
                bark: RGB(hex: 0x5A4448), barkShadow: RGB(hex: 0x33262C),
                blossom: BlossomStyle(
                    petals: BlossomStyle.palePlum().petals, heart: RGB(hex: 0xF0C060),
                    bud: RGB(hex: 0xD67A90), density: 0.7, budFraction: 0.5, size: 18...26, levels: 3),
                seed: 1119))

        let front = Hills(
            baseY: 2180, amplitude: 50, wavelength: 900, seed: 1115, color: RGB(hex: 0x7C9A5C),
            crestColor: RGB(hex: 0xA2B978), crestDepth: 50, deepColor: RGB(hex: 0x5C7A48), deepDepth: 300,
            slopeLight: 0.8)
        c.draw(front)
        c.draw(
            SnowCover(
                ground: { front.skyline($0) }, cover: 0.3, scale: 420, squash: 5, color: RGB(hex: 0xE8ECF4),
                shadow: RGB(hex: 0xB8C2D8), seed: 1116))
        c.draw(
            Sprouts(
                area: Rect(minX: 0, minY: 2080, maxX: 3200, maxY: 2380), ground: { front.skyline($0) + 10 }, count: 120,
                farSize: 16, nearSize: 26, seed: 1117))
        c.draw(Grain(amount: 0.01))
    }
}
