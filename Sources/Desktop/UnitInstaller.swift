import Files
import FoundationEssentials
import Glibc

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
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        func choose(_ name: String, _ fallback: String) -> String {
            if let value = environment[name], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        configHome = choose("XDG_CONFIG_HOME", ".config")
        dataHome = choose("XDG_DATA_HOME", ".local/share")
    }

    public var systemdUserFolder: String { configHome + "/systemd/user" }
    public var autostartFolder: String { configHome + "/autostart" }
    public var backgroundPropertiesFolder: String { dataHome + "/gnome-background-properties" }
    public var appliedFolder: String { dataHome + "/wallgen/applied" }
    /// Where `apply --scheme` writes the applied picture's colour scheme.
    public var schemeFolder: String { configHome + "/wallgen/scheme" }

    /// Where a schedule named by `names` installs its timer, service, autostart entry
    /// and Settings entry, in that order.
    public func schedulePaths(_ names: ScheduleUnitNames) -> [String] {
        [
            installedPath(.systemdUser, name: names.timer, names: names),
            installedPath(.systemdUser, name: names.service, names: names),
            installedPath(.autostart, name: names.autostartEntry, names: names),
            installedPath(.backgroundProperties, name: "gnome-background-properties.xml", names: names),
        ]
    }

    /// Where `--install` puts a schedule's file `name` that goes to `place`: the units and
    /// the autostart entry under their own names, the Settings entry under the schedule's.
    public func installedPath(_ place: ScheduleFiles.InstalledAt, name: String, names: ScheduleUnitNames) -> String {
        switch place {
        case .systemdUser: systemdUserFolder + "/" + name
        case .autostart: autostartFolder + "/" + name
        case .backgroundProperties: backgroundPropertiesFolder + "/" + names.settingsEntry
        }
    }
}

/// Puts files in place all together or not at all, and takes them away again.
///
/// Every file is first written under a temporary name beside its target, and every
/// target checked (a folder in the way fails here, before anything is replaced); then
/// each is renamed over its target, the file it replaces kept under a second name until
/// all are in place. If a rename fails, the files replaced so far are put back, so a
/// failed install leaves the units that worked before exactly as they were.
public enum UnitInstaller {
    public static func install(_ files: [InstallFile]) throws(DesktopError) {
        var temporaries: [(temporary: String, target: String)] = []
        func removeTemporaries() {
            for (temporary, _) in temporaries { unlink(temporary) }
        }
        for file in files {
            let folder = FilePath.folder(of: file.path)
            var status = stat()
            if lstat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                removeTemporaries()
                throw .fileFailed(path: file.path, operation: "replace", reason: "a folder is in the way")
            }
            do {
                try AtomicFileWriter.makeFolders(folder)
                let temporary = try AtomicFileWriter.writeTemporary(Array(file.contents), beside: file.path)
                temporaries.append((temporary, file.path))
            } catch {
                removeTemporaries()
                throw .fileFailed(path: file.path, operation: "write", reason: "\(error)")
            }
        }
        // What each rename replaced: the old file's second name, or nil for a new file.
        var replaced: [(target: String, kept: String?)] = []
        func putBack() {
            for (target, kept) in replaced.reversed() {
                if let kept { rename(kept, target) } else { unlink(target) }
            }
        }
        for (temporary, target) in temporaries {
            var kept: String? = nil
            if access(target, F_OK) == 0 {
                let second = temporary + ".old"
                guard link(target, second) == 0 else {
                    let reason = String(cString: strerror(errno))
                    putBack()
                    removeTemporaries()
                    throw .fileFailed(path: target, operation: "keep the old copy of", reason: reason)
                }
                kept = second
            }
            guard rename(temporary, target) == 0 else {
                let reason = String(cString: strerror(errno))
                if let kept { unlink(kept) }
                putBack()
                removeTemporaries()
                throw .fileFailed(path: target, operation: "rename into place", reason: reason)
            }
            replaced.append((target, kept))
        }
        for case (_, let kept?) in replaced { unlink(kept) }
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
