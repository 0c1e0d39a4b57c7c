internal import CImaging
import Foundation

/// Writes files so that a reader sees either the old file or the complete new one.
///
/// The bytes go to a new file in the target's folder (same file system, so the final
/// rename is atomic), are flushed to disk, and only then renamed over the target. The
/// new file has no name at all while it is written (O_TMPFILE) where the file system
/// allows, so even SIGKILL leaves nothing behind; elsewhere it is a hidden named
/// temporary, removed on any failure or catchable signal, and swept by a later run
/// after an uncatchable one (see `StaleTemporaries`). Symlinks are written through to
/// the file they point at, standard output and devices are written in place (see
/// `OutputDestination`), and a replaced file keeps its permission bits.
public enum AtomicFileWriter {
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try write(bytes, to: path, unnamedFirst: !TestHook.isSet("WALLGEN_TEST_NO_TMPFILE"))
    }

    /// `write`, choosing whether to try an unnamed file first (the tests try both ways).
    static func write(_ bytes: [UInt8], to path: String, unnamedFirst: Bool) throws(FileError) {
        try checkDestination(path)
        switch try OutputDestination.resolve(path) {
        case .standardOutput:
            try writeAll(bytes, to: STDOUT_FILENO, path: path)
        case .inPlace(let device):
            try writeInPlace(bytes, to: device)
        case .file(let target, let keptMode):
            try replace(target, with: bytes, mode: keptMode, unnamedFirst: unnamedFirst)
        }
    }

    /// Writes a new file for `target` and renames it over whatever is there.
    private static func replace(_ target: String, with bytes: [UInt8], mode: mode_t?, unnamedFirst: Bool)
        throws(FileError)
    {
        let folder = folderOf(target)
        if unnamedFirst {
            let descriptor = wg_open_unnamed(folder, 0o666)
            if descriptor >= 0 {
                try finishUnnamed(descriptor, bytes: bytes, mode: mode, target: target, folder: folder)
                return
            }
            // Only "this file system cannot" falls back; a missing folder or no
            // permission is the answer for a named file too.
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .folderMissing(path: folder) }
            guard [EOPNOTSUPP, EISDIR, EINVAL, ENOTSUP].contains(code) else { throw .from(errno: code, path: folder) }
        }
        StaleTemporaries.sweep(folder)
        try writeNamed(bytes, mode: mode, target: target, folder: folder)
    }

    /// The O_TMPFILE way: write, flush, then give the file a temporary name and rename
    /// it over the target (linking straight onto an existing name is not possible).
    private static func finishUnnamed(
        _ descriptor: Int32, bytes: [UInt8], mode: mode_t?, target: String, folder: String
    ) throws(FileError) {
        var isOpen = true
        defer { if isOpen { close(descriptor) } }
        try writeAll(bytes, to: descriptor, path: target)
        try keepMode(mode, of: descriptor, path: target)
        guard fsync(descriptor) == 0 else { throw .from(errno: errno, path: target) }
        TestHook.killIfSet("WALLGEN_TEST_STOP_BEFORE_RENAME")
        let temporary = temporaryPath(for: target, in: folder)
        let cleanup = wg_cleanup_register(temporary)
        defer { wg_cleanup_release(cleanup) }
        guard wg_link_unnamed(descriptor, temporary) == 0 else { throw .from(errno: errno, path: folder) }
        isOpen = false
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw .from(errno: code, path: target)
        }
        try rename(temporary, over: target)
    }

    /// The named way: a hidden temporary beside the target, removed on any failure.
    private static func writeNamed(_ bytes: [UInt8], mode: mode_t?, target: String, folder: String)
        throws(FileError)
    {
        let temporary = temporaryPath(for: target, in: folder)
        // Registered first, so an interrupt at any moment below removes the file.
        let cleanup = wg_cleanup_register(temporary)
        defer { wg_cleanup_release(cleanup) }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .from(errno: errno, path: folder) }
        var isOpen = true
        do throws(FileError) {
            try writeAll(bytes, to: descriptor, path: target)
            try keepMode(mode, of: descriptor, path: target)
            // Without fsync a crash soon after the rename could leave an empty file.
            guard fsync(descriptor) == 0 else { throw FileError.from(errno: errno, path: target) }
            // close can report a delayed write error (NFS, quotas): checked too. It is
            // never retried: the descriptor is gone either way, and another thread may
            // already have the same number.
            isOpen = false
            guard close(descriptor) == 0 else { throw FileError.from(errno: errno, path: target) }
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporary)
            throw error
        }
        TestHook.killIfSet("WALLGEN_TEST_STOP_BEFORE_RENAME")
        try rename(temporary, over: target)
    }

    /// Gives the new file the permission bits of the one it replaces (a private 0600
    /// file stays private); a new name keeps the 0666-less-umask `open` gave it.
    private static func keepMode(_ mode: mode_t?, of descriptor: Int32, path: String) throws(FileError) {
        guard let mode else { return }
        guard fchmod(descriptor, mode) == 0 else { throw .from(errno: errno, path: path) }
    }

    private static func rename(_ temporary: String, over target: String) throws(FileError) {
        guard Foundation.rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw .from(errno: code, path: target)
        }
    }

    /// Throws if `path` could not be written because it is a folder or its folder does
    /// not exist: problems a caller can report before doing any work.
    public static func checkDestination(_ path: String) throws(FileError) {
        var status = stat()
        if stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
            throw .isDirectory(path: path)
        }
        let folder = folderOf(path)
        guard stat(folder, &status) == 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .folderMissing(path: folder) : .from(errno: errno, path: folder)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .folderMissing(path: folder) }
    }

    /// Makes `folder` when only it is missing (its parent must exist), and throws unless
    /// files can be created in it: a batch finds out before doing any work.
    public static func prepareFolder(_ folder: String) throws(FileError) {
        var status = stat()
        if stat(folder, &status) != 0 {
            try checkDestination(folder)
            guard mkdir(folder, 0o777) == 0 else { throw .from(errno: errno, path: folder) }
        } else if status.st_mode & S_IFMT != S_IFDIR {
            throw .notAFolder(path: folder)
        }
        try checkWritableFolder(folder)
    }

    /// Makes `folder` and every folder above it that is missing, as `mkdir -p` does, one
    /// at a time so a failure says why as any output does: a file in the way names it,
    /// no space or no permission is that error for the folder it stopped at.
    public static func makeFolders(_ folder: String) throws(FileError) {
        var path = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o777) == 0 { continue }
            let code = errno
            var status = stat()
            // stat follows links: a link to a folder is a folder here, as it is to open.
            if code == EEXIST, stat(path, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: path) }
                continue
            }
            if code == ENOTDIR { throw .notAFolder(path: String(path[..<path.lastIndex(of: "/")!])) }
            throw .from(errno: code, path: path)
        }
    }

    /// Throws unless a file can be created in `folder` (permissions, read-only file
    /// systems): it creates and removes an empty hidden file to find out.
    public static func checkWritableFolder(_ folder: String) throws(FileError) {
        let probe = temporaryPath(for: "probe", in: folder)
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .from(errno: errno, path: folder) }
        close(descriptor)
        unlink(probe)
    }

    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(FileError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .from(errno: errno, path: path) }
        do throws(FileError) {
            try writeAll(bytes, to: descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw .from(errno: errno, path: path) }
    }

    /// Writes every byte to an open descriptor, resuming after partial writes and signals.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Foundation.write(descriptor, $0.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw .from(errno: errno, path: path)
            }
            offset += written
        }
    }

    static func folderOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    private static func temporaryPath(for path: String, in folder: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? "output"
        let unique = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        return (folder == "/" ? "" : folder) + "/.\(name).\(unique).tmp"
    }
}
