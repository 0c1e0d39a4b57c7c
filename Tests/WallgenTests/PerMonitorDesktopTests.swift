import Compositor
import Foundation
import TestSupport
import Testing

/// A picture per monitor on the desktops that run here for real: headless sway read back
/// with grim, XFCE's settings store (xfconfd on its own D-Bus), an X server read back
/// with xwd, and GNOME's settings through gsettings.
@Suite struct PerMonitorDesktopTests {
    typealias Living = LivingWallpaperTests

    static func decode(_ path: String) throws -> Image {
        try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// The mean difference per channel between `region` of `screen` (at `x`, `y`) and
    /// `picture`, which has the region's size, sampled every few pixels.
    static func difference(_ screen: Image, x: Int, y: Int, _ picture: Image) -> Double {
        var total = 0
        var count = 0
        for row in stride(from: 0, to: picture.height, by: 3) {
            for column in stride(from: 0, to: picture.width, by: 3) {
                let a = screen[x + column, y + row]
                let b = picture[column, row]
                total += abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
                count += 3
            }
        }
        return Double(total) / Double(max(count, 1))
    }

    /// Screenshots until each output shows its picture (swaybg draws a moment after the
    /// command), or the last one after five seconds.
    static func screen(_ sway: HeadlessSway, showing expected: [(x: Int, y: Int, picture: Image)]) throws
        -> (Image, [Double])
    {
        // swaybg draws a moment after swaymsg returns, later still on a busy machine: the
        // screen is read until it shows the pictures or 30 seconds have passed (a wait for
        // an effect, not a measure of speed).
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(30)
        while true {
            let shot = try ImageDecoder.decode(try sway.screenshot())
            let differences = expected.map { difference(shot, x: $0.x, y: $0.y, $0.picture) }
            if differences.allSatisfy({ $0 < 2 }) || clock.now > deadline { return (shot, differences) }
            usleep(100_000)
        }
    }

    static func swaySession(_ folder: String, _ sway: HeadlessSway) -> [String: String] {
        var environment = Living.session(folder)
        for (key, value) in sway.environment where ["SWAYSOCK", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR"].contains(key) {
            environment[key] = value
        }
        return environment
    }

    // MARK: sway

    @Test(.enabled(if: HeadlessSway.unavailableReason == nil, "\(HeadlessSway.unavailableReason ?? "")"))
    func swayShowsEachOutputItsOwnCard() throws {
        try withTemporaryFolder { folder in
            let sway = try HeadlessSway(in: folder, outputs: [(320, 180), (240, 320)])
            defer { sway.stop() }
            let environment = Self.swaySession(folder, sway)
            let devices = try launch(["devices", "--here"], in: folder, environment: environment)
            #expect(devices.status == 0, "\(devices.standardError)")
            #expect(devices.output.contains("HEADLESS-1  320x180    at 0,0"), "\(devices.output)")
            #expect(devices.output.contains("HEADLESS-2  240x320    at 320,0"), "\(devices.output)")

            let made = try launch(
                ["term", "冬至", "--device", "here", "-o", "card.png", "--apply"], in: folder, environment: environment)
            #expect(made.status == 0, "\(made.standardError)")
            #expect(made.standardError.contains("Set the sway wallpaper of HEADLESS-1 to "), "\(made.standardError)")
            let left = try Self.decode(folder + "/card-HEADLESS-1.png")
            let right = try Self.decode(folder + "/card-HEADLESS-2.png")
            #expect((left.width, left.height, right.width, right.height) == (320, 180, 240, 320))
            let (_, shown) = try Self.screen(sway, showing: [(0, 0, left), (320, 0, right)])
            #expect(shown.allSatisfy { $0 < 2 }, "each output shows its own card: \(shown)")

            // The wallpaper command, as the issue's Done-when runs it.
            let wallpaper = try launch(
                ["--season", "winter", "--device", "here", "--apply"], in: folder, environment: environment)
            #expect(wallpaper.status == 0, "\(wallpaper.standardError)")
            let (_, seasons) = try Self.screen(
                sway,
                showing: [
                    (0, 0, try Self.decode(folder + "/wallpaper-winter-HEADLESS-1.png")),
                    (320, 0, try Self.decode(folder + "/wallpaper-winter-HEADLESS-2.png")),
                ])
            #expect(seasons.allSatisfy { $0 < 2 }, "each output shows its own wallpaper: \(seasons)")

            // apply --monitor, the other way round: each output now the other's season.
            try Living.quadrants(width: 320, height: 180, at: folder + "/wide.png")
            try Living.quadrants(width: 240, height: 320, at: folder + "/tall.png")
            let applied = try launch(
                ["apply", "--monitor", "HEADLESS-2=tall.png", "--monitor", "HEADLESS-1=wide.png"], in: folder,
                environment: environment)
            #expect(applied.status == 0, "\(applied.standardError)")
            let (_, again) = try Self.screen(
                sway,
                showing: [
                    (0, 0, try Self.decode(folder + "/wide.png")), (320, 0, try Self.decode(folder + "/tall.png")),
                ])
            #expect(again.allSatisfy { $0 < 2 }, "\(again)")
            // A monitor that is not connected: 64, naming those that are; nothing changes.
            let wrong = try launch(["apply", "--monitor", "DP-7=wide.png"], in: folder, environment: environment)
            #expect(wrong.status == 64, "\(wrong.standardError)")
            #expect(
                wrong.standardError.contains("the connected ones are HEADLESS-1, HEADLESS-2"), "\(wrong.standardError)")
        }
    }

