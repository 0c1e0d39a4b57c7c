import Almanac
import Desktop
import Foundation
import Testing

@Suite struct ScheduleTests {
    private let taipei = SolarTermCalendar.calendarZone
    private let folder = PictureFolder(folder: "/pictures", sizes: ["1920x1080", "1080x2340"])

    private func seconds(_ date: Date) -> Double { date.timeIntervalSince1970.rounded() }

    @Test func oneYearOfTermsStartsWithThePreviousWinterSolstice() throws {
        let schedule = try Schedule.solarTerms(from: 2026, years: 1, pictures: folder.pictures)
        #expect(schedule.slides.count == 25)
        let solstice2025 = try SolarTermCalendar.instant(of: #require(SolarTerm.find("冬至")), inYear: 2025)
        #expect(schedule.slides[0].subject == .term(solstice2025.term))
        #expect(seconds(schedule.slides[0].start) == seconds(solstice2025.instant))
        let newYear = try #require(CivilDate(year: 2026, month: 1, day: 1)).start(in: taipei)
        #expect(schedule.picture(at: newYear, size: "1920x1080") == "/pictures/22-dongzhi-1920x1080.png")
        #expect(schedule.picture(at: newYear, size: "1080x2340") == "/pictures/22-dongzhi-1080x2340.png")
        // An unknown size falls back to the largest.
        #expect(schedule.picture(at: newYear, size: "800x600") == "/pictures/22-dongzhi-1920x1080.png")
        let xiaohan2027 = try SolarTermCalendar.instants(inYear: 2027)[0]
        #expect(seconds(schedule.end) == seconds(xiaohan2027.instant))
    }

    @Test func everySwitchHappensAtItsSecond() throws {
        let schedule = try Schedule.solarTerms(from: 2026, years: 2, pictures: folder.pictures)
        let instants = try SolarTermCalendar.instants(inYear: 2026) + SolarTermCalendar.instants(inYear: 2027)
        #expect(schedule.switches.map(seconds) == instants.map { seconds($0.instant) })
        var previous = "/pictures/22-dongzhi-1920x1080.png"
        for instant in instants {
            let at = Date(timeIntervalSince1970: seconds(instant.instant))
            let expected = "/pictures/\(instant.term.fileStem)-1920x1080.png"
            #expect(schedule.picture(at: at.addingTimeInterval(-1), size: "1920x1080") == previous)
            #expect(schedule.picture(at: at, size: "1920x1080") == expected)
            previous = expected
        }
    }

    @Test func refusesSpansOutsideTheAlmanac() {
        let supported = SolarTermCalendar.supportedYears
        #expect(throws: DesktopError.yearsOutOfRange(from: 2026, count: 0, supported: supported)) {
            try Schedule.solarTerms(from: 2026, years: 0, pictures: folder.pictures)
        }
        #expect(throws: DesktopError.yearsOutOfRange(from: 2100, count: 2, supported: supported)) {
            try Schedule.solarTerms(from: 2100, years: 2, pictures: folder.pictures)
        }
        #expect(throws: DesktopError.yearsOutOfRange(from: 1899, count: 3, supported: supported)) {
            try Schedule.seasons(from: 1899, years: 3, rule: .months, zone: taipei, pictures: folder.pictures)
        }
    }

    @Test func seasonsOfTheFirstSupportedYearBeginOnItsFirstDay() throws {
        let schedule = try Schedule.seasons(
            from: 1900, years: 1, rule: .solarTerms, hemisphere: .south, zone: taipei, pictures: folder.pictures)
        #expect(schedule.slides.count == 5)
        #expect(schedule.slides[0].start == CivilDate(year: 1900, month: 1, day: 1)!.start(in: taipei))
        #expect(
            schedule.slides.map(\.subject) == [
                .season(.summer), .season(.autumn), .season(.winter),
                .season(.spring), .season(.summer),
            ])
    }

    @Test func monthSeasonsStartAtLocalMidnights() throws {
        let zone = try ZoneDatabase.system().zone(named: "Europe/Berlin")
        let schedule = try Schedule.seasons(from: 2026, years: 1, rule: .months, zone: zone, pictures: folder.pictures)
        // Foundation's calendar, an independent reading of the same zone.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let starts = [(2025, 12), (2026, 3), (2026, 6), (2026, 9), (2026, 12)].map {
            calendar.date(from: DateComponents(year: $0.0, month: $0.1, day: 1))!
        }
        #expect(schedule.slides.map(\.start) == starts)
        #expect(schedule.slides[1].pictures["1920x1080"] == "/pictures/spring-1920x1080.png")
    }

    @Test func coversItsYearsAndSaysWhichWhenAnInstantIsOutside() throws {
        let schedule = try Schedule.solarTerms(from: 2026, years: 10, pictures: folder.pictures)
        #expect(schedule.years == 2026...2035)
        let june2040 = try #require(CivilDate(year: 2040, month: 6, day: 1)).start(in: taipei)
        #expect(!schedule.covers(june2040))
        #expect(
            throws: DesktopError.outsideSchedule(
                instant: InstantText.iso8601(june2040), path: "s/schedule.json", years: 2026...2035)
        ) { try schedule.slide(at: june2040, path: "s/schedule.json") }
        // The first slide began before the span (the previous 冬至): covered from there.
        #expect(schedule.covers(schedule.slides[0].start))
        #expect(!schedule.covers(schedule.slides[0].start.addingTimeInterval(-1)))
        #expect(!schedule.covers(schedule.end))
        #expect(
            try schedule.slide(at: schedule.end.addingTimeInterval(-1), path: "x").subject
                == .term(SolarTerm.find("冬至")!))
        let one = try Schedule.seasons(from: 2030, years: 1, rule: .months, zone: taipei, pictures: folder.pictures)
        #expect(one.years == 2030...2030)
        #expect(
            DesktopError.outsideSchedule(instant: "x", path: "p", years: 2030...2030).description.contains(
                "which covers the year 2030"))
    }

    @Test func aPerMonitorScheduleKeepsItsMonitors() throws {
        var schedule = try Schedule.solarTerms(from: 2026, years: 1, pictures: folder.pictures)
        schedule.monitors = [
            Monitor(name: "DP-1", width: 1920, height: 1080, x: 0, y: 0, scale: 1, isPrimary: true),
            Monitor(name: "eDP-1", width: 2340, height: 1080, x: 1920, y: -60, scale: 1.5),
        ]
        let decoded = try ScheduleFile.decode(ScheduleFile.encode(schedule))
        #expect(decoded.monitors == schedule.monitors)
        #expect(decoded == schedule)
        // A schedule of sizes alone is written as before: no monitors key.
        schedule.monitors = []
        #expect(!String(decoding: ScheduleFile.encode(schedule), as: UTF8.self).contains("monitors"))
        let bad = String(decoding: ScheduleFile.encode(schedule), as: UTF8.self).replacingOccurrences(
            of: "\"format\"",
            with:
                "\"monitors\" : [{\"name\": \"\", \"width\": 0, \"height\": 1, \"x\": 0, \"y\": 0, \"scale\": 1, \"primary\": false}], \"format\""
        )
        #expect(throws: DesktopError.self) { try ScheduleFile.decode(Data(bad.utf8)) }
    }
}

