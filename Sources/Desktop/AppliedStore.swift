import Escaping
import Files
import FoundationEssentials
import Glibc

/// Copies of the pictures applied as wallpapers, named by the SHA-256 of their bytes.
///
/// Desktops keep a path, not a picture: if wallgen later rewrites the picture in place,
/// some desktops would not notice and others would show a half-written file. A copy
/// under a content name never changes, and applying the same picture twice reuses it.
///
/// The store never removes a picture a desktop still shows: a ledger (`AppliedLedger`)
/// records what each successful apply set, per desktop and monitor, and the pictures of
/// the last `keep` successful applies; only copies in neither are removed. A failed
/// apply removes the copies it made and changes nothing else. One apply at a time holds
/// the store (`transaction`), so two never prune each other's copies.
public struct AppliedStore: Sendable {
    public let folder: String
    /// How many successful applies' pictures to keep besides those in use.
    public let keep: Int

    public init(folder: String, keep: Int = 6) {
        self.folder = folder
        self.keep = max(1, keep)
    }

    /// Where a copy of `bytes` goes: `FOLDER/<sha256>.<ext>`.
    public func path(for bytes: [UInt8], fileExtension: String) -> String {
        folder + "/" + SHA256.hexDigest(of: bytes) + (fileExtension.isEmpty ? "" : "." + fileExtension)
    }

    /// Runs `body` holding the store's lock (made with the folder when missing).
    public func transaction<T>(_ body: () throws(DesktopError) -> T) throws(DesktopError) -> T {
        do {
            try AtomicFileWriter.makeFolders(folder)
        } catch {
            throw .fileFailed(path: folder, operation: "create", reason: "\(error)")
        }
        let lockPath = folder + "/.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .fileFailed(path: lockPath, operation: "open", reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }

    /// Puts `bytes` at `path` (from `path(for:fileExtension:)`) through the one atomic
    /// writer (a temporary, flushed, then renamed). An existing copy is the same bytes and is only touched.
    public func put(_ bytes: [UInt8], at path: String) throws(DesktopError) {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: path) {
            try? fileManager.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
            return
        }
        do {
            try AtomicFileWriter.write(bytes, to: path)
        } catch {
            throw .fileFailed(path: path, operation: "write", reason: "\(error)")
        }
    }

    /// After a successful apply: `live` (setting key to the copies it now shows) replaces
    /// those keys in the ledger, and every key starting with `clearing` (a whole-desktop
    /// apply replaces each monitor's own picture); then copies in no use are removed.
    public func commit(_ live: [String: [String]], clearing prefix: String? = nil) throws(DesktopError) {
        var ledger = AppliedLedger.read(folder: folder)
        if !FileManager.default.fileExists(atPath: folder + "/" + AppliedLedger.fileName) {
            // The first apply with a ledger: the copies already here (from before it
            // existed) count as one earlier apply, so one of them still on show stays.
            let earlier = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter(AppliedLedger.isCopyName).sorted()
            if !earlier.isEmpty { ledger.recent = [earlier] }
        }
        if let prefix { ledger.live = ledger.live.filter { !$0.key.hasPrefix(prefix) } }
        let names = live.mapValues { $0.map(Self.name) }
        ledger.live.merge(names) { $1 }
        ledger.recent.insert(Array(Set(names.values.joined())).sorted(), at: 0)
        ledger.recent = Array(ledger.recent.prefix(keep))
        try ledger.write(folder: folder)
        prune(ledger)
    }

    /// After a failed apply: removes `paths` unless the ledger keeps them.
    public func discard(_ paths: [String]) {
        let kept = AppliedLedger.read(folder: folder).kept
        for path in paths where !kept.contains(Self.name(path)) {
            unlink(path)
        }
    }

    /// Removes the copies the ledger does not keep (never its hidden files: the lock,
    /// the ledger, temporaries).
    private func prune(_ ledger: AppliedLedger) {
        let kept = ledger.kept
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where !name.hasPrefix(".") && !kept.contains(name) {
            unlink(folder + "/" + name)
        }
    }

    private static func name(_ path: String) -> String { FilePath.name(of: path) }
}
