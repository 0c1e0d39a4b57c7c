import FoundationEssentials
import Glibc
import Platform

/// Takes an installed schedule away without leaving an enable link behind: by default
/// under every name a schedule has had (`ScheduleUnitNames.all`), so a seasons schedule an
/// earlier wallgen installed as `wallgen-terms.*` goes too.
///
/// The timer and service are first stopped and disabled through `systemctl --user`; when
/// that cannot be reached (no user manager, as over ssh or in a container, or no
/// systemctl at all), the links `systemctl disable` would remove are removed here: each
/// unit's entry in a `*.wants`, `*.requires` or `*.upholds` folder of the user's unit
/// folder. Only then are the units, the autostart entry and the Settings entry removed.
public enum ScheduleRemoval {
    /// Removes the schedules named by `names`; returns what happened, a line each, for the
    /// person.
    public static func run(
        locations: UserLocations, runner: ProcessRunner, names: [ScheduleUnitNames] = ScheduleUnitNames.all
    ) throws(DesktopError) -> [String] {
        var report: [String] = []
        let fileManager = FileManager.default
        let folder = locations.systemdUserFolder
        let named = names.flatMap(\.units)
        let links = enableLinks(in: folder, units: named)
        // Only the units that are there or still enabled: systemctl refuses a unit it cannot
        // find, and then disables none of those it was given.
        let units = named.filter { unit in
            fileManager.fileExists(atPath: folder + "/" + unit) || links.contains { $0.hasSuffix("/" + unit) }
        }
        if !units.isEmpty {
            var reason = "systemctl is not on PATH"
            var disabled = false
            if runner.find("systemctl") != nil {
                let result = try runner.output(["systemctl", "--user", "disable", "--now"] + units)
                disabled = result.status == 0
                reason = result.standardError.split(separator: "\n").first.map(String.init) ?? "status \(result.status)"
            }
            if disabled {
                report.append(
                    "Stopped and disabled \(units.joinedAsProse()) (systemctl --user disable --now)")
            } else if !links.isEmpty {
                for link in links {
                    guard unlink(link) == 0 || errno == ENOENT else {
                        throw .fileFailed(path: link, operation: "remove", reason: String(cString: strerror(errno)))
                    }
                }
                report.append(
                    "systemctl --user could not be reached (\(reason)), so wallgen removed the enable links itself: "
                        + links.joined(separator: ", ")
                        + "; in your session, systemctl --user daemon-reload makes the user manager forget the timer")
            }
        }
        let removed = try UnitInstaller.uninstall(names.flatMap(locations.schedulePaths))
        report.append(removed.isEmpty ? "Nothing to remove" : "Removed " + removed.joined(separator: ", "))
        return report
    }

    /// Whether anything of the schedules named by `names` is installed: a file, or a link
    /// still enabling one of their units.
    public static func isInstalled(locations: UserLocations, names: [ScheduleUnitNames]) -> Bool {
        names.flatMap(locations.schedulePaths).contains { FileManager.default.fileExists(atPath: $0) }
            || !enableLinks(in: locations.systemdUserFolder, units: names.flatMap(\.units)).isEmpty
    }

    /// The links that enable `units`: entries named after them in the dependency folders
    /// of the user's unit folder.
    static func enableLinks(in folder: String, units: [String]) -> [String] {
        let fileManager = FileManager.default
        var links: [String] = []
        for entry in ((try? fileManager.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        where [".wants", ".requires", ".upholds"].contains(where: entry.hasSuffix) {
            for unit in units {
                let path = folder + "/" + entry + "/" + unit
                var status = stat()
                if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { links.append(path) }
            }
        }
        return links
    }
}
