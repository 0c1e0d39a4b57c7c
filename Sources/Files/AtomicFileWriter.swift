import FoundationEssentials
import Glibc

/// Writes the files a person names (`-o`, `--report`, a schedule's folder): a reader
/// sees either the old file or the complete new one.
///
/// Where the output goes is decided first (`OutputDestination`): a symlink is written
/// through to the file it points at, standard output and devices are written in place,
/// and a replaced file keeps its permission bits. A regular file is then replaced by
/// `FileReplacement`, relative to its folder's descriptor. Paths a manifest or a report
/// names beneath a folder go through `OutputFolder` instead, which follows no link.
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
            let folder = try openFolder(FilePath.folder(of: target))
            defer { close(folder) }
            try FileReplacement.replace(
                FilePath.name(of: target), in: folder, with: bytes, mode: keptMode, display: target,
                unnamedFirst: unnamedFirst)
        }
    }

    /// Writes `bytes` to a hidden temporary beside `target` (flushed, closed, of the
    /// pattern the sweep knows) and returns its path: for a caller that renames several
    /// files into place together.
    public static func writeTemporary(_ bytes: [UInt8], beside target: String) throws(FileError) -> String {
        let folderPath = FilePath.folder(of: target)
        let folder = try openFolder(folderPath)
        defer { close(folder) }
        let name = FilePath.name(of: target)
        try FileReplacement.checkLength(name, display: target)
        let temporary = try FileReplacement.writeTemporary(bytes, mode: nil, beside: name, in: folder, display: target)
        return (folderPath == "/" ? "" : folderPath) + "/" + temporary
    }

    /// The folder at `path` (following links: a person named it), open for `*at` calls.
    static func openFolder(_ path: String) throws(FileError) -> Int32 {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .folderMissing(path: path) : .from(errno: errno, path: path)
        }
        return folder
    }

    /// Throws if `path` could not be written because it is a folder, its name is too
    /// long, or its folder does not exist: problems a caller can report before any work.
    public static func checkDestination(_ path: String) throws(FileError) {
        try FileReplacement.checkLength(FilePath.name(of: path), display: path)
        var status = stat()
        if stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
            throw .isDirectory(path: path)
        }
        try checkFolderExists(FilePath.folder(of: path))
    }

    /// Throws what `prepareFolder` would for a folder that is not there yet: its name too
    /// long or its parent missing.
    public static func checkFolderCanBeMade(_ folder: String) throws(FileError) {
        try FileReplacement.checkLength(FilePath.name(of: folder), display: folder)
        try checkFolderExists(FilePath.folder(of: folder))
    }

    private static func checkFolderExists(_ folder: String) throws(FileError) {
        var status = stat()
        guard stat(folder, &status) == 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .folderMissing(path: folder) : .from(errno: errno, path: folder)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .folderMissing(path: folder) }
    }

    /// Before any work: throws unless `prepareFolder(folder)` could succeed — `folder` is
    /// a folder, or it is missing and its parent is one.
    public static func checkFolderCanBePrepared(_ folder: String) throws(FileError) {
        var status = stat()
        if stat(folder, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: folder) }
            return
        }
        try checkFolderExists(FilePath.folder(of: folder))
    }

    /// Makes `folder` when only it is missing (its parent must exist), and throws unless
    /// files can be created in it: a batch finds out before doing any work. Two shards
    /// making the same folder at once both succeed.
    public static func prepareFolder(_ folder: String) throws(FileError) {
        var status = stat()
        if stat(folder, &status) != 0 {
            // The name and the parent only: another shard may make the folder meanwhile,
            // and a folder is what is wanted here.
            try FileReplacement.checkLength(FilePath.name(of: folder), display: folder)
            try checkFolderExists(FilePath.folder(of: folder))
            if mkdir(folder, 0o777) != 0 {
                let code = errno
                guard code == EEXIST, stat(folder, &status) == 0 else { throw .from(errno: code, path: folder) }
            }
        }
        guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: folder) }
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
        let descriptor = try openFolder(folder)
        defer { close(descriptor) }
        let probe = TemporaryName.make(for: "probe")
        let file = openat(descriptor, probe, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard file >= 0 else { throw .fromCreating(errno: errno, in: folder) }
        close(file)
        unlinkat(descriptor, probe, 0)
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
        try FileReplacement.writeAll(bytes, to: descriptor, path: path)
    }
}
