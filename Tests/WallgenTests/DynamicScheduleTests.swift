import Foundation
import TestSupport
import Testing

private let systemPython = "/usr/bin/python3"
private let libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

/// Checks, with PyEphem, each of the first nine instants a dynamic schedule's timer lists
/// for the three-frame file (night due north at -60°, day due south at 41.5°, dusk at -3°
/// in the west): each is the Sun's transit (the day frame), its lower transit (the
/// night frame, by its hour angle of 180°), or the moment it sets through -3° (the dusk
/// frame), that day. Prints "count N", then "checked N" or the instant that is none.
private let dayByDayProbe = """
    import datetime, math, re, sys
    import ephem
    timer, lat, lon = sys.argv[1:4]
    place = ephem.Observer()
    place.lat, place.lon, place.elevation, place.pressure = lat, lon, 0, 0
    instants = [datetime.datetime.strptime(t, '%Y-%m-%d %H:%M:%S') for t in
                re.findall(r'OnCalendar=(\\S+ \\S+) UTC', open(timer).read())]
    print('count', len(instants))
    def seconds_to(when, event):
        place.date = ephem.Date(when - datetime.timedelta(hours=13))
        found = getattr(place, event)(ephem.Sun()).datetime()
        return abs((found - when).total_seconds())
    checked = 0
    for when in instants[:9]:
        place.date = ephem.Date(when)
        sun = ephem.Sun(place)
        dusk = abs(math.degrees(sun.alt) + 3) <= 0.05 and math.degrees(sun.az) > 180
        day = seconds_to(when, 'next_transit') <= 60
        night = seconds_to(when, 'next_antitransit') <= 60
        if not (dusk or day or night):
            print('none', when, math.degrees(sun.alt), math.degrees(sun.az))
        checked += 1
    print('checked', checked)
    """

