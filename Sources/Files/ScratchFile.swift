internal import CFiles
import FoundationEssentials
import Glibc
import Platform

/// A file with no name for data a run keeps only while it runs (a manifest read from a
/// pipe, kept to be read twice): nothing is ever left behind, even by SIGKILL.
public enum ScratchFile {
    /// A new file holding `bytes` in the temporary folder, for another program to read and
    /// remove (kitty, handed a picture as a temporary file), under a name of
    /// `TemporaryName`'s pattern that contains `word`: made with O_EXCL and no link
    /// followed, mode 0600. Its path.
    public static func named(_ word: String, holding bytes: [UInt8]) throws(FileError) -> String {
        let base = ProcessEnvironment.temporaryFolder
        let folder = try AtomicFileWriter.openFolder(base)
        defer { close(folder) }
        let name = TemporaryName.make(for: word)
        let file = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw .fromCreating(errno: errno, in: base) }
        defer { close(file) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBufferPointer { write(file, $0.baseAddress! + written, $0.count - written) }
            guard count > 0 else {
                let code = errno
                unlinkat(folder, name, 0)
                throw .from(errno: code, path: base + "/" + name)
            }
            written += count
        }
        return base + "/" + name
    }

    /// A new empty file, open for writing, in the temporary folder (`TMPDIR`, else `/tmp`),
    /// readable afresh through `/proc/self/fd/N`. Without O_TMPFILE there, a file under a
    /// name of `TemporaryName`'s pattern is made and its name removed at once.
    public static func make() throws(FileError) -> Int32 {
        let base = ProcessEnvironment.temporaryFolder
        let folder = try AtomicFileWriter.openFolder(base)
        defer { close(folder) }
        let unnamed = wg_open_unnamed_at(folder, 0o600)
        if unnamed >= 0 { return unnamed }
        guard [EOPNOTSUPP, EISDIR, EINVAL, ENOTSUP].contains(errno) else {
            throw .fromCreating(errno: errno, in: base)
        }
        let name = TemporaryName.make(for: "scratch")
        let named = openat(folder, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard named >= 0 else { throw .fromCreating(errno: errno, in: base) }
        unlinkat(folder, name, 0)
        return named
    }
}
