import Foundation
import TestSupport
import Testing

@testable import Almanac

/// The system's tz database read by wallgen's own reader, checked against two
/// independent readers of the same files: `zdump` (the tz code's, from libc-bin) at
/// every transition from 1900 to 2100, and Python's `zoneinfo` between them and for
/// wall-clock readings that happen twice or never.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: zoneinfo + "/Asia/Kolkata"), "tzdata is not installed"))
struct ZoneDatabaseTests {
    static let names = walkedZoneNames()
    let database = ZoneDatabase(folder: zoneinfo)

    @Test func everyZoneFileIsNamedAndRead() throws {
        #expect(Self.names.count > 300)
        #expect(database.names() == Self.names)
        var unread: [String] = []
        for name in Self.names where (try? database.zone(named: name)) == nil { unread.append(name) }
        #expect(unread.isEmpty)
        for name in ["Asia/Kolkata", "Etc/UTC", "US/Pacific", "Asia/Saigon", "Etc/GMT+5", "EST5EDT", "PRC", "ROC"] {
            #expect(Self.names.contains(name), "\(name)")
        }
    }

    /// Zones with unusual histories, checked at every transition from 1900 to 2100.
    static let unusual = [
        "Asia/Taipei", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe", "America/Sao_Paulo",
        "Pacific/Chatham", "Europe/Dublin", "Africa/Casablanca", "Asia/Kolkata", "Asia/Kathmandu",
        "Antarctica/Troll", "America/Santiago", "Asia/Tehran", "Asia/Gaza", "America/Nuuk", "Europe/Moscow",
    ]

    /// Each side of every transition zdump lists, in every zone from 2000 to 2040 (the
    /// years of the footers' rules) and in `unusual` ones from 1900 to 2100: the offset,
    /// its abbreviation, whether it is daylight saving, and the wall clock. (zdump takes
    /// about 70 ms a zone for the two centuries, too long for all of them.)
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zdump"), "zdump (libc-bin) is missing"))
    func everyTransitionAgreesWithZdump() throws {
        let recent = try runCapturing("/usr/bin/zdump", ["-v", "-c", "2000,2041"] + Self.names)
        let centuries = try runCapturing("/usr/bin/zdump", ["-v", "-c", "1900,2101"] + Self.unusual)
        let run = (
            status: recent.status | centuries.status, output: recent.output + centuries.output,
            error: recent.error + centuries.error
        )
        #expect(run.status == 0, "\(run.error)")
        var zones: [String: Zone] = [:]
        var checked = 0
        var disagreements: [String] = []
        for line in run.output.split(separator: "\n") where !line.contains("NULL") {
            // "US/Pacific  Sun Mar  9 10:00:00 2025 UT = Sun Mar  9 03:00:00 2025 PDT isdst=1 gmtoff=-25200"
            let words = line.split(separator: " ")
            guard words.count == 16, words[6] == "UT", words[7] == "=" else {
                Issue.record("unexpected zdump line: \(line)")
                continue
            }
            let name = String(words[0])
            let zone = try zones[name] ?? database.zone(named: name)
            zones[name] = zone
            let instant = try Self.zdumpSeconds(words[1...5])
            let local = try Self.zdumpSeconds(words[8...12])
            let abbreviation = String(words[13])
            let dst = words[14] == "isdst=1"
            let offset = Int(words[15].dropFirst("gmtoff=".count))!
            let got = zone.offset(at: Date(timeIntervalSince1970: TimeInterval(instant)))
            let reading = zone.wallClock(at: Date(timeIntervalSince1970: TimeInterval(instant)))
            let readingSeconds = utcSeconds(
                year: reading.year, month: reading.month, day: reading.day, hour: reading.hour,
                minute: reading.minute, second: reading.second)
            // One expectation per disagreement, not per line: tens of thousands of
            // passing expectations would take minutes.
            if got != ZoneOffset(secondsEast: offset, abbreviation: abbreviation, isDaylightSaving: dst)
                || readingSeconds != local
            {
                disagreements.append("\(line): wallgen says \(got), \(reading)")
            }
            checked += 1
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(20))")
        #expect(zones.count > 300)
        #expect(checked > 20_000)
    }

