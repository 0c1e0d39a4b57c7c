import Files
import FoundationEssentials
import Glibc

/// Where a manifest is read from, once opened: a regular file, read where it lies, or a
/// stream (`-` for standard input, a pipe such as `<(…)`, a FIFO) copied once into an
/// unnamed temporary file, because a batch reads its manifest twice (the whole plan is
/// checked before a row is rendered). Each reader opens it afresh, at its start.
///
/// The format is CSV for a name ending in `.csv`, JSON Lines for `.jsonl`, `.json` and
/// `.ndjson`; any other name (standard input, `/dev/fd/63`) is JSON Lines when its first
/// line that is not blank starts with `{`, and CSV otherwise.
public final class ManifestSource: Sendable {
    /// The manifest as named, for messages (`-` is standard input).
    public let name: String
    public let format: ManifestReader.Format
    /// What opens the manifest afresh: the file's path, or the temporary copy's through
    /// this process's descriptor for it.
    private let path: String
    private let copy: Int32?

    /// The most of a stream that is copied: a file's length is known, a stream's is not, and
    /// one that never ends must not fill the disk.
    public static let maximumStreamBytes = 4 << 30

    /// Opens `name`: a regular file as it is, a stream copied whole first.
    public init(opening name: String) throws(ManifestError) {
        self.name = name
        if name == "-" {
            copy = try Self.copyStream(STDIN_FILENO)
            path = "/proc/self/fd/\(copy!)"
        } else {
            var status = stat()
            guard stat(name, &status) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                copy = nil
                path = name
            case S_IFIFO, S_IFCHR, S_IFSOCK:
                let stream = open(name, O_RDONLY | O_CLOEXEC)
                guard stream >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
                defer { close(stream) }
                copy = try Self.copyStream(stream)
                path = "/proc/self/fd/\(copy!)"
            case S_IFDIR: throw .unreadable("it is a folder, not a manifest")
            default: throw .unreadable("it is not a file")
            }
        }
        let lowered = name.lowercased()
        if lowered.hasSuffix(".csv") {
            format = .csv
        } else if [".jsonl", ".json", ".ndjson"].contains(where: lowered.hasSuffix) {
            format = .jsonLines
        } else {
            format = try Self.sniff(path)
        }
    }

    deinit { if let copy { close(copy) } }

    /// A new descriptor reading the manifest from its start; the caller closes it.
    func openAfresh() throws(ManifestError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .unreadable("it is not a regular file")
        }
        return descriptor
    }

    /// Copies what `stream` holds into a file without a name in the temporary folder.
    private static func copyStream(_ stream: Int32) throws(ManifestError) -> Int32 {
        let copy: Int32
        do {
            copy = try ScratchFile.make()
        } catch {
            throw .unreadable("cannot keep a copy of it to read twice: \(error)")
        }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(stream, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count == 0 { break }
            var failure: String?
            if count < 0 {
                failure = String(cString: strerror(errno))
            } else if total + count > maximumStreamBytes {
                failure = "it is longer than \(maximumStreamBytes >> 30) GiB"
            } else if buffer.withUnsafeBytes({ Glibc.write(copy, $0.baseAddress, count) }) != count {
                failure = "cannot keep a copy of it to read twice: \(String(cString: strerror(errno)))"
            }
            if let failure {
                close(copy)
                throw .unreadable(failure)
            }
            total += count
        }
        return copy
    }

    /// JSON Lines when the first line that is not blank starts with `{` (after a
    /// byte-order mark), CSV otherwise.
    private static func sniff(_ path: String) throws(ManifestError) -> ManifestReader.Format {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return .jsonLines }
        var start = buffer[..<count]
        if start.starts(with: ManifestReader.byteOrderMark) { start = start.dropFirst(3) }
        let first = start.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == nil ? .jsonLines : .csv
    }
}
