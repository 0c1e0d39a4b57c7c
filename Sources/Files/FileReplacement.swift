internal import CFiles
import FoundationEssentials
import Glibc

/// The one way a file is put in place: the bytes go to a new file in the target's folder
/// (the same file system, so the final rename is atomic), are flushed to disk, given the
/// replaced file's permission bits, and only then renamed over the target, all relative
/// to the folder's descriptor.
///
/// The new file has no name while it is written (O_TMPFILE) where the file system
/// allows, so even SIGKILL leaves nothing behind; elsewhere it has a hidden name of
/// `TemporaryName`'s pattern, removed on any failure or catchable signal, and swept by
/// a later run after an uncatchable one (`StaleTemporaries`). A new file gets 0666 less
/// the umask, as `open` gives it.
enum FileReplacement {
    /// Writes `bytes` as `name` in the folder open as `folder`, replacing what is there.
    /// `display` is the target's path, for messages; `mode` the replaced file's bits.
    static func replace(
        _ name: String, in folder: Int32, with bytes: [UInt8], mode: mode_t?, display: String,
        unnamedFirst: Bool = !TestHook.isSet("WALLGEN_TEST_NO_TMPFILE")
    ) throws(FileError) {
        try checkLength(name, display: display)
        if unnamedFirst {
            let descriptor = wg_open_unnamed_at(folder, 0o666)
            if descriptor >= 0 {
                try finishUnnamed(descriptor, bytes: bytes, mode: mode, name: name, folder: folder, display: display)
                return
            }
            // Only "this file system cannot" falls back; no permission or a folder gone
            // is the answer for a named file too.
            let code = errno
            guard [EOPNOTSUPP, EISDIR, EINVAL, ENOTSUP].contains(code) else {
                throw .fromCreating(errno: code, in: FilePath.folder(of: display))
            }
        }
        let temporary = try writeTemporary(bytes, mode: mode, beside: name, in: folder, display: display)
        let cleanup = wg_cleanup_register_at(folder, temporary)
        defer { wg_cleanup_release(cleanup) }
        TestHook.killBeforeRename()
        try rename(temporary, over: name, in: folder, display: display)
    }

    /// A named temporary holding `bytes`, flushed and closed, beside `name`: the first
    /// half of a replacement, for a caller that puts several files in place together.
    static func writeTemporary(_ bytes: [UInt8], mode: mode_t?, beside name: String, in folder: Int32, display: String)
        throws(FileError) -> String
    {
        StaleTemporaries.sweepOnce(folder)
        let temporary = TemporaryName.make(for: name)
        // Registered first, so an interrupt at any moment below removes the file.
        let cleanup = wg_cleanup_register_at(folder, temporary)
        defer { wg_cleanup_release(cleanup) }
        let descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .fromCreating(errno: errno, in: FilePath.folder(of: display)) }
        var isOpen = true
        do throws(FileError) {
            try writeAll(bytes, to: descriptor, path: display)
            try keepMode(mode, of: descriptor, path: display)
            // Without fsync a crash soon after the rename could leave an empty file.
            guard fsync(descriptor) == 0 else { throw FileError.from(errno: errno, path: display) }
            // close can report a delayed write error (NFS, quotas): checked too. It is
            // never retried: the descriptor is gone either way.
            isOpen = false
            guard close(descriptor) == 0 else { throw FileError.from(errno: errno, path: display) }
        } catch {
            if isOpen { close(descriptor) }
            unlinkat(folder, temporary, 0)
            throw error
        }
        return temporary
    }

    /// The O_TMPFILE way: write, flush, then give the file a temporary name and rename
    /// it over the target (linking straight onto an existing name is not possible).
    private static func finishUnnamed(
        _ descriptor: Int32, bytes: [UInt8], mode: mode_t?, name: String, folder: Int32, display: String
    ) throws(FileError) {
        var isOpen = true
        defer { if isOpen { close(descriptor) } }
        try writeAll(bytes, to: descriptor, path: display)
        try keepMode(mode, of: descriptor, path: display)
        guard fsync(descriptor) == 0 else { throw .from(errno: errno, path: display) }
        TestHook.killBeforeRename()
        let temporary = TemporaryName.make(for: name)
        let cleanup = wg_cleanup_register_at(folder, temporary)
        defer { wg_cleanup_release(cleanup) }
        guard wg_link_unnamed_at(descriptor, folder, temporary) == 0 else {
            throw .from(errno: errno, path: FilePath.folder(of: display))
        }
        isOpen = false
        guard close(descriptor) == 0 else {
            let code = errno
            unlinkat(folder, temporary, 0)
            throw .from(errno: code, path: display)
        }
        try rename(temporary, over: name, in: folder, display: display)
    }

    /// Renames a temporary over `name`, both in `folder`; removes it on failure.
    static func rename(_ temporary: String, over name: String, in folder: Int32, display: String) throws(FileError) {
        guard renameat(folder, temporary, folder, name) == 0 else {
            let code = errno
            unlinkat(folder, temporary, 0)
            throw .from(errno: code, path: display)
        }
    }

    /// A name longer than a file system allows (255 bytes) can never be written: said
    /// before any work, never as a failure a retry could mend.
    static func checkLength(_ name: String, display: String) throws(FileError) {
        if name.utf8.count > Int(NAME_MAX) { throw .nameTooLong(path: display) }
    }

    /// Gives the new file the permission bits of the one it replaces (a private 0600
    /// file stays private).
    private static func keepMode(_ mode: mode_t?, of descriptor: Int32, path: String) throws(FileError) {
        guard let mode else { return }
        guard fchmod(descriptor, mode) == 0 else { throw .from(errno: errno, path: path) }
    }

    /// Writes every byte to an open descriptor, resuming after partial writes and signals.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileError) {
        let failure: FileError? = bytes.withUnsafeBytes { buffer in
            do throws(FileError) {
                try writeAll(buffer, to: descriptor, path: path)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw .from(errno: errno, path: path)
            }
            offset += written
        }
    }
}
