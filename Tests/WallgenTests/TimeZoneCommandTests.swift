import Foundation
import TestSupport
import Testing

/// Every name of the system's tz database works wherever `--tz` does (issue 28: names
/// such as Asia/Kolkata and Etc/UTC were refused because the list came from ICU, not
/// from the system). The local offsets are checked against Python's `zoneinfo`.
@Suite(
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Asia/Kolkata"), "tzdata is not installed"))
struct TimeZoneCommandTests {
    static let names = [
        "Asia/Kolkata", "Etc/UTC", "US/Pacific", "Asia/Saigon", "Etc/GMT+5", "EST5EDT", "PRC", "ROC", "Hongkong",
    ]

    /// The table is titled with the name and every local time agrees with zoneinfo's.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is missing"),
        arguments: names)
    func almanacShowsTheYearInTheZone(name: String) throws {
        try withTemporaryFolder { folder in
            let table = try launch(["almanac", "-y", "2026", "--tz", name], in: folder)
            #expect(table.status == 0, "\(table.standardError)")
            #expect(table.output.hasPrefix("二十四節氣 2026, \(name)\n"))
            let json = try launch(["almanac", "-y", "2026", "--tz", name, "--json"], in: folder)
            #expect(json.status == 0, "\(json.standardError)")
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(json.standardOutput)) as? [[String: Any]])
            let pairs = entries.map { "\($0["utc"] as? String ?? "") \($0["local"] as? String ?? "")" }
            let script = """
                import sys, zoneinfo, datetime
                zone = zoneinfo.ZoneInfo(sys.argv[1])
                for line in sys.stdin.read().split("\\n"):
                    utc, local = line.split()
                    instant = datetime.datetime.fromisoformat(utc.replace("Z", "+00:00"))
                    expected = instant.astimezone(zone).isoformat()
                    if expected != local: print(line, "zoneinfo says", expected)
                """
            let check = try runPython(script, [name], input: pairs.joined(separator: "\n"))
            #expect(check.status == 0 && check.output.isEmpty, "\(check.output)\(check.error)")
        }
    }

    /// `term --date` picks the term in effect at the day's end in `--tz`: 冬至 2026 begins
    /// at 20:50 UTC on December 21, before that day ends in US/Pacific (08:00 UTC on the
    /// 22nd) but after it ends in Asia/Kolkata (18:30 UTC) and Hongkong (16:00 UTC).
    @Test(arguments: [
        ("US/Pacific", "22-dongzhi.png", "Winter"), ("Etc/GMT+5", "22-dongzhi.png", "Winter"),
        ("Asia/Kolkata", "21-daxue.png", "Autumn"), ("Hongkong", "21-daxue.png", "Autumn"),
        ("Asia/Saigon", "21-daxue.png", "Autumn"),
    ])
    func theDayEndsInTheZone(name: String, card: String, season: String) throws {
        try withTemporaryFolder { folder in
            let term = try launch(["term", "--date", "2026-12-21", "--tz", name, "--size", "32x18"], in: folder)
            #expect(term.status == 0, "\(term.standardError)")
            #expect(filesIn(folder) == [card])
            let wallpaper = try launch(
                [
                    "--date", "2026-12-21", "--season-rule", "astronomical", "--tz", name, "--size", "32x18", "-o",
                    "w.png",
                ],
                in: folder)
            #expect(wallpaper.status == 0, "\(wallpaper.standardError)")
            #expect(wallpaper.standardError.contains(": \(season), 32x18"), "\(wallpaper.standardError)")
        }
    }

    /// The schedule's months begin at local midnight in `--tz`: winter 2026 at
    /// 2025-12-01 00:00, which is 08:00 UTC in US/Pacific and 18:30 UTC the day before in
    /// Asia/Kolkata; GNOME's slideshow starts at that wall-clock time.
    @Test(arguments: [
        ("US/Pacific", "2025-12-01T08:00:00Z"), ("Asia/Kolkata", "2025-11-30T18:30:00Z"),
        ("Etc/UTC", "2025-12-01T00:00:00Z"), ("EST5EDT", "2025-12-01T05:00:00Z"), ("PRC", "2025-11-30T16:00:00Z"),
    ])
    func scheduleMonthsBeginAtLocalMidnight(name: String, start: String) throws {
        try withTemporaryFolder { folder in
            let run = try launch(
                [
                    "schedule", "-o", "s", "--by", "seasons", "--size", "32x18", "--years", "1", "--from", "2026",
                    "--tz", name,
                ], in: folder, environment: LivingWallpaperTests.session(folder))
            #expect(run.status == 0, "\(run.standardError)")
            let json = try String(contentsOfFile: folder + "/s/schedule.json", encoding: .utf8)
            #expect(json.contains("\"\(start)\""), "\(json.prefix(400))")
            let xml = try String(contentsOfFile: folder + "/s/schedule.xml", encoding: .utf8)
            #expect(xml.contains("<year>2025</year>\n    <month>12</month>\n    <day>1</day>\n    <hour>0</hour>"))
        }
    }

    /// `--tz local` titles the table with the machine's zone, and that name is one `--tz`
    /// takes: `$TZ` when set, else `/etc/localtime` (this machine's own, Etc/UTC, was refused).
    @Test func theLocalZonesNameIsAcceptedBack() throws {
        try withTemporaryFolder { folder in
            var environment = ProcessInfo.processInfo.environment
            environment["TZ"] = nil
            let local = try launch(["almanac", "-y", "2026", "--tz", "local"], in: folder, environment: environment)
            #expect(local.status == 0, "\(local.standardError)")
            let heading = try #require(local.output.split(separator: "\n").first)
            let name = String(try #require(heading.split(separator: ", ").last))
            if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
                let range = link.range(of: "zoneinfo/")
            {
                #expect(name == String(link[range.upperBound...]))
            }
            let named = try launch(["almanac", "-y", "2026", "--tz", name], in: folder, environment: environment)
            #expect(named.status == 0, "\(named.standardError)")
            #expect(named.output == local.output)

            environment["TZ"] = "Asia/Kolkata"
            let fromTZ = try launch(["almanac", "-y", "2026", "--tz", "local"], in: folder, environment: environment)
            #expect(fromTZ.output.hasPrefix("二十四節氣 2026, Asia/Kolkata\n"))
            #expect(fromTZ.output.split(separator: "\n").dropFirst().allSatisfy { $0.hasSuffix("+05:30") })
        }
    }

    /// A misspelt name is refused with the closest real one suggested, from the system's names.
    @Test func aMisspeltNameSuggestsTheSystemsClosest() throws {
        let run = try withTemporaryFolder { try launch(["almanac", "--tz", "Asia/Kolkatta"], in: $0) }
        #expect(run.status == 64)
        #expect(
            run.standardError.contains("got 'Asia/Kolkatta' (did you mean 'Asia/Kolkata'?)"), "\(run.standardError)")
    }

    private func runPython(_ script: String, _ arguments: [String], input: String) throws -> (
        status: Int32, output: String, error: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script] + arguments
        let output = Pipe()
        let error = Pipe()
        let standardInput = Pipe()
        (process.standardOutput, process.standardError, process.standardInput) = (output, error, standardInput)
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
