/// The sky a scene is painted under: where the Sun and the Moon stand for the place and
/// hour (from Almanac's `Sky`, which this module does not know), in degrees.
public struct SceneLight: Sendable, Hashable {
    /// The Sun's apparent altitude and its azimuth from north through east.
    public var sunAltitude: Double
    public var sunAzimuth: Double
    public var moonAltitude: Double
    public var moonAzimuth: Double
    /// The lit fraction of the Moon's disc, 0 to 1.
    public var moonIllumination: Double
    /// The lit limb's angle from "up" at the Moon, positive toward the east, which on the
    /// sky seen from below is to the left.
    public var moonBrightLimbFromZenith: Double

    public init(
        sunAltitude: Double, sunAzimuth: Double, moonAltitude: Double, moonAzimuth: Double, moonIllumination: Double,
        moonBrightLimbFromZenith: Double
    ) {
        self.sunAltitude = sunAltitude
        self.sunAzimuth = sunAzimuth
        self.moonAltitude = moonAltitude
        self.moonAzimuth = moonAzimuth
        self.moonIllumination = moonIllumination
        self.moonBrightLimbFromZenith = moonBrightLimbFromZenith
    }

    /// The light rounded as far as the eye can tell (a tenth of a degree, a hundredth of
    /// the Moon's phase, a degree of its tilt). Scenes are painted under this, so a
    /// painting is a function of its `key`, which names it when it is kept.
    public var quantized: SceneLight {
        func tenths(_ value: Double) -> Double { (value * 10).rounded() / 10 }
        return SceneLight(
            sunAltitude: tenths(sunAltitude), sunAzimuth: tenths(sunAzimuth), moonAltitude: tenths(moonAltitude),
            moonAzimuth: tenths(moonAzimuth), moonIllumination: (moonIllumination * 100).rounded() / 100,
            moonBrightLimbFromZenith: moonBrightLimbFromZenith.rounded())
    }

    /// The quantized light as a file-name word.
    public var key: String {
        func tenths(_ value: Double) -> String { String(Int((value * 10).rounded())) }
        return "s\(tenths(sunAltitude))_\(tenths(sunAzimuth))-m\(tenths(moonAltitude))_\(tenths(moonAzimuth))_"
            + "\(Int((moonIllumination * 100).rounded()))_\(Int(moonBrightLimbFromZenith.rounded()))"
    }
}
