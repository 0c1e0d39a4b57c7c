import Glibc

/// The Moon's apparent geocentric ecliptic position, of date: Meeus, Astronomical
/// Algorithms, chapter 47, with the nutation in longitude of chapter 22 added.
enum MoonPosition {
    /// Longitude and latitude in degrees (longitude 0 ..< 360), distance in kilometres
    /// from the Earth's centre, at a Terrestrial Time Julian day.
    static func apparent(terrestrialJulianDay day: Double) -> (longitude: Double, latitude: Double, distance: Double) {
        let t = (day - SolarLongitude.julianDay2000) / 36_525
        // The mean arguments (47.1 to 47.5), in degrees.
        let meanLongitude = polynomial(t, 218.316_447_7, 481_267.881_234_21, -0.001_578_6, 1 / 538_841, -1 / 65_194_000)
        let elongation = polynomial(t, 297.850_192_1, 445_267.111_403_4, -0.001_881_9, 1 / 545_868, -1 / 113_065_000)
        let sunAnomaly = polynomial(t, 357.529_109_2, 35_999.050_290_9, -0.000_153_6, 1 / 24_490_000, 0)
        let moonAnomaly = polynomial(t, 134.963_396_4, 477_198.867_505_5, 0.008_741_4, 1 / 69_699, -1 / 14_712_000)
        let latitudeArgument = polynomial(
            t, 93.272_095_0, 483_202.017_523_3, -0.003_653_9, -1 / 3_526_000, 1 / 863_310_000)
        // Venus, Jupiter and the Earth's flattening (A1 to A3).
        let a1 = Angle.radians(119.75 + 131.849 * t)
        let a2 = Angle.radians(53.09 + 479_264.290 * t)
        let a3 = Angle.radians(313.45 + 481_266.484 * t)
        // The Earth's orbit grows less eccentric: terms in M are scaled by E, in 2M by E².
        let eccentricity = 1 - 0.002_516 * t - 0.000_007_4 * t * t

        let d = Angle.radians(elongation)
        let m = Angle.radians(sunAnomaly)
        let mPrime = Angle.radians(moonAnomaly)
        let f = Angle.radians(latitudeArgument)
        let lPrime = Angle.radians(meanLongitude)
        func scale(_ multiple: Double) -> Double {
            multiple == 0 ? 1 : abs(multiple) == 1 ? eccentricity : eccentricity * eccentricity
        }
        var sumLongitude = 0.0
        var sumDistance = 0.0
        for row in LunarTable.longitudeAndDistance {
            let argument = row.d * d + row.m * m + row.mPrime * mPrime + row.f * f
            let factor = scale(row.m)
            sumLongitude += row.sine * factor * sin(argument)
            sumDistance += row.cosine * factor * cos(argument)
        }
        var sumLatitude = 0.0
        for row in LunarTable.latitude {
            let argument = row.d * d + row.m * m + row.mPrime * mPrime + row.f * f
            sumLatitude += row.sine * scale(row.m) * sin(argument)
        }
        sumLongitude += 3958 * sin(a1) + 1962 * sin(lPrime - f) + 318 * sin(a2)
        sumLatitude +=
            -2235 * sin(lPrime) + 382 * sin(a3) + 175 * sin(a1 - f) + 175 * sin(a1 + f)
            + 127 * sin(lPrime - mPrime) - 115 * sin(lPrime + mPrime)

        let nutation = SolarLongitude.nutationInLongitude(centuries: t) * 180 / .pi
        let longitude = Angle.normalized(meanLongitude + sumLongitude / 1_000_000 + nutation)
        return (longitude, sumLatitude / 1_000_000, 385_000.56 + sumDistance / 1000)
    }

    static func polynomial(_ t: Double, _ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double, _ c4: Double) -> Double
    {
        c0 + t * (c1 + t * (c2 + t * (c3 + t * c4)))
    }
}
