import Escaping
import Files
import FoundationEssentials
import Glibc
import Platform

/// One monitor and the picture it is to show.
public struct MonitorPicture: Sendable, Equatable {
    public let monitor: Monitor
    public let picture: String

    public init(monitor: Monitor, picture: String) {
        self.monitor = monitor
        self.picture = picture
    }
}

/// What a plan sets.
public enum SetterPictures: Sendable, Equatable {
    /// One picture for the whole desktop, every monitor; `dark` for GNOME's dark style.
    /// `spanned`: the picture is laid once across all monitors (GNOME's `spanned`
    /// option; on X11 the root window taken as one screen), not repeated on each.
    case whole(light: String, dark: String, spanned: Bool)
    /// A picture for each monitor, set through the desktop's own per-monitor setting.
    case perMonitor([MonitorPicture])
}

/// Plans and runs the commands that make a picture a desktop's wallpaper.
///
/// Each desktop has its own tool; the plan names exactly which argv will run, decided
/// before anything runs, and is refused when a path cannot be passed safely.
public enum WallpaperSetter {
    /// The desktops with no per-monitor setting: several monitors' pictures are put
    /// together into one spanned picture first (see `WallpaperChange`).
    public static func composesMonitors(_ desktop: DesktopKind) -> Bool {
        switch desktop {
        case .gnome, .unity, .cinnamon, .mate, .x11: true
        case .kde, .xfce, .sway, .hyprland: false
        }
    }

    /// The first installed program of those that can set `desktop`, or nil.
    public static func installedProgram(for desktop: DesktopKind, perMonitor: Bool, runner: ProcessRunner) -> String? {
        SetterPrograms.programs(for: desktop, perMonitor: perMonitor).first { runner.find($0) != nil }
    }

    /// The plan for `desktop` with `program` (one of `SetterPrograms.programs`): the
    /// commands that set `pictures`, whose paths must be absolute.
    public static func plan(desktop: DesktopKind, pictures: SetterPictures, program: String) throws(DesktopError)
        -> SetterPlan
    {
        switch pictures {
        case .whole(let light, let dark, let spanned):
            return SetterPlan(
                desktop: desktop,
                steps: try wholeSteps(desktop: desktop, light: light, dark: dark, spanned: spanned, program: program))
        case .perMonitor(let assignments):
            return SetterPlan(desktop: desktop, steps: try monitorSteps(desktop: desktop, assignments))
        }
    }

    private static func wholeSteps(desktop: DesktopKind, light: String, dark: String, spanned: Bool, program: String)
        throws(DesktopError) -> [SetterStep]
    {
        let options = spanned ? "spanned" : "zoom"
        switch desktop {
        case .gnome, .unity:
            let schema = "org.gnome.desktop.background"
            return [
                .run(["gsettings", "set", schema, "picture-uri", fileURI(light)]),
                .run(["gsettings", "set", schema, "picture-uri-dark", fileURI(dark)]),
                .run(["gsettings", "set", schema, "picture-options", options]),
            ]
        case .cinnamon:
            let schema = "org.cinnamon.desktop.background"
            return [
                .run(["gsettings", "set", schema, "picture-uri", fileURI(light)]),
                .run(["gsettings", "set", schema, "picture-options", options]),
            ]
        case .mate:
            return [
                .run(["gsettings", "set", "org.mate.background", "picture-filename", light]),
                .run(["gsettings", "set", "org.mate.background", "picture-options", options]),
            ]
        case .kde:
            // plasma-apply-wallpaperimage builds a script with the path in single quotes.
            guard !light.contains("'") else {
                throw .unsafePath(path: light, reason: "KDE Plasma's setter cannot take a path containing '")
            }
            return [.run(["plasma-apply-wallpaperimage", "-f", "preserveAspectCrop", light])]
        case .xfce:
            return [.xfceBackdrops(picture: light)]
        case .sway:
            return [.run(["swaymsg", "output", "*", "bg", try swayWord(light), "fill"])]
        case .hyprland:
            try checkHyprpaper(light)
            return [
                .run(["hyprctl", "hyprpaper", "preload", light]),
                .run(["hyprctl", "hyprpaper", "wallpaper", "," + light]),
                .run(["hyprctl", "hyprpaper", "unload", "unused"]),
            ]
        case .x11:
            // Spanned: the root window as one screen, ignoring the monitors RandR lists
            // (each would otherwise get the whole picture).
            switch program {
            case "xwallpaper": return [.run(["xwallpaper"] + (spanned ? ["--no-randr"] : []) + ["--zoom", light])]
            case "feh":
                return [.run(["feh", "--no-fehbg"] + (spanned ? ["--no-xinerama"] : []) + ["--bg-fill", light])]
            default: return [.run(["hsetroot"] + (spanned ? ["-root"] : []) + ["-cover", light])]
            }
        }
    }

