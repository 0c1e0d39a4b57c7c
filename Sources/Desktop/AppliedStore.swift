import Escaping
import Files
import Foundation

/// Copies of the pictures applied as wallpapers, named by the SHA-256 of their bytes.
///
/// Desktops keep a path, not a picture: if wallgen later rewrites the picture in place,
/// some desktops would not notice and others would show a half-written file. A copy
/// under a content name never changes, and applying the same picture twice reuses it.
public struct AppliedStore: Sendable {
    public let folder: String
    /// How many copies to keep, newest by modification time.
    public let keep: Int

    public init(folder: String, keep: Int = 6) {
        self.folder = folder
        self.keep = max(1, keep)
    }

    /// Copies each picture in (atomically: a temporary, then a rename), removes all but the
    /// newest `keep` copies — never the ones just stored — and returns the copies' paths.
    public func store(_ pictures: [String]) throws(DesktopError) -> [String] {
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .fileFailed(path: folder, operation: "create", reason: error.localizedDescription)
        }
        var stored: [String] = []
        for picture in pictures {
            guard let data = fileManager.contents(atPath: picture) else {
                throw .fileFailed(path: picture, operation: "read", reason: "no such readable file")
            }
            let suffix = (picture as NSString).pathExtension.lowercased()
            let target = folder + "/" + SHA256.hexDigest(of: Array(data)) + (suffix.isEmpty ? "" : "." + suffix)
            if fileManager.fileExists(atPath: target) {
                try? fileManager.setAttributes([.modificationDate: Date()], ofItemAtPath: target)
            } else {
                do {
                    try AtomicFileWriter.write(Array(data), to: target)
                } catch {
                    throw .fileFailed(path: target, operation: "write", reason: "\(error)")
                }
            }
            stored.append(target)
        }
        prune(keeping: Set(stored))
        return stored
    }

    /// Removes the oldest copies beyond `keep`, never those in `protected`.
    private func prune(keeping protected: Set<String>) {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: folder) else { return }
        let copies = names.filter { !$0.hasPrefix(".") }.map { folder + "/" + $0 }.map { path in
            (path, (try? fileManager.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast)
        }.sorted { $0.1 > $1.1 }
        var kept = protected.count
        for (path, _) in copies where !protected.contains(path) {
            if kept < keep {
                kept += 1
            } else {
                try? fileManager.removeItem(atPath: path)
            }
        }
    }
}
