import Compositor
import Foundation
import TestSupport
import Testing

/// The defects a new user found in `apply` and `schedule` (issue 25's "Why", and issue
/// 26's items 4 and 8), each run as that person ran it. Every test here failed on the
/// code before the fix.
@Suite struct LivingWallpaperDefectTests {
    typealias Living = LivingWallpaperTests

    static func sha256(_ path: String) throws -> String {
        let run = try runProgram("/usr/bin/sha256sum", [path])
        return String(run.text.prefix(64))
    }

    // MARK: apply checks what it is given

    @Test func aFileThatIsNotAPictureIsRefusedNamingIt() throws {
        try withTemporaryFolder { folder in
            try Data("just some notes\n".utf8).write(to: URL(fileURLWithPath: folder + "/notes.png"))
            let bin = try Living.standIn("swaymsg", in: folder)
            let environment = Living.session(folder, ["XDG_CURRENT_DESKTOP": "sway", "PATH": bin + ":/usr/bin:/bin"])
            let result = try launch(["apply", "notes.png"], in: folder, environment: environment)
            #expect(result.status == 65, "\(result.standardError)")
            #expect(result.standardError.contains("notes.png"), "\(result.standardError)")
            #expect(!result.standardError.contains("/applied/"), "names the user's file, not a copy")
            #expect(!FileManager.default.fileExists(atPath: folder + "/swaymsg.args"), "the setter never ran")
            #expect(filesIn(folder + "/data/wallgen/applied").isEmpty)
        }
    }

    static let slideshow = """
        <?xml version="1.0" encoding="UTF-8"?>
        <background>
          <starttime><year>2026</year><month>1</month><day>1</day><hour>0</hour><minute>0</minute><second>0</second></starttime>
          <static><duration>60</duration><file>/nowhere/a.png</file></static>
        </background>

        """

