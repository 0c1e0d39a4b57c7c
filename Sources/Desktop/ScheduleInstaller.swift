/// `schedule --install`: puts a schedule's units and entries where the session finds them
/// (all or none, `UnitInstaller`), takes away any other schedule's (there is one
/// wallpaper), starts it with `--enable`, and says how it runs at login on each desktop.
public enum ScheduleInstaller {
    /// A line for the person: what was done, or a warning that something did not run.
    public enum Notice: Sendable, Equatable {
        case status(String)
        case warning(String)
    }

    /// Installs `files`; throws when they cannot be put in place (nothing of them is then
    /// left) or another schedule's cannot be taken away.
    public static func install(
        _ files: ScheduleFiles, locations: UserLocations, runner: ProcessRunner, enable: Bool
    ) throws(DesktopError) -> [Notice] {
        let names = files.names
        try UnitInstaller.install(files.installFiles(in: locations))
        let entries =
            files.files.contains { $0.installedAt == .backgroundProperties }
            ? "\(names.timer), \(names.service), the autostart entry and the Settings entry"
            : "\(names.timer), \(names.service) and the autostart entry"
        var notices: [Notice] = [.status("Installed \(entries).")]
        // One schedule at a time: the others' units go (and a seasons schedule an earlier
        // wallgen installed as wallgen-terms.*), so no second timer is left.
        let others = ScheduleUnitNames.all.filter { $0 != names }
        if ScheduleRemoval.isInstalled(locations: locations, names: others) {
            notices += try ScheduleRemoval.run(locations: locations, runner: runner, names: others).map(Notice.status)
        }
        if enable { notices.append(start(names, runner: runner)) }
        notices += LoginTriggers.instructions(command: files.command, names: names, slideshows: files.slideshows)
            .map(Notice.status)
        return notices
    }

    /// `--enable`: the user's systemd reloads the units and starts the timer and the
    /// service (which sets the picture in effect). Where it does not answer (no user
    /// session, a container), that is said plainly with the one command to run: the
    /// schedule is installed all the same.
    static func start(_ names: ScheduleUnitNames, runner: ProcessRunner) -> Notice {
        do {
            _ = try runner.run(["systemctl", "--user", "daemon-reload"])
            _ = try runner.run(["systemctl", "--user", "enable", "--now"] + names.units)
            return .status("Started \(names.timer): the wallpaper follows from now on.")
        } catch {
            return .warning(
                "nothing runs yet: systemctl --user did not start it (\(error)). Start it in your session with: "
                    + "systemctl --user daemon-reload && systemctl --user enable --now \(names.units.joined(separator: " "))"
            )
        }
    }
}