    /// A schedule made per monitor and installed: the commands it ends with set the
    /// picture in effect at once; and a sway started afresh with the `exec` line it
    /// prints shows it again (a restart), as the user nobody whom sway runs as.
    @Test(.enabled(if: HeadlessSway.unavailableReason == nil, "\(HeadlessSway.unavailableReason ?? "")"))
    func aScheduleOnSwayIsThereAtOnceAndAfterARestart() throws {
        try withTemporaryFolder { folder in
            let sizes = [(width: 160, height: 90), (width: 90, height: 160)]
            var sway = try HeadlessSway(in: folder, outputs: sizes)
            // Stops whichever sway runs when the test ends.
            defer { sway.stop() }
            let environment = Self.swaySession(folder, sway)
            let made = try launch(
                ["schedule", "-o", "s", "--by", "seasons", "--device", "here", "--years", "2", "--install"], in: folder,
                environment: environment)
            #expect(made.status == 0, "\(made.standardError)")
            let lines = made.standardError.split(separator: "\n").map(String.init)
            let now = try #require(
                lines.first { $0.hasPrefix("  ") && $0.contains(" apply --now --schedule ") && !$0.contains("exec") })
            let command = String(now.dropFirst(2).prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
            let swayLine = try #require(lines.first { $0.hasPrefix("  exec ") }).trimmingCharacters(in: .whitespaces)
            // The pictures in effect now, by size.
            let inEffect = try launch(["schedule", "-o", "s", "--at", "now"], in: folder, environment: environment)
            let pictures = Dictionary(
                uniqueKeysWithValues: inEffect.output.split(separator: "\n").dropFirst().map { line in
                    let parts = line.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
                    return (String(parts[0]), String(parts[1]))
                })
            let expected = [
                (0, 0, try Self.decode(pictures["160x90"] ?? "")), (160, 0, try Self.decode(pictures["90x160"] ?? "")),
            ]
            let atOnce = try launch(
                ["-c", command], in: folder, environment: environment, executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(atOnce.status == 0, "\(command): \(atOnce.standardError)")
            let (_, shown) = try Self.screen(sway, showing: expected)
            #expect(shown.allSatisfy { $0 < 2 }, "set at once: \(shown)")
            sway.stop()

            // A new session: sway runs the exec line as it starts.
            sway = try HeadlessSway(in: folder, outputs: sizes, config: [swayLine], atStart: true)
            let (_, restarted) = try Self.screen(sway, showing: expected)
            #expect(restarted.allSatisfy { $0 < 2 }, "there after a restart: \(restarted)")
        }
    }

    // MARK: XFCE

    /// xfconfd on a D-Bus of its own (dbus-run-session): every workspace property of both
    /// monitors read back with xfconf-query.
    @Test(
        .enabled(
            if: Living.installed("dbus-run-session") && Living.installed("xfconf-query")
                && FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/xfce4/xfconf/xfconfd"),
            "dbus-run-session, xfconf-query or xfconfd is not installed (dbus, xfconf)"))
    func xfceSetsBothMonitorsOnEveryWorkspace() throws {
        try withTemporaryFolder { folder in
            try Living.quadrants(width: 8, height: 8, at: folder + "/a.png")
            try Living.quadrants(width: 6, height: 6, at: folder + "/b.png")
            try Data("DP-1 1920x1080+0+0\nHDMI-1 1280x1024+1920+0\n".utf8).write(
                to: URL(fileURLWithPath: folder + "/layout.txt"))
            let wallgen = productsFolder.appendingPathComponent("wallgen").path
            let script = """
                set -e
                xfconf-query -c xfwm4 -p /general/workspace_count -n -t int -s 3
                '\(wallgen)' apply --desktop xfce --monitors layout.txt --monitor DP-1=a.png --monitor HDMI-1=b.png
                xfconf-query -c xfce4-desktop -l -v | grep /backdrop/ | sort
                """
            // xfconfd outlives the bus and saves when it ends: in a PID namespace of their
            // own (as root), everything ends with the session, before the folder goes.
            // The bus listens in the folder: the system's session.conf puts its socket in
            // /tmp, where a daemon ended with its namespace leaves it behind.
            try Data(Self.sessionBus(listeningIn: folder).utf8).write(to: URL(fileURLWithPath: folder + "/bus.conf"))
            let session = [
                "/usr/bin/dbus-run-session", "--config-file=" + folder + "/bus.conf", "--", "/bin/sh", "-c", script,
            ]
            let command = getuid() == 0 ? ["/usr/bin/unshare", "--pid", "--fork", "--kill-child"] + session : session
            let run = try launch(
                Array(command.dropFirst()), in: folder, environment: Living.session(folder),
                executable: URL(fileURLWithPath: command[0]))
            #expect(run.status == 0, "\(run.standardError)")
            let stored = { (name: String) in
                "\(folder)/data/wallgen/applied/\(try LivingWallpaperDefectTests.sha256(folder + "/" + name)).png"
            }
            var expected: [String] = []
            for (monitor, picture) in [("DP-1", try stored("a.png")), ("HDMI-1", try stored("b.png"))] {
                for workspace in 0..<3 {
                    let base = "/backdrop/screen0/monitor\(monitor)/workspace\(workspace)/"
                    expected.append(base + "image-style 5")
                    expected.append(base + "last-image \(picture)")
                }
            }
            let shown = run.output.split(separator: "\n").map {
                $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            }
            #expect(shown == expected.sorted(), "\(run.output)")
        }
    }

    /// A session bus's configuration as Debian's session.conf has it, but listening in
    /// `folder`; services (xfconfd) are started from the usual folders.
    static func sessionBus(listeningIn folder: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:dir=\(folder)</listen>
          <auth>EXTERNAL</auth>
          <standard_session_servicedirs/>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }

    // MARK: X11

    /// Two monitors on one X screen: the root window, read back with xwd, shows each
    /// picture in its monitor's rectangle.
    @Test(
        .enabled(
            if: Living.installed("Xvfb") && Living.installed("xwd") && Living.installed("xwallpaper"),
            "Xvfb, xwd or xwallpaper is not installed (xvfb, x11-apps, xwallpaper)"))
    func x11ComposesTheMonitorsIntoTheRootWindowWithXwallpaper() throws {
        try x11ComposesTheMonitorsIntoTheRootWindow(setter: "xwallpaper")
    }

    @Test(
        .enabled(
            if: Living.installed("Xvfb") && Living.installed("xwd") && Living.installed("hsetroot"),
            "Xvfb, xwd or hsetroot is not installed (xvfb, x11-apps, hsetroot)"))
    func x11ComposesTheMonitorsIntoTheRootWindowWithHsetroot() throws {
        try x11ComposesTheMonitorsIntoTheRootWindow(setter: "hsetroot")
    }

    func x11ComposesTheMonitorsIntoTheRootWindow(setter: String) throws {
        try withTemporaryFolder { folder in
            // A 300x200 screen: a 200x200 monitor and a 100x150 one beside it.
            try Data("LEFT 200x200+0+0\nRIGHT 100x150+200+0\n".utf8).write(
                to: URL(fileURLWithPath: folder + "/layout.txt"))
            try Living.quadrants(width: 200, height: 200, at: folder + "/left.png")
            try Living.quadrants(width: 100, height: 150, at: folder + "/right.png")
            let server = try XvfbServer(width: 300, height: 200)
            defer { server.stop() }
            let bin = folder + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: bin + "/" + setter, withDestinationPath: "/usr/bin/" + setter)
            let environment = Living.session(folder, ["DISPLAY": server.display, "PATH": bin])
            let result = try launch(
                ["apply", "--monitors", "layout.txt", "--monitor", "LEFT=left.png", "--monitor", "RIGHT=right.png"],
                in: folder, environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError.contains("spanned"), "\(result.standardError)")
            let dump = try launch(
                ["-root", "-silent", "-display", server.display], in: folder, environment: environment,
                executable: URL(fileURLWithPath: "/usr/bin/xwd"))
            let screen = try #require(XWDImage(dump.standardOutput), "xwd wrote no readable image")
            #expect(screen.width == 300 && screen.height == 200)
            // Each quadrant of each monitor, well inside it; black below the short monitor.
            let regions: [(x: Int, y: Int, rgb: [UInt8])] = [
                (50, 50, [255, 0, 0]), (150, 50, [0, 255, 0]), (50, 150, [0, 0, 255]), (150, 150, [255, 255, 255]),
                (225, 37, [255, 0, 0]), (275, 37, [0, 255, 0]), (225, 112, [0, 0, 255]), (275, 112, [255, 255, 255]),
                (250, 180, [0, 0, 0]),
            ]
            for region in regions {
                for dy in -8...8 {
                    for dx in -8...8 where screen.rgb(x: region.x + dx, y: region.y + dy) != region.rgb {
                        Issue.record(
                            "\(setter): \(region.x + dx),\(region.y + dy) is \(screen.rgb(x: region.x + dx, y: region.y + dy)), not \(region.rgb)"
                        )
                    }
                }
            }
        }
    }

