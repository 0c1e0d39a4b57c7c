import FoundationEssentials
import Glibc
import Platform

/// Where the bytes for an output path really go, found before anything is written.
///
/// A rename replaces whatever name it lands on, so the writer must know what the path
/// is first: renaming over a symlink would replace the link instead of the file it
/// points at, and renaming over `/proc/self/fd/1` or a device node would replace the
/// node instead of writing to it.
enum OutputDestination: Equatable {
    /// The path is this process's standard output (`/dev/stdout`, `/proc/self/fd/1`,
    /// or any name for the file descriptor 1 has open): written there, like `-o -`.
    case standardOutput
    /// A character device, FIFO or socket: opened and written in place, no temporary.
    case inPlace(path: String)
    /// A regular file, existing or to be created, at the end of any chain of links.
    /// `keptMode` is the existing file's permission bits, which the new file keeps.
    case file(path: String, keptMode: mode_t?)

    /// Links followed before a chain is called a loop (the kernel's own limit).
    static let maxLinks = 40

    /// Resolves `path`: standard output first, then links followed one at a time (a
    /// dangling link's target is the file to create), then what the last name is.
    static func resolve(_ path: String) throws(FileError) -> OutputDestination {
        if isStandardOutput(path) { return .standardOutput }
        var current = path
        var status = stat()
        for _ in 0...maxLinks {
            guard lstat(current, &status) == 0 else {
                let code = errno
                // Nothing there yet: a new file (its folder is checked when it is made).
                if code == ENOENT { return .file(path: current, keptMode: nil) }
                throw .from(errno: code, path: current)
            }
            switch status.st_mode & S_IFMT {
            case S_IFLNK:
                current = try linkTarget(of: current)
            case S_IFREG:
                return .file(path: current, keptMode: status.st_mode & 0o7777)
            case S_IFDIR:
                throw .isDirectory(path: current)
            default:
                return .inPlace(path: current)
            }
        }
        throw .symlinkLoop(path: path)
    }

    /// Whether `path` names the file standard output has open: the same device and
    /// inode as descriptor 1 (a pipe, a terminal or a redirected-to file alike).
    static func isStandardOutput(_ path: String) -> Bool {
        var output = stat()
        var named = stat()
        guard fstat(STDOUT_FILENO, &output) == 0, stat(path, &named) == 0 else { return false }
        return output.st_dev == named.st_dev && output.st_ino == named.st_ino
    }

    /// Where the link at `path` points, made absolute against the link's own folder
    /// when it is relative, as the kernel reads it.
    private static func linkTarget(of path: String) throws(FileError) -> String {
        guard let target = PathQueries.linkTarget(path) else { throw .from(errno: errno, path: path) }
        if target.hasPrefix("/") { return target }
        let folder = FilePath.folder(of: path)
        return folder == "/" ? "/" + target : folder + "/" + target
    }
}
