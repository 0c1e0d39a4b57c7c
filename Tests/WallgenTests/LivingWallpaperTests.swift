import Compositor
import Foundation
import TestSupport
import Testing

/// `wallgen apply`, `wallgen schedule` and `wallgen almanac --ics`, run as a person
/// runs them, against the real programs where they can run here.
@Suite struct LivingWallpaperTests {
    static func installed(_ tool: String) -> Bool { ReferenceTests.installed(tool) }

    /// An environment with the temporary folder as the user's XDG homes and nothing of
    /// the session that runs the tests (no desktop, no display).
    static func session(_ folder: String, _ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["XDG_CURRENT_DESKTOP", "WAYLAND_DISPLAY", "DISPLAY", "SWAYSOCK", "HYPRLAND_INSTANCE_SIGNATURE"] {
            environment[key] = nil
        }
        environment["HOME"] = folder
        environment["XDG_DATA_HOME"] = folder + "/data"
        environment["XDG_CONFIG_HOME"] = folder + "/config"
        environment.merge(extra) { $1 }
        return environment
    }

    /// A stand-in for a desktop's setter: records its arguments, one per line, and exits `status`.
    static func standIn(_ name: String, in folder: String, status: Int = 0, message: String = "") throws -> String {
        let bin = folder + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            printf '%s\\n' "$@" > "\(folder)/\(name).args"
            \(message.isEmpty ? "" : "echo '\(message)' >&2")
            exit \(status)
            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: bin + "/" + name))
        chmod(bin + "/" + name, 0o755)
        return bin
    }

    /// A small PNG in four coloured quadrants: red, green / blue, white.
    static func quadrants(width: Int, height: Int, at path: String) throws {
        let png = PNGTestWriter(width: width, height: height, bitDepth: 8, colorType: .rgb) { x, y in
            switch (x < width / 2, y < height / 2) {
            case (true, true): [255, 0, 0]
            case (false, true): [0, 255, 0]
            case (true, false): [0, 0, 255]
            case (false, false): [255, 255, 255]
            }
        }
        try Data(png.encode()).write(to: URL(fileURLWithPath: path))
    }

    // MARK: apply

    @Test func applyCopiesByContentAndRunsTheDesktopsSetter() throws {
        try withTemporaryFolder { folder in
            try Self.quadrants(width: 8, height: 8, at: folder + "/pic.png")
            let bin = try Self.standIn("swaymsg", in: folder)
            let environment = Self.session(folder, ["XDG_CURRENT_DESKTOP": "sway", "PATH": bin + ":/usr/bin:/bin"])
            let result = try launch(["apply", "pic.png"], in: folder, environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            // The copy is named by the SHA-256 of the bytes, as sha256sum computes it.
            let digest = try launch(
                ["pic.png"], in: folder, executable: URL(fileURLWithPath: "/usr/bin/sha256sum")
            ).output.prefix(64)
            let stored = folder + "/data/wallgen/applied/\(digest).png"
            #expect(FileManager.default.contentsEqual(atPath: stored, andPath: folder + "/pic.png"))
            let arguments = try String(contentsOfFile: folder + "/swaymsg.args", encoding: .utf8)
            #expect(arguments == "output\n*\nbg\n\"\(stored)\"\nfill\n")
            #expect(result.standardError.contains("Set the sway wallpaper to \(stored)"))
        }
    }

    /// `--apply` sets what the command just wrote.
    @Test func applyAfterRendering() throws {
        try withTemporaryFolder { folder in
            // Only the stand-in on PATH: a real xwallpaper would be found first.
            let bin = try Self.standIn("hsetroot", in: folder)
            let environment = Self.session(folder, ["DISPLAY": ":9", "PATH": bin])
            let result = try launch(
                ["--season", "winter", "--size", "32x18", "-o", "w.png", "--apply", "--desktop", "x11"], in: folder,
                environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            let arguments = try String(contentsOfFile: folder + "/hsetroot.args", encoding: .utf8)
                .split(separator: "\n")
            #expect(arguments.first == "-cover")
            let copy = try #require(arguments.last.map(String.init))
            #expect(copy.hasPrefix(folder + "/data/wallgen/applied/"))
            #expect(FileManager.default.contentsEqual(atPath: copy, andPath: folder + "/w.png"))
        }
    }

    @Test func dryRunPrintsTheCommandsAndTouchesNothing() throws {
        try withTemporaryFolder { folder in
            try Self.quadrants(width: 8, height: 8, at: folder + "/pic.png")
            let bin = try Self.standIn("plasma-apply-wallpaperimage", in: folder)
            let environment = Self.session(folder, ["PATH": bin + ":/usr/bin:/bin"])
            let result = try launch(
                ["apply", "--desktop", "plasma", "--dry-run", "pic.png"], in: folder, environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            // The path of the copy a real run would set, not the person's file.
            let digest = try launch(
                ["pic.png"], in: folder, executable: URL(fileURLWithPath: "/usr/bin/sha256sum")
            ).output.prefix(64)
            #expect(
                result.output
                    == "plasma-apply-wallpaperimage -f preserveAspectCrop \(folder)/data/wallgen/applied/\(digest).png\n"
            )
            #expect(!FileManager.default.fileExists(atPath: folder + "/plasma-apply-wallpaperimage.args"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/data"))
        }
    }

    @Test func applyFailuresAreNamedWithTheirStatus() throws {
        try withTemporaryFolder { folder in
            try Self.quadrants(width: 8, height: 8, at: folder + "/pic.png")
            let empty = folder + "/empty-bin"
            try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            // No desktop at all.
            let none = try launch(["apply", "pic.png"], in: folder, environment: Self.session(folder))
            #expect(none.status == 69)
            #expect(none.standardError.contains("no graphical session"), "\(none.standardError)")
            #expect(none.standardError.contains("gnome, unity, cinnamon, mate, kde, xfce, sway, hyprland, x11"))
            // An unknown --desktop is a usage error naming the choices.
            let unknown = try launch(
                ["apply", "--desktop", "amiga", "pic.png"], in: folder, environment: Self.session(folder))
            #expect(unknown.status == 64 && unknown.standardError.contains("--desktop must be gnome, unity"))
            // A desktop whose setters are not installed.
            let missing = try launch(
                ["apply", "pic.png"], in: folder,
                environment: Self.session(folder, ["XDG_CURRENT_DESKTOP": "KDE", "PATH": empty]))
            #expect(missing.status == 69)
            #expect(missing.standardError.contains("plasma-apply-wallpaperimage"), "\(missing.standardError)")
            // A setter that fails: its own message and status.
            let bin = try Self.standIn("swaymsg", in: folder, status: 3, message: "no such output")
            let failed = try launch(
                ["apply", "pic.png"], in: folder,
                environment: Self.session(folder, ["XDG_CURRENT_DESKTOP": "sway", "PATH": bin + ":/usr/bin:/bin"]))
            #expect(failed.status == 69)
            #expect(failed.standardError.contains("exited with status 3: no such output"), "\(failed.standardError)")
            // A missing picture.
            let gone = try launch(["apply", "nope.png"], in: folder, environment: Self.session(folder))
            #expect(gone.status == 66 && gone.standardError.contains("Error: picture: 'nope.png' does not exist"))
        }
    }

    /// GNOME's real gsettings, on the keyfile backend in the test's folder.
    @Test(.enabled(if: installed("gsettings"), "gsettings is not installed (libglib2.0-bin)"))
    func applyOnGnomeSetsBothStyles() throws {
        try withTemporaryFolder { folder in
            try Self.quadrants(width: 8, height: 8, at: folder + "/light.png")
            try Self.quadrants(width: 6, height: 6, at: folder + "/dark.png")
            let environment = Self.session(
                folder, ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "GSETTINGS_BACKEND": "keyfile"])
            let result = try launch(["apply", "light.png", "--dark", "dark.png"], in: folder, environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            func get(_ key: String) throws -> String {
                try launch(
                    ["get", "org.gnome.desktop.background", key], in: folder, environment: environment,
                    executable: URL(fileURLWithPath: "/usr/bin/gsettings")
                ).output
            }
            let applied = filesIn(folder + "/data/wallgen/applied").filter { !$0.hasPrefix(".") }
            #expect(applied.count == 2)
            let light = try #require(
                applied.first {
                    FileManager.default.contentsEqual(
                        atPath: folder + "/data/wallgen/applied/" + $0, andPath: folder + "/light.png")
                })
            let dark = try #require(applied.first { $0 != light })
            #expect(try get("picture-uri") == "'file://\(folder)/data/wallgen/applied/\(light)'\n")
            #expect(try get("picture-uri-dark") == "'file://\(folder)/data/wallgen/applied/\(dark)'\n")
            #expect(try get("picture-options") == "'zoom'\n")
        }
    }

    /// A real X server with a real setter: the root window, read back, shows the picture.
    @Test(
        .enabled(if: installed("Xvfb") && installed("xwd"), "Xvfb or xwd is not installed (xvfb, x11-apps)"),
        .enabled(
            if: installed("xwallpaper") || installed("hsetroot"), "no X11 setter is installed (xwallpaper, hsetroot)"))
    func applyOnXPaintsTheRootWindow() throws {
        try withTemporaryFolder { folder in
            // A display the server picks itself, so no other test run holds it.
            let server = try XvfbServer(width: 320, height: 240)
            defer { server.stop() }
            let display = server.display
            try Self.quadrants(width: 320, height: 240, at: folder + "/pic.png")
            let environment = Self.session(folder, ["DISPLAY": display])
            let result = try launch(["apply", "pic.png"], in: folder, environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            let dump = try launch(
                ["-root", "-silent", "-display", display], in: folder, environment: environment,
                executable: URL(fileURLWithPath: "/usr/bin/xwd"))
            let screen = try #require(XWDImage(dump.standardOutput), "xwd wrote no readable image")
            #expect(screen.width == 320 && screen.height == 240)
            // Named points, each well inside its quadrant.
            #expect(screen.rgb(x: 80, y: 60) == [255, 0, 0])
            #expect(screen.rgb(x: 240, y: 60) == [0, 255, 0])
            #expect(screen.rgb(x: 80, y: 180) == [0, 0, 255])
            #expect(screen.rgb(x: 240, y: 180) == [255, 255, 255])
        }
    }

    // MARK: the calendar feed

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/icalendar"),
            "python3-icalendar is not installed"))
    func icsReadByARealParserMatchesTheAlmanac() throws {
        try withTemporaryFolder { folder in
            var environment = ProcessInfo.processInfo.environment
            environment["SOURCE_DATE_EPOCH"] = "1790000000"
            let feed = try launch(
                ["almanac", "--ics", "--year", "2026", "--years", "2"], in: folder, environment: environment)
            #expect(feed.status == 0, "\(feed.standardError)")
            let again = try launch(
                ["almanac", "--ics", "--year", "2026", "--years", "2"], in: folder, environment: environment)
            #expect(again.standardOutput == feed.standardOutput, "the same feed on every run")
            try Data(feed.standardOutput).write(to: URL(fileURLWithPath: folder + "/terms.ics"))
            let reader = """
                import icalendar, sys
                cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
                for event in cal.walk('VEVENT'):
                    print(event['UID'], event.decoded('DTSTART').strftime('%Y-%m-%dT%H:%M:%SZ'), event.decoded('DTSTAMP').timestamp(), event['SUMMARY'])
                """
            let parsed = try launch(
                ["-c", reader, "terms.ics"], in: folder, executable: URL(fileURLWithPath: "/usr/bin/python3"))
            #expect(parsed.status == 0, "\(parsed.standardError)")
            let events = parsed.output.split(separator: "\n").map {
                $0.split(separator: " ", maxSplits: 3).map(String.init)
            }
            #expect(events.count == 48)
            var almanac: [String] = []
            for year in ["2026", "2027"] {
                let json = try launch(["almanac", "--year", year, "--json"], in: folder)
                let entries = try #require(
                    try JSONSerialization.jsonObject(with: Data(json.standardOutput)) as? [[String: Any]])
                almanac += entries.map { $0["utc"] as! String }
            }
            #expect(events.map { $0[1] } == almanac, "every start equals the almanac's instant, to the second")
            #expect(events.allSatisfy { $0[2] == "1790000000.0" })
            #expect(events.first?[0] == "2026-xiaohan@wallgen" && events.first?[3] == "小寒 Minor Cold")
            #expect(Set(events.map { $0[0] }).count == 48, "UIDs are unique")
        }
    }

    // MARK: schedule

    @Test func scheduleNamesTheCardFromTheSecondItsTermBegins() throws {
        try withTemporaryFolder { folder in
            let environment = Self.session(folder)
            let made = try launch(
                [
                    "schedule", "-o", "terms", "--size", "48x27", "--size", "27x48", "--from", "2026", "--years", "1",
                    "--jobs", "1",
                ],
                in: folder, environment: environment)
            #expect(made.status == 0, "\(made.standardError)")
            let files = filesIn(folder + "/terms")
            #expect(files.filter { $0.hasSuffix("-48x27.png") }.count == 24)
            #expect(files.filter { $0.hasSuffix("-27x48.png") }.count == 24)
            for name in [
                "schedule.xml", "schedule.json", "wallgen-terms.timer", "wallgen-terms.service",
                "gnome-background-properties.xml",
            ] {
                #expect(files.contains(name), "no \(name)")
            }
            // 冬至 2026 from the almanac, then the schedule asked a second either side.
            let json = try launch(["almanac", "--year", "2026", "--json"], in: folder)
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(json.standardOutput)) as? [[String: Any]])
            let solstice = try #require(entries.first { $0["name"] as? String == "冬至" }?["utc"] as? String)
            let instant = try #require(ISO8601DateFormatter().date(from: solstice))
            func shown(_ offset: TimeInterval) throws -> String {
                let at = ISO8601DateFormatter().string(from: instant.addingTimeInterval(offset))
                return try launch(["schedule", "-o", "terms", "--at", at], in: folder, environment: environment).output
            }
            #expect(try shown(-1).hasPrefix("21-daxue since "))
            #expect(try shown(0).hasPrefix("22-dongzhi since \(solstice)"))
            #expect(try shown(0).contains("  48x27 \(folder)/terms/22-dongzhi-48x27.png"))
            // The timer fires at that instant, in UTC.
            let timer = try String(contentsOfFile: folder + "/terms/wallgen-terms.timer", encoding: .utf8)
            let stamp = solstice.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
            #expect(timer.contains("OnCalendar=\(stamp)\n"), "\(stamp)")
            // apply --at through the schedule sets that card.
            let bin = try Self.standIn("swaymsg", in: folder)
            let applied = try launch(
                ["apply", "--at", solstice, "--schedule", "terms/schedule.json"], in: folder,
                environment: Self.session(folder, ["XDG_CURRENT_DESKTOP": "sway", "PATH": bin + ":/usr/bin:/bin"]))
            #expect(applied.status == 0, "\(applied.standardError)")
            let stored = try String(contentsOfFile: folder + "/swaymsg.args", encoding: .utf8)
            let copy = try #require(stored.split(separator: "\n").dropFirst(3).first).dropFirst().dropLast()
            #expect(
                FileManager.default.contentsEqual(atPath: String(copy), andPath: folder + "/terms/22-dongzhi-48x27.png")
            )
        }
    }

    @Test func installPutsTheUnitsInPlaceAndUninstallRemovesThem() throws {
        try withTemporaryFolder { folder in
            let environment = Self.session(folder)
            let made = try launch(
                ["schedule", "-o", "s", "--by", "seasons", "--size", "32x18", "--years", "1", "--install"], in: folder,
                environment: environment)
            #expect(made.status == 0, "\(made.standardError)")
            #expect(made.standardError.contains("systemctl --user daemon-reload\n"), "\(made.standardError)")
            #expect(
                made.standardError.contains(
                    "systemctl --user enable --now wallgen-seasons.timer wallgen-seasons.service\n"))
            let units = folder + "/config/systemd/user"
            #expect(filesIn(units) == ["wallgen-seasons.service", "wallgen-seasons.timer"])
            #expect(filesIn(folder + "/data/gnome-background-properties") == ["wallgen-seasons.xml"])
            #expect(
                filesIn(folder + "/s").filter { $0.hasSuffix(".png") } == [
                    "autumn-32x18.png", "spring-32x18.png", "summer-32x18.png", "winter-32x18.png",
                ])
            let removed = try launch(["schedule", "--uninstall"], in: folder, environment: environment)
            #expect(removed.status == 0, "\(removed.standardError)")
            #expect(filesIn(units).isEmpty)
            #expect(filesIn(folder + "/data/gnome-background-properties").isEmpty)
            // The schedule's own folder (-o s, not the default) still holds what it made: its
            // uninstall names it, and takes away its pictures and files, nothing else.
            try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/s/notes.txt"))
            let emptied = try launch(["schedule", "-o", "s", "--uninstall"], in: folder, environment: environment)
            #expect(emptied.status == 0, "\(emptied.standardError)")
            #expect(emptied.standardError.contains("Removed 10 files of the schedule"), "\(emptied.standardError)")
            #expect(filesIn(folder + "/s") == ["notes.txt"], "\(filesIn(folder + "/s"))")
            try FileManager.default.removeItem(atPath: folder + "/s/notes.txt")
            // Made again in the default folder: uninstalled, nothing of it is left there.
            let again = try launch(
                ["schedule", "--by", "seasons", "--size", "32x18", "--years", "1", "--install"], in: folder,
                environment: environment)
            #expect(again.status == 0, "\(again.standardError)")
            let all = try launch(["schedule", "--uninstall"], in: folder, environment: environment)
            #expect(all.standardError.contains("the folder, now empty, is gone"), "\(all.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/data/wallgen/schedule"))
        }
    }

    /// A schedule made per monitor (from a layout file): each monitor's pictures, one
    /// spanned composite per slide for GNOME's own slideshow, the monitors recorded so
    /// the timer's `apply --now` sets each monitor its own.
    @Test func aPerMonitorSchedule() throws {
        try withTemporaryFolder { folder in
            try Data("A 64x36+0+0\nB 36x64+64+0\n".utf8).write(to: URL(fileURLWithPath: folder + "/layout.txt"))
            let environment = Self.session(folder)
            let made = try launch(
                [
                    "schedule", "-o", "s", "--by", "seasons", "--monitors", "layout.txt", "--from", "2026", "--years",
                    "1",
                ],
                in: folder, environment: environment)
            #expect(made.status == 0, "\(made.standardError)")
            #expect(
                made.standardError.contains("Wrote 12 pictures"),
                "8 for the monitors, 4 composites: \(made.standardError)")
            let json = try String(contentsOfFile: folder + "/s/schedule.json", encoding: .utf8)
            #expect(json.contains("\"name\" : \"A\"") && json.contains("\"name\" : \"B\""), "\(json)")
            let xml = try String(contentsOfFile: folder + "/s/schedule.xml", encoding: .utf8)
            #expect(xml.contains("wallgen: picture-options spanned"))
            #expect(xml.contains("<file>\(folder)/s/winter-spanned.png</file>"), "\(xml)")
            let properties = try String(
                contentsOfFile: folder + "/s/gnome-background-properties.xml", encoding: .utf8)
            #expect(properties.contains("<options>spanned</options>"))
            // The composite: each monitor's picture in its place, black below the short one.
            func decode(_ name: String) throws -> Image {
                try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/s/" + name))))
            }
            let composite = try decode("summer-spanned.png")
            #expect(composite.width == 100 && composite.height == 64)
            #expect(PerMonitorDesktopTests.difference(composite, x: 0, y: 0, try decode("summer-64x36.png")) == 0)
            #expect(PerMonitorDesktopTests.difference(composite, x: 64, y: 0, try decode("summer-36x64.png")) == 0)
            #expect(composite[10, 50] == PremultipliedPixel(r: 0, g: 0, b: 0, a: 255))
            // The timer's command: each monitor its own picture of the slide in effect.
            let bin = try Self.standIn("swaymsg", in: folder)
            let applied = try launch(
                ["apply", "--at", "2026-07-01T00:00:00Z", "--schedule", "s/schedule.json", "--monitors", "layout.txt"],
                in: folder,
                environment: Self.session(folder, ["XDG_CURRENT_DESKTOP": "sway", "PATH": bin + ":/usr/bin:/bin"]))
            #expect(applied.status == 0, "\(applied.standardError)")
            #expect(applied.standardError.contains("Set the sway wallpaper of A to "), "\(applied.standardError)")
            // The stand-in records the last call: B's.
            let last = try String(contentsOfFile: folder + "/swaymsg.args", encoding: .utf8).split(separator: "\n")
            #expect(last.prefix(2) == ["output", "\"B\""])
            let copy = String(last[3].dropFirst().dropLast())
            #expect(FileManager.default.contentsEqual(atPath: copy, andPath: folder + "/s/summer-36x64.png"))
            // GNOME's own slideshow, set with the spanned option.
            if Self.installed("gsettings") {
                let gnome = Self.session(folder, ["XDG_CURRENT_DESKTOP": "GNOME", "GSETTINGS_BACKEND": "keyfile"])
                let set = try launch(["apply", "s/schedule.xml"], in: folder, environment: gnome)
                #expect(set.status == 0, "\(set.standardError)")
                let options = try launch(
                    ["get", "org.gnome.desktop.background", "picture-options"], in: folder, environment: gnome,
                    executable: URL(fileURLWithPath: "/usr/bin/gsettings"))
                #expect(options.output == "'spanned'\n")
            }
        }
    }

    @Test func aScheduleThatCannotBeInstalledLeavesNothingHalfDone() throws {
        try withTemporaryFolder { folder in
            // The config home is a file: the units' folder cannot be made.
            try Data().write(to: URL(fileURLWithPath: folder + "/config"))
            let result = try launch(
                ["schedule", "-o", "s", "--by", "seasons", "--size", "32x18", "--years", "1", "--install"], in: folder,
                environment: Self.session(folder))
            #expect(result.status == 73, "\(result.standardError)")
            #expect(
                !FileManager.default.fileExists(
                    atPath: folder + "/data/gnome-background-properties/wallgen-seasons.xml"))
        }
    }

    @Test(arguments: [
        (["schedule", "--years", "0"], 64, "--years must be a whole number of at least 1"),
        (["schedule", "--from", "2100", "--years", "2"], 64, "goes past 2100"),
        (["schedule", "--by", "terms", "--season-rule", "astronomical"], 64, "go with --by seasons"),
        (["schedule", "--install", "--uninstall"], 64, "give one"),
        (["almanac", "--ics", "--json"], 64, "give only one"),
        (["almanac", "--years", "3"], 64, "--years goes with --ics"),
        (["apply"], 64, "'apply' needs a picture file"),
        (["--apply", "-o", "-"], 64, "--apply needs a file"),
    ])
    func badRequestsAreRefused(arguments: [String], status: Int32, message: String) throws {
        try withTemporaryFolder { folder in
            let result = try launch(arguments, in: folder, environment: Self.session(folder))
            #expect(result.status == status, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            #expect(filesIn(folder).isEmpty, "nothing written")
        }
    }

    @Test func anUnwritableScheduleFolderIsRefusedBeforeRendering() throws {
        try withTemporaryFolder { folder in
            try Data().write(to: URL(fileURLWithPath: folder + "/taken"))
            let result = try launch(
                ["schedule", "-o", "taken/s", "--size", "32x18"], in: folder, environment: Self.session(folder))
            #expect(result.status == 73, "\(result.standardError)")
            #expect(result.standardError.contains("taken"))
        }
    }

    // MARK: seasons by rule

    /// Boundaries from published instants: the March equinox of 2026 at 14:46 UTC on the
    /// 20th, 立春 2026 at 20:02 UTC on 3 February; the months rule on 1 March.
    @Test(arguments: [
        (["--date", "2026-03-19", "--season-rule", "astronomical"], "winter"),
        (["--date", "2026-03-20", "--season-rule", "astronomical"], "spring"),
        (["--date", "2026-02-02", "--season-rule", "solar-terms"], "winter"),
        (["--date", "2026-02-03", "--season-rule", "solar-terms"], "spring"),
        (["--date", "2026-02-28"], "winter"), (["--date", "2026-03-01"], "spring"),
        (["--date", "2026-03-01", "--hemisphere", "south"], "autumn"),
        (["--date", "2026-03-20", "--season-rule", "astronomical", "--hemisphere", "south"], "autumn"),
    ])
    func theDatesSeasonByRule(arguments: [String], season: String) throws {
        try withTemporaryFolder { folder in
            let result = try launch(arguments + ["--tz", "UTC", "--size", "16x32", "-q"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(filesIn(folder) == ["wallpaper-\(season).png"])
        }
    }
}

/// An X window dump (xwd's format): a big-endian header, a colour map, then pixels.
struct XWDImage {
    let width: Int
    let height: Int
    private let bytes: [UInt8]
    private let offset: Int
    private let bytesPerLine: Int
    private let bitsPerPixel: Int
    private let littleEndian: Bool
    private let masks: [UInt32]

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 100 else { return nil }
        func field(_ index: Int) -> Int { bytes[(index * 4)..<(index * 4 + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let headerSize = field(0)
        width = field(4)
        height = field(5)
        littleEndian = field(7) == 0
        bitsPerPixel = field(11)
        bytesPerLine = field(12)
        masks = [UInt32(field(14)), UInt32(field(15)), UInt32(field(16))]
        offset = headerSize + field(19) * 12
        guard bitsPerPixel == 32, bytes.count >= offset + bytesPerLine * height else { return nil }
        self.bytes = bytes
    }

    func rgb(x: Int, y: Int) -> [UInt8] {
        let at = offset + y * bytesPerLine + x * 4
        let raw = bytes[at..<(at + 4)]
        let value =
            littleEndian
            ? raw.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) } : raw.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return masks.map { mask in UInt8((value & mask) >> UInt32(mask.trailingZeroBitCount)) }
    }
}

/// The dark variants, at a named point where no shade reaches (top middle), against
/// the blend worked out here: a plain grey picture (128) over each variant's base.
@Suite struct DarkVariantTests {
    func pixel(_ arguments: [String], in folder: String) throws -> [Int] {
        let result = try launch(
            arguments + ["--background", "grey.png", "--size", "40x80", "-o", "out.png", "-q"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let image = try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out.png"))))
        let pixel = image[20, 2]
        return [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
    }

    func close(_ a: [Int], _ b: [Double]) -> Bool {
        zip(a, b).allSatisfy { abs(Double($0) - $1) <= 1.5 }
    }

    @Test func wallpaperAndCardDarkenAsDesigned() throws {
        try withTemporaryFolder { folder in
            let grey = PNGTestWriter(width: 8, height: 8, bitDepth: 8, colorType: .rgb) { _, _ in [128, 128, 128] }
            try Data(grey.encode()).write(to: URL(fileURLWithPath: folder + "/grey.png"))
            // Light: half the picture over white.
            let light = try pixel(["--season", "winter", "--label", "off"], in: folder)
            #expect(close(light, [191.5, 191.5, 191.5]), "\(light)")
            // Dark: 0.7 of alpha 0.5 over a fifth of winter's ink, #27436E.
            let base = [0x27, 0x43, 0x6E].map { (Double($0) * 0.2).rounded() }
            let expected = base.map { $0 * (1 - 0.35) + 128 * 0.35 }
            let dark = try pixel(["--season", "winter", "--label", "off", "--dark"], in: folder)
            #expect(close(dark, expected), "\(dark) against \(expected)")
            // A card: the picture under a veil of black at 0.4.
            let card = try pixel(["term", "冬至", "--dark"], in: folder)
            #expect(close(card, [76.8, 76.8, 76.8]), "\(card)")
            let plainCard = try pixel(["term", "冬至"], in: folder)
            #expect(close(plainCard, [128, 128, 128]), "\(plainCard)")
        }
    }

    @Test func darkNamesAndSchedules() throws {
        try withTemporaryFolder { folder in
            #expect(try launch(["-q", "--season", "summer", "--dark", "--size", "20x40"], in: folder).status == 0)
            #expect(try launch(["-q", "term", "立春", "--dark", "--size", "20x40"], in: folder).status == 0)
            #expect(filesIn(folder) == ["01-lichun-dark.png", "wallpaper-summer-dark.png"])
            let made = try launch(
                [
                    "schedule", "-o", "s", "--by", "seasons", "--dark", "--size", "20x40", "--years", "1", "--from",
                    "2026",
                ],
                in: folder, environment: LivingWallpaperTests.session(folder))
            #expect(made.status == 0, "\(made.standardError)")
            let files = filesIn(folder + "/s")
            #expect(files.contains("winter-20x40-dark.png") && files.contains("schedule-dark.xml"))
            let dark = try String(contentsOfFile: folder + "/s/schedule-dark.xml", encoding: .utf8)
            #expect(dark.contains("-20x40-dark.png</file>") && !dark.contains("-20x40.png</file>"))
            let properties = try String(contentsOfFile: folder + "/s/gnome-background-properties.xml", encoding: .utf8)
            #expect(properties.contains("<filename-dark>\(folder)/s/schedule-dark.xml</filename-dark>"))
        }
    }
}

/// Cards take the wallpaper's styling: a faded picture over a colour, the text's
/// colour, the person's own title font.
@Suite struct CardStyleTests {
    func render(_ arguments: [String], in folder: String, to name: String) throws -> [UInt8] {
        let result = try launch(["term", "冬至", "--size", "60x130", "-q", "-o", name] + arguments, in: folder)
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }

    @Test func restyledCards() throws {
        try withTemporaryFolder { folder in
            let grey = PNGTestWriter(width: 8, height: 8, bitDepth: 8, colorType: .rgb) { _, _ in [128, 128, 128] }
            try Data(grey.encode()).write(to: URL(fileURLWithPath: folder + "/grey.png"))
            // Half the grey over black, at the top middle where no shade reaches: 64.
            let faded = try ImageDecoder.decode(
                try render(
                    ["--background", "grey.png", "--alpha", "0.5", "--base", "#000000"], in: folder, to: "f.png"))
            let pixel = faded[30, 2]
            #expect([pixel.r, pixel.g, pixel.b].allSatisfy { abs(Int($0) - 64) <= 1 }, "\(pixel)")
            // The defaults are the app's card, byte for byte (without the note of how each
            // was made, which records --alpha 1 as given).
            let plain = try render([], in: folder, to: "plain.png")
            #expect(
                try render(["--alpha", "1", "--no-metadata"], in: folder, to: "one.png")
                    == render(["--no-metadata"], in: folder, to: "plain-bare.png"))
            // Red text: red pixels appear in the lower half, none in the plain card.
            func reddish(_ bytes: [UInt8]) throws -> Int {
                let image = try ImageDecoder.decode(bytes)
                var count = 0
                for y in (image.height / 2)..<image.height {
                    for x in 0..<image.width {
                        let p = image[x, y]
                        if Int(p.r) > Int(p.g) + 60 && Int(p.r) > Int(p.b) + 60 { count += 1 }
                    }
                }
                return count
            }
            #expect(try reddish(plain) == 0)
            #expect(try reddish(try render(["--text-color", "#FF0000"], in: folder, to: "red.png")) > 10)
            // Another font for the title draws another title.
            let font = repositoryRoot + "/fonts/Comfortaa-Bold.ttf"
            #expect(
                try render(["--font", font, "--lang", "en"], in: folder, to: "font.png")
                    != (try render(["--lang", "en"], in: folder, to: "en.png")))
            let missing = try launch(["term", "冬至", "--font", "nope.ttf"], in: folder)
            #expect(missing.status == 66 && missing.standardError.contains("--font"), "\(missing.standardError)")
        }
    }
}
