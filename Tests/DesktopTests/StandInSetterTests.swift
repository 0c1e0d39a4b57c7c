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

        init(programs: [String], failing: String? = nil, xfceListing: String = "") throws {
            folder = try TemporaryFolder()
            _ = try folder.write("calls.log", "")
            for program in programs {
                var script =
                    "#!/bin/sh\n{ printf '%s\\n' \"${0##*/}\"; for a in \"$@\"; do printf '%s\\n' \"$a\"; done; echo --; } >> '\(folder.file("calls.log"))'\n"
                if program == "xfconf-query" {
                    script += "if [ \"$3\" = -l ]; then printf '%s' '\(xfceListing)'; fi\n"
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
            let plan = try WallpaperSetter.plan(desktop: desktop, picture: picture, runner: bench.runner)
            try WallpaperSetter.apply(plan, runner: bench.runner)
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
        let plan = try WallpaperSetter.plan(desktop: .xfce, picture: "/p/a.png", runner: bench.runner)
        try WallpaperSetter.apply(plan, runner: bench.runner)
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
        let plan = try WallpaperSetter.plan(desktop: .x11, picture: "/p/a.png", runner: bench.runner)
        #expect(plan.steps == [.run(["feh", "--no-fehbg", "--bg-fill", "/p/a.png"])])
    }

    @Test func aDryRunPrintsShellQuotedLinesAndRunsNothing() throws {
        let bench = try Bench(programs: ["gsettings"])
        defer { bench.folder.remove() }
        let plan = try WallpaperSetter.plan(
            desktop: .gnome, picture: "/p/it's.png", darkPicture: "/p/dark.png", runner: bench.runner)
        #expect(
            plan.dryRun == [
                "gsettings set org.gnome.desktop.background picture-uri file:///p/it%27s.png",
                "gsettings set org.gnome.desktop.background picture-uri-dark file:///p/dark.png",
                "gsettings set org.gnome.desktop.background picture-options zoom",
            ])
        #expect(try bench.calls().isEmpty)
        let swayBench = try Bench(programs: ["swaymsg"])
        defer { swayBench.folder.remove() }
        let sway = try WallpaperSetter.plan(desktop: .sway, picture: "/p/a b.png", runner: swayBench.runner).dryRun
        #expect(sway == [#"swaymsg output '*' bg '"/p/a b.png"' fill"#])
    }

    @Test func refusesWhatItCannotDo() throws {
        let empty = ProcessRunner(environment: ["PATH": "/nonexistent"])
        #expect(throws: DesktopError.setterNotInstalled(desktop: "x11", lookedFor: ["xwallpaper", "feh", "hsetroot"])) {
            try WallpaperSetter.plan(desktop: .x11, picture: "/p/a.png", runner: empty)
        }
        let bench = try Bench(programs: ["plasma-apply-wallpaperimage"])
        defer { bench.folder.remove() }
        #expect(
            throws: DesktopError.unsafePath(
                path: "/p/it's.png", reason: "KDE Plasma's setter cannot take a path containing '")
        ) { try WallpaperSetter.plan(desktop: .kde, picture: "/p/it's.png", runner: bench.runner) }
        #expect(try bench.calls().isEmpty)
    }

    @Test func aFailingSetterReportsItsStatusAndStandardError() throws {
        let bench = try Bench(programs: ["swaymsg"], failing: "swaymsg")
        defer { bench.folder.remove() }
        let plan = try WallpaperSetter.plan(desktop: .sway, picture: "/p/a.png", runner: bench.runner)
        #expect(
            throws: DesktopError.setterFailed(
                command: #"swaymsg output '*' bg '"/p/a.png"' fill"#, status: 3, standardError: "no such monitor\n")
        ) { try WallpaperSetter.apply(plan, runner: bench.runner) }
    }
}
