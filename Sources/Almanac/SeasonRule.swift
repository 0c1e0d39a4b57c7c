import FoundationEssentials

/// How the year is cut into four seasons.
///
/// Different traditions start the seasons at different points, and a wallpaper schedule
/// must switch at the one its user lives by: the app's months, the solstices and
/// equinoxes, or the Chinese 四立 (立春, 立夏, 立秋, 立冬).
public enum SeasonRule: String, CaseIterable, Sendable {
    /// Whole months in a time zone: March–May spring, June–August summer,
    /// September–November autumn, December–February winter (`Season(month:)`).
    case months
    /// From the March equinox (春分), the June solstice (夏至), the September equinox
    /// (秋分) and the December solstice (冬至).
    case astronomical
    /// The Chinese convention: from 立春, 立夏, 立秋 and 立冬.
    case solarTerms

    /// The season in effect at an instant.
    ///
    /// `zone` matters only to the months rule, whose boundaries are local midnights.
    /// Throws when the instant's year (in `zone`) is outside `SolarTermCalendar.supportedYears`.
    public func season(at instant: Date, zone: Zone, hemisphere: Hemisphere = .north) throws(AlmanacError)
        -> Season
    {
        let year = CivilDate.on(instant, in: zone).year
        guard SolarTermCalendar.supportedYears.contains(year) else { throw .yearOutOfRange(year) }
        // The previous year's boundaries cover instants before this year's first one;
        // the year itself is always supported, the one before may not be.
        let firstYear = max(SolarTermCalendar.supportedYears.lowerBound, year - 1)
        let candidates = try northernBoundaries(years: firstYear...year, zone: zone)
        let northern: Season
        if let last = candidates.last(where: { $0.start <= instant }) {
            northern = last.season
        } else {
            // Before the first boundary computed: the season that boundary ends.
            let first = candidates[0].season
            northern = Season.allCases[(Season.allCases.firstIndex(of: first)! + 3) % 4]
        }
        return hemisphere.season(fromNorthern: northern)
    }

    /// The instants seasons begin in `years`, in order, each with the season it starts
    /// in `hemisphere`: four a year.
    ///
    /// For the solar-term rules the year of a boundary is its year in the calendar zone
    /// (UTC+8), as `SolarTermCalendar.instant(of:inYear:)` counts it; for months, in `zone`.
    public func boundaries(years: ClosedRange<Int>, zone: Zone, hemisphere: Hemisphere = .north)
        throws(AlmanacError) -> [SeasonBoundary]
    {
        try northernBoundaries(years: years, zone: zone).map {
            SeasonBoundary(start: $0.start, season: hemisphere.season(fromNorthern: $0.season))
        }
    }

    /// The boundaries of the northern reckoning.
    private func northernBoundaries(years: ClosedRange<Int>, zone: Zone) throws(AlmanacError)
        -> [SeasonBoundary]
    {
        for year in [years.lowerBound, years.upperBound] where !SolarTermCalendar.supportedYears.contains(year) {
            throw .yearOutOfRange(year)
        }
        var result: [SeasonBoundary] = []
        for year in years {
            for season in Season.allCases {
                switch self {
                case .months:
                    let month = [Season.spring: 3, .summer: 6, .autumn: 9, .winter: 12][season]!
                    let day = CivilDate(year: year, month: month, day: 1)!
                    result.append(SeasonBoundary(start: day.start(in: zone), season: season))
                case .astronomical, .solarTerms:
                    let number = firstTermNumber(of: season)
                    let instant = try SolarTermCalendar.instant(of: SolarTerm.all[number - 1], inYear: year)
                    result.append(SeasonBoundary(start: instant.instant, season: season))
                }
            }
        }
        return result.sorted { $0.start < $1.start }
    }

    /// The term (1...24, the app's numbering) that starts a northern season under this rule.
    private func firstTermNumber(of season: Season) -> Int {
        let start = [Season.spring: 1, .summer: 7, .autumn: 13, .winter: 19][season]!
        // The solstices and equinoxes are the fourth term of each group of six.
        return self == .astronomical ? start + 3 : start
    }
}

/// The instant a season begins.
public struct SeasonBoundary: Sendable, Hashable {
    public let start: Date
    public let season: Season

    public init(start: Date, season: Season) {
        self.start = start
        self.season = season
    }
}
