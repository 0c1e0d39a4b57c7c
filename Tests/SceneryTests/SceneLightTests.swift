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

    /// A tree on a white ground, painted under a Sun 15° up to the left of the view
    /// (facing south, the Sun in the south-east) and to the right of it (south-west).
    static func paintedTree(sunAzimuth: Double) -> Canvas {
        let canvas = Canvas(width: 320, height: 240)
        canvas.lighting = LightPlan(Self.light(sun: (15, sunAzimuth)), view: SceneView())
        for index in 0..<(canvas.width * canvas.height) { canvas.pixels[index] = RGB(1, 1, 1) }
        canvas.draw(
            BroadleafTree(
                base: Vec2(1600, 2000), height: 1400, crownWidth: 1200, crownHeight: 800, trunkWidth: 90,
                foliage: .summer(), groundShadow: RGB(0.3, 0.3, 0.3), seed: 7))
        return canvas
    }

    static func brightness(_ canvas: Canvas, columns: Range<Int>, rows: Range<Int>) -> Float {
        var sum: Float = 0
        for y in rows {
            for x in columns { sum += (canvas.pixels[y * canvas.width + x] * RGB(0.2126, 0.7152, 0.0722)).sum() }
        }
        return sum / Float(columns.count * rows.count)
    }

    /// Under the real sky a tree is lit on the Sun's side, and its shadow falls on the
    /// other: the crown's left half is the brighter under a Sun on the left, the right
    /// half under one on the right; the ground's shadow lies right of the trunk, then left.
    @Test func aTreeIsLitOnTheSunsSideAndCastsItsShadowAway() {
        let morning = Self.paintedTree(sunAzimuth: 125)
        let afternoon = Self.paintedTree(sunAzimuth: 235)
        // The crown spans columns 100 to 220 and rows 60 to 140 (design 1000-2200, 600-1400).
        func leftOverRight(_ canvas: Canvas) -> Float {
            Self.brightness(canvas, columns: 105..<160, rows: 70..<130)
                - Self.brightness(canvas, columns: 160..<215, rows: 70..<130)
        }
        #expect(leftOverRight(morning) > 0.02, "\(leftOverRight(morning))")
        #expect(leftOverRight(afternoon) < -0.02, "\(leftOverRight(afternoon))")
        // The shadow at the foot, rows 200 to 206: darker right of the trunk in the morning.
        func shadowLeftOverRight(_ canvas: Canvas) -> Float {
            Self.brightness(canvas, columns: 120..<155, rows: 200..<206)
                - Self.brightness(canvas, columns: 165..<200, rows: 200..<206)
        }
        #expect(shadowLeftOverRight(morning) > 0.01, "\(shadowLeftOverRight(morning))")
        #expect(shadowLeftOverRight(afternoon) < -0.01, "\(shadowLeftOverRight(afternoon))")
    }

    /// A lake under the real sky, the scene's own glitter path at the centre: its sum of
    /// brightness, column by column, over the water's rows 150 to 200.
    static func lakeColumns(_ light: SceneLight) -> [Float] {
        let canvas = Canvas(width: 320, height: 240)
        canvas.lighting = LightPlan(light, view: SceneView())
        for index in 0..<(canvas.width * canvas.height) { canvas.pixels[index] = RGB(0.5, 0.6, 0.8) }
        canvas.draw(
            Water(
                horizonY: 1350, farColor: RGB(hex: 0x6FB6E2), nearColor: RGB(hex: 0x165A9E), glitterX: 1600,
                seed: 3))
        return (0..<320).map { x in
            (150..<200).reduce(Float(0)) { sum, y in
                sum + (canvas.pixels[y * 320 + x] * RGB(0.2126, 0.7152, 0.0722)).sum()
            }
        }
    }

    /// The glitter lies under the Sun where it stands, not where the scene put it: a Sun
    /// 15° left of the view's centre (facing south, at azimuth 165) stands at design x
    /// 1066, column 107 here; behind the viewer it makes no path. By night the Moon's path
    /// lies under the Moon, 20° right of centre: design x 2311, column 231.
    @Test func theGlitterPathLiesUnderTheSunOrTheMoon() {
        func brightest(_ light: SceneLight, over plain: SceneLight) -> (column: Int, gain: Float) {
            let lit = Self.lakeColumns(light)
            let unlit = Self.lakeColumns(plain)
            let gain = zip(lit, unlit).map { $0 - $1 }
            let column = gain.indices.max { gain[$0] < gain[$1] }!
            return (column, gain[column])
        }
        let sun = brightest(Self.light(sun: (20, 165)), over: Self.light(sun: (20, 345)))
        #expect(abs(sun.column - 107) <= 6 && sun.gain > 5, "\(sun)")
        let moon = brightest(
            Self.light(sun: (-40, 0), moon: (25, 200), lit: 0.9),
            over: Self.light(sun: (-40, 0), moon: (25, 20), lit: 0.9))
        #expect(abs(moon.column - 231) <= 6 && moon.gain > 2, "\(moon)")
    }

    /// 冬至 and 秋分 are painted at night; by day under the real sky they have day colours,
    /// not the night lit up: 冬至's snow (the bottom sixth) is white in blue shade by noon, violet
    /// at midnight; 秋分's far trees (a band just below its horizon at 1280) are green by
    /// noon, grey-violet at night.
    @Test func aNightSceneHasADayVersion() throws {
        func mean(_ scene: String, _ light: SceneLight, rows: Range<Int>) throws -> (r: Double, g: Double, b: Double) {
            let rgb = try #require(ScenePainter.paint(scene, width: 320, height: 240, light: light))
            var sum = (r: 0.0, g: 0.0, b: 0.0)
            for y in rows {
                for x in 0..<320 {
                    let i = (y * 320 + x) * 3
                    sum = (sum.r + Double(rgb[i]), sum.g + Double(rgb[i + 1]), sum.b + Double(rgb[i + 2]))
                }
            }
            let n = Double(rows.count * 320)
            return (sum.r / n, sum.g / n, sum.b / n)
        }
        let noon = Self.light(sun: (35, 180))
        let midnight = Self.light(sun: (-50, 0), moon: (30, 160), lit: 0.4)
        let dayDongzhi = try mean("dongzhi", noon, rows: 200..<240)
        let nightDongzhi = try mean("dongzhi", midnight, rows: 200..<240)
        #expect(dayDongzhi.g > 180 && dayDongzhi.b - dayDongzhi.r < 45, "\(dayDongzhi)")
        #expect(nightDongzhi.b - nightDongzhi.r > 30 && nightDongzhi.g < 150, "\(nightDongzhi)")
        let dayQiufen = try mean("qiufen", noon, rows: 124..<127)
        let nightQiufen = try mean("qiufen", midnight, rows: 124..<127)
        #expect(dayQiufen.g > dayQiufen.r && dayQiufen.g > dayQiufen.b, "\(dayQiufen)")
        #expect(nightQiufen.b > nightQiufen.g, "\(nightQiufen)")
    }

    @Test func aLightIsRoundedAsItIsNamed() {
        let light = Self.light(sun: (12.34, 181.26), moon: (-5.55, 90.04), lit: 0.456, limb: 33.6)
        #expect(light.quantized.sunAltitude == 12.3 && light.quantized.moonIllumination == 0.46)
        #expect(light.key == light.quantized.key)
        #expect(light.key == "s123_1813-m-56_900_46_34")
    }
}
