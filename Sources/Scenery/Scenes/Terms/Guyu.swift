import Glibc

/// 穀雨, Grain Rain: the rain that makes the grain grow. Misty green
/// mountains above a valley of flooded rice terraces, each step a silver
/// mirror of the sky dotted with young seedlings, soft rain falling, and
/// pink peonies in bloom on the terrace bank.
struct GuyuScene: Scene {
    let name = "guyu"

    func paint(on c: Canvas) {
        let sky = ColorRamp([
            (0, RGB(hex: 0x8FA6B4)), (500, RGB(hex: 0xAFC2C8)), (900, RGB(hex: 0xCCD9D6)), (1150, RGB(hex: 0xE0E7DE)),
        ])
        c.draw(SkyGradient(ramp: sky, mottle: 0.02, seed: 1601))
        c.draw(
            CloudDeck(
                top: -50, bottom: 700, dark: RGB(hex: 0x8496A6), light: RGB(hex: 0xC7D3D6), rim: RGB(hex: 0xE4EAE6),
                coverage: 0.7, scale: 800, stretch: 2.8, opacity: 0.8, seed: 1602))
        let mist = RGB(hex: 0xDCE5DF)
        c.draw(
            Hills(
                baseY: 900, amplitude: 260, wavelength: 520, seed: 1603, color: RGB(hex: 0x9DB4AE),
                crestColor: RGB(hex: 0xAEC2BA), crestDepth: 30, mist: mist, mistAmount: 0.7, mistDepth: 200, texture: 0)
        )
        c.draw(Mist(centerY: 850, thickness: 90, color: mist, opacity: 0.5, wispiness: 0.7, seed: 1613))
        c.draw(
            Hills(
                baseY: 1040, amplitude: 200, wavelength: 600, seed: 1614, color: RGB(hex: 0x84A496),
                crestColor: RGB(hex: 0x98B6A2), crestDepth: 30, mist: mist, mistAmount: 0.65, mistDepth: 180, texture: 0
            ))
        c.draw(Mist(centerY: 900, thickness: 90, color: mist, opacity: 0.45, wispiness: 0.7, seed: 1604))
        let ridge = Hills(
            baseY: 1140, amplitude: 120, wavelength: 700, seed: 1605, color: RGB(hex: 0x6F9A7A),
            crestColor: RGB(hex: 0x86AE88), crestDepth: 30, mist: mist, mistAmount: 0.55, mistDepth: 160)
        c.draw(
            Grove(
                ground: { ridge.skyline($0) + 8 }, spacing: 30, height: 36...60,
                palette: [RGB(hex: 0x6E9C78), RGB(hex: 0x7BA882)], highlight: RGB(hex: 0xACCFA4),
                shadow: RGB(hex: 0x4F7A64),
                haze: mist, hazeAmount: 0.35, seed: 1606))
        c.draw(ridge)
        c.draw(Mist(centerY: 1150, thickness: 70, color: mist, opacity: 0.6, seed: 1607))

        // The terraces mirror the pale sky; nearer steps reflect higher sky.
        let water = ColorRamp([
            (1120, RGB(hex: 0xE6ECE4)), (1500, RGB(hex: 0xD6E0DD)), (2000, RGB(hex: 0xAFC2C6)),
            (2400, RGB(hex: 0x8AA2AC)),
        ])
        c.draw(
            Terraces(
                firstY: 1130, count: 17, crowding: 1.9, farAmplitude: 70, nearAmplitude: 440, wavelength: 800,
                waterShare: 0.74, reflection: water, wall: RGB(hex: 0x5E7A4C), wallShadow: RGB(hex: 0x3E5438),
                lip: RGB(hex: 0x9CC070), haze: mist, hazeAmount: 0.6, planted: 0.45, seedling: RGB(hex: 0x8BBF5A),
                seed: 1608))
        // Peonies on the bank of a middle terrace.
        for (i, (x, y, w)) in [
            (Float(1320), Float(1520), Float(360)), (1760, 1560, 440), (2620, 1500, 300), (560, 1540, 320),
        ].enumerated() {
            c.draw(
                FlowerBush(
                    bloom: .peony, base: Vec2(x, y), width: w, flowers: 6, flowerSize: w * 0.2...w * 0.28,
                    colors: [RGB(hex: 0xEE8AB0), RGB(hex: 0xF4A7C3), RGB(hex: 0xE06A98)],
                    leaf: RGB(hex: 0x4E7A44), leafLight: RGB(hex: 0x8BB064), leafShadow: RGB(hex: 0x2E4A34),
                    seed: 1609 + UInt64(i)))
        }
        c.draw(Rain(count: 800, angle: 0.08, length: 70...150, color: RGB(hex: 0xF0F4F4), opacity: 0.32, seed: 1612))
        c.draw(Grain(amount: 0.003))
    }
}
