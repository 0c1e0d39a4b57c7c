import Compositor
import Escaping
import Files
import FoundationEssentials
import Glibc
import Synchronization

/// Standard output and standard error, written so that a failed write is never a
/// silent success.
///
/// Standard output carries data only (tables, JSON, help, image bytes with `-o -`);
/// status lines and errors go to standard error. A write to standard output that
/// fails (a full disk, `/dev/full`, a closed descriptor) is remembered, and the
/// command then exits 74 with a message.
enum Console {
    /// Why standard output could not be written, once it failed.
    private static let outputFailure = Mutex<String?>(nil)
    /// Set at start when descriptor 1 was closed (`>&-`): it then points at /dev/null
    /// so no file wallgen opens can take its number, and nothing may be written to it.
    private static let outputClosed = Atomic<Bool>(false)

    /// Called first thing: when descriptor 1 is closed, park /dev/null on it.
    static func guardStandardOutput() {
        guard fcntl(STDOUT_FILENO, F_GETFD) == -1, errno == EBADF else { return }
        outputClosed.store(true, ordering: .relaxed)
        let descriptor = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if descriptor >= 0, descriptor != STDOUT_FILENO {
            dup2(descriptor, STDOUT_FILENO)
            close(descriptor)
        }
    }

    static var isOutputClosed: Bool { outputClosed.load(ordering: .relaxed) }

    /// Writes a line of data to standard output.
    static func print(_ text: String) {
        writeOutput(Array((text + "\n").utf8))
    }

    /// Writes bytes to standard output; a failure is remembered for `outputError`.
    static func writeOutput(_ bytes: [UInt8]) {
        do {
            try standardOutputBytes(bytes)
        } catch {
            outputFailure.withLock { failure in if failure == nil { failure = "\(error)" } }
        }
    }

    /// Writes all the bytes to descriptor 1, throwing on a closed or failing output.
    static func standardOutputBytes(_ bytes: [UInt8]) throws(FileError) {
        guard !isOutputClosed else { throw .other(path: "standard output", reason: "it is closed") }
        try AtomicFileWriter.writeAll(bytes, to: STDOUT_FILENO, path: "standard output")
    }

    /// Why writing standard output failed, if it did.
    static var outputError: String? { outputFailure.withLock { $0 } }

    /// A line on standard error: errors, warnings and status. Control characters in it
    /// (a manifest's output name, a report's reason, a key with a byte-order mark) are shown
    /// by code point (`TerminalText`).
    static func report(_ message: String) {
        // A failure here has nowhere left to be reported, so it is dropped.
        try? AtomicFileWriter.writeAll(
            Array((TerminalText.visible(message) + "\n").utf8), to: STDERR_FILENO, path: "standard error")
    }
}
