internal import CFiles
import Glibc

/// A file's bytes mapped for reading: pages of the page cache, neither cleared nor
/// copied (see `mapped_file.c`). A file cut short while mapped reads as zeros past the
/// cut, and `wasCutShort` says so: whatever was made from the bytes is then not the
/// file's and must not be used.
public final class MappedFile: @unchecked Sendable {
    public let bytes: UnsafeBufferPointer<UInt8>

    /// How much of a mapped file is to be read.
    public enum Use: Sendable {
        /// All of it (a picture to decode): every page the page cache holds is mapped at once.
        case whole
        /// Its headers, here and there (a container's check): a page is mapped only when
        /// read, so the rest of a file of any size costs no memory.
        case headers
    }

    /// The first `length` bytes of the file open as `descriptor`, which may be closed
    /// afterwards; nil when they cannot be mapped (an empty file, a file system that
    /// cannot map), for the caller to read them instead.
    public init?(descriptor: Int32, length: Int, use: Use = .whole) {
        guard length > 0, let start = wg_map_file(descriptor, length, use == .whole ? 1 : 0) else { return nil }
        bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: length)
    }

    deinit {
        wg_unmap_file(bytes.baseAddress!, bytes.count)
    }

    /// Whether the file was found shorter than its mapping, read past its new end.
    public var wasCutShort: Bool {
        wg_mapped_file_was_cut(bytes.baseAddress!) != 0
    }
}
