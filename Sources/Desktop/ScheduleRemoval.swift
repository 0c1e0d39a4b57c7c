import FoundationEssentials
import Glibc

/// Takes an installed schedule away without leaving an enable link behind.
///
/// The timer and service are first stopped and disabled through `systemctl --user`; when
/// that cannot be reached (no user manager, as over ssh or in a container, or no
/// systemctl at all), the links `systemctl disable` would remove are removed here: each
/// unit's entry in a `*.wants`, `*.requires` or `*.upholds` folder of the user's unit
/// folder. Only then are the units, the autostart entry and the Settings entry removed.
public enum ScheduleRemoval {
    static let units = [SystemdUnits.timerName, SystemdUnits.serviceName]

    /// Removes everything; returns what happened, a line each, for the person.
    public static func run(locations: UserLocations, runner: ProcessRunner) throws(DesktopError) -> [String] {
        var report: [String] = []
        let present = locations.schedulePaths.filter { FileManager.default.fileExists(atPath: $0) }
        let links = enableLinks(in: locations.systemdUserFolder)
        if !present.isEmpty || !links.isEmpty {
            var reason = "systemctl is not on PATH"
            var disabled = false
            if runner.find("systemctl") != nil {
                let result = try runner.output(["systemctl", "--user", "disable", "--now"] + units)
                disabled = result.status == 0
                reason = result.standardError.split(separator: "\n").first.map(String.init) ?? "status \(result.status)"
            }
            if disabled {
                report.append(
                    "Stopped and disabled \(units.joined(separator: " and ")) (systemctl --user disable --now)")
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
        let removed = try UnitInstaller.uninstall(locations.schedulePaths)
        report.append(removed.isEmpty ? "Nothing to remove" : "Removed " + removed.joined(separator: ", "))
        return report
    }

    /// The links that enable the units: entries named after them in the dependency
    /// folders of the user's unit folder.
    static func enableLinks(in folder: String) -> [String] {
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
