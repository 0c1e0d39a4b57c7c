import Glibc

/// CAM16 (Li et al., 2017), the colour appearance model Material's HCT takes its hue and
/// chroma from, under the viewing conditions Material uses: D65 white, an adapting
/// luminance of 200/π × Y(L* 50) cd/m², a mid-grey background (L* 50), an average surround,
/// the illuminant not discounted.
struct CAM16 {
    var hue: Double
    var chroma: Double
    /// Lightness J.
    var lightness: Double

    /// The appearance of a colour given as CIE XYZ, Y on 0...100.
    init(x: Double, y: Double, z: Double) {
        let conditions = ViewingConditions.standard
        let cone = Matrix3.xyzToCAM16.times((x, y, z))
        let adapted = (
            Self.compressed(conditions.rgbD.0 * cone.0, conditions),
            Self.compressed(conditions.rgbD.1 * cone.1, conditions),
            Self.compressed(conditions.rgbD.2 * cone.2, conditions)
        )
        let a = (11 * adapted.0 - 12 * adapted.1 + adapted.2) / 11
        let b = (adapted.0 + adapted.1 - 2 * adapted.2) / 9
        let u = (20 * adapted.0 + 20 * adapted.1 + 21 * adapted.2) / 20
        let p2 = (40 * adapted.0 + 20 * adapted.1 + adapted.2) / 20
        hue = Oklch.normalized(atan2(b, a) * 180 / .pi)
        let achromatic = p2 * conditions.nbb
        lightness = 100 * pow(achromatic / conditions.aw, conditions.c * conditions.z)
        let eccentricity = 0.25 * (cos(hue * .pi / 180 + 2) + 3.8)
        let p1 = 50_000 / 13 * eccentricity * conditions.nc * conditions.ncb
        let t = p1 * (a * a + b * b).squareRoot() / (u + 0.305)
        let alpha = pow(1.64 - pow(0.29, conditions.n), 0.73) * pow(t, 0.9)
        chroma = alpha * (lightness / 100).squareRoot()
    }

    /// The XYZ (Y on 0...100) that has this hue, chroma and lightness J.
    static func xyz(hue: Double, chroma: Double, lightness: Double) -> (Double, Double, Double) {
        let conditions = ViewingConditions.standard
        let alpha = chroma == 0 || lightness == 0 ? 0 : chroma / (lightness / 100).squareRoot()
        let t = pow(alpha / pow(1.64 - pow(0.29, conditions.n), 0.73), 1 / 0.9)
        let radians = hue * .pi / 180
        let eccentricity = 0.25 * (cos(radians + 2) + 3.8)
        let achromatic = conditions.aw * pow(lightness / 100, 1 / conditions.c / conditions.z)
        let p1 = eccentricity * (50_000 / 13) * conditions.nc * conditions.ncb
        let p2 = achromatic / conditions.nbb
        let (sine, cosine) = (sin(radians), cos(radians))
        let gamma = 23 * (p2 + 0.305) * t / (23 * p1 + 11 * t * cosine + 108 * t * sine)
        let (a, b) = (gamma * cosine, gamma * sine)
        let adapted = (
            (460 * p2 + 451 * a + 288 * b) / 1403, (460 * p2 - 891 * a - 261 * b) / 1403,
            (460 * p2 - 220 * a - 6300 * b) / 1403
        )
        func expanded(_ value: Double, _ share: Double) -> Double {
            let base = max(0, 27.13 * abs(value) / (400 - abs(value)))
            return (value < 0 ? -1 : 1) * (100 / conditions.fl) * pow(base, 1 / 0.42) / share
        }
        let cone = (
            expanded(adapted.0, conditions.rgbD.0), expanded(adapted.1, conditions.rgbD.1),
            expanded(adapted.2, conditions.rgbD.2)
        )
        return Matrix3.cam16ToXYZ.times(cone)
    }

    private static func compressed(_ value: Double, _ conditions: ViewingConditions) -> Double {
        let factor = pow(conditions.fl * abs(value) / 100, 0.42)
        return (value < 0 ? -1 : 1) * 400 * factor / (factor + 27.13)
    }
}

