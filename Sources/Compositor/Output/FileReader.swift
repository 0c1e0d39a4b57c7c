import Foundation

/// Reads whole files with clear errors and a size bound.
public enum FileReader {
    /// The bytes of the file at `path`, refusing folders and files above `maxBytes`.
    public static func read(_ path: String, maxBytes: Int = 512 << 20) throws(FileError) -> [UInt8] {
        let (descriptor, size) = try openFile(path, maxBytes: maxBytes)
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .from(errno: errno, path: path)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maxBytes { throw .tooLarge(path: path, limit: maxBytes) }
        }
        return bytes
    }

    /// Throws what `read` would for a missing, unreadable, folder or oversized `path`,
    /// without reading it: for files a library then opens by name. Returns the size.
    @discardableResult
    public static func checkReadable(_ path: String, maxBytes: Int = 512 << 20) throws(FileError) -> Int {
        let (descriptor, size) = try openFile(path, maxBytes: maxBytes)
        close(descriptor)
        return size
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
