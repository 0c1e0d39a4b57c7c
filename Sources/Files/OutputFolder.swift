import FoundationEssentials
import Glibc

/// A folder that holds files named by data (a manifest's rows, a report's outputs),
/// open once as a descriptor, with every path beneath it opened relative to it.
///
/// The folder itself is the one a person named, so a link to it is followed. Beneath
/// it, each part of a path is opened with `openat` and `O_NOFOLLOW`: a link inside the
/// folder, to a folder or a file elsewhere (dangling or not), is refused rather than
/// followed, so no row writes or reads outside the folder. A FIFO, device or socket at
/// an output's place is refused too (writing to a FIFO would wait forever), as is a
/// name longer than a file system allows. Missing folders on the way are made; two
/// processes making the same one at once both succeed.
public final class OutputFolder: @unchecked Sendable {
    /// The folder as named, for messages.
    public let path: String
    private let descriptor: Int32

    /// Opens `path`, which must be a folder.
    public init(opening path: String) throws(FileError) {
        self.path = path
        descriptor = try AtomicFileWriter.openFolder(path)
    }

    deinit { close(descriptor) }

    /// Writes `bytes` as `relative` (parts separated by `/`, none empty, `.` or `..`),
    /// making the folders on the way, replacing a regular file that is there (whose
    /// permission bits the new file keeps, unless `mode` is given).
    public func write(_ bytes: [UInt8], to relative: String, mode: mode_t? = nil) throws(FileError) {
        let (parent, name) = try openParent(of: relative, creating: true)
        defer { if parent != descriptor { close(parent) } }
        let display = path + "/" + relative
        let kept = try replaceableMode(of: name, in: parent, display: display)
        try FileReplacement.replace(name, in: parent, with: bytes, mode: mode ?? kept, display: display)
    }

    /// A file written piece by piece as `relative` (a batch's report), put in place by
    /// `finish` only when whole, by the same rules as `write`: no link followed on the way
    /// or at its place.
    public func growingFile(_ relative: String) throws(FileError) -> GrowingFile {
        let (parent, name) = try openParent(of: relative, creating: true)
        defer { if parent != descriptor { close(parent) } }
        let display = path + "/" + relative
        let mode = try replaceableMode(of: name, in: parent, display: display)
        let folder = fcntl(parent, F_DUPFD_CLOEXEC, 0)
        guard folder >= 0 else { throw .from(errno: errno, path: FilePath.folder(of: display)) }
        return try GrowingFile(name: name, in: folder, display: display, keeping: mode)
    }

    /// Throws what `write(_:to:)` would throw for `relative` before it wrote a byte: a
    /// link on the way or at its place, a file where a folder must be, a folder, FIFO or
    /// device where the file goes, a name too long. Nothing is made: a command checks
    /// every name it will write before it renders the first (missing folders are fine,
    /// they are made when written).
    public func checkWritable(_ relative: String) throws(FileError) {
        let display = path + "/" + relative
        guard let (parent, name) = try openParentIfPresent(of: relative) else {
            try FileReplacement.checkLength(FilePath.name(of: relative), display: display)
            return
        }
        defer { if parent != descriptor { close(parent) } }
        _ = try replaceableMode(of: name, in: parent, display: display)
    }

    /// `checkWritable` for every name, in order: the first that cannot be written throws.
    public func checkWritable(_ relatives: some Sequence<String>) throws(FileError) {
        for relative in relatives { try checkWritable(relative) }
    }

    /// Removes the regular file `relative` beneath the folder (following no link on the
    /// way; a link, folder or device there is left alone); its size in bytes, or nil when
    /// there was no such file.
    public func removeFile(_ relative: String) throws(FileError) -> Int? {
        guard let (parent, name) = try openParentIfPresent(of: relative) else { return nil }
        defer { if parent != descriptor { close(parent) } }
        var status = stat()
        guard fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return nil
        }
        guard unlinkat(parent, name, 0) == 0 else { throw .from(errno: errno, path: path + "/" + relative) }
        return Int(status.st_size)
    }

    /// Removes the folder itself when nothing is left in it; whether it did.
    public func removeIfEmpty() -> Bool {
        rmdir(path) == 0
    }

    /// The permission bits of the regular file at `name` to keep when it is replaced, nil
    /// when there is none; throws when what is there may not be replaced.
    private func replaceableMode(of name: String, in parent: Int32, display: String) throws(FileError) -> mode_t? {
        try FileReplacement.checkLength(name, display: display)
        var status = stat()
        guard fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return nil }
            throw .from(errno: errno, path: display)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return status.st_mode & 0o7777
        case S_IFLNK: throw .linkRefused(path: display)
        case S_IFDIR: throw .isDirectory(path: display)
        default: throw .notARegularFile(path: display, kind: .init(mode: status.st_mode))
        }
    }

    /// Opens the regular file `relative` for reading (following no link on the way);
    /// the caller closes the descriptor. A missing file is `.notFound`.
    public func openForReading(_ relative: String) throws(FileError) -> Int32 {
        let (parent, name) = try openParent(of: relative, creating: false)
        defer { if parent != descriptor { close(parent) } }
        let display = path + "/" + relative
        let file = openat(parent, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            throw errno == ELOOP ? .linkRefused(path: display) : .from(errno: errno, path: display)
        }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT
            close(file)
            throw kind == S_IFDIR
                ? .isDirectory(path: display) : .notARegularFile(path: display, kind: .init(mode: status.st_mode))
        }
        return file
    }

    /// `openParent` without making anything: nil when a folder on the way is missing.
    private func openParentIfPresent(of relative: String) throws(FileError) -> (Int32, String)? {
        do {
            return try openParent(of: relative, creating: false)
        } catch .notFound {
            return nil
        }
    }

    /// The folder holding `relative`'s last part, open (this folder's own descriptor
    /// when there is no folder part), and that last part.
    private func openParent(of relative: String, creating: Bool) throws(FileError) -> (Int32, String) {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let name = parts.last, !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
            !relative.utf8.contains(0)
        else { throw .other(path: path + "/" + relative, reason: "not a path inside the folder") }
        var current = descriptor
        var walked = path
        for part in parts.dropLast() {
            walked += "/" + part
            var next = openat(current, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 && errno == ENOENT && creating {
                if mkdirat(current, part, 0o777) != 0 && errno != EEXIST {
                    let code = errno
                    if current != descriptor { close(current) }
                    throw .from(errno: code, path: walked)
                }
                next = openat(current, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            let code = errno
            if next < 0 {
                var status = stat()
                let isLink =
                    fstatat(current, part, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFLNK
                if current != descriptor { close(current) }
                if isLink { throw .linkRefused(path: walked) }
                if code == ENOTDIR { throw .notAFolder(path: walked) }
                throw .from(errno: code, path: walked)
            }
            if current != descriptor { close(current) }
            current = next
        }
        return (current, name)
    }
}
