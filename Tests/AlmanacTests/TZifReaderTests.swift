import Almanac
import Foundation
import TestSupport
import Testing

/// The TZif reader on files written for the test (versions the system may not have,
/// rules worked out by hand, damage), and on TZ rules given alone as `$TZ`.
@Suite struct TZifReaderTests {
    private func zone(_ file: TZifWriter) throws -> Zone {
        try withTemporaryFolder { folder in
            try Data(file.bytes()).write(to: URL(fileURLWithPath: folder + "/Test"))
            return try ZoneDatabase(folder: folder).zone(named: "Test")
        }
    }

    private func rule(_ text: String) -> Zone {
        ZoneDatabase(folder: "/nonexistent").localZone(environment: ["TZ": text], etc: "/nonexistent")
    }

    private func at(_ zone: Zone, _ seconds: Int64) -> ZoneOffset {
        zone.offset(at: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// A version 1 file: 32-bit times, no footer; the last type stays after the last transition.
    @Test func versionOneKeepsItsLastType() throws {
        var file = TZifWriter(version: 0)
        file.types = [(3600, false, "AAA"), (7200, true, "BBB")]
        file.transitions = [1_000_000_000]
        file.transitionTypes = [1]
        let zone = try zone(file)
        #expect(at(zone, 999_999_999) == ZoneOffset(secondsEast: 3600, abbreviation: "AAA", isDaylightSaving: false))
        #expect(at(zone, 1_000_000_000) == ZoneOffset(secondsEast: 7200, abbreviation: "BBB", isDaylightSaving: true))
        #expect(at(zone, 4_000_000_000).secondsEast == 7200)
    }

    /// US rules in 2030: the second Sunday of March (the 10th) at 02:00 EST is 07:00 UTC;
    /// the first Sunday of November (the 3rd) at 02:00 EDT is 06:00 UTC.
    @Test func footerRuleAfterTheLastTransition() throws {
        var file = TZifWriter()
        file.types = [(-18000, false, "EST")]
        file.footer = "EST5EDT,M3.2.0,M11.1.0"
        let zone = try zone(file)
        let start = utcSeconds(year: 2030, month: 3, day: 10, hour: 7, minute: 0, second: 0)
        let end = utcSeconds(year: 2030, month: 11, day: 3, hour: 6, minute: 0, second: 0)
        #expect(at(zone, start - 1).abbreviation == "EST" && at(zone, start).abbreviation == "EDT")
        #expect(at(zone, start).secondsEast == -14400 && at(zone, start).isDaylightSaving)
        #expect(at(zone, end - 1).abbreviation == "EDT" && at(zone, end).abbreviation == "EST")
    }

    /// RFC 8536's examples of version 3 rules: negative times of day, hours past 24, and
    /// daylight saving all year.
    @Test func versionThreeRules() throws {
        // Nuuk: the last Sunday of March (2030-03-31) at -02:00 local is 01:00 UTC; the last
        // Sunday of October (the 27th) at -01:00 local daylight time is 01:00 UTC.
        let nuuk = rule("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1")
        let start = utcSeconds(year: 2030, month: 3, day: 31, hour: 1, minute: 0, second: 0)
        let end = utcSeconds(year: 2030, month: 10, day: 27, hour: 1, minute: 0, second: 0)
        #expect(at(nuuk, start - 1).abbreviation == "-03" && at(nuuk, start).abbreviation == "-02")
        #expect(at(nuuk, end - 1).secondsEast == -7200 && at(nuuk, end).secondsEast == -10800)
        // Israel: the fourth Thursday of March (2030-03-28) at 26:00, Friday 02:00 IST, is 00:00 UTC.
        let israel = rule("IST-2IDT,M3.4.4/26,M10.5.0")
        let friday = utcSeconds(year: 2030, month: 3, day: 29, hour: 0, minute: 0, second: 0)
        #expect(at(israel, friday - 1).abbreviation == "IST" && at(israel, friday).abbreviation == "IDT")
        // Daylight saving all year.
        let always = rule("EST5EDT4,0/0,J365/25")
        for seconds in [
            utcSeconds(year: 2030, month: 1, day: 1, hour: 0, minute: 0, second: 0),
            utcSeconds(year: 2030, month: 7, day: 1, hour: 0, minute: 0, second: 0),
            utcSeconds(year: 2030, month: 12, day: 31, hour: 23, minute: 59, second: 59),
        ] {
            #expect(at(always, seconds) == ZoneOffset(secondsEast: -14400, abbreviation: "EDT", isDaylightSaving: true))
        }
    }

    /// The southern hemisphere: summer time spans the new year.
    @Test func southernRuleSpansTheNewYear() {
        let sydney = rule("AEST-10AEDT,M10.1.0,M4.1.0/3")
        // First Sunday of April 2030 (the 7th) at 03:00 AEDT is 16:00 UTC the day before;
        // first Sunday of October (the 6th) at 02:00 AEST is 16:00 UTC the day before.
        let end = utcSeconds(year: 2030, month: 4, day: 6, hour: 16, minute: 0, second: 0)
        let start = utcSeconds(year: 2030, month: 10, day: 5, hour: 16, minute: 0, second: 0)
        #expect(at(sydney, utcSeconds(year: 2030, month: 1, day: 15, hour: 0, minute: 0, second: 0)).isDaylightSaving)
        #expect(at(sydney, end - 1).abbreviation == "AEDT" && at(sydney, end).abbreviation == "AEST")
        #expect(at(sydney, start - 1).abbreviation == "AEST" && at(sydney, start).abbreviation == "AEDT")
    }

    /// `Jn` never counts February 29; `n` does, from 0.
    @Test func julianDaysWithAndWithoutTheLeapDay() {
        let skipping = rule("AAA0BBB,J60/0,J300/0")
        let counting = rule("AAA0BBB,59/0,300/0")
        for year in [2028, 2030] {
            let march1 = utcSeconds(year: year, month: 3, day: 1, hour: 0, minute: 0, second: 0)
            #expect(at(skipping, march1 - 1).abbreviation == "AAA" && at(skipping, march1).abbreviation == "BBB")
        }
        let leapDay = utcSeconds(year: 2028, month: 2, day: 29, hour: 0, minute: 0, second: 0)
        #expect(at(counting, leapDay - 1).abbreviation == "AAA" && at(counting, leapDay).abbreviation == "BBB")
        let march1 = utcSeconds(year: 2030, month: 3, day: 1, hour: 0, minute: 0, second: 0)
        #expect(at(counting, march1).abbreviation == "BBB" && at(counting, march1 - 1).abbreviation == "AAA")
    }

    @Test func fixedRulesAndQuotedNames() {
        #expect(
            at(rule("<+0545>-5:45"), 0)
                == ZoneOffset(secondsEast: 20700, abbreviation: "+0545", isDaylightSaving: false))
        #expect(at(rule("CST-8"), 0).secondsEast == 28800)
        #expect(at(rule("HST10"), 0).secondsEast == -36000)
    }

    /// Readings that happen twice are their first instant; readings in a gap move past it.
    @Test func readingsInAGapAndTwice() {
        let eastern = rule("EST5EDT,M3.2.0,M11.1.0")
        // 2030-03-10 02:30 never happens; read as EST it is 07:30 UTC, 03:30 EDT.
        let gap = eastern.instant(at: WallClock(year: 2030, month: 3, day: 10, hour: 2, minute: 30))
        #expect(
            Int64(gap.timeIntervalSince1970)
                == utcSeconds(year: 2030, month: 3, day: 10, hour: 7, minute: 30, second: 0))
        // 2030-11-03 01:30 happens in EDT (05:30 UTC) and again in EST (06:30 UTC).
        let twice = eastern.instant(at: WallClock(year: 2030, month: 11, day: 3, hour: 1, minute: 30))
        #expect(
            Int64(twice.timeIntervalSince1970)
                == utcSeconds(year: 2030, month: 11, day: 3, hour: 5, minute: 30, second: 0))
    }

    /// Damaged files are errors that name the zone, never a crash: every truncation of a
    /// real-shaped file, a wrong magic, a transition naming a missing type, times out of order.
    @Test func damagedFilesAreRefused() throws {
        var file = TZifWriter()
        file.types = [(3600, false, "AAA"), (7200, true, "BBB")]
        file.transitions = [100, 200]
        file.transitionTypes = [1, 0]
        file.footer = "AAA-1"
        let whole = file.bytes()
        #expect(throws: Never.self) { try zone(file) }
        try withTemporaryFolder { folder in
            let database = ZoneDatabase(folder: folder)
            func check(_ bytes: [UInt8], _ label: String) throws {
                try Data(bytes).write(to: URL(fileURLWithPath: folder + "/Test"))
                do {
                    _ = try database.zone(named: "Test")
                    Issue.record("\(label) was read")
                } catch {
                    guard case .malformed(name: "Test", _) = error else {
                        Issue.record("\(label): \(error)")
                        return
                    }
                }
            }
            for length in 0..<(whole.count - 1) { try check(Array(whole[..<length]), "the first \(length) bytes") }
            try check(Array("TZia".utf8) + whole.dropFirst(4), "a wrong magic")
            var missingType = file
            missingType.transitionTypes = [1, 2]
            try check(missingType.bytes(), "a missing type")
            var disordered = file
            disordered.transitions = [200, 100]
            try check(disordered.bytes(), "times out of order")
            var badRule = file
            badRule.footer = "not a rule"
            try check(badRule.bytes(), "a bad footer")
        }
    }

    /// A `right/` zone counts leap seconds; it is refused by name rather than read wrong.
    @Test func leapSecondsAreRefused() throws {
        let path = "/usr/share/zoneinfo/right/UTC"
        try #require(FileManager.default.fileExists(atPath: path), "tzdata's right/ zones are not installed")
        #expect(throws: ZoneError.leapSeconds(name: "right/UTC")) {
            try ZoneDatabase(folder: "/usr/share/zoneinfo").zone(named: "right/UTC")
        }
    }
}
