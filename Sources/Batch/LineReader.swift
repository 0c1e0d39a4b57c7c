import FoundationEssentials
import Glibc

/// A file read line by line through a fixed buffer, so a manifest of any length is never
/// held whole in memory. Lines end at LF; a CR before it is dropped.
final class LineReader {
    /// A line longer than this is refused: no row needs it, and it bounds the memory a
    /// hostile manifest can take.
    static let maximumLineLength = 1 << 20

    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    private var start = 0
    private var end = 0
    private var reachedEnd = false
    /// 1-based number of the line last returned.
    private(set) var lineNumber = 0

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line's bytes without its ending, or nil at the end of the file.
    func next() throws(ManifestError) -> [UInt8]? {
        var line: [UInt8] = []
        while true {
            if start == end {
                if reachedEnd {
                    guard !line.isEmpty else { return nil }
                    lineNumber += 1
                    return line
                }
                try fill()
                continue
            }
            if let newline = buffer[start..<end].firstIndex(of: 0x0A) {
                line += buffer[start..<newline]
                start = newline + 1
                lineNumber += 1
                guard line.count <= Self.maximumLineLength else {
                    throw .lineTooLong(line: lineNumber, limit: Self.maximumLineLength)
                }
                if line.last == 0x0D { line.removeLast() }
                return line
            }
            line += buffer[start..<end]
            start = end
            guard line.count <= Self.maximumLineLength else {
                throw .lineTooLong(line: lineNumber + 1, limit: Self.maximumLineLength)
            }
        }
    }

    private func fill() throws(ManifestError) {
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { return }
            throw .unreadable(String(cString: strerror(errno)))
        }
        (start, end) = (0, count)
        if count == 0 { reachedEnd = true }
    }
}
