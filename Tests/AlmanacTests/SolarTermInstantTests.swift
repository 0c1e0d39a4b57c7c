import Almanac
import Foundation
import Testing

@Suite struct SolarTermInstantTests {
    static func parse(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)!
    }

    /// Every reference instant (astropy, computed independently: see
    /// Scripts/reference-solar-terms): within 5 s from 1972, within 60 s before.
    @Test(arguments: SolarTermReference.all)
    func matchesTheIndependentReference(reference: SolarTermReference) throws {
        let term = SolarTerm.all[reference.number - 1]
        let computed = try SolarTermCalendar.instant(of: term, inYear: reference.year)
        let expected = Self.parse(reference.instant)
        let error: Double
        if reference.isTerrestrialTime {
            let expectedDay = expected.timeIntervalSince1970 / 86_400 + 2_440_587.5
            error = (computed.terrestrialJulianDay - expectedDay) * 86_400
        } else {
            error = computed.instant.timeIntervalSince(expected)
        }
        #expect(abs(error) <= (reference.year >= 1972 ? 5 : 60), "\(term.name) \(reference.year): off by \(error) s")
    }

    /// 2021's 冬至 began at 23:59 in UTC+8: on December 21 there, on the 22nd in Tokyo.
    @Test func winterSolstice2021FallsOnTheTwentyFirstInTaipei() throws {
        let solstice = try SolarTermCalendar.instant(of: SolarTerm.find("冬至")!, inYear: 2021)
        #expect(solstice.localDate(in: SolarTermCalendar.calendarZone) == CivilDate(year: 2021, month: 12, day: 21))
        #expect(
            try solstice.localDate(in: ZoneDatabase.system().zone(named: "Asia/Tokyo"))
                == CivilDate(year: 2021, month: 12, day: 22))
    }

    @Test func aYearHasTwentyFourTermsInTimeOrderFromMinorCold() throws {
        for year in [1900, 1972, 2026, 2100] {
            let instants = try SolarTermCalendar.instants(inYear: year)
            #expect(instants.count == 24, "\(year)")
            #expect(instants.first?.term.name == "小寒" && instants.last?.term.name == "冬至")
            #expect(zip(instants, instants.dropFirst()).allSatisfy { $0.instant < $1.instant })
            #expect(Set(instants.map(\.term.number)).count == 24)
        }
        #expect(throws: AlmanacError.yearOutOfRange(1899)) { try SolarTermCalendar.instants(inYear: 1899) }
        #expect(throws: AlmanacError.yearOutOfRange(2101)) { try SolarTermCalendar.instants(inYear: 2101) }
    }

    /// The term in effect is the last one begun by the end of the day, in the zone.
    @Test func termInEffectOnADay() throws {
        let zone = SolarTermCalendar.calendarZone
        #expect(
            try SolarTermCalendar.term(inEffectOn: CivilDate(year: 2026, month: 11, day: 29)!, zone: zone).term.name
                == "小雪")
        // 2021-12-21: 冬至 began at 23:59 that evening, so it is in effect that day.
        #expect(
            try SolarTermCalendar.term(inEffectOn: CivilDate(year: 2021, month: 12, day: 21)!, zone: zone).term.name
                == "冬至")
        #expect(
            try SolarTermCalendar.term(inEffectOn: CivilDate(year: 2021, month: 12, day: 20)!, zone: zone).term.name
                == "大雪")
        // Early January still belongs to the previous year's 冬至.
        #expect(
            try SolarTermCalendar.term(inEffectOn: CivilDate(year: 2026, month: 1, day: 2)!, zone: zone).term.name
                == "冬至")
    }

    /// The usual dates printed on cards are the two days each term most often begins
    /// on (in UTC+8) over 2000-2099, as computed here.
    @Test func usualDatesAreTheCommonestThisCentury() throws {
        var counts: [Int: [Int: Int]] = [:]
        for year in 2000...2099 {
            for instant in try SolarTermCalendar.instants(inYear: year) {
                let date = instant.localDate(in: SolarTermCalendar.calendarZone)
                #expect(date.month == instant.term.usualMonth, "\(instant.term.name) in \(date)")
                counts[instant.term.number, default: [:]][date.day, default: 0] += 1
            }
        }
        for term in SolarTerm.all {
            let days = counts[term.number]!
            let chosen = term.usualDays.map { days[$0] ?? 0 }
            let others = days.filter { !term.usualDays.contains($0.key) }.map(\.value)
            #expect(chosen.min()! >= (others.max() ?? 0), "\(term.name): \(days.sorted { $0.key < $1.key })")
        }
    }
}

extension SolarTermReference: CustomTestStringConvertible {
    var testDescription: String { "\(number) in \(year)" }
}
