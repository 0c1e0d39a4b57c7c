import Almanac
import Foundation
import Testing

@Suite struct SeasonRuleTests {
    private static let taipei = SolarTermCalendar.calendarZone
    private static let southern: [Season: Season] = [
        .spring: .autumn, .summer: .winter, .autumn: .spring, .winter: .summer,
    ]

    /// The term that opens each northern season, by Chinese name, and the season before it.
    private static let astronomical: [(String, Season, Season)] = [
        ("春分", .winter, .spring), ("夏至", .spring, .summer), ("秋分", .summer, .autumn), ("冬至", .autumn, .winter),
    ]
    private static let solarTerms: [(String, Season, Season)] = [
        ("立春", .winter, .spring), ("立夏", .spring, .summer), ("立秋", .summer, .autumn), ("立冬", .autumn, .winter),
    ]

    private func checkTermRule(_ rule: SeasonRule, _ table: [(String, Season, Season)], year: Int) throws {
        for (name, before, after) in table {
            let start = try SolarTermCalendar.instant(of: #require(SolarTerm.find(name)), inYear: year).instant
            let justBefore = start.addingTimeInterval(-1)
            let justAfter = start.addingTimeInterval(1)
            #expect(try rule.season(at: justBefore, zone: Self.taipei) == before, "\(rule) \(name) \(year)")
            #expect(try rule.season(at: justAfter, zone: Self.taipei) == after, "\(rule) \(name) \(year)")
            #expect(try rule.season(at: justBefore, zone: Self.taipei, hemisphere: .south) == Self.southern[before])
            #expect(try rule.season(at: justAfter, zone: Self.taipei, hemisphere: .south) == Self.southern[after])
        }
    }

    @Test(arguments: [1900, 2026, 2100]) func astronomicalSwitchesAtTheSolsticesAndEquinoxes(year: Int) throws {
        try checkTermRule(.astronomical, Self.astronomical, year: year)
    }

    @Test(arguments: [1900, 2026, 2100]) func solarTermsSwitchAtTheFourBeginnings(year: Int) throws {
        try checkTermRule(.solarTerms, Self.solarTerms, year: year)
    }

    @Test func monthsSwitchAtLocalMidnight() throws {
        let zone = try ZoneDatabase.system().zone(named: "America/New_York")
        // Foundation's calendar, an independent reading of the same zone.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "America/New_York"))
        for (month, before, after) in [
            (3, Season.winter, Season.spring), (6, .spring, .summer), (9, .summer, .autumn),
            (12, .autumn, .winter),
        ] {
            let midnight = try #require(calendar.date(from: DateComponents(year: 2026, month: month, day: 1)))
            #expect(try SeasonRule.months.season(at: midnight.addingTimeInterval(-1), zone: zone) == before)
            #expect(try SeasonRule.months.season(at: midnight.addingTimeInterval(1), zone: zone) == after)
            #expect(
                try SeasonRule.months.season(at: midnight.addingTimeInterval(1), zone: zone, hemisphere: .south)
                    == Self.southern[after])
            // The same instant is still the previous day in a zone to the west.
            let pacific = try ZoneDatabase.system().zone(named: "America/Los_Angeles")
            #expect(try SeasonRule.months.season(at: midnight.addingTimeInterval(1), zone: pacific) == before)
        }
    }

    @Test func boundariesOfASpanAreFourAYearInOrder() throws {
        let boundaries = try SeasonRule.solarTerms.boundaries(years: 2026...2027, zone: Self.taipei, hemisphere: .south)
        #expect(boundaries.count == 8)
        #expect(boundaries.map(\.season) == [.autumn, .winter, .spring, .summer, .autumn, .winter, .spring, .summer])
        let lichun = try SolarTermCalendar.instant(of: #require(SolarTerm.find("立春")), inYear: 2027).instant
        #expect(boundaries[4].start == lichun)
        #expect(zip(boundaries, boundaries.dropFirst()).allSatisfy { $0.start < $1.start })
    }

    @Test func refusesYearsTheAlmanacCannotCompute() {
        #expect(throws: AlmanacError.yearOutOfRange(2101)) {
            try SeasonRule.solarTerms.boundaries(years: 2100...2101, zone: Self.taipei)
        }
        #expect(throws: AlmanacError.yearOutOfRange(1899)) {
            try SeasonRule.astronomical.season(at: Date(timeIntervalSince1970: -2_240_524_800), zone: Self.taipei)
        }
    }
}
