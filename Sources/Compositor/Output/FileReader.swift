import Foundation

/// Reads whole files with clear errors and a size bound.
public enum FileReader {
    /// The bytes of the file at `path`, refusing folders and files above `maxBytes`.
    public static func read(_ path: String, maxBytes: Int = 512 << 20) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .from(errno: errno, path: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .from(errno: errno, path: path) }
        if status.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
        if Int(status.st_size) > maxBytes { throw .tooLarge(path: path, limit: maxBytes) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
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
}