    /// Between transitions, and the way back: offsets at instants across two centuries,
    /// and the instant of wall-clock readings around each transition (in a gap, and
    /// twice over), against Python's `zoneinfo` with fold 0.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is missing"))
    func offsetsAndReadingsAgreeWithPythonZoneinfo() throws {
        var instants: [Int64] = []
        for year in stride(from: 1901, through: 2100, by: 7) {
            for month in [1, 4, 7, 10] {
                instants.append(utcSeconds(year: year, month: month, day: 15, hour: 12, minute: 0, second: 0))
            }
        }
        // Readings on the days clocks usually change, every half hour of the small hours.
        var readings: [WallClock] = []
        for year in [1985, 2026, 2090] {
            for (month, day) in [
                (3, 8), (3, 9), (3, 10), (3, 26), (3, 30), (3, 31), (4, 6), (10, 5), (10, 26), (11, 2),
            ] {
                for half in 0..<8 {
                    readings.append(
                        WallClock(year: year, month: month, day: day, hour: half / 2, minute: 30 * (half % 2)))
                }
            }
        }
        let script = """
            import sys, zoneinfo, datetime
            lines = sys.stdin.read().split("\\n")
            names = lines[0].split()
            instants = [int(t) for t in lines[1].split()]
            readings = [tuple(int(x) for x in r.split(",")) for r in lines[2].split()]
            out = []
            for name in names:
                zone = zoneinfo.ZoneInfo(name)
                for t in instants:
                    d = datetime.datetime.fromtimestamp(t, zone)
                    out.append("%s %d %d %s" % (name, t, d.utcoffset().total_seconds(), d.tzname()))
                for r in readings:
                    d = datetime.datetime(*r, tzinfo=zone)
                    out.append("%s R%s %d" % (name, ",".join(map(str, r)), int(d.timestamp())))
            print("\\n".join(out))
            """
        let input =
            Self.names.joined(separator: " ") + "\n" + instants.map(String.init).joined(separator: " ") + "\n"
            + readings.map { "\($0.year),\($0.month),\($0.day),\($0.hour),\($0.minute),\($0.second)" }
            .joined(separator: " ")
        let run = try runCapturing("/usr/bin/python3", ["-c", script], input: input)
        #expect(run.status == 0, "\(run.error)")
        var zones: [String: Zone] = [:]
        var checked = 0
        var disagreements: [String] = []
        for line in run.output.split(separator: "\n") {
            let words = line.split(separator: " ")
            let name = String(words[0])
            let zone = try zones[name] ?? database.zone(named: name)
            zones[name] = zone
            if words[1].hasPrefix("R") {
                let fields = words[1].dropFirst().split(separator: ",").map { Int($0)! }
                let reading = WallClock(
                    year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4],
                    second: fields[5])
                let got = Int64(zone.instant(at: reading).timeIntervalSince1970)
                if got != Int64(words[2])! { disagreements.append("\(line): wallgen says \(got)") }
            } else {
                let offset = zone.offset(at: Date(timeIntervalSince1970: TimeInterval(Int64(words[1])!)))
                if offset.secondsEast != Int(words[2])! || offset.abbreviation != String(words[3]) {
                    disagreements.append("\(line): wallgen says \(offset)")
                }
            }
            checked += 1
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(20))")
        #expect(checked == Self.names.count * (instants.count + readings.count))
    }

    /// The calendar zone wallgen carries is the system's Asia/Taipei.
    @Test func theCalendarZoneIsTheSystemsTaipei() throws {
        #expect(try database.zone(named: "Asia/Taipei") == SolarTermCalendar.calendarZone)
    }

    @Test func namesInAnyCaseAreSpeltAsTheDatabaseSpellsThem() throws {
        #expect(try database.zone(matching: "asia/kolkata").name == "Asia/Kolkata")
        #expect(try database.zone(matching: "HONGKONG").name == "Hongkong")
        #expect(throws: ZoneError.unknown(name: "Asia/Kolkatta")) { try database.zone(matching: "Asia/Kolkatta") }
    }

    /// A name is looked up only below the database's folder.
    @Test(arguments: [
        "", "/etc/passwd", "../../etc/passwd", "Asia/../../../etc/passwd", "Asia/./Tokyo", "Asia//Tokyo",
        "Asia/Tokyo\n",
    ])
    func namesThatLeaveTheFolderAreRefused(name: String) {
        #expect(throws: ZoneError.invalidName(name)) { try database.zone(named: name) }
    }

    @Test func aFolderOrAFileThatIsNotTZifIsNoZone() {
        #expect(throws: ZoneError.unknown(name: "Asia")) { try database.zone(named: "Asia") }
        #expect(throws: ZoneError.malformed(name: "zone.tab", reason: "it is not a TZif file")) {
            try database.zone(named: "zone.tab")
        }
    }

    /// A link into the zone folder names its zone by what follows `zoneinfo/`, relative
    /// or absolute; a link elsewhere names none.
    @Test func aLinkTargetNamesItsZone() {
        #expect(ZoneDatabase.name(inLinkTarget: "/usr/share/zoneinfo/Asia/Taipei") == "Asia/Taipei")
        #expect(ZoneDatabase.name(inLinkTarget: "../usr/share/zoneinfo/UTC") == "UTC")
        #expect(ZoneDatabase.name(inLinkTarget: "/etc/zoneinfo/zoneinfo/Europe/Paris") == "zoneinfo/Europe/Paris")
        #expect(ZoneDatabase.name(inLinkTarget: "/opt/zones/Asia/Taipei") == nil)
        #expect(ZoneDatabase.name(inLinkTarget: "zoneinfo/") == nil)
    }

    /// `--tz local`: `$TZ` in its forms, then `/etc/localtime` named by its link or by
    /// `/etc/timezone`, then UTC.
    @Test func theLocalZoneIsFoundAsTheCLibraryFindsIt() throws {
        try withTemporaryFolder { etc in
            let none = database.localZone(environment: [:], etc: etc)
            #expect(none.name == "UTC" && none.offset(at: Date()).secondsEast == 0)
            try FileManager.default.createSymbolicLink(
                atPath: etc + "/localtime", withDestinationPath: zoneinfo + "/Asia/Kolkata")
            let linked = database.localZone(environment: [:], etc: etc)
            #expect(linked == (try database.zone(named: "Asia/Kolkata")))
            try FileManager.default.removeItem(atPath: etc + "/localtime")
            try FileManager.default.copyItem(atPath: zoneinfo + "/Asia/Tokyo", toPath: etc + "/localtime")
            try "Asia/Tokyo\n".write(toFile: etc + "/timezone", atomically: false, encoding: .utf8)
            #expect(database.localZone(environment: [:], etc: etc) == (try database.zone(named: "Asia/Tokyo")))

            let paris = try database.zone(named: "Europe/Paris")
            #expect(database.localZone(environment: ["TZ": "Europe/Paris"], etc: etc) == paris)
            #expect(database.localZone(environment: ["TZ": ":Europe/Paris"], etc: etc) == paris)
            let byPath = database.localZone(environment: ["TZ": zoneinfo + "/Europe/Paris"], etc: etc)
            #expect(byPath.offset(at: Date(timeIntervalSince1970: 1_782_000_000)).abbreviation == "CEST")
            let rule = database.localZone(environment: ["TZ": "<+0330>-3:30"], etc: etc)
            #expect(
                rule.offset(at: Date())
                    == ZoneOffset(secondsEast: 12_600, abbreviation: "+0330", isDaylightSaving: false))
            #expect(database.localZone(environment: ["TZ": "Nowhere/Land"], etc: etc) == .utc)
        }
    }

    /// "Sun Mar  9 10:00:00 2025" as seconds since 1970.
    static func zdumpSeconds(_ words: ArraySlice<Substring>) throws -> Int64 {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let fields = Array(words)
        let month = try #require(months.firstIndex(of: String(fields[1]))) + 1
        let time = fields[3].split(separator: ":").map { Int($0)! }
        return utcSeconds(
            year: Int(fields[4])!, month: month, day: Int(fields[2])!, hour: time[0], minute: time[1], second: time[2])
    }
}
