import Foundation

/// A file written piece by piece (a report with one line per row) and put in place only
/// when complete. The pieces go to an unnamed file in the target's folder (O_TMPFILE),
/// which gets a name only at `finish` and is renamed over the target, so a run killed
/// outright leaves nothing behind, and never half a report. Where the file system
/// cannot make unnamed files, a hidden `.NAME.PID-RAND.tmp` is used instead (wallgen's
/// writer sweeps such files once their process is gone). Memory stays flat however
/// many rows there are.
public final class ReportFile {
    public let path: String
    private let folder: String
    private var descriptor: Int32
    /// The named temporary when unnamed files were not possible.
    private var named: String?

    /// Opens the file; throws when the folder is missing or not writable, before any
    /// work is done.
    public init(path: String) throws(ReportFileError) {
        // A link is written through, as wallgen's other outputs are.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        self.path = target
        let parent = (target as NSString).deletingLastPathComponent
        folder = parent.isEmpty ? "." : parent
        // O_TMPFILE is __O_TMPFILE (0o20000000 on Linux's common ABIs) with O_DIRECTORY.
        descriptor = open(folder, O_WRONLY | O_CLOEXEC | O_DIRECTORY | 0o20_000_000, 0o644)
        if descriptor < 0 {
            guard [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) else {
                throw ReportFileError(path: path, reason: String(cString: strerror(errno)))
            }
            let name =
                folder + "/." + (target as NSString).lastPathComponent
                + ".\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
            descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw ReportFileError(path: path, reason: String(cString: strerror(errno))) }
            named = name
        }
        fchmod(descriptor, 0o644)
    }

    deinit { abandon() }

    public func write(_ text: String) throws(ReportFileError) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw ReportFileError(path: path, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
        bytes.removeAll()
    }

    /// Flushes to disk, names the file and renames it into place.
    public func finish() throws(ReportFileError) {
        guard descriptor >= 0 else { return }
        func failure() -> ReportFileError {
            let error = ReportFileError(path: path, reason: String(cString: strerror(errno)))
            abandon()
            return error
        }
        guard fsync(descriptor) == 0 else { throw failure() }
        if named == nil {
            let name =
                folder + "/." + (path as NSString).lastPathComponent
                + ".\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
            guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 else {
                throw failure()
            }
            named = name
        }
        guard close(descriptor) == 0 else { throw failure() }
        descriptor = -1
        guard let named, rename(named, path) == 0 else { throw failure() }
        self.named = nil
    }

    /// Closes and removes the unfinished file (a run that gives up before the end).
    public func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let named { unlink(named) }
        named = nil
    }
}

public struct ReportFileError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(path): \(reason)" }
}
