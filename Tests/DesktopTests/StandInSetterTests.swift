import Desktop
import Foundation
import Testing

/// The setters of desktops this machine cannot run, through stand-in programs on a
/// temporary PATH that record their argv, one argument per line and `--` after each call.
@Suite struct StandInSetterTests {
    private struct Bench {
        let folder: TemporaryFolder
        let runner: ProcessRunner
        var log: String { folder.file("calls.log") }

        init(programs: [String], failing: String? = nil, xfceListing: String = "", workspaces: String? = nil) throws {
            folder = try TemporaryFolder()
            _ = try folder.write("calls.log", "")
            for program in programs {
                var script =
                    "#!/bin/sh\n{ printf '%s\\n' \"${0##*/}\"; for a in \"$@\"; do printf '%s\\n' \"$a\"; done; echo --; } >> '\(folder.file("calls.log"))'\n"
                if program == "xfconf-query" {
                    script += "if [ \"$3\" = -l ]; then printf '%s' '\(xfceListing)'; fi\n"
                    if let workspaces {
                        script += "if [ \"$2\" = xfwm4 ]; then echo \(workspaces); fi\n"
                    } else {
                        script += "if [ \"$2\" = xfwm4 ]; then echo 'Property does not exist' >&2; exit 1; fi\n"
                    }
                }
                if program == failing { script += "echo 'no such monitor' >&2\nexit 3\n" }
                _ = try folder.write("bin/\(program)", script, executable: true)
            }
            runner = ProcessRunner(environment: ["PATH": folder.file("bin")])
        }

        func calls() throws -> [[String]] {
            let text = try String(contentsOfFile: log, encoding: .utf8)
            return text.components(separatedBy: "--\n").dropLast().map { $0.split(separator: "\n").map(String.init) }
        }
    }

    /// The whole-desktop plan with the first installed setter.
    private func plan(
        _ desktop: DesktopKind, _ picture: String, dark: String? = nil, spanned: Bool = false, runner: ProcessRunner
    ) throws -> SetterPlan {
        let program = try #require(WallpaperSetter.installedProgram(for: desktop, perMonitor: false, runner: runner))
        return try WallpaperSetter.plan(
            desktop: desktop, pictures: .whole(light: picture, dark: dark ?? picture, spanned: spanned),
            program: program)
    }

    @Test func kdeSwayHyprlandAndCinnamonRunTheirExactCommands() throws {
        let picture = "/pics/22 dongzhi.png"
        let expectations: [(DesktopKind, String, [[String]])] = [
            (
                .kde, "plasma-apply-wallpaperimage",
                [["plasma-apply-wallpaperimage", "-f", "preserveAspectCrop", picture]]
            ),
            (.sway, "swaymsg", [["swaymsg", "output", "*", "bg", "\"/pics/22 dongzhi.png\"", "fill"]]),
            (
                .hyprland, "hyprctl",
                [
                    ["hyprctl", "hyprpaper", "preload", picture], ["hyprctl", "hyprpaper", "wallpaper", "," + picture],
                    ["hyprctl", "hyprpaper", "unload", "unused"],
                ]
            ),
            (
                .cinnamon, "gsettings",
                [
                    [
                        "gsettings", "set", "org.cinnamon.desktop.background", "picture-uri",
                        "file:///pics/22%20dongzhi.png",
                    ],
                    ["gsettings", "set", "org.cinnamon.desktop.background", "picture-options", "zoom"],
                ]
            ),
            (
                .mate, "gsettings",
                [
                    ["gsettings", "set", "org.mate.background", "picture-filename", picture],
                    ["gsettings", "set", "org.mate.background", "picture-options", "zoom"],
                ]
            ),
        ]
        for (desktop, program, expected) in expectations {
            let bench = try Bench(programs: [program])
            defer { bench.folder.remove() }
            try WallpaperSetter.apply(try plan(desktop, picture, runner: bench.runner), runner: bench.runner)
            #expect(try bench.calls() == expected, "\(desktop)")
        }
    }

