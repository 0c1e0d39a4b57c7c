import Testing

@testable import Scenery

/// Scenes painted under the real sky: the light by the Sun's altitude, the Sun where its
/// azimuth and altitude fall in the view, the Moon lit on the Sun's side.
@Suite struct SceneLightTests {
    static func light(sun: (Double, Double), moon: (Double, Double) = (-30, 0), lit: Double = 0.5, limb: Double = 0)
        -> SceneLight
    {
        SceneLight(
            sunAltitude: sun.0, sunAzimuth: sun.1, moonAltitude: moon.0, moonAzimuth: moon.1, moonIllumination: lit,
            moonBrightLimbFromZenith: limb)
    }

    static func luminance(_ rgb: [UInt8], at index: Int) -> Double {
        0.2126 * Double(rgb[index * 3]) + 0.7152 * Double(rgb[index * 3 + 1]) + 0.0722 * Double(rgb[index * 3 + 2])
    }

    static func meanLuminance(_ rgb: [UInt8]) -> Double {
        (0..<(rgb.count / 3)).reduce(0) { $0 + luminance(rgb, at: $1) } / Double(rgb.count / 3)
    }

    @Test(arguments: ["winter", "summer", "autumn", "22-dongzhi", "06-guyu"])
    func nightIsDarkerThanDuskAndDuskThanNoon(scene: String) throws {
        let noon = try #require(ScenePainter.paint(scene, width: 160, height: 90, light: Self.light(sun: (50, 180))))
        let dusk = try #require(ScenePainter.paint(scene, width: 160, height: 90, light: Self.light(sun: (-4, 250))))
        let night = try #require(ScenePainter.paint(scene, width: 160, height: 90, light: Self.light(sun: (-40, 0))))
        let (n, d, m) = (Self.meanLuminance(noon), Self.meanLuminance(dusk), Self.meanLuminance(night))
        #expect(m < d && d < n, "\(scene): noon \(n), dusk \(d), night \(m)")
        #expect(m < n * 0.45, "\(scene): night \(m) against noon \(n)")
    }

    /// Summer faces south with its horizon at y 1340: a Sun 20° up at azimuth 165 stands
    /// 15° left of centre and 20° up (35.6 design units a degree), in clear sky.
    @Test func theSunStandsWhereItsAzimuthAndAltitudePutIt() throws {
        let scale: Float = 0.1
        let painted = try #require(
            ScenePainter.paint("summer", width: 320, height: 240, light: Self.light(sun: (20, 165))))
        // The same light with the Sun behind the viewer: what differs is the Sun.
        let behind = try #require(
            ScenePainter.paint("summer", width: 320, height: 240, light: Self.light(sun: (20, 345))))
        let expected = (
            x: (1600 - 15 * SceneView.unitsPerDegree) * scale, y: (1340 - 20 * SceneView.unitsPerDegree) * scale
        )
        let gain = (0..<(320 * 240)).map { Self.luminance(painted, at: $0) - Self.luminance(behind, at: $0) }
        let top = gain.max()!
        let disc = gain.indices.filter { gain[$0] >= top * 0.8 }
        let found = (
            x: Float(disc.map { $0 % 320 }.reduce(0, +)) / Float(disc.count),
            y: Float(disc.map { $0 / 320 }.reduce(0, +)) / Float(disc.count)
        )
        #expect(top > 60)
        #expect(abs(found.x - expected.x) <= 1.5 && abs(found.y - expected.y) <= 1.5, "\(found), expected \(expected)")
    }

    /// A half Moon due south, 30° up, its lit limb 90° from up toward the east (the left):
    /// its left half is bright, its right half the sky's.
    @Test func theMoonIsLitOnTheSideOfItsBrightLimb() throws {
        let scale: Float = 0.25
        let painted = try #require(
            ScenePainter.paint(
                "summer", width: 800, height: 600, light: Self.light(sun: (-30, 0), moon: (30, 180), lit: 0.5, limb: 90)
            ))
        let center = (x: Int(1600 * scale), y: Int((1340 - 30 * SceneView.unitsPerDegree) * scale))
        let offset = Int(30 * scale)
        let left = Self.luminance(painted, at: center.y * 800 + center.x - offset)
        let right = Self.luminance(painted, at: center.y * 800 + center.x + offset)
        #expect(left > 180 && right < left / 2, "left \(left), right \(right)")
    }

    /// Under a cloud deck neither Sun nor stars show, and the deck dims with the night.
    @Test func anOvercastSkyShowsNoLightsAndDims() throws {
        let day = try #require(ScenePainter.paint("yushui", width: 160, height: 120, light: Self.light(sun: (40, 180))))
        let night = try #require(
            ScenePainter.paint(
                "yushui", width: 160, height: 120, light: Self.light(sun: (-40, 0), moon: (40, 180), lit: 1)))
        let topDay = (0..<(160 * 20)).map { Self.luminance(day, at: $0) }.reduce(0, +) / 3200
        let topNight = (0..<(160 * 20)).map { Self.luminance(night, at: $0) }.reduce(0, +) / 3200
        #expect(topNight < topDay * 0.35)
        let brightestAtNight = (0..<(160 * 40)).map { Self.luminance(night, at: $0) }.max()!
        #expect(brightestAtNight < 90, "no Moon through the deck")
    }

    /// 冬至's farmhouse, painted at night, has lit windows at midnight and at dusk, and dark
    /// panes, with no warm light on the snow, at noon: orange pixels (red well above blue)
    /// around the house.
    @Test func theFarmhouseLampsAreLitAtNightOnly() throws {
        func orangePixels(_ light: SceneLight) throws -> Int {
            let (width, height) = (640, 480)
            let rgb = try #require(ScenePainter.paint("dongzhi", width: width, height: height, light: light))
            let scale = Float(height) / 2400
            var count = 0
            for y in Int(1200 * scale)..<Int(1500 * scale) {
                for x in Int(1350 * scale)..<Int(1770 * scale) {
                    let i = (y * width + x) * 3
                    if Int(rgb[i]) - Int(rgb[i + 2]) > 60 { count += 1 }
                }
            }
            return count
        }
        let midnight = try orangePixels(Self.light(sun: (-60, 0), moon: (40, 180), lit: 0.3))
        let dusk = try orangePixels(Self.light(sun: (-5, 240)))
        let noon = try orangePixels(Self.light(sun: (35, 180)))
        #expect(midnight > 200 && dusk > 200, "midnight \(midnight), dusk \(dusk)")
        #expect(noon == 0, "\(noon) orange pixels at noon")
    }

    @Test func aLightIsRoundedAsItIsNamed() {
        let light = Self.light(sun: (12.34, 181.26), moon: (-5.55, 90.04), lit: 0.456, limb: 33.6)
        #expect(light.quantized.sunAltitude == 12.3 && light.quantized.moonIllumination == 0.46)
        #expect(light.key == light.quantized.key)
        #expect(light.key == "s123_1813-m-56_900_46_34")
    }
}
