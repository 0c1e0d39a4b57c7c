import FoundationEssentials
import Glibc

/// The Sun and the Moon as a place sees them at an instant.
public struct SkyView: Sendable, Hashable {
    public let instant: Date
    public let place: Place
    public let sun: SkyDirection
    public let moon: SkyDirection
    /// The fraction of the Moon's disc that is lit, 0 (new) to 1 (full), as seen from
    /// the Earth's centre (Meeus 48.1 to 48.3).
    public let moonIllumination: Double
    /// Whether the lit part is growing: the Moon less than 180° east of the Sun.
    public let moonWaxing: Bool
    /// The position angle of the Moon's bright limb in degrees, from the direction of the
    /// celestial north pole through east (Meeus 48.5): the side the Sun is on. Minus the
    /// Moon's parallactic angle, the angle from "up" in the place's sky.
    public let moonBrightLimb: Double
    /// The Moon's distance from the Earth's centre in kilometres, which sets its size.
    public let moonDistance: Double

    /// The bright limb's angle from the zenith direction at the Moon, degrees, positive
    /// toward the east (left, facing the Moon from the northern hemisphere): where a
    /// painter puts the lit edge.
    public var moonBrightLimbFromZenith: Double { Angle.signed(moonBrightLimb - moon.parallacticAngle) }
}

/// The positions of the Sun and the Moon for a place: the Sun from the full VSOP87
/// theory (as the terms are), the Moon from Meeus's abridged ELP-2000/82, both
/// apparent (nutation, aberration) and topocentric, with standard refraction.
public enum Sky {
    /// Years the sky is computed for: those the time scales cover (as the almanac).
    public static let supportedYears = SolarTermCalendar.supportedYears

    /// Sine of the Sun's horizontal parallax at one astronomical unit (8.794").
    static let solarParallaxSine = sin(8.794 / 3600 * .pi / 180)
    /// The Earth's equatorial radius in kilometres, the unit of the Moon's parallax.
    static let earthRadius = 6378.14
    static let astronomicalUnit = 149_597_870.7

    /// The instant's time scales and the Earth's orientation, which both bodies need.
    struct Moment {
        let terrestrial: Double
        let obliquity: Double
        let siderealTime: Double

        init(_ instant: Date) {
            // Civil time stands for Universal Time: they differ by under 0.9 s, 0.004° of
            // the Earth's turn.
            let universal = instant.timeIntervalSince1970 / 86_400 + 2_440_587.5
            terrestrial = TimeScales.terrestrialJulianDay(civil: universal)
            obliquity = EarthOrientation.trueObliquity(centuries: (terrestrial - SolarLongitude.julianDay2000) / 36_525)
            siderealTime = EarthOrientation.apparentSiderealTime(
                universalJulianDay: universal, terrestrialJulianDay: terrestrial)
        }
    }

    /// The Sun alone, for the searches that need only it.
    public static func sun(at instant: Date, from place: Place) -> SkyDirection {
        sun(Moment(instant), from: place).direction
    }

    static func sun(_ moment: Moment, from place: Place) -> (
        direction: SkyDirection, longitude: Double, distance: Double, rightAscension: Double, declination: Double
    ) {
        let ecliptic = SolarLongitude.apparentPosition(terrestrialJulianDay: moment.terrestrial)
        let equatorial = EarthOrientation.equatorial(
            longitude: ecliptic.longitude, latitude: 0, obliquity: moment.obliquity)
        let direction = HorizontalPosition.seen(
            rightAscension: equatorial.rightAscension, declination: equatorial.declination,
            parallaxSine: solarParallaxSine / ecliptic.distance, siderealTime: moment.siderealTime, from: place)
        return (direction, ecliptic.longitude, ecliptic.distance, equatorial.rightAscension, equatorial.declination)
    }

    public static func view(at instant: Date, from place: Place) -> SkyView {
        let moment = Moment(instant)
        let (sun, sunLongitude, sunAU, sunRightAscension, sunDeclination) = sun(moment, from: place)
        let terrestrial = moment.terrestrial
        let obliquity = moment.obliquity
        let siderealTime = moment.siderealTime

        let moonEcliptic = MoonPosition.apparent(terrestrialJulianDay: terrestrial)
        let moonEquatorial = EarthOrientation.equatorial(
            longitude: moonEcliptic.longitude, latitude: moonEcliptic.latitude, obliquity: obliquity)
        let moon = HorizontalPosition.seen(
            rightAscension: moonEquatorial.rightAscension, declination: moonEquatorial.declination,
            parallaxSine: earthRadius / moonEcliptic.distance, siderealTime: siderealTime, from: place)

        // The Moon's phase angle from its elongation from the Sun (Meeus 48.2 and 48.3).
        let beta = Angle.radians(moonEcliptic.latitude)
        let elongation = acos(cos(beta) * cos(Angle.radians(moonEcliptic.longitude - sunLongitude)))
        let sunDistance = sunAU * astronomicalUnit
        let phaseAngle = atan2(sunDistance * sin(elongation), moonEcliptic.distance - sunDistance * cos(elongation))
        let sunAlpha = Angle.radians(sunRightAscension)
        let sunDelta = Angle.radians(sunDeclination)
        let moonAlpha = Angle.radians(moonEquatorial.rightAscension)
        let moonDelta = Angle.radians(moonEquatorial.declination)
        let brightLimb = atan2(
            cos(sunDelta) * sin(sunAlpha - moonAlpha),
            sin(sunDelta) * cos(moonDelta) - cos(sunDelta) * sin(moonDelta) * cos(sunAlpha - moonAlpha))
        return SkyView(
            instant: instant, place: place, sun: sun, moon: moon, moonIllumination: (1 + cos(phaseAngle)) / 2,
            moonWaxing: Angle.normalized(moonEcliptic.longitude - sunLongitude) < 180,
            moonBrightLimb: Angle.normalized(Angle.degrees(brightLimb)), moonDistance: moonEcliptic.distance)
    }
}
