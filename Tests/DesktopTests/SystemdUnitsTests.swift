import Almanac
import Desktop
import Foundation
import Testing

@Suite struct SystemdUnitsTests {
    @Test func timerListsEachInstantInUTC() {
        let timer = SystemdUnits.timer(
            instants: [Date(timeIntervalSince1970: 1_797_886_213), Date(timeIntervalSince1970: 1_797_886_213.6)],
            names: .terms)
        #expect(timer.contains("\nOnCalendar=2026-12-21 20:50:13 UTC\nOnCalendar=2026-12-21 20:50:14 UTC\n"))
        for line in [
            "AccuracySec=1s", "Persistent=true", "WantedBy=timers.target", "Unit=wallgen-terms.service",
            "Also=wallgen-terms.service",
        ] {
            #expect(timer.contains("\n" + line + "\n"), "\(line)")
        }
    }

    @Test func serviceQuotesItsArgumentsAndRunsAtLogin() throws {
        let service = try SystemdUnits.service(
            wallgen: "/opt/my $tools/100%/wallgen", schedule: "/home/a\"b/100%/$HOME\\x.json", names: .terms)
        #expect(service.contains("\nType=oneshot\n"))
        #expect(
            service.contains(
                #"ExecStart="/opt/my $tools/100%%/wallgen" "apply" "--now" "--schedule" "/home/a\"b/100%%/$$HOME\\x.json""#
                    + "\n"))
        #expect(service.contains("\nAfter=graphical-session.target\n"))
        #expect(service.hasSuffix("\n[Install]\nWantedBy=graphical-session.target\n"))
    }

    /// A seasons schedule's units are named and described after the seasons, a terms
    /// schedule's after the terms.
    @Test func theUnitsAreNamedAfterWhatTheScheduleFollows() throws {
        #expect(
            ScheduleUnitNames.following(terms: false).units == ["wallgen-seasons.timer", "wallgen-seasons.service"])
        #expect(ScheduleUnitNames.following(terms: true).units == ["wallgen-terms.timer", "wallgen-terms.service"])
        let seasons = SystemdUnits.timer(instants: [Date(timeIntervalSince1970: 0)], names: .seasons)
        #expect(seasons.contains("\nDescription=Change the wallpaper when a season begins\n"), "\(seasons)")
        #expect(
            seasons.contains("\nUnit=wallgen-seasons.service\n") && seasons.contains("\nAlso=wallgen-seasons.service\n")
        )
        #expect(!seasons.contains("term"), "\(seasons)")
        let service = try SystemdUnits.service(
            wallgen: "/usr/bin/wallgen", schedule: "/s/schedule.json", names: .seasons)
        #expect(service.contains("\nDescription=Apply the wallpaper of the current season\n"), "\(service)")
        let terms = SystemdUnits.timer(instants: [Date(timeIntervalSince1970: 0)], names: .terms)
        #expect(terms.contains("\nDescription=Change the wallpaper when a solar term begins\n"), "\(terms)")
    }

    /// systemd refuses these in an executable's path however they are quoted (issue 26,
    /// item 8): refused before a unit is written.
    @Test(arguments: [
        "/opt/it's/wallgen", "/opt/say \"hi\"/wallgen", #"/opt/back\slash/wallgen"#, "/opt/a\u{7}/wallgen",
    ])
    func anExecutablePathSystemdRefusesIsRefused(path: String) {
        #expect(throws: DesktopError.unsafeExecutable(path: path)) {
            try SystemdUnits.service(wallgen: path, schedule: "/s/schedule.json", names: .terms)
        }
    }

    /// systemd-analyze itself reads each line and says when it next elapses from a base time.
    @Test(.enabled(if: toolAvailable("systemd-analyze"), "systemd-analyze is not installed"))
    func systemdAgreesOnEveryInstantOfAYear() throws {
        let instants = try SolarTermCalendar.instants(inYear: 2026).map(\.instant)
        let timer = SystemdUnits.timer(instants: instants, names: .terms)
        let lines = timer.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }
            .map { String($0.dropFirst("OnCalendar=".count)) }
        #expect(lines.count == 24)
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        environment["SYSTEMD_COLORS"] = "0"
        let run = try runTool(
            toolPath("systemd-analyze")!, ["calendar", "--base-time=2025-12-31 00:00:00 UTC"] + lines,
            environment: environment)
        #expect(run.status == 0, "\(run.error)")
        let elapses = run.output.split(separator: "\n").filter { $0.contains("Next elapse:") }
            .map { $0.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces) }
        #expect(elapses.count == 24)
        // Next elapse reads "Mon 2026-12-21 20:50:15 UTC": the weekday, then our line.
        let utc = TimeZone(identifier: "UTC")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        for (instant, elapse) in zip(instants, elapses) {
            let second = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded())
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: second)
            let expected = String(
                format: "%04d-%02d-%02d %02d:%02d:%02d UTC", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
            #expect(elapse.dropFirst(4) == expected[...], "\(elapse)")
        }
    }

    /// `systemd-analyze verify` loads both units as systemd would (it checks the executable
    /// exists, so the test points ExecStart at a script whose path needs every escape),
    /// under the names each schedule installs them as: the timer starts its own service.
    @Test(
        .enabled(if: toolAvailable("systemd-analyze"), "systemd-analyze is not installed"),
        arguments: [ScheduleUnitNames.terms, .seasons])
    func systemdVerifiesTheUnits(names: ScheduleUnitNames) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tool = try folder.write("bin dir/wall gen 100%$x", "#!/bin/sh\nexit 0\n", executable: true)
        let instants = try SolarTermCalendar.instants(inYear: 2027).map(\.instant)
        let timer = try folder.write(names.timer, SystemdUnits.timer(instants: instants, names: names))
        let service = try folder.write(
            names.service, try SystemdUnits.service(wallgen: tool, schedule: "/tmp/a b/schedule.json", names: names))
        var environment = ProcessInfo.processInfo.environment
        environment["SYSTEMD_COLORS"] = "0"
        // --user needs a running user manager's runtime folder; the system mode parses the
        // same unit syntax and needs nothing running.
        let run = try runTool(toolPath("systemd-analyze")!, ["verify", timer, service], environment: environment)
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(!run.error.contains(folder.path), "\(run.error)")

        // The same check fails when the path is left unquoted: the check can fail.
        let bad = try folder.write("bad.service", "[Service]\nType=oneshot\nExecStart=\(tool) apply\n")
        let badRun = try runTool(toolPath("systemd-analyze")!, ["verify", bad], environment: environment)
        #expect(badRun.status != 0)
        #expect(badRun.error.contains("bin is not executable"), "\(badRun.error)")
    }
}
