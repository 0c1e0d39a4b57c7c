import Glibc

/// How the Earth is turned and tilted at an instant: what takes a body's ecliptic
/// position to the equator and then to a place's meridian.
enum EarthOrientation {
    /// The true obliquity of the ecliptic in degrees: the mean obliquity (Meeus 22.2)
    /// plus the nutation in obliquity from its four largest terms (Meeus, chapter 22,
    /// good to 0.1", against 9.2" for the whole).
    static func trueObliquity(centuries t: Double) -> Double {
        let arcseconds = 21.448 - 46.8150 * t - 0.000_59 * t * t + 0.001_813 * t * t * t
        let mean = 23 + 26 / 60.0 + arcseconds / 3600
        let omega = Angle.radians(125.044_52 - 1934.136_261 * t)
        let sunLongitude = Angle.radians(280.4665 + 36_000.7698 * t)
        let moonLongitude = Angle.radians(218.3165 + 481_267.8813 * t)
        let nutation =
            9.20 * cos(omega) + 0.57 * cos(2 * sunLongitude) + 0.10 * cos(2 * moonLongitude) - 0.09 * cos(2 * omega)
        return mean + nutation / 3600
    }

    /// Greenwich apparent sidereal time in degrees, 0 ..< 360: the mean sidereal time of
    /// Meeus 12.4 at a Universal Time Julian day, plus the equation of the equinoxes
    /// (the nutation in longitude along the equator).
    static func apparentSiderealTime(universalJulianDay day: Double, terrestrialJulianDay tt: Double) -> Double {
        let sinceJ2000 = day - SolarLongitude.julianDay2000
        let t = sinceJ2000 / 36_525
        let mean = 280.460_618_37 + 360.985_647_366_29 * sinceJ2000 + 0.000_387_933 * t * t - t * t * t / 38_710_000
        let ttCenturies = (tt - SolarLongitude.julianDay2000) / 36_525
        let nutation = Angle.degrees(SolarLongitude.nutationInLongitude(centuries: ttCenturies))
        let equation = nutation * cos(Angle.radians(trueObliquity(centuries: ttCenturies)))
        return Angle.normalized(mean + equation)
    }

    /// Right ascension and declination in degrees from ecliptic longitude and latitude
    /// (Meeus 13.3 and 13.4).
    static func equatorial(longitude: Double, latitude: Double, obliquity: Double) -> (
        rightAscension: Double, declination: Double
    ) {
        let lambda = Angle.radians(longitude)
        let beta = Angle.radians(latitude)
        let epsilon = Angle.radians(obliquity)
        let rightAscension = atan2(sin(lambda) * cos(epsilon) - tan(beta) * sin(epsilon), cos(lambda))
        let declination = asin(sin(beta) * cos(epsilon) + cos(beta) * sin(epsilon) * sin(lambda))
        return (Angle.normalized(Angle.degrees(rightAscension)), Angle.degrees(declination))
    }
}
