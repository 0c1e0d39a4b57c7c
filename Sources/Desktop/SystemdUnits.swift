import Escaping
import FoundationEssentials

/// Writes the systemd user units that apply the wallpaper when a term or season begins,
/// and when the graphical session starts.
///
/// The timer lists every switch as its own `OnCalendar=` in UTC, so the session's zone
/// and summer time cannot move it; `AccuracySec=1s` stops systemd from batching it up to
/// a minute late, and `Persistent=true` applies a switch missed while the machine was off
/// at the next boot. The service is also wanted by `graphical-session.target`, which
/// GNOME and KDE Plasma start once their display variables are in the user manager: so
/// the picture is set at every login there, and `Also=` enables it with the timer.
/// (`OnStartupSec=` would fire when the user manager starts, before any display exists.)
public enum SystemdUnits {
    /// The `.timer`: one `OnCalendar=2026-12-21 20:50:13 UTC` line per instant, starting
    /// the service `names` gives it.
    public static func timer(instants: [Date], names: ScheduleUnitNames) -> String {
        var out = "[Unit]\nDescription=Change the wallpaper when a \(names.subject) begins\n\n[Timer]\n"
        for instant in instants { out += "OnCalendar=" + InstantText.systemd(instant) + "\n" }
        out += "AccuracySec=1s\nPersistent=true\nUnit=\(names.service)\n\n"
        out += "[Install]\nWantedBy=timers.target\nAlso=\(names.service)\n"
        return out
    }

    /// What the service, the autostart entry and the compositors' start-up lines run:
    /// `WALLGEN apply --now --schedule SCHEDULE`.
    public static func applyCommand(wallgen: String, schedule: String) -> [String] {
        [wallgen, "apply", "--now", "--schedule", schedule]
    }

    /// The `.service`: runs `WALLGEN apply --now --schedule SCHEDULE` once, when the timer
    /// fires and when the graphical session starts.
    ///
    /// `wallgen` should be an absolute path: systemd runs user units with a small PATH.
    /// systemd refuses a program path holding a quote, a backslash or a control character
    /// however it is quoted, so such a path is refused here rather than written into a
    /// unit that could never start.
    public static func service(wallgen: String, schedule: String, names: ScheduleUnitNames) throws(DesktopError)
        -> String
    {
        try service(running: applyCommand(wallgen: wallgen, schedule: schedule), names: names)
    }

    /// The `.service` that runs `argv` (its first word wallgen's absolute path) once, when
    /// the timer fires and when the graphical session starts.
    public static func service(running argv: [String], names: ScheduleUnitNames) throws(DesktopError) -> String {
        try checkExecutable(argv[0])
        let command =
            ([SystemdText.quote(argv[0], isExecutable: true)] + argv.dropFirst().map { SystemdText.quote($0) })
            .joined(separator: " ")
        return """
            [Unit]
            Description=Apply the wallpaper of the current \(names.subject)
            After=graphical-session.target

            [Service]
            Type=oneshot
            ExecStart=\(command)

            [Install]
            WantedBy=graphical-session.target

            """
    }

    /// Refuses what systemd's `string_is_safe` refuses in an executable's path: control
    /// characters, `'`, `"`, `\` and DEL.
    public static func checkExecutable(_ path: String) throws(DesktopError) {
        let unsafe = path.unicodeScalars.contains { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F || scalar == "'" || scalar == "\"" || scalar == "\\"
        }
        if unsafe { throw .unsafeExecutable(path: path) }
    }
}
