import Escaping
import Files
import Foundation

/// Plans and runs the commands that make a picture a desktop's wallpaper.
///
/// Each desktop has its own tool; the plan names exactly which argv will run, and is
/// refused before anything runs when the tool is missing or the path cannot be passed.
public enum WallpaperSetter {
    /// The programs each desktop's plan may use, in order of preference.
    public static func programs(for desktop: DesktopKind) -> [String] {
        switch desktop {
        case .gnome, .unity, .cinnamon, .mate: ["gsettings"]
        case .kde: ["plasma-apply-wallpaperimage"]
        case .xfce: ["xfconf-query"]
        case .sway: ["swaymsg"]
        case .hyprland: ["hyprctl"]
        case .x11: ["xwallpaper", "feh", "hsetroot"]
        }
    }

    /// The plan for `desktop`: `picture` (and, for GNOME's dark style, `darkPicture`, the
    /// same picture when nil). Relative paths are made absolute against the current folder.
    /// `runner` supplies the PATH the programs are looked up in.
    public static func plan(
        desktop: DesktopKind, picture: String, darkPicture: String? = nil, runner: ProcessRunner = ProcessRunner()
    ) throws(DesktopError) -> SetterPlan {
        let light = absolute(picture)
        let dark = absolute(darkPicture ?? picture)
        let looked = programs(for: desktop)
        guard let program = looked.first(where: { runner.find($0) != nil }) else {
            throw .setterNotInstalled(desktop: desktop.rawValue, lookedFor: looked)
        }
        let steps: [SetterStep]
        switch desktop {
        case .gnome, .unity:
            let schema = "org.gnome.desktop.background"
            steps = [
                .run(["gsettings", "set", schema, "picture-uri", fileURI(light)]),
                .run(["gsettings", "set", schema, "picture-uri-dark", fileURI(dark)]),
                .run(["gsettings", "set", schema, "picture-options", "zoom"]),
            ]
        case .cinnamon:
            let schema = "org.cinnamon.desktop.background"
            steps = [
                .run(["gsettings", "set", schema, "picture-uri", fileURI(light)]),
                .run(["gsettings", "set", schema, "picture-options", "zoom"]),
            ]
        case .mate:
            steps = [
                .run(["gsettings", "set", "org.mate.background", "picture-filename", light]),
                .run(["gsettings", "set", "org.mate.background", "picture-options", "zoom"]),
            ]
        case .kde:
            // plasma-apply-wallpaperimage builds a script with the path in single quotes.
            guard !light.contains("'") else {
                throw .unsafePath(path: light, reason: "KDE Plasma's setter cannot take a path containing '")
            }
            steps = [.run(["plasma-apply-wallpaperimage", "-f", "preserveAspectCrop", light])]
        case .xfce:
            steps = [.xfceBackdrops(picture: light)]
        case .sway:
            // swaymsg joins its arguments into one sway command, which sway splits again
            // at spaces unless quoted, and expands like a shell word.
            guard !light.contains(where: { "\"\\$`\n".contains($0) }) else {
                throw .unsafePath(path: light, reason: "sway cannot take a path containing \", \\, $, ` or a newline")
            }
            steps = [.run(["swaymsg", "output", "*", "bg", "\"" + light + "\"", "fill"])]
        case .hyprland:
            guard !light.contains(",") && !light.contains("\n") else {
                throw .unsafePath(path: light, reason: "hyprpaper cannot take a path containing a comma")
            }
            steps = [
                .run(["hyprctl", "hyprpaper", "preload", light]),
                .run(["hyprctl", "hyprpaper", "wallpaper", "," + light]),
                .run(["hyprctl", "hyprpaper", "unload", "unused"]),
            ]
        case .x11:
            switch program {
            case "xwallpaper": steps = [.run(["xwallpaper", "--zoom", light])]
            case "feh": steps = [.run(["feh", "--no-fehbg", "--bg-fill", light])]
            default: steps = [.run(["hsetroot", "-fill", light])]
            }
        }
        return SetterPlan(desktop: desktop, steps: steps)
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

    static func absolute(_ path: String) -> String {
        FilePath.absolute(path)
    }
}
