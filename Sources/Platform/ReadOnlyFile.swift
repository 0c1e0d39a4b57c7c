import Glibc

/// A file opened for reading by path, read in pieces from its start and closed when
/// released: for headers read without reading the whole file.
public final class ReadOnlyFile {
    private let descriptor: Int32

    /// Opens `path`; nil when it cannot be opened (`errno` says why).
    public init?(path: String) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// Up to `count` more bytes: fewer only at the end of the file.
    /// Throws the reason (`strerror`) when the read fails.
    public func read(upToCount count: Int) throws(ReadFailure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, count - done) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { throw ReadFailure(reason: String(cString: strerror(errno))) }
            if got == 0 { break }
            done += got
        }
        bytes.removeSubrange(done...)
        return bytes
    }

    /// Moves `count` bytes on without reading them (past the end is allowed: the next
    /// read then returns nothing).
    public func skip(_ count: Int) throws(ReadFailure) {
        guard lseek(descriptor, off_t(count), SEEK_CUR) >= 0 else {
            throw ReadFailure(reason: String(cString: strerror(errno)))
        }
    }
}

/// Why a read failed, as the C library words it.
public struct ReadFailure: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}
