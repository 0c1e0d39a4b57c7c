import Files
import FoundationEssentials
import Glibc

/// Reads whole files with clear errors and a size bound.
///
/// Only regular files are read (after following links): a device such as `/dev/zero`
/// or a FIFO could be read forever or block, so it is refused from `fstat` alone.
/// When the caller says what the file should be, its first bytes are checked against
/// `FileSignature` before the rest is read.
public enum FileReader {
    /// The bytes of the file at `path`, refusing folders, devices, files above
    /// `maxBytes` and, when `expecting` is given, non-empty files that do not start
    /// with one of that family's signatures (an empty one is left to its decoder).
    public static func read(
        _ path: String, maxBytes: Int = 512 << 20, expecting family: FileSignature.Family? = nil
    ) throws(FileError) -> [UInt8] {
        let (descriptor, size) = try openFile(path, maxBytes: maxBytes)
        defer { close(descriptor) }
        return try read(descriptor, size: size, path: path, maxBytes: maxBytes, expecting: family)
    }

    /// `read`'s work on the file open as `descriptor`, `size` bytes by fstat.
    private static func read(
        _ descriptor: Int32, size: Int, path: String, maxBytes: Int, expecting family: FileSignature.Family?
    ) throws(FileError) -> [UInt8] {
        if let family {
            // Read in place (pread), so the whole file then goes into one array, once.
            try check(
                try readUpTo(min(size + 1, FileSignature.prefixLength), from: descriptor, at: 0, path: path),
                against: family, path: path)
        }
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

    /// The same file, checked the same way, but mapped rather than read where it can be
    /// (`MappedFile`): for a picture decoded once, whose decoder can then start without
    /// waiting for a copy into fresh memory, or (`use: .headers`) a container checked
    /// without bringing its data into memory. Read as `read` does when it cannot be mapped.
    public static func mapped(
        _ path: String, maxBytes: Int = 512 << 20, expecting family: FileSignature.Family? = nil,
        use: MappedFile.Use = .whole
    ) throws(FileError) -> FileBytes {
        let (descriptor, size) = try openFile(path, maxBytes: maxBytes)
        defer { close(descriptor) }
        guard let mapping = MappedFile(descriptor: descriptor, length: size, use: use) else {
            return FileBytes(try read(descriptor, size: size, path: path, maxBytes: maxBytes, expecting: family))
        }
        if let family {
            try check(Array(mapping.bytes.prefix(FileSignature.prefixLength)), against: family, path: path)
        }
        return FileBytes(mapping)
    }

    /// Throws unless `start`, a file's first bytes, is empty or carries a signature
    /// of `family`.
    static func check(_ start: [UInt8], against family: FileSignature.Family, path: String) throws(FileError) {
        guard !start.isEmpty, FileSignature.sniff(start, among: family.members) == nil else { return }
        throw .unexpectedContent(path: path, expected: family.expected, start: Array(start.prefix(8)))
    }

    /// Up to `count` bytes, fewer only at the end of the file: read straight into the
    /// array, which is neither zeroed first nor copied after.
    /// With `offset`, from there and without moving the descriptor's position.
    private static func readUpTo(
        _ count: Int, from descriptor: Int32, at offset: Int? = nil, path: String
    ) throws(FileError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            while filled < count {
                let got =
                    if let offset {
                        pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
                    } else {
                        Glibc.read(descriptor, buffer.baseAddress! + filled, count - filled)
                    }
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 { break }
                filled += got
            }
        }
        if failure != 0 { throw .from(errno: failure, path: path) }
        return bytes
    }

    /// Throws what `read` would for a missing, unreadable, folder, device, oversized or
    /// (given `expecting`) mis-signed `path`, reading only its first bytes: for files a
    /// library then opens by name.
    public static func checkReadable(
        _ path: String, maxBytes: Int = 512 << 20, expecting family: FileSignature.Family? = nil
    ) throws(FileError) {
        let (descriptor, size) = try openFile(path, maxBytes: maxBytes)
        defer { close(descriptor) }
        if let family {
            try check(
                try readUpTo(min(size, FileSignature.prefixLength), from: descriptor, path: path), against: family,
                path: path)
        }
    }

    /// An open descriptor for `path` and the file's size, once it is known to be a file
    /// no larger than `maxBytes`. The caller closes the descriptor.
    private static func openFile(_ path: String, maxBytes: Int) throws(FileError) -> (descriptor: Int32, size: Int) {
        // Refused before opening when possible (opening some devices does something),
        // and opened without blocking (opening a FIFO waits for a writer otherwise);
        // fstat then checks the file actually opened.
        var named = stat()
        if stat(path, &named) == 0, named.st_mode & S_IFMT != S_IFREG, named.st_mode & S_IFMT != S_IFDIR {
            throw .notARegularFile(path: path, kind: .init(mode: named.st_mode))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .from(errno: errno, path: path) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = errno
            close(descriptor)
            throw .from(errno: error, path: path)
        }
        let kind = status.st_mode & S_IFMT
        if kind != S_IFREG || Int(status.st_size) > maxBytes {
            close(descriptor)
            if kind == S_IFDIR { throw .isDirectory(path: path) }
            if kind != S_IFREG { throw .notARegularFile(path: path, kind: .init(mode: status.st_mode)) }
            throw .tooLarge(path: path, limit: maxBytes)
        }
        return (descriptor, Int(status.st_size))
    }
}
