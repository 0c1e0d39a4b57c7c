import FoundationEssentials

/// Paths as text: the folder part, the name, and a path made absolute for a record.
public enum FilePath {
    /// `path` against the current folder when it is relative, as a report or a desktop
    /// records it (nothing is resolved: links stay as named).
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let base = FileManager.default.currentDirectoryPath
        return (base.hasSuffix("/") ? base : base + "/") + path
    }

    /// The folder part of `path`: `.` for a bare name, `/` for a name at the root.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The last part of `path`.
    public static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
