import Foundation

/// Reads whole files with clear errors and a size bound.
public enum FileReader {
    /// The bytes of the file at `path`, refusing folders and files above `maxBytes`.
    public static func read(_ path: String, maxBytes: Int = 512 << 20) throws(FileError) -> [UInt8] {
        let (descriptor, size) = try openFile(path, maxBytes: maxBytes)
        defer { close(descriptor) }
        // One byte more than fstat said, to see the end of the file in the same reads.
        var bytes = try readUpTo(size + 1, from: descriptor, path: path)
        // Only a file that grew since fstat has more.
        while bytes.count > size {
            let more = try readUpTo(1 << 16, from: descriptor, path: path)
            if more.isEmpty { break }
            bytes += more
            if bytes.count > maxBytes { throw .tooLarge(path: path, limit: maxBytes) }
        }
        return bytes
    }

    /// Up to `count` bytes, fewer only at the end of the file: read straight into the
    /// array, which is neither zeroed first nor copied after.
    private static func readUpTo(_ count: Int, from descriptor: Int32, path: String) throws(FileError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            while filled < count {
                let got = Foundation.read(descriptor, buffer.baseAddress! + filled, count - filled)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 { break }
                filled += got
            }
        }
        if failure != 0 { throw .from(errno: failure, path: path) }
        return bytes
    }

    /// Throws what `read` would for a missing, unreadable, folder or oversized `path`,
    /// without reading it: for files a library then opens by name.
    public static func checkReadable(_ path: String, maxBytes: Int = 512 << 20) throws(FileError) {
        close(try openFile(path, maxBytes: maxBytes).descriptor)
    }

    /// An open descriptor for `path` and the file's size, once it is known to be a file
    /// no larger than `maxBytes`. The caller closes the descriptor.
    private static func openFile(_ path: String, maxBytes: Int) throws(FileError) -> (descriptor: Int32, size: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .from(errno: errno, path: path) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = errno
            close(descriptor)
            throw .from(errno: error, path: path)
        }
        if status.st_mode & S_IFMT == S_IFDIR || Int(status.st_size) > maxBytes {
            close(descriptor)
            if status.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
            throw .tooLarge(path: path, limit: maxBytes)
        }
        return (descriptor, Int(status.st_size))
    }
}
