import Foundation

/// A file written piece by piece (a report with one line per row) and put in place only
/// when complete: the pieces go to a hidden temporary file beside the target, which is
/// renamed over it at `finish`. Memory stays flat however many rows there are; a run
/// that dies leaves the previous report (or none), never half of one.
public final class ReportFile {
    public let path: String
    private let temporary: String
    private var descriptor: Int32

    /// Creates the temporary file; throws when the folder is missing or not writable,
    /// before any work is done.
    public init(path: String) throws(ReportFileError) {
        // A link is written through, as wallgen's other outputs are.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        self.path = target
        let folder = (target as NSString).deletingLastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.wallgen-report-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw ReportFileError(path: path, reason: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        self.temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
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

    /// Flushes to disk and renames the file into place.
    public func finish() throws(ReportFileError) {
        guard descriptor >= 0 else { return }
        if fsync(descriptor) != 0 || close(descriptor) != 0 {
            let reason = String(cString: strerror(errno))
            descriptor = -1
            unlink(temporary)
            throw ReportFileError(path: path, reason: reason)
        }
        descriptor = -1
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ReportFileError(path: path, reason: reason)
        }
    }

    /// Removes the temporary file (a run that gives up before the end).
    public func abandon() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporary)
    }
}

public struct ReportFileError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(path): \(reason)" }
}

/// JSON strings as wallgen writes them: quotes, backslashes and control characters
/// escaped, everything else as UTF-8.
public enum JSONText {
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
