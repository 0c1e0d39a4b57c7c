import Escaping
import Foundation

/// Writes the systemd user units that re-apply the wallpaper when a term or season begins.
///
/// The timer lists every switch as its own `OnCalendar=` in UTC, so the session's zone
/// and summer time cannot move it; `AccuracySec=1s` stops systemd from batching it up to
/// a minute late, and `Persistent=true` applies a switch missed while the machine was off
/// at the next boot.
public enum SystemdUnits {
    /// The units' name, without the suffix.
    public static let name = "wallgen-terms"
    public static var timerName: String { name + ".timer" }
    public static var serviceName: String { name + ".service" }

    /// The `.timer`: one `OnCalendar=2026-12-21 20:50:13 UTC` line per instant.
    public static func timer(instants: [Date]) -> String {
        var out = "[Unit]\nDescription=Change the wallpaper when a solar term or season begins\n\n[Timer]\n"
        for instant in instants { out += "OnCalendar=" + InstantText.systemd(instant) + "\n" }
        out += "AccuracySec=1s\nPersistent=true\nUnit=\(serviceName)\n\n[Install]\nWantedBy=timers.target\n"
        return out
    }

    /// The `.service`: runs `WALLGEN apply --now --schedule SCHEDULE` once.
    ///
    /// `wallgen` should be an absolute path: systemd runs user units with a small PATH.
    public static func service(wallgen: String, schedule: String) -> String {
        let command =
            ([SystemdText.quote(wallgen, isExecutable: true)]
            + ["apply", "--now", "--schedule", schedule].map { SystemdText.quote($0) }).joined(separator: " ")
        return """
            [Unit]
            Description=Apply the wallpaper of the current solar term or season

            [Service]
            Type=oneshot
            ExecStart=\(command)

            """
    }
}
