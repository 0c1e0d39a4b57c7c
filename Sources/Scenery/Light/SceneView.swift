/// How a scene looks out at the sky: the way it faces, where its horizon lies, the Sun's
/// altitude it was painted under, and whether its sky is a cloud deck. Real light is put
/// in the scene by these: the Sun stands where its azimuth and altitude fall in the view,
/// and the land is lit relative to the light it was painted in.
struct SceneView {
    /// The azimuth the view looks along, degrees from north through east.
    var facing: Float = 180
    /// The design y of the horizon, where a setting Sun goes down.
    var horizonY: Float = 1350
    /// The Sun's altitude the scene's own colours were painted for, degrees.
    var paintedAltitude: Float = 25
    /// A sky of cloud: no Sun, Moon or stars show, and the sky dims with the land.
    var overcast = false
    /// For a scene painted at night, the Sun's altitude its day colours are painted for:
    /// under the real sky its colours turn from the night's to the day's as the Sun
    /// rises (`Canvas.byDay`), so its noon is a day, not the night lit up.
    var dayAltitude: Float? = nil

    /// Design units per degree of sky: the grid's 3200 units span 90°.
    static let unitsPerDegree: Float = 3200 / 90

    /// Each scene's view, by name; a scene not listed faces south under a day sky.
    static func of(_ name: String) -> SceneView {
        views[name] ?? SceneView()
    }

    static let views: [String: SceneView] = [
        "spring": SceneView(facing: 110, horizonY: 1330, paintedAltitude: 7.6),
        "summer": SceneView(facing: 180, horizonY: 1340, paintedAltitude: 21),
        "autumn": SceneView(facing: 250, horizonY: 1330, paintedAltitude: 5.6),
        "winter": SceneView(facing: 170, horizonY: 1545, paintedAltitude: 23),
        "lichun": SceneView(facing: 110, horizonY: 1330, paintedAltitude: 5),
        "yushui": SceneView(horizonY: 1290, paintedAltitude: 25, overcast: true),
        "jingzhe": SceneView(horizonY: 1290, paintedAltitude: 20, overcast: true),
        "chunfen": SceneView(horizonY: 1330, paintedAltitude: 17),
        "qingming": SceneView(horizonY: 1360, paintedAltitude: 30),
        "guyu": SceneView(horizonY: 1300, paintedAltitude: 25, overcast: true),
        "lixia": SceneView(horizonY: 1330, paintedAltitude: 27),
        "xiaoman": SceneView(horizonY: 1180, paintedAltitude: 16),
        "mangzhong": SceneView(horizonY: 1200, paintedAltitude: 18),
        "xiazhi": SceneView(horizonY: 1230, paintedAltitude: 25),
        "xiaoshu": SceneView(horizonY: 1320, paintedAltitude: 31),
        "dashu": SceneView(horizonY: 1300, paintedAltitude: 22),
        "liqiu": SceneView(horizonY: 1350, paintedAltitude: 26),
        "chushu": SceneView(facing: 250, horizonY: 1250, paintedAltitude: 4.5),
        "bailu": SceneView(facing: 120, horizonY: 1300, paintedAltitude: 11),
        "qiufen": SceneView(facing: 100, horizonY: 1280, paintedAltitude: -12, dayAltitude: 25),
        "hanlu": SceneView(horizonY: 1330, paintedAltitude: 20),
        "shuangjiang": SceneView(facing: 120, horizonY: 1330, paintedAltitude: 2),
        "lidong": SceneView(horizonY: 1280, paintedAltitude: 10, overcast: true),
        "xiaoxue": SceneView(horizonY: 1300, paintedAltitude: 15, overcast: true),
        "daxue": SceneView(horizonY: 1300, paintedAltitude: 15, overcast: true),
        "dongzhi": SceneView(horizonY: 1350, paintedAltitude: -30, dayAltitude: 20),
        "xiaohan": SceneView(horizonY: 1300, paintedAltitude: 9.6),
        "dahan": SceneView(facing: 200, horizonY: 1450, paintedAltitude: 18),
    ]

    /// Where a direction in the sky falls on the design plane, and whether it is in front
    /// of the viewer at all (within 100° either side of the way the scene faces).
    func point(altitude: Double, azimuth: Double) -> Vec2? {
        var offset = Float(azimuth) - facing
        offset = offset.truncatingRemainder(dividingBy: 360)
        if offset > 180 { offset -= 360 }
        if offset < -180 { offset += 360 }
        guard abs(offset) < 100 else { return nil }
        return Vec2(1600 + offset * Self.unitsPerDegree, horizonY - Float(altitude) * Self.unitsPerDegree)
    }
}
