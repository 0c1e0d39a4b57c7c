internal import CFiles
import FoundationEssentials
import Glibc
import Synchronization

/// A file written piece by piece (a report with one line per row) and put in place only
/// when complete, by the same rules as `FileReplacement`: the pieces go to an unnamed
/// file in the target's folder (O_TMPFILE), or where that is impossible to a hidden
/// temporary of `TemporaryName`'s pattern; `finish` flushes it, names it and renames it
/// over the target. A run killed outright leaves nothing behind, never half a file, and
/// memory stays flat however many pieces there are. Like every file a person names, a
/// link is written through to its target.
///
/// A picture is written this way too (`replacing`): its encoder appends each part as it
/// is made, on whichever thread made it, one at a time, so that writing and flushing
/// overlap the encoding rather than follow it.
public final class GrowingFile: @unchecked Sendable {
    /// The file written: the path named, or the file a link there points at.
    public let path: String
    private let folder: Int32
    private let name: String
    private let mode: mode_t?
    private var descriptor: Int32
    /// The named temporary, once there is one.
    private var temporary: String?
    private var cleanup: Int32 = -1
    /// The first failure of `append`, which `finish` reports; `failed` says there is one
    /// to the threads that do not write.
    private var appendFailure: FileError?
    private let failed = Atomic<Bool>(false)
    /// The bytes appended since the start (or the last `restart`).
    public private(set) var appended = 0

    /// The file that will replace `path`, or nil when `path` is no regular file's place
    /// (standard output, a device), which is written in place instead.
    public static func replacing(_ path: String) throws(FileError) -> GrowingFile? {
        try AtomicFileWriter.checkDestination(path)
        guard case .file(let target, let keptMode) = try OutputDestination.resolve(path) else { return nil }
        return try GrowingFile(replacing: target, keeping: keptMode)
    }

    /// Opens the file; throws when the folder is missing or not writable, before any
    /// work is done.
    public convenience init(path: String) throws(FileError) {
        try AtomicFileWriter.checkDestination(path)
        guard case .file(let target, let keptMode) = try OutputDestination.resolve(path) else {
            throw .other(path: path, reason: "a report must be a file, not a device or standard output")
        }
        try self.init(replacing: target, keeping: keptMode)
    }

    /// Opens the file that will replace `target` (a resolved destination), which is to
    /// get `keptMode`, the replaced file's bits.
    private convenience init(replacing target: String, keeping keptMode: mode_t?) throws(FileError) {
        try self.init(
            name: FilePath.name(of: target), in: try AtomicFileWriter.openFolder(FilePath.folder(of: target)),
            display: target, keeping: keptMode)
    }

    /// Opens the file that will be `name` in `folder`, a descriptor this file owns from
    /// now on (closed on failure too); `display` is the target's path, for messages.
    init(name: String, in folder: Int32, display target: String, keeping keptMode: mode_t?) throws(FileError) {
        self.path = target
        mode = keptMode
        self.name = name
        self.folder = folder
        descriptor = TestHook.isSet("WALLGEN_TEST_NO_TMPFILE") ? -1 : wg_open_unnamed_at(folder, 0o666)
        if descriptor < 0 {
            let code = errno
            guard TestHook.isSet("WALLGEN_TEST_NO_TMPFILE") || [EOPNOTSUPP, EISDIR, EINVAL, ENOTSUP].contains(code)
            else {
                close(folder)
                throw .fromCreating(errno: code, in: FilePath.folder(of: target))
            }
            StaleTemporaries.sweepOnce(folder)
            let named = TemporaryName.make(for: name)
            cleanup = wg_cleanup_register_at(folder, named)
            descriptor = openat(folder, named, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                let code = errno
                wg_cleanup_release(cleanup)
                close(folder)
                throw .fromCreating(errno: code, in: FilePath.folder(of: target))
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

    /// Appends `bytes` (not copied); a failure is kept for `finish` to report, and every
    /// append after it does nothing. For an encoder that must not stop for it mid-band.
    public func append(_ bytes: UnsafeRawBufferPointer) {
        guard appendFailure == nil else { return }
        do throws(FileError) {
            try FileReplacement.writeAll(bytes, to: descriptor, path: path)
            appended += bytes.count
        } catch {
            fail(error)
        }
    }

    /// Whether an append has failed (the file will not be put in place).
    public var hasFailed: Bool { failed.load(ordering: .acquiring) }

    private func fail(_ error: FileError) {
        appendFailure = error
        failed.store(true, ordering: .releasing)
    }

    /// Asks the kernel to start writing what has been appended to the disk, so that
    /// `finish`'s flush has less left to wait for. Advice only.
    public func startWriteback() {
        guard descriptor >= 0, appendFailure == nil else { return }
        _ = wg_start_writeback(descriptor)
    }

    /// Empties the file, to write it again from the start.
    public func restart() {
        guard appendFailure == nil else { return }
        if ftruncate(descriptor, 0) != 0 || lseek(descriptor, 0, SEEK_SET) != 0 {
            fail(.from(errno: errno, path: path))
        }
        appended = 0
    }

    /// Flushes to disk, names the file and renames it into place.
    public func finish() throws(FileError) {
        guard descriptor >= 0 else { return }
        if let appendFailure {
            abandon()
            throw appendFailure
        }
        func failure(_ code: Int32) -> FileError {
            abandon()
            return .from(errno: code, path: path)
        }
        if let mode, fchmod(descriptor, mode) != 0 { throw failure(errno) }
        guard fsync(descriptor) == 0 else { throw failure(errno) }
        TestHook.killBeforeRename()
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
