import Glibc

/// Björn Ottosson's Oklab in its polar form: lightness 0...1, chroma, hue in degrees. The
/// space the terminal scheme is built in: equal steps of L look equal, and a hue keeps its
/// look as lightness and chroma change, so a red nudged toward a picture stays a red.
public struct Oklch: Equatable, Sendable {
    public var lightness: Double
    public var chroma: Double
    public var hue: Double

    public init(lightness: Double, chroma: Double, hue: Double) {
        (self.lightness, self.chroma, self.hue) = (lightness, chroma, Oklch.normalized(hue))
    }

    public init(_ colour: SchemeColour) {
        let (lightness, a, b) = Oklab.fromLinear(colour.linear)
        self.init(lightness: lightness, chroma: (a * a + b * b).squareRoot(), hue: atan2(b, a) * 180 / .pi)
    }

    /// The nearest sRGB colour: chroma is lowered (hue and lightness kept) until it fits.
    public var colour: SchemeColour {
        if let inside = linear(chroma: chroma) {
            return SchemeColour(linearRed: inside.0, green: inside.1, blue: inside.2)
        }
        var (low, high) = (0.0, chroma)
        for _ in 0..<24 {
            let middle = (low + high) / 2
            if linear(chroma: middle) != nil { low = middle } else { high = middle }
        }
        let fitted = linear(chroma: low) ?? (lightness, lightness, lightness)
        return SchemeColour(linearRed: fitted.0, green: fitted.1, blue: fitted.2)
    }

    /// The linear sRGB of this lightness and hue at `chroma`, or nil outside the gamut.
    private func linear(chroma: Double) -> (Double, Double, Double)? {
        let radians = hue * .pi / 180
        let rgb = Oklab.toLinear(lightness, chroma * cos(radians), chroma * sin(radians))
        let tolerance = 1e-7
        guard [rgb.0, rgb.1, rgb.2].allSatisfy({ $0 >= -tolerance && $0 <= 1 + tolerance }) else { return nil }
        return rgb
    }

    /// The same colour with its lightness changed.
    public func with(lightness: Double) -> Oklch {
        Oklch(lightness: min(max(lightness, 0), 1), chroma: chroma, hue: hue)
    }

    static func normalized(_ degrees: Double) -> Double {
        let turned = degrees.truncatingRemainder(dividingBy: 360)
        return turned < 0 ? turned + 360 : turned
    }

    /// The signed turn from `from` to `to`, -180...180 degrees.
    static func turn(from: Double, to: Double) -> Double {
        let difference = normalized(to - from)
        return difference > 180 ? difference - 360 : difference
    }
}

/// Oklab's two matrices and the cube root between them (Ottosson, 2020).
enum Oklab {
    static func fromLinear(_ rgb: (red: Double, green: Double, blue: Double)) -> (Double, Double, Double) {
        let l = cbrt(0.412_221_470_8 * rgb.red + 0.536_332_536_3 * rgb.green + 0.051_445_992_9 * rgb.blue)
        let m = cbrt(0.211_903_498_2 * rgb.red + 0.680_699_545_1 * rgb.green + 0.107_396_956_6 * rgb.blue)
        let s = cbrt(0.088_302_461_9 * rgb.red + 0.281_718_837_6 * rgb.green + 0.629_978_700_5 * rgb.blue)
        return (
            0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
            1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
            0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s
        )
    }

    static func toLinear(_ lightness: Double, _ a: Double, _ b: Double) -> (Double, Double, Double) {
        let l = pow(lightness + 0.396_337_777_4 * a + 0.215_803_757_3 * b, 3)
        let m = pow(lightness - 0.105_561_345_8 * a - 0.063_854_172_8 * b, 3)
        let s = pow(lightness - 0.089_484_177_5 * a - 1.291_485_548_0 * b, 3)
        return (
            4.076_741_662_1 * l - 3.307_711_591_3 * m + 0.230_969_929_2 * s,
            -1.268_438_004_6 * l + 2.609_757_401_1 * m - 0.341_319_396_5 * s,
            -0.004_196_086_3 * l - 0.703_418_614_7 * m + 1.707_614_701_0 * s
        )
    }
}