/// The constants CAM16 derives from its viewing conditions, computed once.
struct ViewingConditions {
    let n, aw, nbb, ncb, c, nc, fl, z: Double
    let rgbD: (Double, Double, Double)

    static let standard = ViewingConditions()

    private init() {
        let white = (95.047, 100.0, 108.883)
        let adaptingLuminance = 200 / Double.pi * Lightness.y(fromLstar: 50) / 100
        let backgroundY = Lightness.y(fromLstar: 50)
        let surround = 2.0
        let coneWhite = Matrix3.xyzToCAM16.times(white)
        let f = 0.8 + surround / 10
        c = f >= 0.9 ? 0.59 + (0.69 - 0.59) * ((f - 0.9) * 10) : 0.525 + (0.59 - 0.525) * ((f - 0.8) * 10)
        let degree = min(max(f * (1 - (1 / 3.6) * exp((-adaptingLuminance - 42) / 92)), 0), 1)
        nc = f
        let shares = (
            degree * (100 / coneWhite.0) + 1 - degree, degree * (100 / coneWhite.1) + 1 - degree,
            degree * (100 / coneWhite.2) + 1 - degree
        )
        rgbD = shares
        let k = 1 / (5 * adaptingLuminance + 1)
        let k4 = k * k * k * k
        let luminanceFactor = k4 * adaptingLuminance + 0.1 * (1 - k4) * (1 - k4) * cbrt(5 * adaptingLuminance)
        fl = luminanceFactor
        n = backgroundY / white.1
        z = 1.48 + n.squareRoot()
        let induction = 0.725 / pow(n, 0.2)
        (nbb, ncb) = (induction, induction)
        func response(_ cone: Double, _ share: Double) -> Double {
            let factor = pow(luminanceFactor * share * cone / 100, 0.42)
            return 400 * factor / (factor + 27.13)
        }
        let whiteResponse = (
            response(coneWhite.0, shares.0), response(coneWhite.1, shares.1), response(coneWhite.2, shares.2)
        )
        aw = (2 * whiteResponse.0 + whiteResponse.1 + 0.05 * whiteResponse.2) * induction
    }
}

/// The 3x3 matrices between linear sRGB, XYZ and CAM16's cone space.
struct Matrix3 {
    let rows: [(Double, Double, Double)]

    func times(_ vector: (Double, Double, Double)) -> (Double, Double, Double) {
        func row(_ index: Int) -> Double {
            rows[index].0 * vector.0 + rows[index].1 * vector.1 + rows[index].2 * vector.2
        }
        return (row(0), row(1), row(2))
    }

    static let xyzToCAM16 = Matrix3(rows: [
        (0.401288, 0.650173, -0.051461), (-0.250268, 1.204414, 0.045854), (-0.002079, 0.048952, 0.953127),
    ])
    static let cam16ToXYZ = Matrix3(rows: [
        (1.8620678, -1.0112547, 0.14918678), (0.38752654, 0.62144744, -0.00897398),
        (-0.0158415, -0.03412294, 1.0499644),
    ])
    static let linearSRGBToXYZ = Matrix3(rows: [
        (0.41233895, 0.35762064, 0.18051042), (0.2126, 0.7152, 0.0722), (0.01932141, 0.11916382, 0.95034478),
    ])
    static let xyzToLinearSRGB = Matrix3(rows: [
        (3.2413774792388685, -1.5376652402851851, -0.49885366846268053),
        (-0.9691452513005321, 1.8758853451067872, 0.04156585616912061),
        (0.05562093689691305, -0.20395524564742123, 1.0571799111220335),
    ])
}

/// CIE L* and Y (0...100), the tone of HCT.
enum Lightness {
    static func y(fromLstar lstar: Double) -> Double {
        let f = (lstar + 16) / 116
        let cubed = f * f * f
        return 100 * (cubed > 216.0 / 24389 ? cubed : (116 * f - 16) / (24389.0 / 27))
    }

    static func lstar(fromY y: Double) -> Double {
        let ratio = y / 100
        return ratio <= 216.0 / 24389 ? ratio * 24389 / 27 : 116 * cbrt(ratio) - 16
    }
}
