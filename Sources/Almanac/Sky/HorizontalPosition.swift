import Glibc

/// Where a body stands in a place's sky.
public struct SkyDirection: Sendable, Hashable {
    /// Degrees above the horizon as the body is seen: the true altitude raised by the
    /// standard refraction (`Refraction`).
    public let altitude: Double
    /// Degrees above the horizon seen from the place without the atmosphere: the
    /// topocentric geometric altitude, which rises and sets are defined on.
    public let trueAltitude: Double
    /// Degrees from north through east, 0 ..< 360.
    public let azimuth: Double
    /// The parallactic angle in degrees: how far the direction to the celestial pole is
    /// turned from the direction to the zenith at the body, positive west of the
    /// meridian (Meeus 14.1). A body's position angles minus it are angles from "up".
    public let parallacticAngle: Double
}

/// From a body's geocentric equatorial position to a place's horizon: the parallax of
/// a place on the Earth's surface rather than at its centre (Meeus, chapter 40, at sea
/// level), then altitude and azimuth (chapter 13), then refraction.
enum HorizontalPosition {
    /// The Earth's polar radius over its equatorial radius (IAU 1976).
    static let flattening = 0.996_647_19

    static func seen(
        rightAscension: Double, declination: Double, parallaxSine: Double, siderealTime: Double, from place: Place
    ) -> SkyDirection {
        let latitude = Angle.radians(place.latitude)
        let hourAngle = Angle.radians(siderealTime + place.longitude - rightAscension)
        let delta = Angle.radians(declination)
        // The place's distance from the Earth's axis and from its equator, in equatorial radii.
        let u = atan(flattening * tan(latitude))
        let fromEquator = flattening * sin(u)
        let fromAxis = cos(u)
        let shift = atan2(
            -fromAxis * parallaxSine * sin(hourAngle), cos(delta) - fromAxis * parallaxSine * cos(hourAngle))
        let topocentricDeclination = atan2(
            (sin(delta) - fromEquator * parallaxSine) * cos(shift),
            cos(delta) - fromAxis * parallaxSine * cos(hourAngle))
        let h = hourAngle - shift
        let altitude = asin(
            sin(latitude) * sin(topocentricDeclination) + cos(latitude) * cos(topocentricDeclination) * cos(h))
        let azimuthFromSouth = atan2(sin(h), cos(h) * sin(latitude) - tan(topocentricDeclination) * cos(latitude))
        let parallactic = atan2(
            sin(h), tan(latitude) * cos(topocentricDeclination) - sin(topocentricDeclination) * cos(h))
        let trueAltitude = Angle.degrees(altitude)
        return SkyDirection(
            altitude: trueAltitude + Refraction.degrees(atTrueAltitude: trueAltitude), trueAltitude: trueAltitude,
            azimuth: Angle.normalized(Angle.degrees(azimuthFromSouth) + 180),
            parallacticAngle: Angle.degrees(parallactic))
    }
}

/// How much the air raises what is seen near the horizon: Sæmundsson's formula (Meeus
/// 16.4) for 1010 hPa and 10 °C, made zero at the zenith. It holds from the horizon up;
/// a body a degree below it is not seen, so there the bending fades to nothing by
/// two degrees down rather than following the formula, which grows without bound.
public enum Refraction {
    /// Degrees to add to a true altitude (in degrees) to have the apparent one.
    public static func degrees(atTrueAltitude altitude: Double) -> Double {
        if altitude >= -1 { return saemundsson(altitude) }
        if altitude <= -2 { return 0 }
        return saemundsson(-1) * (altitude + 2)
    }

    static func saemundsson(_ altitude: Double) -> Double {
        let arcminutes = 1.02 / tan(Angle.radians(altitude + 10.3 / (altitude + 5.11))) + 0.001_927_9
        return arcminutes / 60
    }
}
