import Almanac
import Foundation
import Testing

@Suite struct SeasonTests {
    /// The app's rule, month by month.
    @Test func everyMonthHasItsSeason() {
        let expected: [Season] = [
            .winter, .winter, .spring, .spring, .spring, .summer, .summer, .summer, .autumn, .autumn, .autumn, .winter,
        ]
        for month in 1...12 { #expect(Season(month: month) == expected[month - 1], "month \(month)") }
    }

    @Test func namesParseInAnyCaseAndFallIsAutumn() {
        #expect(Season(name: "WINTER") == .winter)
        #expect(Season(name: "Spring") == .spring)
        #expect(Season(name: "fall") == .autumn)
        #expect(Season(name: "monsoon") == nil)
        #expect(Season.allCases.map(\.displayName) == ["Spring", "Summer", "Autumn", "Winter"])
    }

    @Test func themeColoursAreHexTriples() {
        for season in Season.allCases {
            for hex in [season.theme.ink, season.theme.accent] {
                #expect(hex.count == 7 && hex.hasPrefix("#") && UInt32(hex.dropFirst(), radix: 16) != nil)
            }
        }
    }
}

@Suite struct CivilDateTests {
    @Test func parsesOnlyRealISODates() {
        #expect(CivilDate(iso: "2026-11-29") == CivilDate(year: 2026, month: 11, day: 29))
        #expect(CivilDate(iso: "2024-02-29") != nil)
        for bad in [
            "2025-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-4-05", "26-04-05", "2026/04/05", "",
            "2026-04-05x", "２０２６-04-05",
        ] {
            #expect(CivilDate(iso: bad) == nil, "\(bad) was accepted")
        }
    }

    @Test func leapYearsFollowTheGregorianRule() {
        #expect(CivilDate.isLeap(2024) && CivilDate.isLeap(2000))
        #expect(!CivilDate.isLeap(1900) && !CivilDate.isLeap(2026))
    }

    @Test func todayUsesTheGivenZone() throws {
        // 2026-03-01 01:30 UTC is still February 28 in New York.
        let instant = Date(timeIntervalSince1970: 1_772_328_600)
        #expect(
            CivilDate.today(in: .utc, now: instant) == CivilDate(year: 2026, month: 3, day: 1))
        #expect(
            try CivilDate.today(in: ZoneDatabase.system().zone(named: "America/New_York"), now: instant)
                == CivilDate(year: 2026, month: 2, day: 28))
        #expect(CivilDate(year: 7, month: 3, day: 9)!.description == "0007-03-09")
    }
}