/// `wallgen schedule --dynamic`: a dynamic HEIC another program made, followed by a timer
/// at each frame's start, day by day; the timer's own command, run at faked times on a
/// real X server, puts the frame of that moment on the root window.
@Suite struct DynamicScheduleTests {
    typealias Living = LivingWallpaperTests

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "ExifTool is not installed"),
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc"), "heif-enc is missing"))
    func theTimerFollowsTheFramesDayByDay() throws {
        try withTemporaryFolder { folder in
            let made = try launch(
                ["-c", independentHEIC, folder], in: folder, executable: URL(fileURLWithPath: systemPython))
            try #require(made.status == 0, "\(made.standardError)")
            let environment = Living.session(folder)
            let installed = try launch(
                ["schedule", "--dynamic", "dynamic.heic", "--place", "Taipei", "-o", "s", "--install"], in: folder,
                environment: environment)
            #expect(installed.status == 0, "\(installed.standardError)")
            #expect(installed.standardError.contains("Installed wallgen-dynamic.timer"), "\(installed.standardError)")
            let units = folder + "/config/systemd/user/"
            let service = try String(contentsOfFile: units + "wallgen-dynamic.service", encoding: .utf8)
            #expect(
                service.contains("\"apply\" \"\(folder)/s/dynamic.heic\" \"--place\" \"Asia/Taipei\""), "\(service)")
            #expect(
                FileManager.default.contentsEqual(atPath: folder + "/s/dynamic.heic", andPath: folder + "/dynamic.heic")
            )
            #expect(FileManager.default.fileExists(atPath: folder + "/config/autostart/wallgen-dynamic.desktop"))
            if Living.installed("systemd-analyze") {
                var verifying = environment
                verifying["SYSTEMD_COLORS"] = "0"
                let verified = try launch(
                    ["verify", units + "wallgen-dynamic.timer", units + "wallgen-dynamic.service"], in: folder,
                    environment: verifying, executable: URL(fileURLWithPath: "/usr/bin/systemd-analyze"))
                #expect(verified.status == 0, "\(verified.output)\(verified.standardError)")
            }
            if FileManager.default.isExecutableFile(atPath: systemPython) {
                let probe = try launch(
                    ["-c", dayByDayProbe, units + "wallgen-dynamic.timer", "25.05", "121.5"],
                    in: folder, executable: URL(fileURLWithPath: systemPython))
                #expect(probe.status == 0, "\(probe.standardError)")
                // Three frames a day for 366 days.
                #expect(probe.output.hasPrefix("count 1098\n"), "\(probe.output)")
                #expect(probe.output.hasSuffix("\nchecked 9\n") && !probe.output.contains("none"), "\(probe.output)")
            }
            // --uninstall takes the units, the entry and the copy away.
            let removed = try launch(["schedule", "--uninstall", "-o", "s"], in: folder, environment: environment)
            #expect(removed.status == 0, "\(removed.standardError)")
            #expect(!FileManager.default.fileExists(atPath: units + "wallgen-dynamic.timer"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/config/autostart/wallgen-dynamic.desktop"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/s/dynamic.heic"))
        }
    }

    /// The service's command, run under libfaketime a minute after the timer's first three
    /// instants, sets the frame whose start that is:
    /// read back from a real X server's root window.
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: libfaketime), "faketime is not installed"),
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xwallpaper"), "xwallpaper is not installed"),
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc"), "heif-enc is missing"))
    func theTimersCommandShowsTheFrameOfThatMoment() throws {
        try withTemporaryFolder { folder in
            let made = try launch(
                ["-c", independentHEIC, folder], in: folder, executable: URL(fileURLWithPath: systemPython))
            try #require(made.status == 0, "\(made.standardError)")
            let environment = Living.session(folder)
            let written = try launch(
                ["schedule", "--dynamic", "dynamic.heic", "--place", "Taipei", "-o", "s"], in: folder,
                environment: environment)
            try #require(written.status == 0, "\(written.standardError)")
            let timer = try String(contentsOfFile: folder + "/s/wallgen-dynamic.timer", encoding: .utf8)
            let instants = timer.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }.map {
                String($0.dropFirst("OnCalendar=".count).dropLast(" UTC".count))
            }
            let service = try String(contentsOfFile: folder + "/s/wallgen-dynamic.service", encoding: .utf8)
            let exec = try #require(service.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
            let argv = exec.dropFirst("ExecStart=".count).split(separator: "\" \"").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            let server = try XvfbServer(width: 160, height: 120)
            defer { server.stop() }
            // The frames in the order a day shows them from its first start: day, dusk, night.
            let colours: [[UInt8]] = [[240, 200, 40], [200, 80, 40], [10, 20, 80]]
            for (instant, colour) in zip(instants.prefix(3), colours) {
                var faked = environment
                faked["DISPLAY"] = server.display
                faked["TZ"] = "UTC"
                faked["LD_PRELOAD"] = libfaketime
                faked["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
                // A minute after the start.
                faked["FAKETIME"] = "@" + Self.minuteAfter(instant)
                let run = try launch(
                    Array(argv.dropFirst()), in: folder, environment: faked, executable: URL(fileURLWithPath: argv[0]))
                #expect(run.status == 0, "\(instant): \(run.standardError)")
                let dump = try launch(
                    ["-root", "-silent", "-display", server.display], in: folder,
                    environment: faked.filter {
                        $0.key != "LD_PRELOAD"
                    }, executable: URL(fileURLWithPath: "/usr/bin/xwd"))
                let screen = try #require(XWDImage(dump.standardOutput), "xwd wrote no readable image")
                let seen = screen.rgb(x: 80, y: 60)
                for (got, wanted) in zip(seen, colour) {
                    #expect(
                        abs(Int(got) - Int(wanted)) <= 4, "\(instant): \(seen), not \(colour); \(run.standardError)")
                }
            }
        }
    }

    /// Options that make pictures do not go with --dynamic (64); a picture without Apple's
    /// timing is refused with 65, naming it; --place without --dynamic is 64.
    @Test func refusals() throws {
        try withTemporaryFolder { folder in
            let environment = Living.session(folder)
            try Living.quadrants(width: 8, height: 8, at: folder + "/plain.png")
            let sized = try launch(
                ["schedule", "--dynamic", "plain.png", "--size", "64x36", "--place", "Taipei", "-o", "s"], in: folder,
                environment: environment)
            #expect(
                sized.status == 64 && sized.standardError.contains("--size makes pictures"), "\(sized.standardError)")
            let plain = try launch(
                ["schedule", "--dynamic", "plain.png", "--place", "Taipei", "-o", "s"], in: folder,
                environment: environment)
            #expect(plain.status == 65, "\(plain.standardError)")
            #expect(plain.standardError.contains("plain.png"), "\(plain.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/s/wallgen-dynamic.timer"))
            let placed = try launch(["schedule", "--place", "Taipei", "-o", "s"], in: folder, environment: environment)
            #expect(placed.status == 64 && placed.standardError.contains("--place goes with --dynamic"))
        }
    }

    /// Under a preloaded library that hides argv from Swift's runtime (libfaketime), the
    /// arguments are still read (from /proc/self/cmdline): `sky` answers for the place and
    /// the faked instant, where it once crashed (and with none read would have made a
    /// wallpaper).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: libfaketime), "faketime is not installed"))
    func argumentsSurviveAPreloadedLibrary() throws {
        try withTemporaryFolder { folder in
            var environment = ProcessInfo.processInfo.environment
            environment["LD_PRELOAD"] = libfaketime
            environment["FAKETIME"] = "@2026-12-21 04:00:00"
            environment["TZ"] = "UTC"
            let run = try launch(["sky", "--place", "Taipei"], in: folder, environment: environment)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.output.hasPrefix("Taipei (25.05° N, 121.50° E), 2026-12-21 12:00:00 +08:00"), "\(run.output)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "no wallpaper made")
        }
    }

    /// "2026-12-05 04:00:12" a minute later.
    static func minuteAfter(_ stamp: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        guard let date = formatter.date(from: stamp) else { return stamp }
        return formatter.string(from: date.addingTimeInterval(60))
    }
}
