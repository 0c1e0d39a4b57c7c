/// The XDG autostart entry (`~/.config/autostart/wallgen-terms.desktop`, or
/// `wallgen-seasons.desktop`: `ScheduleUnitNames`) that applies the
/// picture in effect when a session starts, for the desktops that run autostart entries
/// but do not start `graphical-session.target`: XFCE, MATE, Cinnamon, LXQt, and X11
/// sessions that run them (with dex, or systemd's xdg-autostart generator).
///
/// GNOME and KDE Plasma run autostart entries too, but they start the systemd service at
/// login already, so the entry leaves them out (`NotShowIn=`) rather than set the picture
/// twice.
public enum AutostartEntry {
    /// The entry running `command`. A control character cannot be written into an
    /// `Exec=` line, so an argument holding one is refused.
    public static func text(command: [String]) throws(DesktopError) -> String {
        var exec: [String] = []
        // GLib checks that the program exists before it expands `%%`, so it would look for
        // a program path holding `%` under the wrong name: such a path is run through env.
        let command = (command.first?.contains("%") ?? false) ? ["/usr/bin/env"] + command : command
        for argument in command {
            guard !argument.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw .unsafePath(path: argument, reason: "an autostart entry cannot hold a control character")
            }
            exec.append(execArgument(argument))
        }
        return """
            [Desktop Entry]
            Type=Application
            Name=wallgen: the wallpaper of the current solar term or season
            Comment=Sets the picture the wallgen schedule has in effect when the session starts
            Exec=\(exec.joined(separator: " "))
            NoDisplay=true
            NotShowIn=GNOME;KDE;Unity;
            X-GNOME-Autostart-enabled=true

            """
    }

    /// One argument of an `Exec=` value (Desktop Entry Specification, "The Exec key"): as
    /// it is when it holds no reserved character; else double-quoted, with `"`, `` ` ``,
    /// `$` and `\` taking a backslash inside the quotes. Then, as for every string value,
    /// each backslash is doubled (so a literal backslash is four), and `%` is written `%%`
    /// (field codes). Works on Unicode scalars.
    static func execArgument(_ argument: String) -> String {
        let reserved = " \t\n\"'\\><~|&;$*?#()`".unicodeScalars
        var quoted = ""
        if argument.isEmpty || argument.unicodeScalars.contains(where: reserved.contains) {
            quoted = "\""
            for scalar in argument.unicodeScalars {
                if "\"`$\\".unicodeScalars.contains(scalar) { quoted += "\\" }
                quoted.unicodeScalars.append(scalar)
            }
            quoted += "\""
        } else {
            quoted = argument
        }
        var out = ""
        for scalar in quoted.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "%": out += "%%"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