    @Test func xfceSetsEveryBackdropItLists() throws {
        let listing = """
            /backdrop/screen0/monitorHDMI-1/workspace0/last-image
            /backdrop/screen0/monitorHDMI-1/workspace0/image-style
            /backdrop/screen0/monitoreDP-1/workspace1/last-image
            /desktop-icons/style
            """
        let bench = try Bench(programs: ["xfconf-query"], xfceListing: listing)
        defer { bench.folder.remove() }
        try WallpaperSetter.apply(try plan(.xfce, "/p/a.png", runner: bench.runner), runner: bench.runner)
        let base = ["xfconf-query", "-c", "xfce4-desktop"]
        #expect(
            try bench.calls() == [
                base + ["-l"],
                base + ["-p", "/backdrop/screen0/monitorHDMI-1/workspace0/last-image", "-s", "/p/a.png"],
                base + ["-p", "/backdrop/screen0/monitorHDMI-1/workspace0/image-style", "-s", "5"],
                base + ["-p", "/backdrop/screen0/monitoreDP-1/workspace1/last-image", "-s", "/p/a.png"],
                base + ["-p", "/backdrop/screen0/monitoreDP-1/workspace1/image-style", "-n", "-t", "int", "-s", "5"],
            ])
    }

    @Test func x11TakesTheFirstSetterOnPath() throws {
        let bench = try Bench(programs: ["feh", "hsetroot"])
        defer { bench.folder.remove() }
        #expect(
            try plan(.x11, "/p/a.png", runner: bench.runner).steps == [
                .run(["feh", "--no-fehbg", "--bg-fill", "/p/a.png"])
            ])
        // Spanned: the root window as one screen, not the picture on each monitor.
        #expect(
            try plan(.x11, "/p/a.png", spanned: true, runner: bench.runner).steps == [
                .run(["feh", "--no-fehbg", "--no-xinerama", "--bg-fill", "/p/a.png"])
            ])
        for (program, expected) in [
            ("xwallpaper", ["xwallpaper", "--no-randr", "--zoom", "/p/a.png"]),
            ("hsetroot", ["hsetroot", "-root", "-cover", "/p/a.png"]),
        ] {
            let spanned = try WallpaperSetter.plan(
                desktop: .x11, pictures: .whole(light: "/p/a.png", dark: "/p/a.png", spanned: true), program: program)
            #expect(spanned.steps == [.run(expected)])
        }
    }

    @Test func aDryRunPrintsShellQuotedLinesAndRunsNothing() throws {
        let bench = try Bench(programs: ["gsettings"])
        defer { bench.folder.remove() }
        let gnome = try plan(.gnome, "/p/it's.png", dark: "/p/dark.png", runner: bench.runner)
        #expect(
            gnome.dryRun == [
                "gsettings set org.gnome.desktop.background picture-uri file:///p/it%27s.png",
                "gsettings set org.gnome.desktop.background picture-uri-dark file:///p/dark.png",
                "gsettings set org.gnome.desktop.background picture-options zoom",
            ])
        #expect(try bench.calls().isEmpty)
        let swayBench = try Bench(programs: ["swaymsg"])
        defer { swayBench.folder.remove() }
        let sway = try plan(.sway, "/p/a b.png", runner: swayBench.runner).dryRun
        #expect(sway == [#"swaymsg output '*' bg '"/p/a b.png"' fill"#])
    }

    @Test func refusesWhatItCannotDo() throws {
        let empty = ProcessRunner(environment: ["PATH": "/nonexistent"])
        #expect(WallpaperSetter.installedProgram(for: .x11, perMonitor: false, runner: empty) == nil)
        #expect(SetterPrograms.programs(for: .x11) == ["xwallpaper", "feh", "hsetroot"])
        #expect(
            throws: DesktopError.unsafePath(
                path: "/p/it's.png", reason: "KDE Plasma's setter cannot take a path containing '")
        ) {
            try WallpaperSetter.plan(
                desktop: .kde, pictures: .whole(light: "/p/it's.png", dark: "/p/it's.png", spanned: false),
                program: "plasma-apply-wallpaperimage")
        }
        #expect(
            throws: DesktopError.unsafePath(
                path: "DP\"1", reason: "sway cannot take a word containing \", \\, $, ` or a newline")
        ) {
            try WallpaperSetter.plan(
                desktop: .sway,
                pictures: .perMonitor([
                    MonitorPicture(
                        monitor: Monitor(name: "DP\"1", width: 10, height: 10, x: 0, y: 0), picture: "/p/a.png")
                ]), program: "swaymsg")
        }
    }

    @Test func aFailingSetterReportsItsStatusAndStandardError() throws {
        let bench = try Bench(programs: ["swaymsg"], failing: "swaymsg")
        defer { bench.folder.remove() }
        let sway = try plan(.sway, "/p/a.png", runner: bench.runner)
        #expect(
            throws: DesktopError.setterFailed(
                command: #"swaymsg output '*' bg '"/p/a.png"' fill"#, status: 3, standardError: "no such monitor\n")
        ) { try WallpaperSetter.apply(sway, runner: bench.runner) }
    }

    // MARK: a picture per monitor

    static let left = Monitor(name: "DP-1", width: 2560, height: 1440, x: 0, y: 0, isPrimary: true)
    static let right = Monitor(name: "HDMI-A-1", width: 1920, height: 1080, x: 2560, y: 180)
    static let assignments = [
        MonitorPicture(monitor: left, picture: "/s/a b.png"), MonitorPicture(monitor: right, picture: "/s/c.png"),
    ]
    static let perMonitor = SetterPictures.perMonitor(assignments)

    @Test func swaySetsEachOutputItsOwnPicture() throws {
        let bench = try Bench(programs: ["swaymsg"])
        defer { bench.folder.remove() }
        try WallpaperSetter.apply(
            try WallpaperSetter.plan(desktop: .sway, pictures: Self.perMonitor, program: "swaymsg"),
            runner: bench.runner)
        #expect(
            try bench.calls() == [
                ["swaymsg", "output", "\"DP-1\"", "bg", "\"/s/a b.png\"", "fill"],
                ["swaymsg", "output", "\"HDMI-A-1\"", "bg", "\"/s/c.png\"", "fill"],
            ])
    }

    /// Hyprland is not in Debian 12: its plan is checked as text, line for line.
    @Test func hyprlandPlanPerMonitorIsTheGoldenText() throws {
        let plan = try WallpaperSetter.plan(desktop: .hyprland, pictures: Self.perMonitor, program: "hyprctl")
        #expect(
            plan.dryRun == [
                "hyprctl hyprpaper preload '/s/a b.png'",
                "hyprctl hyprpaper preload /s/c.png",
                "hyprctl hyprpaper wallpaper 'DP-1,/s/a b.png'",
                "hyprctl hyprpaper wallpaper HDMI-A-1,/s/c.png",
                "hyprctl hyprpaper unload unused",
            ])
        let same = SetterPictures.perMonitor([
            MonitorPicture(monitor: Self.left, picture: "/s/c.png"),
            MonitorPicture(monitor: Self.right, picture: "/s/c.png"),
        ])
        #expect(
            try WallpaperSetter.plan(desktop: .hyprland, pictures: same, program: "hyprctl").dryRun.filter {
                $0.contains("preload")
            } == ["hyprctl hyprpaper preload /s/c.png"], "one picture is preloaded once")
    }

    @Test func kdeRunsItsScriptThroughDBusSend() throws {
        let plan = try WallpaperSetter.plan(desktop: .kde, pictures: Self.perMonitor, program: "dbus-send")
        guard case .run(let argv) = plan.steps.first, plan.steps.count == 1 else {
            Issue.record("not one command: \(plan.steps)")
            return
        }
        #expect(
            Array(argv.dropLast()) == [
                "dbus-send", "--session", "--print-reply", "--dest=org.kde.plasmashell", "--type=method_call",
                "/PlasmaShell", "org.kde.PlasmaShell.evaluateScript",
            ])
        #expect(argv.last == "string:" + PlasmaScript.wallpapers(Self.assignments))
    }

    @Test func xfceSetsEveryWorkspaceOfEachMonitor() throws {
        let listing = """
            /backdrop/screen0/monitorDP-1/workspace0/last-image
            /backdrop/screen0/monitorDP-1/workspace3/last-image
            /backdrop/screen0/monitoreDP-1/workspace0/last-image
            """
        let bench = try Bench(programs: ["xfconf-query"], xfceListing: listing, workspaces: "2")
        defer { bench.folder.remove() }
        try WallpaperSetter.apply(
            try WallpaperSetter.plan(desktop: .xfce, pictures: Self.perMonitor, program: "xfconf-query"),
            runner: bench.runner)
        let base = ["xfconf-query", "-c", "xfce4-desktop", "-p"]
        func set(_ monitor: String, _ workspace: Int, _ picture: String) -> [[String]] {
            let property = "/backdrop/screen0/monitor\(monitor)/workspace\(workspace)/"
            return [
                base + [property + "last-image", "-n", "-t", "string", "-s", picture],
                base + [property + "image-style", "-n", "-t", "int", "-s", "5"],
            ]
        }
        // Workspaces 0 and 1 (xfwm4 has two), and 3, which the listing has for DP-1.
        let expected =
            [
                ["xfconf-query", "-c", "xfwm4", "-p", "/general/workspace_count"],
                ["xfconf-query", "-c", "xfce4-desktop", "-l"],
            ]
            + set("DP-1", 0, "/s/a b.png") + set("DP-1", 1, "/s/a b.png") + set("DP-1", 3, "/s/a b.png")
            + set("HDMI-A-1", 0, "/s/c.png") + set("HDMI-A-1", 1, "/s/c.png")
        #expect(try bench.calls() == expected)
    }
}
