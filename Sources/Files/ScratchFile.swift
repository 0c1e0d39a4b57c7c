internal import CFiles
import FoundationEssentials
import Glibc
import Platform

/// A file with no name for data a run keeps only while it runs (a manifest read from a
/// pipe, kept to be read twice): nothing is ever left behind, even by SIGKILL.
public enum ScratchFile {
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
