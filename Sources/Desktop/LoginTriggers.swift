import Escaping

/// What `schedule --install` tells the person at the end: the exact commands that start
/// the schedule and set the picture in effect now, and what sets it at each login on
/// their desktop.
///
/// Per desktop, at login:
/// - GNOME and KDE Plasma start `graphical-session.target` once the display variables
///   are in the user manager; the service is wanted by it (`SystemdUnits`).
/// - XFCE, MATE, Cinnamon, LXQt and X11 sessions that run XDG autostart entries run
///   `~/.config/autostart/wallgen-terms.desktop` or `wallgen-seasons.desktop` (`AutostartEntry`).
/// - sway runs neither by default: an `exec` line in its config does it.
/// - Hyprland: an `exec-once` line in hyprland.conf.
public enum LoginTriggers {
    /// What to run for a schedule whose service runs `command`; with `slideshows` (GNOME's
    /// timed backgrounds, light then dark), also how GNOME follows one by itself.
    public static func instructions(command: [String], names: ScheduleUnitNames, slideshows: [String]) -> [String] {
        guard let slideshow = slideshows.first else { return instructions(command: command, names: names) }
        var gnome = ShellQuoting.line([command[0], "apply", slideshow])
        if let darkSlideshow = slideshows.dropFirst().first { gnome += " --dark " + ShellQuoting.quote(darkSlideshow) }
        return instructions(command: command, names: names)
            + [
                "GNOME can instead follow the slideshow itself (no timer needed): choose it in Settings > Appearance, or: "
                    + gnome
            ]
    }

    /// The same for a schedule whose service runs `command`, with no slideshow of its own.
    static func instructions(command: [String], names: ScheduleUnitNames) -> [String] {
        let apply = ShellQuoting.line(command)
        let units = names.units.joined(separator: " ")
        return [
            "To start it and set the picture in effect now, at once:",
            "  systemctl --user daemon-reload",
            "  systemctl --user enable --now \(units)",
            "  \(apply)    (at once, where the user manager has no display yet)",
            "At every login: GNOME and KDE Plasma start the service (graphical-session.target); XFCE, MATE, Cinnamon "
                + "and X11 sessions that run autostart entries run ~/.config/autostart/\(names.autostartEntry).",
            "sway runs neither: add this line to ~/.config/sway/config:",
            "  exec \(apply)",
            "Hyprland: add this line to ~/.config/hypr/hyprland.conf:",
            "  exec-once = \(apply)",
        ]
    }
}
