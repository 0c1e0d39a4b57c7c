import FoundationEssentials
import Glibc

/// Why a file could not be read or written, with the path it concerns.
public enum FileError: Error, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case isDirectory(path: String)
    /// A folder was wanted (for a batch's output) and a file is there.
    case notAFolder(path: String)
    case permissionDenied(path: String)
    /// The folder that should hold an output file does not exist.
    case folderMissing(path: String)
    /// A folder that exists but in which no file can be created (/proc, /sys).
    case takesNoFiles(path: String)
    case readOnlyFileSystem(path: String)
    case noSpace(path: String)
    case tooLarge(path: String, limit: Int)
    /// A chain of symlinks that never reaches a file.
    case symlinkLoop(path: String)
    /// A name longer than the file system allows (255 bytes): no retry can write it.
    case nameTooLong(path: String)
    /// A symbolic link beneath a folder whose paths follow no link (a batch's output
    /// folder): writing through it could leave the folder.
    case linkRefused(path: String)
    /// A file was wanted and the path is a device, FIFO or socket (which could be
    /// read forever, or block).
    case notARegularFile(path: String, kind: SpecialFileKind)
    /// The file's first bytes are not those of any kind it should be; `start` holds
    /// them, and the message names what they look like, never the bytes themselves (a
    /// secret file's first bytes must not reach standard error or a report).
    case unexpectedContent(path: String, expected: String, start: [UInt8])
    case other(path: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path): "'\(path)' does not exist"
        case .isDirectory(let path): "'\(path)' is a folder, not a file"
        case .notAFolder(let path): "'\(path)' is a file, not a folder"
        case .permissionDenied(let path): "permission denied for '\(path)'"
        case .folderMissing(let path): "the folder '\(path)' does not exist"
        case .takesNoFiles(let path):
            "no file can be created in '\(path)' (a system folder, such as /proc or /sys, that holds only its own)"
        case .readOnlyFileSystem(let path): "'\(path)' is on a read-only file system"
        case .noSpace(let path): "no space left on the device holding '\(path)'"
        case .tooLarge(let path, let limit): "'\(path)' is larger than \(limit / (1 << 20)) MiB"
        case .symlinkLoop(let path): "'\(path)' is a loop of symbolic links"
        case .nameTooLong(let path): "the name of '\(path)' is longer than a file name may be (255 bytes)"
        case .linkRefused(let path):
            "'\(path)' is a symbolic link inside the output folder; outputs there follow no link (remove it, or write elsewhere)"
        case .notARegularFile(let path, let kind): "'\(path)' is \(kind), not a file"
        case .unexpectedContent(let path, let expected, let start):
            "'\(path)' is not \(expected) (it looks like \(FileKind.guess(start)))"
        case .other(let path, let reason): "'\(path)': \(reason)"
        }
    }

    /// What a path that is not a regular file or a folder is.
    public enum SpecialFileKind: String, Sendable, CustomStringConvertible {
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case fifo = "a FIFO (named pipe)"
        case socket = "a socket"
        case unknown = "not a regular file"

        public var description: String { rawValue }

        /// The kind of a file whose `st_mode` is not a regular file's or a folder's.
        public init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFIFO: self = .fifo
            case S_IFSOCK: self = .socket
            default: self = .unknown
            }
        }
    }

    /// Maps an errno value from creating a file in `folder`, a folder already open: a
    /// name not found there means the folder takes no new files (/proc), not that it is
    /// missing.
    public static func fromCreating(errno code: Int32, in folder: String) -> FileError {
        code == ENOENT ? .takesNoFiles(path: folder) : .from(errno: code, path: folder)
    }

    /// Maps an errno value from an operation on `path`.
    public static func from(errno code: Int32, path: String) -> FileError {
        switch code {
        case ENOENT: .notFound(path: path)
        case EISDIR: .isDirectory(path: path)
        case ELOOP: .symlinkLoop(path: path)
        case ENAMETOOLONG: .nameTooLong(path: path)
        case EACCES, EPERM: .permissionDenied(path: path)
        case EROFS: .readOnlyFileSystem(path: path)
        case ENOSPC, EDQUOT: .noSpace(path: path)
        // A pipe whose reader left (`wallgen -o - | head -c 10`).
        case EPIPE: .other(path: path, reason: "the program reading it closed the pipe before the end")
        default: .other(path: path, reason: String(cString: strerror(code)))
        }
    }
}
