import FoundationEssentials
import Glibc
import Synchronization

/// Removes temporary files that an earlier wallgen left when it was killed outright.
///
/// SIGKILL, a power cut or an out-of-memory kill run no handler, so the named
/// temporary of a write in progress stays. Where the file system cannot make unnamed
/// files the writer falls back to named ones, and sweeps their folder first, once per
/// run. A file is removed only when its name is exactly wallgen's pattern
/// (`TemporaryName`), records this host and this PID namespace (a PID of another
/// container or another machine on a shared folder says nothing here), and either
/// records an earlier boot or a PID no process has now; and it is a regular file owned
/// by this user. A write still running in another wallgen is never touched.
enum StaleTemporaries {
    /// Folders swept in this run, by device and inode.
    private static let swept = Mutex<Set<[UInt64]>>([])

    /// Forgets which folders were swept (for tests: a folder's inode is reused once the
    /// folder is gone).
    static func forgetSweeps() {
        swept.withLock { $0.removeAll() }
    }

    /// Whether a process with this PID exists (one of another user counts as alive).
    static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Whether a file of this name is a temporary this process may remove.
    static func isStale(_ name: String, current: TemporaryName = .current) -> Bool {
        guard let writer = TemporaryName.parse(name), writer.host == current.host,
            writer.namespace == current.namespace
        else { return false }
        if writer.boot != current.boot { return true }
        return writer.pid != current.pid && !isAlive(writer.pid)
    }

    /// Sweeps the folder open as `folder` unless this run already did. Failures are
    /// ignored: sweeping is housekeeping and must never stop a write.
    static func sweepOnce(_ folder: Int32) {
        var status = stat()
        guard fstat(folder, &status) == 0 else { return }
        let key = [UInt64(status.st_dev), UInt64(status.st_ino)]
        guard swept.withLock({ $0.insert(key).inserted }) else { return }
        sweep(folder)
    }

    /// Removes the stale temporaries in the folder open as `folder`; returns their names.
    @discardableResult
    static func sweep(_ folder: Int32) -> [String] {
        let copy = dup(folder)
        guard copy >= 0, let directory = fdopendir(copy) else { return [] }
        defer { closedir(directory) }
        var removed: [String] = []
        let owner = geteuid()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            guard isStale(name) else { continue }
            var status = stat()
            guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG,
                status.st_uid == owner
            else { continue }
            if unlinkat(folder, name, 0) == 0 { removed.append(name) }
        }
        return removed
    }
}
