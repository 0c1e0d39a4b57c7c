internal import CImaging
import Foundation

/// Writes files so that a reader sees either the old file or the complete new one.
///
/// The bytes go to a hidden temporary file in the target's folder (same file system,
/// so the final rename is atomic), are flushed to disk, and only then renamed over
/// the target. On any failure the temporary file is removed and the target is untouched.
public enum AtomicFileWriter {
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try checkDestination(path)
        if isSpecialFile(path) {
            try writeInPlace(bytes, to: path)
            return
        }
        let folder = folderOf(path)
        let temporary = temporaryPath(for: path, in: folder)
        // Registered first, so an interrupt at any moment below removes the file.
        let cleanup = wg_cleanup_register(temporary)
        defer { wg_cleanup_release(cleanup) }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .from(errno: errno, path: folder) }
        var isOpen = true
        do throws(FileError) {
            try writeAll(bytes, to: descriptor, path: path)
            // Without fsync a crash soon after the rename could leave an empty file.
            guard fsync(descriptor) == 0 else { throw FileError.from(errno: errno, path: path) }
            // close can report a delayed write error (NFS, quotas): checked too. It is
            // never retried: the descriptor is gone either way, and another thread may
            // already have the same number.
            isOpen = false
            guard close(descriptor) == 0 else { throw FileError.from(errno: errno, path: path) }
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .from(errno: code, path: path)
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

    /// Throws unless a file can be created in `folder` (permissions, read-only file
    /// systems): it creates and removes an empty hidden file to find out.
    public static func checkWritableFolder(_ folder: String) throws(FileError) {
        let probe = temporaryPath(for: "probe", in: folder)
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .from(errno: errno, path: folder) }
        close(descriptor)
        unlink(probe)
    }

    /// Devices and pipes (`/dev/stdout`, a FIFO) are written directly: renaming a file
    /// over them would replace the device node instead of writing to it.
    private static func isSpecialFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
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
