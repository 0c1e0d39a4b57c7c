import FoundationEssentials

/// When a solar term begins: the instant (UTC) the Sun's apparent longitude reaches
/// the term's multiple of 15°.
public struct SolarTermInstant: Sendable, Hashable {
    public let term: SolarTerm
    /// In civil time: UTC from 1972, Universal Time before.
    public let instant: Date
    /// The same instant in Terrestrial Time, as a Julian day.
    public let terrestrialJulianDay: Double

    /// The calendar day the term begins on in a time zone.
    public func localDate(in zone: Zone) -> CivilDate {
        CivilDate.on(instant, in: zone)
    }
}

public enum AlmanacError: Error, Equatable, CustomStringConvertible {
    case yearOutOfRange(Int)

    public var description: String {
        switch self {
        case .yearOutOfRange(let year):
            "the year \(year) is outside the supported years \(SolarTermCalendar.supportedYears.lowerBound)-\(SolarTermCalendar.supportedYears.upperBound)"
        }
    }
}

/// The solar terms of real years, computed from the Sun's position.
public enum SolarTermCalendar {
    /// Years whose terms are computed: the span the time scales are good for.
    public static let supportedYears = 1900...2100

    /// The zone of the Traditional Chinese calendar: Taipei (UTC+8), its history held in
    /// wallgen itself (`Zone.taipei`) so that the calendar never depends on the machine.
    public static let calendarZone = Zone.taipei

    /// The 24 terms that begin in `year` in `zone`, in order of time (小寒 first).
    public static func instants(inYear year: Int, zone: Zone = calendarZone) throws(AlmanacError)
        -> [SolarTermInstant]
    {
        guard supportedYears.contains(year) else { throw .yearOutOfRange(year) }
        return unchecked(year: year).filter { $0.localDate(in: zone).year == year }.sorted { $0.instant < $1.instant }
    }

    /// The instant a term begins in `year` (the one in that Gregorian year, UTC+8).
    public static func instant(of term: SolarTerm, inYear year: Int) throws(AlmanacError) -> SolarTermInstant {
        guard supportedYears.contains(year) else { throw .yearOutOfRange(year) }
        return compute(term, year: year)
    }

    /// The term in effect on a day: the last one that began on or before the end of
    /// that day in `zone`.
    public static func term(inEffectOn date: CivilDate, zone: Zone = calendarZone) throws(AlmanacError)
        -> SolarTermInstant
    {
        guard supportedYears.contains(date.year) else { throw .yearOutOfRange(date.year) }
        let endOfDay = date.start(in: zone).addingTimeInterval(86_400)
        let candidates = (unchecked(year: date.year - 1) + unchecked(year: date.year)).filter { $0.instant < endOfDay }
        return candidates.max { $0.instant < $1.instant }!
    }

    /// All 24 terms around a year, one each, without range checks.
    static func unchecked(year: Int) -> [SolarTermInstant] {
        SolarTerm.all.map { compute($0, year: year) }
    }

    /// Solves for the term's instant, starting from its usual date in `year`.
    static func compute(_ term: SolarTerm, year: Int) -> SolarTermInstant {
        let guess = CivilDate(year: year, month: term.usualMonth, day: term.usualDays[0])!
        let guessDay = julianDay(guess.start(in: .utc)) + 0.5
        let terrestrial = SolarLongitude.instant(
            reaching: Double(term.longitude), near: TimeScales.terrestrialJulianDay(civil: guessDay))
        return SolarTermInstant(
            term: term, instant: date(julianDay: TimeScales.civilJulianDay(terrestrial: terrestrial)),
            terrestrialJulianDay: terrestrial)
    }

    static func julianDay(_ date: Date) -> Double {
        date.timeIntervalSince1970 / 86_400 + 2_440_587.5
    }

    static func date(julianDay day: Double) -> Date {
        Date(timeIntervalSince1970: (day - 2_440_587.5) * 86_400)
    }
}

extension CivilDate {
    /// The day an instant falls on in a zone.
    public static func on(_ instant: Date, in zone: Zone) -> CivilDate {
        zone.wallClock(at: instant).date!
    }

    /// The instant the day begins in a zone.
    public func start(in zone: Zone) -> Date {
        zone.instant(at: WallClock(year: year, month: month, day: day))
    }
}
