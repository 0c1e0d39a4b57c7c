/// Material's HCT: CAM16's hue and chroma with CIE L* as tone. A colour of a given tone
/// has the same contrast with another whatever its hue, which is what Material's roles
/// are built on.
public struct HCT: Equatable, Sendable {
    public var hue: Double
    public var chroma: Double
    public var tone: Double

    public init(_ colour: SchemeColour) {
        let (red, green, blue) = colour.linear
        let xyz = Matrix3.linearSRGBToXYZ.times((red * 100, green * 100, blue * 100))
        let appearance = CAM16(x: xyz.0, y: xyz.1, z: xyz.2)
        (hue, chroma, tone) = (appearance.hue, appearance.chroma, Lightness.lstar(fromY: xyz.1))
    }

    /// The sRGB colour of this hue and tone with the chroma asked for, or, where that chroma
    /// is outside sRGB, the most chromatic one inside it (as Material's solver answers).
    public static func colour(hue: Double, chroma: Double, tone: Double) -> SchemeColour {
        let y = Lightness.y(fromLstar: tone)
        guard chroma >= 1e-4, tone >= 1e-4, tone <= 99.9999 else { return grey(y: y) }
        if let inside = linear(hue: hue, chroma: chroma, y: y) {
            return SchemeColour(linearRed: inside.0, green: inside.1, blue: inside.2)
        }
        var (low, high) = (0.0, chroma)
        for _ in 0..<30 {
            let middle = (low + high) / 2
            if linear(hue: hue, chroma: middle, y: y) != nil { low = middle } else { high = middle }
        }
        guard let edge = linear(hue: hue, chroma: low, y: y) else { return grey(y: y) }
        return SchemeColour(linearRed: edge.0, green: edge.1, blue: edge.2)
    }

    private static func grey(y: Double) -> SchemeColour {
        SchemeColour(linearRed: y / 100, green: y / 100, blue: y / 100)
    }

    /// Linear sRGB of the hue and chroma whose luminance is `y`, found by bisecting CAM16's
    /// lightness J (luminance rises with J at a fixed hue and chroma); nil outside sRGB.
    private static func linear(hue: Double, chroma: Double, y: Double) -> (Double, Double, Double)? {
        var (low, high) = (0.0, 100.0)
        var found = (0.0, 0.0, 0.0)
        for _ in 0..<44 {
            let lightness = (low + high) / 2
            found = CAM16.xyz(hue: hue, chroma: chroma, lightness: lightness)
            if found.1.isNaN { return nil }
            if found.1 < y { low = lightness } else { high = lightness }
        }
        guard abs(found.1 - y) < 0.002 * max(y, 1) else { return nil }
        let rgb = Matrix3.xyzToLinearSRGB.times((found.0 / 100, found.1 / 100, found.2 / 100))
        let tolerance = 1e-5
        guard [rgb.0, rgb.1, rgb.2].allSatisfy({ $0 >= -tolerance && $0 <= 1 + tolerance }) else { return nil }
        return rgb
    }
}
