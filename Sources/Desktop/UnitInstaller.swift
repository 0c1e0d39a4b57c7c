import Files
import Foundation

/// One file to put in place.
public struct InstallFile: Sendable, Equatable {
    public let path: String
    public let contents: Data

    public init(path: String, contents: Data) {
        self.path = path
        self.contents = contents
    }

    public init(path: String, text: String) {
        self.init(path: path, contents: Data(text.utf8))
    }
}

/// Where a user session looks for units and background entries (XDG base directories).
public struct UserLocations: Sendable, Equatable {
    public let configHome: String
    public let dataHome: String

    /// From `XDG_CONFIG_HOME` and `XDG_DATA_HOME`, defaulting to `~/.config` and
    /// `~/.local/share` (relative values are ignored, as the specification says).
    public init(environment: [String: String]) {
        let home = environment["HOME"] ?? NSHomeDirectory()
        func choose(_ name: String, _ fallback: String) -> String {
            if let value = environment[name], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        configHome = choose("XDG_CONFIG_HOME", ".config")
        dataHome = choose("XDG_DATA_HOME", ".local/share")
    }

    public var systemdUserFolder: String { configHome + "/systemd/user" }
    public var backgroundPropertiesFolder: String { dataHome + "/gnome-background-properties" }
    public var appliedFolder: String { dataHome + "/wallgen/applied" }

    /// The timer, the service and the properties entry of a schedule, where they belong.
    public func scheduleFiles(
        timer: String, service: String, backgroundProperties: String
    ) -> [InstallFile] {
        [
            InstallFile(path: systemdUserFolder + "/" + SystemdUnits.timerName, text: timer),
            InstallFile(path: systemdUserFolder + "/" + SystemdUnits.serviceName, text: service),
            InstallFile(path: backgroundPropertiesFolder + "/\(SystemdUnits.name).xml", text: backgroundProperties),
        ]
    }
}

/// Puts files in place all together or not at all, and takes them away again.
///
/// Every file is first written under a temporary name beside its target, then each is
/// renamed over its target; if any write or rename fails, what was written is removed,
/// so a failed install never leaves a timer without its service.
public enum UnitInstaller {
    /// What to tell the user after an install.
    public static let enableMessage =
        "systemctl --user daemon-reload && systemctl --user enable --now \(SystemdUnits.timerName)"

    public static func install(_ files: [InstallFile]) throws(DesktopError) {
        let fileManager = FileManager.default
        var temporaries: [(temporary: String, target: String)] = []
        var renamed: [String] = []
        func rollBack() {
            for (temporary, _) in temporaries { try? fileManager.removeItem(atPath: temporary) }
            for target in renamed { try? fileManager.removeItem(atPath: target) }
        }
        for file in files {
            let folder = (file.path as NSString).deletingLastPathComponent
            do {
                try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
                let temporary = try AtomicFileWriter.writeTemporary(Array(file.contents), beside: file.path)
                temporaries.append((temporary, file.path))
            } catch {
                rollBack()
                throw .fileFailed(path: file.path, operation: "write", reason: "\(error.localizedDescription)")
            }
        }
        for (temporary, target) in temporaries {
            guard rename(temporary, target) == 0 else {
                let reason = String(cString: strerror(errno))
                rollBack()
                throw .fileFailed(path: target, operation: "rename into place", reason: reason)
            }
            renamed.append(target)
        }
    }

    /// Removes the files at `paths`; missing ones are fine. Returns the paths removed.
    @discardableResult
    public static func uninstall(_ paths: [String]) throws(DesktopError) -> [String] {
        var removed: [String] = []
        for path in paths where FileManager.default.fileExists(atPath: path) {
            guard unlink(path) == 0 else {
                throw .fileFailed(path: path, operation: "remove", reason: String(cString: strerror(errno)))
            }
            removed.append(path)
        }
        return removed
    }
}
