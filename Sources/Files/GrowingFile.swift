internal import CFiles
import FoundationEssentials
import Glibc

/// A file written piece by piece (a report with one line per row) and put in place only
/// when complete, by the same rules as `FileReplacement`: the pieces go to an unnamed
/// file in the target's folder (O_TMPFILE), or where that is impossible to a hidden
/// temporary of `TemporaryName`'s pattern; `finish` flushes it, names it and renames it
/// over the target. A run killed outright leaves nothing behind, never half a file, and
/// memory stays flat however many pieces there are. Like every file a person names, a
/// link is written through to its target.
public final class GrowingFile {
    /// The file written: the path named, or the file a link there points at.
    public let path: String
    private let folder: Int32
    private let name: String
    private let mode: mode_t?
    private var descriptor: Int32
    /// The named temporary, once there is one.
    private var temporary: String?
    private var cleanup: Int32 = -1

    /// Opens the file; throws when the folder is missing or not writable, before any
    /// work is done.
    public init(path: String) throws(FileError) {
        try AtomicFileWriter.checkDestination(path)
        guard case .file(let target, let keptMode) = try OutputDestination.resolve(path) else {
            throw .other(path: path, reason: "a report must be a file, not a device or standard output")
        }
        self.path = target
        mode = keptMode
        name = FilePath.name(of: target)
        folder = try AtomicFileWriter.openFolder(FilePath.folder(of: target))
        descriptor = TestHook.isSet("WALLGEN_TEST_NO_TMPFILE") ? -1 : wg_open_unnamed_at(folder, 0o666)
        if descriptor < 0 {
            let code = errno
            guard TestHook.isSet("WALLGEN_TEST_NO_TMPFILE") || [EOPNOTSUPP, EISDIR, EINVAL, ENOTSUP].contains(code)
            else {
                close(folder)
                throw .from(errno: code, path: FilePath.folder(of: target))
            }
            StaleTemporaries.sweepOnce(folder)
            let named = TemporaryName.make(for: name)
            cleanup = wg_cleanup_register_at(folder, named)
            descriptor = openat(folder, named, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                let code = errno
                wg_cleanup_release(cleanup)
                close(folder)
                throw .from(errno: code, path: FilePath.folder(of: target))
            }
            temporary = named
        }
    }

    deinit {
        abandon()
        close(folder)
    }

    public func write(_ bytes: [UInt8]) throws(FileError) {
        try FileReplacement.writeAll(bytes, to: descriptor, path: path)
    }

    /// Flushes to disk, names the file and renames it into place.
    public func finish() throws(FileError) {
        guard descriptor >= 0 else { return }
        func failure(_ code: Int32) -> FileError {
            abandon()
            return .from(errno: code, path: path)
        }
        if let mode, fchmod(descriptor, mode) != 0 { throw failure(errno) }
        guard fsync(descriptor) == 0 else { throw failure(errno) }
        if temporary == nil {
            let named = TemporaryName.make(for: name)
            cleanup = wg_cleanup_register_at(folder, named)
            guard wg_link_unnamed_at(descriptor, folder, named) == 0 else { throw failure(errno) }
            temporary = named
        }
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else { throw failure(errno) }
        guard let temporary else { return }
        try FileReplacement.rename(temporary, over: name, in: folder, display: path)
        self.temporary = nil
        wg_cleanup_release(cleanup)
    }

    /// Closes and removes the unfinished file (a run that gives up before the end).
    public func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporary { unlinkat(folder, temporary, 0) }
        temporary = nil
        wg_cleanup_release(cleanup)
        cleanup = -1
    }
}