    // MARK: GNOME

    /// GNOME has one picture for all monitors: the composite, spanned, in both keys,
    /// through the real gsettings; the stored picture read back region by region.
    @Test(.enabled(if: Living.installed("gsettings"), "gsettings is not installed (libglib2.0-bin)"))
    func gnomeGetsOneSpannedComposite() throws {
        try withTemporaryFolder { folder in
            try Data("DP-1 200x100+0+0\nDP-2 100x100+200+0\n".utf8).write(
                to: URL(fileURLWithPath: folder + "/layout.txt"))
            try Living.quadrants(width: 200, height: 100, at: folder + "/a.png")
            try Living.quadrants(width: 50, height: 50, at: folder + "/b.png")
            let environment = Living.session(folder, ["XDG_CURRENT_DESKTOP": "GNOME", "GSETTINGS_BACKEND": "keyfile"])
            let result = try launch(
                ["apply", "--monitors", "layout.txt", "--monitor", "DP-1=a.png", "--monitor", "DP-2=b.png"], in: folder,
                environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            func get(_ key: String) throws -> String {
                try launch(
                    ["get", "org.gnome.desktop.background", key], in: folder, environment: environment,
                    executable: URL(fileURLWithPath: "/usr/bin/gsettings")
                ).output
            }
            #expect(try get("picture-options") == "'spanned'\n")
            let uri = try get("picture-uri")
            #expect(try get("picture-uri-dark") == uri, "both styles get the composite")
            let prefix = "'file://"
            let path = String(uri.dropFirst(prefix.count).dropLast(2))
            let composite = try Self.decode(path)
            #expect(composite.width == 300 && composite.height == 100)
            // DP-1's picture at 0,0 as it is; DP-2's enlarged twice into 200,0.
            #expect(Self.difference(composite, x: 0, y: 0, try Self.decode(folder + "/a.png")) == 0)
            for (x, y, rgb) in [
                (225, 25, [255, 0, 0]), (275, 25, [0, 255, 0]), (225, 75, [0, 0, 255]), (275, 75, [255, 255, 255]),
            ] {
                let pixel = composite[x, y]
                let shown = [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
                #expect(zip(shown, rgb).allSatisfy { abs($0 - $1) <= 1 }, "\(x),\(y): \(shown)")
            }
            // One monitor without a picture: GNOME needs every one.
            let missing = try launch(
                ["apply", "--monitors", "layout.txt", "--monitor", "DP-1=a.png"], in: folder, environment: environment)
            #expect(missing.status == 64 && missing.standardError.contains("give --monitor NAME=FILE for DP-2"))
        }
    }
}
