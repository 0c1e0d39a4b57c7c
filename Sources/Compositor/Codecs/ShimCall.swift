internal import CImaging
import Platform

/// Runs one CImaging call with a message buffer and returns its status and message.
/// C cannot throw; this is where its (status, text) pair becomes Swift values.
struct ShimResult {
    let status: wg_status
    let message: String

    var succeeded: Bool { status == WG_OK }

    /// The library the call needed, when it could not be loaded (`WG_ERROR_UNLOADABLE`).
    var unloadable: LibraryUnavailable? {
        status == WG_ERROR_UNLOADABLE ? LibraryUnavailable(reason: message) : nil
    }

    static func call(_ body: (UnsafeMutablePointer<CChar>, Int) -> wg_status) -> ShimResult {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
            buffer[0] = 0
            let status = body(buffer.baseAddress!, buffer.count)
            return ShimResult(status: status, message: String(cString: buffer.baseAddress!))
        }
    }

    /// Runs an encoder's shim, which hands back its file in a buffer to free with
    /// wg_free, and returns the bytes; or the encoding error, with the shim's status.
    static func encoded(
        _ format: OutputFormat,
        _ body: (
            _ output: inout UnsafeMutablePointer<UInt8>?, _ size: inout Int, _ message: UnsafeMutablePointer<CChar>,
            _ capacity: Int
        ) -> wg_status
    ) throws(ImageEncodingError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let result = call { body(&output, &size, $0, $1) }
        guard result.succeeded, let output else { throw result.encodingError(format) }
        defer { wg_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// The encoding error for a failed call, with its status.
    func encodingError(_ format: OutputFormat) -> ImageEncodingError {
        if let unloadable { return .libraryUnavailable(unloadable) }
        return .library(format: format, status: encoderStatus, reason: message)
    }

    /// The encoding error for a failed call making a file of several pictures.
    func collectionError(_ kind: String) -> ImageEncodingError {
        if let unloadable { return .libraryUnavailable(unloadable) }
        return .collection(kind: kind, status: encoderStatus, reason: message)
    }

    private var encoderStatus: EncoderStatus {
        switch status {
        case WG_ERROR_LIMIT: .limit
        case WG_ERROR_ARGUMENT: .argument
        case WG_ERROR_UNSUPPORTED: .unsupported
        case WG_ERROR_MEMORY: .outOfMemory
        default: .library
        }
    }

    /// The decoding error for a failed call.
    func decodingError(_ format: ImageFormat) -> ImageDecodingError {
        if let unloadable { return .libraryUnavailable(unloadable) }
        return switch status {
        case WG_ERROR_LIMIT: .limitExceeded(format: format, reason: message)
        case WG_ERROR_MEMORY: .outOfMemory
        case WG_ERROR_UNSUPPORTED: .unsupported(format: format, reason: message)
        case WG_ERROR_EMPTY: .empty
        default: .corrupt(format: format, reason: message)
        }
    }
}

extension DecodeLimits {
    var shimLimits: wg_decode_limits {
        wg_decode_limits(
            max_library_memory: UInt64(max(0, maxLibraryMemory)),
            max_progressive_scans: Int32(clamping: maxProgressiveScans), ignore_checksums: verifiesChecksums ? 0 : 1)
    }
}
