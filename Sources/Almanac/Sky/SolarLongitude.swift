import FoundationEssentials
import Glibc

/// The Sun's apparent geocentric ecliptic longitude, of date.
///
/// The Earth's heliocentric longitude and distance come from the full VSOP87D series;
/// turned around they give the Sun's geometric longitude, which is brought to the FK5
/// frame, then corrected for nutation in longitude (IAU 1980) and for aberration. The
/// method is that of Meeus, Astronomical Algorithms, chapter 25 ("higher accuracy"),
/// with the IAU 2000 correction to the rate of precession.
enum SolarLongitude {
    static let julianDay2000 = 2_451_545.0
    static let arcsecond = Double.pi / 180 / 3600

    /// Apparent longitude in degrees, 0 ..< 360, at a Terrestrial Time Julian day.
    static func apparent(terrestrialJulianDay day: Double) -> Double {
        apparentPosition(terrestrialJulianDay: day).longitude
    }

    /// Apparent longitude in degrees, 0 ..< 360, and the distance in astronomical units,
    /// at a Terrestrial Time Julian day.
    static func apparentPosition(terrestrialJulianDay day: Double) -> (longitude: Double, distance: Double) {
        let millennia = (day - julianDay2000) / 365_250
        let centuries = millennia * 10
        let earthLongitude = sum(VSOP87EarthTable.longitude, millennia)
        let distance = sum(VSOP87EarthTable.radius, millennia)
        var longitude = earthLongitude + .pi  // geocentric: the Sun seen from the Earth
        longitude += -0.09033 * arcsecond  // VSOP87 dynamical frame to FK5
        // VSOP87's "of date" longitudes carry the IAU 1976 precession rate; IAU 2000 found
        // it 0.29965"/century too fast. Without this, terms drift 7 s per century from
        // modern ephemerides (measured against astropy: 7 s early by 2100, late by 1900).
        longitude += -0.29965 * arcsecond * centuries
        longitude += nutationInLongitude(centuries: centuries)
        longitude += -20.4898 * arcsecond / distance  // annual aberration
        return (Angle.normalized(Angle.degrees(longitude)), distance)
    }

    /// Σ over powers n of Tⁿ Σ A cos(B + C T), for one VSOP87 variable.
    static func sum(_ series: [[Double]], _ t: Double) -> Double {
        var total = 0.0
        var power = 1.0
        for terms in series {
            var part = 0.0
            var i = 0
            while i < terms.count {
                part += terms[i] * cos(terms[i + 1] + terms[i + 2] * t)
                i += 3
            }
            total += part * power
            power *= t
        }
        return total
    }

    /// Δψ in radians (IAU 1980, the 63 terms Meeus tabulates).
    static func nutationInLongitude(centuries t: Double) -> Double {
        let d = Angle.radians(297.85036 + 445_267.111480 * t - 0.0019142 * t * t + t * t * t / 189_474)
        let m = Angle.radians(357.52772 + 35_999.050340 * t - 0.0001603 * t * t - t * t * t / 300_000)
        let mPrime = Angle.radians(134.96298 + 477_198.867398 * t + 0.0086972 * t * t + t * t * t / 56_250)
        let f = Angle.radians(93.27191 + 483_202.017538 * t - 0.0036825 * t * t + t * t * t / 327_270)
        let omega = Angle.radians(125.04452 - 1934.136261 * t + 0.0020708 * t * t + t * t * t / 450_000)
        var psi = 0.0
        for row in NutationTable.longitude {
            let argument = row.d * d + row.m * m + row.mPrime * mPrime + row.f * f + row.omega * omega
            psi += (row.sine / 10_000 + row.rate / 100_000 * t) * sin(argument)
        }
        return psi * arcsecond
    }

    /// The Terrestrial Time Julian day, near `guess`, when the apparent longitude is
    /// `target` degrees. Newton's method with the Sun's mean rate converges in a few
    /// rounds to far below a millisecond.
    static func instant(reaching target: Double, near guess: Double) -> Double {
        var day = guess
        for _ in 0..<12 {
            var difference = (target - apparent(terrestrialJulianDay: day)).truncatingRemainder(dividingBy: 360)
            if difference > 180 { difference -= 360 }
            if difference < -180 { difference += 360 }
            day += difference * 365.2422 / 360
            if abs(difference) < 1e-9 { break }
        }
        return day
    }
}
