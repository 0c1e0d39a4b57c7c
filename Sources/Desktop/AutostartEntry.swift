import Escaping

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
    /// The entry running `command` for the schedule `names` names. A control character
    /// cannot be written into an `Exec=` line, so an argument holding one is refused.
    public static func text(command: [String], names: ScheduleUnitNames) throws(DesktopError) -> String {
        var exec: [String] = []
        // GLib checks that the program exists before it expands `%%`, so it would look for
        // a program path holding `%` under the wrong name: such a path is run through env.
        let command = (command.first?.contains("%") ?? false) ? ["/usr/bin/env"] + command : command
        for argument in command {
            guard let escaped = DesktopEntryText.execArgument(argument) else {
                throw .unsafePath(path: argument, reason: "an autostart entry cannot hold a control character")
            }
            exec.append(escaped)
        }
        return """
            [Desktop Entry]
            Type=Application
            Name=wallgen: the wallpaper of the current \(names.subject)
            Comment=Sets the picture the wallgen schedule has in effect when the session starts
            Exec=\(exec.joined(separator: " "))
            NoDisplay=true
            NotShowIn=GNOME;KDE;Unity;
            X-GNOME-Autostart-enabled=true

            """
    }
}
