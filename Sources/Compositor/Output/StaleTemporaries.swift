import Foundation

/// Removes temporary files that an earlier wallgen left when it was killed outright.
///
/// SIGKILL, a power cut or an out-of-memory kill run no handler, so the named
/// temporary of a write in progress stays. Where the file system cannot make unnamed
/// files the writer falls back to named ones, and sweeps first: a file is removed only
/// when its name is exactly wallgen's pattern `.NAME.PID-RAND.tmp`, it is a regular file
/// owned by this user, and no process with that PID is alive (so a write still running
/// in another wallgen is never touched).
enum StaleTemporaries {
    /// The PID in a name of wallgen's temporary pattern, or nil for any other name.
    static func writerPID(inName name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let inner = name.dropFirst().dropLast(4)  // NAME.PID-RAND
        guard let dot = inner.lastIndex(of: "."), dot > inner.startIndex else { return nil }
        let unique = inner[inner.index(after: dot)...]
        let parts = unique.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let pid = pid_t(parts[0]), pid > 0, UInt32(parts[1]) != nil
        else { return nil }
        return pid
    }

    /// Whether a process with this PID exists (one of another user counts as alive).
    static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Removes the stale temporaries in `folder`; returns their names. Failures are
    /// ignored: sweeping is housekeeping and must never stop a write.
    @discardableResult
    static func sweep(_ folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var removed: [String] = []
        let owner = geteuid()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            guard let pid = writerPID(inName: name), pid != getpid(), !isAlive(pid) else { continue }
            let path = (folder == "/" ? "" : folder) + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == owner else {
                continue
            }
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }
}
