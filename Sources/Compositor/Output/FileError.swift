import Foundation

/// Why a file could not be read or written, with the path it concerns.
public enum FileError: Error, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case isDirectory(path: String)
    /// A folder was wanted (for a batch's output) and a file is there.
    case notAFolder(path: String)
    case permissionDenied(path: String)
    /// The folder that should hold an output file does not exist.
    case folderMissing(path: String)
    case readOnlyFileSystem(path: String)
    case noSpace(path: String)
    case tooLarge(path: String, limit: Int)
    case other(path: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path): "'\(path)' does not exist"
        case .isDirectory(let path): "'\(path)' is a folder, not a file"
        case .notAFolder(let path): "'\(path)' is a file, not a folder"
        case .permissionDenied(let path): "permission denied for '\(path)'"
        case .folderMissing(let path): "the folder '\(path)' does not exist"
        case .readOnlyFileSystem(let path): "'\(path)' is on a read-only file system"
        case .noSpace(let path): "no space left on the device holding '\(path)'"
        case .tooLarge(let path, let limit): "'\(path)' is larger than \(limit / (1 << 20)) MiB"
        case .other(let path, let reason): "'\(path)': \(reason)"
        }
    }

    /// Maps an errno value from an operation on `path`.
    public static func from(errno code: Int32, path: String) -> FileError {
        switch code {
        case ENOENT: .notFound(path: path)
        case EISDIR: .isDirectory(path: path)
        case EACCES, EPERM: .permissionDenied(path: path)
        case EROFS: .readOnlyFileSystem(path: path)
        case ENOSPC, EDQUOT: .noSpace(path: path)
        default: .other(path: path, reason: String(cString: strerror(code)))
        }
    }
}
