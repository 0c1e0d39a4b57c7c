/// Conversions between Terrestrial Time, in which the Sun's position is computed, and
/// the civil time people read on clocks.
///
/// From 1972 civil time is UTC: TT − UTC = 32.184 s + the leap seconds so far. After the
/// last leap second (2017) it stays at 69.184 s, since leap seconds are to end by 2035.
/// Before 1972 civil time is taken as Universal Time, with ΔT = TT − UT from the
/// polynomials of Espenak and Meeus (2006), which follow the measured values closely.
enum TimeScales {
    /// TAI − UTC in seconds from each date (UTC, as Julian days at 0h) onwards.
    static let leapSeconds: [(julianDay: Double, seconds: Double)] = [
        (2_441_317.5, 10), (2_441_499.5, 11), (2_441_683.5, 12), (2_442_048.5, 13), (2_442_413.5, 14),
        (2_442_778.5, 15), (2_443_144.5, 16), (2_443_509.5, 17), (2_443_874.5, 18), (2_444_239.5, 19),
        (2_444_786.5, 20), (2_445_151.5, 21), (2_445_516.5, 22), (2_446_247.5, 23), (2_447_161.5, 24),
        (2_447_892.5, 25), (2_448_257.5, 26), (2_448_804.5, 27), (2_449_169.5, 28), (2_449_534.5, 29),
        (2_450_083.5, 30), (2_450_630.5, 31), (2_451_179.5, 32), (2_453_736.5, 33), (2_454_832.5, 34),
        (2_456_109.5, 35), (2_457_204.5, 36), (2_457_754.5, 37),
    ]

    /// 1972 January 1, 0h UTC: where leap seconds begin.
    static let utcEpoch = 2_441_317.5

    /// TT − civil time, in seconds, at a civil-time Julian day.
    static func terrestrialMinusCivil(civilJulianDay day: Double) -> Double {
        if day >= utcEpoch {
            let leap = leapSeconds.last { $0.julianDay <= day }?.seconds ?? 10
            return 32.184 + leap
        }
        return deltaT(decimalYear: 2000 + (day - 2_451_544.5) / 365.2425)
    }

    /// The civil-time Julian day of a Terrestrial Time Julian day.
    static func civilJulianDay(terrestrial day: Double) -> Double {
        // TT − civil changes by at most a second near the instant: two rounds settle it.
        var civil = day - terrestrialMinusCivil(civilJulianDay: day) / 86400
        civil = day - terrestrialMinusCivil(civilJulianDay: civil) / 86400
        return civil
    }

    static func terrestrialJulianDay(civil day: Double) -> Double {
        day + terrestrialMinusCivil(civilJulianDay: day) / 86400
    }

    /// ΔT = TT − UT in seconds before 1972, by the polynomials of Espenak & Meeus (2006)
    /// for the years 1860 to 1986.
    static func deltaT(decimalYear y: Double) -> Double {
        switch y {
        case ..<1900:
            let t = y - 1860
            return 7.62 + 0.5737 * t - 0.251754 * t * t + 0.01680668 * t * t * t - 0.0004473624 * t * t * t * t
                + t * t * t * t * t / 233_174
        case ..<1920:
            let t = y - 1900
            return -2.79 + 1.494119 * t - 0.0598939 * t * t + 0.0061966 * t * t * t - 0.000197 * t * t * t * t
        case ..<1941:
            let t = y - 1920
            return 21.20 + 0.84493 * t - 0.076100 * t * t + 0.0020936 * t * t * t
        case ..<1961:
            let t = y - 1950
            return 29.07 + 0.407 * t - t * t / 233 + t * t * t / 2547
        default:
            let t = y - 1975
            return 45.45 + 1.067 * t - t * t / 260 - t * t * t / 718
        }
    }
}