    private static func monitorSteps(desktop: DesktopKind, _ assignments: [MonitorPicture]) throws(DesktopError)
        -> [SetterStep]
    {
        switch desktop {
        case .sway:
            var steps: [SetterStep] = []
            for assignment in assignments {
                steps.append(
                    .run([
                        "swaymsg", "output", try swayWord(assignment.monitor.name), "bg",
                        try swayWord(assignment.picture), "fill",
                    ]))
            }
            return steps
        case .hyprland:
            var preloaded: [String] = []
            var steps: [SetterStep] = []
            for assignment in assignments {
                try checkHyprpaper(assignment.picture)
                guard !assignment.monitor.name.contains(",") else {
                    throw .unsafePath(
                        path: assignment.monitor.name, reason: "hyprpaper cannot take a monitor name containing a comma"
                    )
                }
                if !preloaded.contains(assignment.picture) {
                    preloaded.append(assignment.picture)
                    steps.append(.run(["hyprctl", "hyprpaper", "preload", assignment.picture]))
                }
            }
            for assignment in assignments {
                steps.append(
                    .run(["hyprctl", "hyprpaper", "wallpaper", assignment.monitor.name + "," + assignment.picture]))
            }
            return steps + [.run(["hyprctl", "hyprpaper", "unload", "unused"])]
        case .kde:
            return [.run(plasmaScriptCommand(PlasmaScript.wallpapers(assignments)))]
        case .xfce:
            return [
                .xfceMonitorBackdrops(
                    assignments.map { XfceMonitorPicture(monitor: $0.monitor.name, picture: $0.picture) })
            ]
        case .gnome, .unity, .cinnamon, .mate, .x11:
            preconditionFailure("\(desktop) has no per-monitor setting: WallpaperChange composes one picture first")
        }
    }

    /// `dbus-send` calling Plasma's `evaluateScript`; `--print-reply` waits for the answer,
    /// so an error the script throws becomes dbus-send's exit status.
    static func plasmaScriptCommand(_ script: String) -> [String] {
        [
            "dbus-send", "--session", "--print-reply", "--dest=org.kde.plasmashell", "--type=method_call",
            "/PlasmaShell", "org.kde.PlasmaShell.evaluateScript", "string:" + script,
        ]
    }

    /// A path or output name as one word of a sway command: swaymsg joins its arguments
    /// into one command, which sway splits again at spaces unless quoted, and expands
    /// like a shell word, so it is double-quoted and may hold none of ", \, $, ` or a
    /// newline.
    private static func swayWord(_ word: String) throws(DesktopError) -> String {
        guard !word.contains(where: { "\"\\$`\n".contains($0) }) else {
            throw .unsafePath(path: word, reason: "sway cannot take a word containing \", \\, $, ` or a newline")
        }
        return "\"" + word + "\""
    }

    private static func checkHyprpaper(_ path: String) throws(DesktopError) {
        guard !path.contains(",") && !path.contains("\n") else {
            throw .unsafePath(path: path, reason: "hyprpaper cannot take a path containing a comma")
        }
    }

    /// Runs a plan's steps in order, stopping at the first that fails.
    public static func apply(_ plan: SetterPlan, runner: ProcessRunner = ProcessRunner()) throws(DesktopError) {
        for step in plan.steps {
            switch step {
            case .run(let argv):
                try runner.run(argv)
            case .xfceBackdrops(let picture):
                let listing = try runner.run(XfceBackdrops.listCommand)
                let commands = XfceBackdrops.commands(listing: listing, picture: picture)
                guard !commands.isEmpty else {
                    throw .setterFailed(
                        command: ShellQuoting.line(XfceBackdrops.listCommand), status: 0,
                        standardError: "no backdrop property ending in /last-image was listed")
                }
                for command in commands { try runner.run(command) }
            case .xfceMonitorBackdrops(let assignments):
                let count = try runner.output(XfceBackdrops.workspaceCountCommand)
                // An empty channel lists nothing and says so with a non-zero status.
                let listing = try runner.output(XfceBackdrops.listCommand)
                let commands = XfceBackdrops.commands(
                    monitors: assignments, workspaceCount: count.status == 0 ? Int(count.standardOutput.trimmed) : nil,
                    listing: listing.status == 0 ? listing.standardOutput : "")
                for command in commands { try runner.run(command) }
            }
        }
    }

    /// `file://` and the path, percent-encoded except for unreserved characters and `/`
    /// (RFC 3986), as GNOME's settings store picture locations.
    public static func fileURI(_ path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count < 2 ? "0" : "") + hex
            }
        }
        return out
    }

    /// `path` made absolute against the current folder.
    public static func absolute(_ path: String) -> String {
        FilePath.absolute(path)
    }
}

extension String {
    fileprivate var trimmed: String { trimmingWhitespace() }
}