@Suite struct ScheduleFileTests {
    private let folder = PictureFolder(folder: "/pictures/with space", sizes: ["1920x1080"])

    @Test func roundTrips() throws {
        let terms = try Schedule.solarTerms(from: 2026, years: 2, pictures: folder.pictures)
        #expect(try ScheduleFile.decode(ScheduleFile.encode(terms)) == terms)
        let seasons = try Schedule.seasons(
            from: 2030, years: 1, rule: .astronomical, zone: .utc, pictures: folder.pictures)
        #expect(try ScheduleFile.decode(ScheduleFile.encode(seasons)) == seasons)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: systemPython), "Debian's python3 is missing"))
    func pythonReadsTheDocumentedKeys() throws {
        let schedule = try Schedule.solarTerms(from: 2026, years: 1, pictures: folder.pictures)
        let script = """
            import json, sys
            d = json.load(sys.stdin)
            s = d['slides'][1]
            print(d['format'], d['version'], len(d['slides']), d['end'][:10], s['kind'], s['term'], s['name'],
                s['start'][:10], s['pictures']['1920x1080'])
            """
        let run = try runTool(
            systemPython, ["-c", script], input: String(decoding: ScheduleFile.encode(schedule), as: UTF8.self))
        #expect(run.status == 0, "\(run.error)")
        #expect(
            run.output
                == "wallgen-schedule 1 25 2027-01-05 term 23 小寒 2026-01-05 /pictures/with space/23-xiaohan-1920x1080.png\n"
        )
    }

    @Test func refusesWhatItDidNotWrite() throws {
        let good = String(
            decoding: ScheduleFile.encode(
                try Schedule.solarTerms(from: 2026, years: 1, pictures: folder.pictures)), as: UTF8.self)
        let cases: [(String, String)] = [
            (good.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 2"), "version 2 is not 1"),
            (good.replacingOccurrences(of: "\"term\" : 22", with: "\"term\" : 25"), "slide 1 has no term number 1-24"),
            ("{}", "not a schedule"),
        ]
        for (text, reason) in cases {
            #expect(text != good || reason == "not a schedule")
            do {
                _ = try ScheduleFile.decode(Data(text.utf8), path: "s.json")
                Issue.record("accepted: \(reason)")
            } catch {
                guard case .unreadableSchedule(let path, let message) = error else {
                    Issue.record("wrong error \(error)")
                    continue
                }
                #expect(path == "s.json")
                #expect(message.hasPrefix(reason), "\(message)")
            }
        }
    }
}
