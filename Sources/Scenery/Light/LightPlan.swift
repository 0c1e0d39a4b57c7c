import Glibc

/// What a scene's light does to it, worked out once before it is painted: the sky's
/// colours for the Sun's altitude, how the land is lit relative to the light it was
/// painted in, and the lights themselves (Sun, Moon, stars), which the scene's own are
/// replaced by.
///
/// The sky and the land follow the Sun's altitude through day, golden hour, civil,
/// nautical and astronomical twilight to night, by keyframes a painter would pick:
/// colours, not a radiative model. Moonlight lifts the night by the Moon's height and
/// phase.
final class LightPlan {
    let light: SceneLight
    let view: SceneView
    /// The land's colour multiplier: its light now over the light it was painted in.
    let grade: RGB
    /// The sky's zenith and horizon colours now.
    let zenith: RGB
    let horizon: RGB
    /// How much of the scene's own sky shows through: all of it when the Sun stands
    /// where it was painted, none far from there.
    let sceneSkyWeight: Float
    /// 0 by day, 1 in full night: how many stars show.
    let starlight: Float
    /// 0 by day, 1 from a little after sunset: how much lamps are lit (a farmhouse's
    /// windows, the light they spill on the snow).
    let lamps: Float
    /// The direction toward the light that shapes the land (`ShadedByLight`), nil when
    /// neither the Sun nor a bright enough Moon is up.
    let shapingLight: SIMD3<Float>?
    /// For a scene with a day version (`SceneView.dayAltitude`): 0 while the Sun is more
    /// than 6° down, 1 once it is 4° up; how far its colours have turned to the day's.
    /// Always 0 for any other scene.
    let daylight: Float
    /// The sky as `SkyGradient` painted it, row by row, and its mottling: what is still sky
    /// when the scene is done is known by these.
    var skyRows: [RGB]?
    var skyMottle: (SmoothField, Float)?

    init(_ light: SceneLight, view: SceneView) {
        self.light = light
        self.view = view
        let altitude = Float(light.sunAltitude)
        var now = Self.landLight(altitude)
        if altitude < -6 {
            let moonHeight = clamp01(Float(sin(light.moonAltitude * .pi / 180)) * 2)
            now += RGB(0.10, 0.11, 0.15) * Float(light.moonIllumination) * moonHeight
        }
        daylight = view.dayAltitude == nil ? 0 : smoothstep(-6, 4, altitude)
        // The land's light now over the light its colours were painted in. A scene painted
        // at night cannot be lit to noon, nor a day scene darkened past black: the ratio
        // is kept within what its own colours can show. A night with a day version is
        // never lit up: its day colours, graded against the day's light, bring the day.
        func ratio(paintedAt paintedAltitude: Float, most: Float) -> RGB {
            let ratio = now / Self.landLight(paintedAltitude)
            return RGB(min(ratio.x, most), min(ratio.y, most), min(ratio.z, most))
        }
        var paintedAltitude = view.paintedAltitude
        if let day = view.dayAltitude {
            grade = mix(ratio(paintedAt: view.paintedAltitude, most: 1), ratio(paintedAt: day, most: 1.6), daylight)
            paintedAltitude += (day - paintedAltitude) * daylight
        } else {
            grade = ratio(paintedAt: view.paintedAltitude, most: 1.6)
        }
        (zenith, horizon) = Self.skyColours(altitude)
        sceneSkyWeight = view.overcast ? 1 : exp(-abs(altitude - paintedAltitude) / 6)
        starlight = view.overcast ? 0 : smoothstep(-4, -14, altitude)
        lamps = smoothstep(2, -4, altitude)
        shapingLight = view.overcast ? nil : Self.shapingLight(light, view: view)
    }

    /// Keyframes of the land's light by the Sun's altitude: white by day, warm at golden
    /// hour, blue and dim through twilight, a little starlight at night.
    static let landKeys: [(altitude: Float, light: RGB)] = [
        (-18, RGB(0.07, 0.08, 0.14)), (-14, RGB(0.10, 0.11, 0.19)), (-10, RGB(0.17, 0.18, 0.28)),
        (-6, RGB(0.30, 0.30, 0.42)), (-3, RGB(0.48, 0.44, 0.55)), (0, RGB(0.75, 0.60, 0.55)),
        (3, RGB(0.95, 0.80, 0.62)), (10, RGB(1.0, 0.96, 0.90)), (20, RGB(1, 1, 1)),
    ]

    /// The sky's zenith and horizon colours by the Sun's altitude.
    static let skyKeys: [(altitude: Float, zenith: RGB, horizon: RGB)] = [
        (-18, RGB(hex: 0x070B1F), RGB(hex: 0x141A38)), (-14, RGB(hex: 0x0B1230), RGB(hex: 0x222A52)),
        (-10, RGB(hex: 0x131C42), RGB(hex: 0x3F4373)), (-6, RGB(hex: 0x1F2A5C), RGB(hex: 0x8C6C8A)),
        (-3, RGB(hex: 0x2E3D78), RGB(hex: 0xD9897E)), (0, RGB(hex: 0x3E4F8C), RGB(hex: 0xF39A6B)),
        (3, RGB(hex: 0x4A68A8), RGB(hex: 0xF7B57A)), (10, RGB(hex: 0x3F72BD), RGB(hex: 0xE8D6B8)),
        (20, RGB(hex: 0x2F6FC8), RGB(hex: 0xBFD8F0)),
    ]

    static func landLight(_ altitude: Float) -> RGB {
        interpolate(landKeys.map { ($0.altitude, $0.light) }, at: altitude)
    }

    static func skyColours(_ altitude: Float) -> (RGB, RGB) {
        (
            interpolate(skyKeys.map { ($0.altitude, $0.zenith) }, at: altitude),
            interpolate(skyKeys.map { ($0.altitude, $0.horizon) }, at: altitude)
        )
    }

    static func interpolate(_ keys: [(Float, RGB)], at x: Float) -> RGB {
        if x <= keys[0].0 { return keys[0].1 }
        for index in 1..<keys.count where x <= keys[index].0 {
            let (a, b) = (keys[index - 1], keys[index])
            return mix(a.1, b.1, smoothstep(a.0, b.0, x))
        }
        return keys[keys.count - 1].1
    }

    /// The sky at design height `y`, given the scene's own sky there: under a cloud deck
    /// the scene's own, lit as the land is.
    func sky(at y: Float, scene: RGB) -> RGB {
        if view.overcast { return scene * grade }
        let t = clamp01(y / view.horizonY)
        let own = mix(zenith, horizon, pow(t, 1.6))
        return mix(own, scene, sceneSkyWeight)
    }

}
