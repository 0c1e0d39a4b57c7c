import Platform

/// Why a picture could not be decoded. Messages name the problem, not the file: the
/// caller knows which file (or flag) it was and says so.
public enum ImageDecodingError: Error, Equatable, CustomStringConvertible {
    case empty
    case unrecognizedFormat
    /// Damaged or truncated data; `reason` is the codec library's own words.
    case corrupt(format: ImageFormat, reason: String)
    /// Refused from the header alone, before any pixel memory was allocated.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// A bound inside the codec (memory, progressive scans) was reached.
    case limitExceeded(format: ImageFormat, reason: String)
    case unsupported(format: ImageFormat, reason: String)
    /// A valid picture that needs more decoder memory than `DecodeLimits` allows:
    /// refused from its header, with the figure, never called damaged.
    case needsMoreMemory(format: ImageFormat, neededMiB: Int, limitMiB: Int)
    case outOfMemory
    /// The file was cut short while it was being read (another program rewrote it):
    /// what was decoded is not the file's, and reading it again may succeed.
    case changedWhileReading
    /// The format's library (libwebp, libheif) cannot be loaded.
    case libraryUnavailable(LibraryUnavailable)

    public var description: String {
        switch self {
        case .empty: "the file is empty"
        case .unrecognizedFormat: "not \(FileSignature.Family.picture.expected)"
        case .corrupt(let format, let reason): "damaged \(format) data: \(reason)"
        case .tooManyPixels(let width, let height, let limit):
            "the image is \(width)x\(height) (\(width * height) pixels), above the limit of \(limit) pixels"
        case .limitExceeded(let format, let reason): "\(format) refused: \(reason)"
        case .unsupported(let format, let reason): "unsupported \(format): \(reason)"
        case .needsMoreMemory(let format, let needed, let limit):
            "the \(format) needs \(needed) MiB of decoder memory, above the limit of \(limit) MiB"
        case .outOfMemory: "out of memory while decoding"
        case .changedWhileReading:
            "the file was cut short while it was being read (another program changed it); try again"
        case .libraryUnavailable(let library): "\(library)"
        }
    }
}

/// Why an image could not be encoded: the C shim's status is kept, so a caller can tell
/// a picture the format cannot hold from a library that failed.
public enum ImageEncodingError: Error, Equatable, CustomStringConvertible {
    case emptyImage
    case library(format: OutputFormat, status: EncoderStatus, reason: String)
    /// A file of several pictures (a dynamic wallpaper's HEIC or AVIF) that libheif could
    /// not make; `kind` is how people name the file: HEIC, AVIF.
    case collection(kind: String, status: EncoderStatus, reason: String)
    /// The format's library (libwebp, libheif) cannot be loaded: the reason names it.
    case libraryUnavailable(LibraryUnavailable)

    public var description: String {
        switch self {
        case .emptyImage: "cannot encode an image with no pixels"
        case .library(let format, _, let reason): "\(format) encoding failed: \(reason)"
        case .collection(let kind, _, let reason): "\(kind) encoding failed: \(reason)"
        case .libraryUnavailable(let library): "\(library)"
        }
    }

    /// What the encoder's shim said, when it was called and failed.
    public var status: EncoderStatus? {
        switch self {
        case .library(_, let status, _), .collection(_, let status, _): status
        case .emptyImage, .libraryUnavailable: nil
        }
    }
}

/// What a failed encoder call said, from the shim's `wg_status`.
public enum EncoderStatus: Sendable, Equatable {
    /// The picture or its note is larger than the format or the library allows.
    case limit
    /// A size, quality or setting the format does not take.
    case argument
    case unsupported
    case outOfMemory
    /// The library refused for reasons of its own (its message says which).
    case library
}

public enum ImageFormat: String, Sendable, CustomStringConvertible {
    case jpeg = "JPEG"
    case png = "PNG"
    case webp = "WebP"
    /// HEIC (HEVC inside, as iPhones write) and AVIF (AV1 inside) alike.
    case heif = "HEIF"

    public var description: String { rawValue }

    /// Recognises a format from the file's first bytes (see `FileSignature`).
    public init?(sniffing bytes: some Collection<UInt8>) {
        switch FileSignature.sniff(bytes, among: FileSignature.Family.picture.members) {
        case .jpeg: self = .jpeg
        case .png: self = .png
        case .webp: self = .webp
        case .heif: self = .heif
        default: return nil
        }
    }
}
