import Glibc

/// What happens when a pixel buffer cannot be had: the process stops with a message and
/// the status the command line chose (75 for wallgen: a run with more memory, or a
/// smaller canvas, may succeed), never a crash a job engine cannot tell from a bug.
///
/// Images are made in too many places to thread an error through each; an allocation
/// that fails leaves nothing half-written (files are written only once complete, and an
/// unnamed file vanishes with the process). Swift's own allocations (arrays, strings)
/// still trap: they cannot be caught.
public enum OutOfMemory {
    /// The status to exit with; the command line sets it once at start-up.
    nonisolated(unsafe) public static var exitStatus: Int32 = 70

    public static func stop(_ byteCount: Int) -> Never {
        let message =
            "Error: out of memory for a pixel buffer of \(byteCount >> 20) MiB; "
            + "run again with more memory (ulimit -v, the job's memory limit) or a smaller canvas\n"
        _ = message.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress!, $0.count - 1) }
        _exit(exitStatus)
    }
}