    @Test func aGnomeSlideshowIsRefusedWhereTheDesktopCannotReadOne() throws {
        try withTemporaryFolder { folder in
            try Data(Self.slideshow.utf8).write(to: URL(fileURLWithPath: folder + "/schedule.xml"))
            for (desktop, program) in [
                ("sway", "swaymsg"), ("kde", "plasma-apply-wallpaperimage"), ("x11", "xwallpaper"),
            ] {
                let bin = try Living.standIn(program, in: folder)
                let environment = Living.session(folder, ["PATH": bin])
                let result = try launch(
                    ["apply", "--desktop", desktop, "schedule.xml"], in: folder, environment: environment)
                #expect(result.status == 65, "\(desktop): \(result.standardError)")
                #expect(
                    result.standardError.contains("schedule.xml") && result.standardError.contains("GNOME"),
                    "\(desktop): \(result.standardError)")
                #expect(!FileManager.default.fileExists(atPath: folder + "/\(program).args"), "\(desktop)")
            }
        }
    }

    /// xwallpaper reads no WebP and no HEIF: apply stores a PNG of the picture and sets
    /// that, and says so. A real X server and the real xwallpaper, the screen read back.
    @Test(
        .enabled(
            if: Living.installed("Xvfb") && Living.installed("xwd") && Living.installed("xwallpaper"),
            "Xvfb, xwd or xwallpaper is not installed (xvfb, x11-apps, xwallpaper)"),
        .enabled(
            if: Living.installed("cwebp") && Living.installed("heif-enc"),
            "cwebp or heif-enc is not installed (webp, libheif-examples)"),
        arguments: [("webp", "WebP", 0), ("heic", "HEIF", 12)])
    func aPictureXwallpaperCannotReadIsSetAsAPNG(fileExtension: String, format: String, tolerance: Int) throws {
        try withTemporaryFolder { folder in
            try Living.quadrants(width: 320, height: 240, at: folder + "/pic.png")
            let encoder =
                fileExtension == "webp"
                ? ("/usr/bin/cwebp", ["-lossless", "-quiet", "pic.png", "-o", "pic.webp"])
                : ("/usr/bin/heif-enc", ["-q", "95", "pic.png", "-o", "pic.heic"])
            let made = try launch(encoder.1, in: folder, executable: URL(fileURLWithPath: encoder.0))
            #expect(made.status == 0, "\(made.standardError)")
            let server = try XvfbServer(width: 320, height: 240)
            defer { server.stop() }
            // Only xwallpaper on PATH, so it is the setter chosen.
            let bin = folder + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: bin + "/xwallpaper", withDestinationPath: "/usr/bin/xwallpaper")
            let environment = Living.session(folder, ["DISPLAY": server.display, "PATH": bin])
            let result = try launch(["apply", "pic.\(fileExtension)"], in: folder, environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(
                result.standardError.contains("xwallpaper cannot read \(format)"), "\(result.standardError)")
            let stored = filesIn(folder + "/data/wallgen/applied").filter { !$0.hasPrefix(".") }
            #expect(stored.count == 1 && stored.first?.hasSuffix(".png") == true, "\(stored)")
            let dump = try launch(
                ["-root", "-silent", "-display", server.display], in: folder, environment: environment,
                executable: URL(fileURLWithPath: "/usr/bin/xwd"))
            let screen = try #require(XWDImage(dump.standardOutput), "xwd wrote no readable image")
            for (x, y, rgb) in [
                (80, 60, [255, 0, 0]), (240, 60, [0, 255, 0]), (80, 180, [0, 0, 255]), (240, 180, [255, 255, 255]),
            ] {
                let shown = screen.rgb(x: x, y: y).map(Int.init)
                #expect(zip(shown, rgb).allSatisfy { abs($0 - $1) <= tolerance }, "\(x),\(y): \(shown)")
            }
        }
    }

    /// `schedule --format webp` on a desktop whose setter reads no WebP: the timer's
    /// `apply` sets a PNG of the card, and the screen shows it.
    @Test(
        .enabled(
            if: Living.installed("Xvfb") && Living.installed("xwd") && Living.installed("xwallpaper"),
            "Xvfb, xwd or xwallpaper is not installed (xvfb, x11-apps, xwallpaper)"))
    func aWebPScheduleShowsWithXwallpaper() throws {
        try withTemporaryFolder { folder in
            let made = try launch(
                [
                    "schedule", "-o", "s", "--by", "seasons", "--size", "160x120", "--format", "webp", "--quality",
                    "100",
                    "--from", "2026", "--years", "1", "-q",
                ], in: folder, environment: Living.session(folder))
            #expect(made.status == 0, "\(made.standardError)")
            let server = try XvfbServer(width: 160, height: 120)
            defer { server.stop() }
            let bin = folder + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: bin + "/xwallpaper", withDestinationPath: "/usr/bin/xwallpaper")
            let environment = Living.session(folder, ["DISPLAY": server.display, "PATH": bin])
            let applied = try launch(
                ["apply", "--at", "2026-07-01T00:00:00Z", "--schedule", "s/schedule.json"], in: folder,
                environment: environment)
            #expect(applied.status == 0, "\(applied.standardError)")
            #expect(applied.standardError.contains("xwallpaper cannot read WebP"), "\(applied.standardError)")
            let dump = try launch(
                ["-root", "-silent", "-display", server.display], in: folder, environment: environment,
                executable: URL(fileURLWithPath: "/usr/bin/xwd"))
            let screen = try #require(XWDImage(dump.standardOutput), "xwd wrote no readable image")
            // Lossless WebP: the screen is the summer picture, pixel for pixel.
            let summer = try ImageDecoder.decode(
                [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/s/summer-160x120.webp"))))
            var differing = 0
            for y in 0..<120 {
                for x in 0..<160 {
                    let pixel = summer[x, y]
                    if screen.rgb(x: x, y: y) != [pixel.r, pixel.g, pixel.b] { differing += 1 }
                }
            }
            #expect(differing == 0, "\(differing) pixels differ")
        }
    }

    // MARK: the applied store never loses the live picture

    @Test func theLivePictureSurvivesTwentyFailedApplies() throws {
        try withTemporaryFolder { folder in
            try Living.quadrants(width: 8, height: 8, at: folder + "/live.png")
            let good = try Living.standIn("swaymsg", in: folder + "/good")
            let live = try launch(
                ["apply", "live.png"], in: folder,
                environment: Living.session(folder, ["XDG_CURRENT_DESKTOP": "sway", "PATH": good + ":/usr/bin:/bin"]))
            #expect(live.status == 0, "\(live.standardError)")
            let copy = folder + "/data/wallgen/applied/\(try Self.sha256(folder + "/live.png")).png"
            #expect(FileManager.default.contentsEqual(atPath: copy, andPath: folder + "/live.png"))
            let failing = try Living.standIn("swaymsg", in: folder + "/bad", status: 1, message: "output busy")
            let environment = Living.session(
                folder, ["XDG_CURRENT_DESKTOP": "sway", "PATH": failing + ":/usr/bin:/bin"])
            for index in 0..<20 {
                try Living.quadrants(width: 8 + index, height: 8, at: folder + "/try\(index).png")
                let failed = try launch(["apply", "try\(index).png"], in: folder, environment: environment)
                #expect(failed.status == 69, "\(failed.standardError)")
            }
            #expect(
                FileManager.default.contentsEqual(atPath: copy, andPath: folder + "/live.png"),
                "the picture the desktop shows is still there")
            let left = filesIn(folder + "/data/wallgen/applied").filter { !$0.hasPrefix(".") }
            #expect(left == [(copy as NSString).lastPathComponent], "failed applies leave no copies: \(left)")
        }
    }

    // MARK: honest dry runs

    @Test(arguments: [
        ("kde", "plasma-apply-wallpaperimage", "plasma-workspace"), ("xfce", "xfconf-query", "xfconf"),
        ("sway", "swaymsg", "sway"), ("hyprland", "hyprctl", "Hyprland"),
    ])
    func aDryRunNeedsNoSetter(desktop: String, program: String, package: String) throws {
        try withTemporaryFolder { folder in
            try Living.quadrants(width: 8, height: 8, at: folder + "/pic.png")
            let empty = folder + "/empty-bin"
            try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            let environment = Living.session(folder, ["PATH": empty])
            let result = try launch(
                ["apply", "--dry-run", "--desktop", desktop, "pic.png"], in: folder, environment: environment)
            #expect(result.status == 0, "\(desktop): \(result.standardError)")
            let stored = folder + "/data/wallgen/applied/\(try Self.sha256(folder + "/pic.png")).png"
            #expect(result.output.contains(program), "\(result.output)")
            #expect(result.output.contains(stored), "the path the real run sets: \(result.output)")
            #expect(result.output.contains(package), "which package provides it: \(result.output)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/data"), "a dry run writes nothing")
            // The real run says the same and exits 69.
            let real = try launch(["apply", "--desktop", desktop, "pic.png"], in: folder, environment: environment)
            #expect(real.status == 69 && real.standardError.contains(package), "\(real.standardError)")
        }
    }

    @Test(.enabled(if: Living.installed("gsettings"), "gsettings is not installed (libglib2.0-bin)"))
    func aGnomeDryRunNamesTheCopyTheRealRunSets() throws {
        try withTemporaryFolder { folder in
            try Living.quadrants(width: 8, height: 8, at: folder + "/pic.png")
            let environment = Living.session(folder, ["XDG_CURRENT_DESKTOP": "GNOME", "GSETTINGS_BACKEND": "keyfile"])
            let dry = try launch(["apply", "--dry-run", "pic.png"], in: folder, environment: environment)
            #expect(dry.status == 0, "\(dry.standardError)")
            let stored = "file://\(folder)/data/wallgen/applied/\(try Self.sha256(folder + "/pic.png")).png"
            #expect(dry.output.contains("picture-uri \(stored)"), "\(dry.output)")
            #expect(!dry.output.contains(folder + "/pic.png"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/data"))
            let real = try launch(["apply", "pic.png"], in: folder, environment: environment)
            #expect(real.status == 0, "\(real.standardError)")
            let uri = try launch(
                ["get", "org.gnome.desktop.background", "picture-uri"], in: folder, environment: environment,
                executable: URL(fileURLWithPath: "/usr/bin/gsettings"))
            #expect(uri.output == "'\(stored)'\n")
        }
    }

    // MARK: schedules

    @Test func scheduleAtOutsideItsYearsIsRefused() throws {
        try withTemporaryFolder { folder in
            let environment = Living.session(folder)
            let made = try launch(
                ["schedule", "-o", "s", "--by", "seasons", "--size", "16x9", "--from", "2026", "--years", "1", "-q"],
                in: folder, environment: environment)
            #expect(made.status == 0, "\(made.standardError)")
            for instant in ["2040-06-01T00:00:00Z", "2020-06-01T00:00:00Z"] {
                let result = try launch(["schedule", "-o", "s", "--at", instant], in: folder, environment: environment)
                #expect(result.status == 64, "\(instant): \(result.output) \(result.standardError)")
                #expect(result.standardError.contains("2026"), "\(result.standardError)")
                #expect(result.output.isEmpty, "no card named: \(result.output)")
            }
            let inside = try launch(
                ["schedule", "-o", "s", "--at", "2026-07-01T00:00:00Z"], in: folder, environment: environment)
            #expect(inside.status == 0 && inside.output.hasPrefix("summer since "), "\(inside.output)")
        }
    }

    /// After `systemctl --user enable` (the real systemctl, which writes the links itself
    /// when no user manager runs, as here), uninstalling leaves no link behind.
    @Test(.enabled(if: Living.installed("systemctl"), "systemctl is not installed (systemd)"))
    func uninstallLeavesNoEnableLink() throws {
        try withTemporaryFolder { folder in
            let environment = Living.session(folder)
            let made = try launch(
                ["schedule", "-o", "s", "--by", "seasons", "--size", "16x9", "--years", "1", "--install", "-q"],
                in: folder, environment: environment)
            #expect(made.status == 0, "\(made.standardError)")
            let enabled = try launch(
                ["--user", "enable", "wallgen-seasons.timer"], in: folder, environment: environment,
                executable: URL(fileURLWithPath: "/usr/bin/systemctl"))
            #expect(enabled.status == 0, "\(enabled.standardError)")
            func links() -> [String] {
                let enumerator = FileManager.default.enumerator(atPath: folder + "/config")
                var found: [String] = []
                while let path = enumerator?.nextObject() as? String {
                    if (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/config/" + path)) != nil {
                        found.append(path)
                    }
                }
                return found.sorted()
            }
            #expect(links().contains("systemd/user/timers.target.wants/wallgen-seasons.timer"), "\(links())")
            let removed = try launch(["schedule", "--uninstall"], in: folder, environment: environment)
            #expect(removed.status == 0, "\(removed.standardError)")
            #expect(links().isEmpty, "dangling: \(links())")
            #expect(
                filesIn(folder + "/config/systemd/user").allSatisfy { $0.hasSuffix(".wants") },
                "\(filesIn(folder + "/config/systemd/user"))")
        }
    }

    /// The picture is applied when the session starts, not only at the next switch:
    /// the service is wanted by graphical-session.target (GNOME, KDE) and enabled with
    /// the timer, and an autostart entry covers the desktops that run those instead.
    @Test func theScheduleAppliesAtLoginAndWhenEnabled() throws {
        try withTemporaryFolder { folder in
            let environment = Living.session(folder)
            let made = try launch(
                ["schedule", "-o", "s", "--by", "seasons", "--size", "16x9", "--years", "1", "--install"],
                in: folder, environment: environment)
            #expect(made.status == 0, "\(made.standardError)")
            let units = folder + "/config/systemd/user/"
            let service = try String(contentsOfFile: units + "wallgen-seasons.service", encoding: .utf8)
            let timer = try String(contentsOfFile: units + "wallgen-seasons.timer", encoding: .utf8)
            #expect(service.contains("\nWantedBy=graphical-session.target\n"), "\(service)")
            #expect(service.contains("\nAfter=graphical-session.target\n"), "\(service)")
            #expect(timer.contains("\nAlso=wallgen-seasons.service\n"), "\(timer)")
            let autostart = try String(
                contentsOfFile: folder + "/config/autostart/wallgen-seasons.desktop", encoding: .utf8)
            #expect(autostart.contains(" apply --now --schedule "), "\(autostart)")
            #expect(
                made.standardError.contains(
                    "systemctl --user enable --now wallgen-seasons.timer wallgen-seasons.service"),
                "\(made.standardError)")
            #expect(made.standardError.contains("exec "), "sway's line: \(made.standardError)")
            // systemd reads both units as they are installed.
            if Living.installed("systemd-analyze") {
                var verifying = environment
                verifying["SYSTEMD_COLORS"] = "0"
                let verified = try launch(
                    ["verify", units + "wallgen-seasons.timer", units + "wallgen-seasons.service"], in: folder,
                    environment: verifying, executable: URL(fileURLWithPath: "/usr/bin/systemd-analyze"))
                #expect(verified.status == 0, "\(verified.output)\(verified.standardError)")
            }
        }
    }

    // MARK: issue 26: a failed install, a path systemd refuses

    /// A folder in the way of the Settings entry: the install fails and the units that
    /// worked before are still there, byte for byte.
    @Test func aFailedInstallLeavesTheWorkingUnitsAsTheyWere() throws {
        try withTemporaryFolder { folder in
            let environment = Living.session(folder)
            let first = try launch(
                ["schedule", "-o", "s", "--by", "seasons", "--size", "16x9", "--years", "1", "--install", "-q"],
                in: folder, environment: environment)
            #expect(first.status == 0, "\(first.standardError)")
            let units = folder + "/config/systemd/user/"
            let timer = try Data(contentsOf: URL(fileURLWithPath: units + "wallgen-seasons.timer"))
            let service = try Data(contentsOf: URL(fileURLWithPath: units + "wallgen-seasons.service"))
            let entry = folder + "/data/gnome-background-properties/wallgen-seasons.xml"
            try FileManager.default.removeItem(atPath: entry)
            try FileManager.default.createDirectory(atPath: entry + "/in-the-way", withIntermediateDirectories: true)
            let second = try launch(
                ["schedule", "-o", "s", "--by", "seasons", "--size", "16x9", "--years", "2", "--install", "-q"],
                in: folder, environment: environment)
            #expect(second.status == 73, "\(second.standardError)")
            #expect(second.standardError.contains("wallgen-seasons.xml"), "\(second.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: units + "wallgen-seasons.timer")) == timer)
            #expect(try Data(contentsOf: URL(fileURLWithPath: units + "wallgen-seasons.service")) == service)
            #expect(filesIn(units).filter { $0.hasPrefix(".") }.isEmpty, "no temporaries: \(filesIn(units))")
        }
    }

    /// systemd refuses an executable whose path holds ', " or \ (whatever the quoting):
    /// wallgen refuses to install a service that could never start.
    @Test(arguments: ["it's", "say \"hi\"", #"back\slash"#])
    func aBinaryPathSystemdRefusesIsRefused(folderName: String) throws {
        try withTemporaryFolder { folder in
            let bin = folder + "/" + folderName
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try installWallgen(at: bin + "/wallgen")
            let environment = Living.session(folder, ["WALLGEN_DATA": repositoryRoot])
            let result = try launch(
                ["schedule", "-o", "s", "--by", "seasons", "--size", "16x9", "--years", "1", "--install"], in: folder,
                environment: environment, executable: URL(fileURLWithPath: bin + "/wallgen"))
            #expect(result.status == 73, "\(result.standardError)")
            #expect(result.standardError.contains("systemd"), "\(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/config/systemd/user/wallgen-seasons.service"))
        }
    }
}
