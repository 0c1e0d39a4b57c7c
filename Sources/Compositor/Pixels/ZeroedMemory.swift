import Foundation

/// Zero-filled memory for pixel buffers, straight from the kernel.
///
/// A wallpaper's buffers are tens of megabytes each, touched once, in order. In 4 KiB
/// pages that is thousands of page faults per buffer, which cost more than the
/// arithmetic of some stages; so blocks of 2 MiB and more are mapped on a 2 MiB boundary
/// and marked for transparent huge pages, one fault per 2 MiB where the kernel allows
/// it. Smaller blocks come from calloc. Either way the memory is zero without a pass
/// over it.
struct ZeroedMemory: ~Copyable {
    /// Aligned to at least 64 bytes.
    let bytes: UnsafeMutableRawPointer
    private let block: UnsafeMutableRawPointer
    private let mappedLength: Int

    static let hugePage = 2 << 20

    init(byteCount: Int) {
        if byteCount >= Self.hugePage {
            let length = byteCount + Self.hugePage
            guard let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                mapped != MAP_FAILED
            else { fatalError("out of memory for \(byteCount) bytes") }
            let aligned = mapped.advanced(by: (Self.hugePage - Int(bitPattern: mapped) % Self.hugePage) % Self.hugePage)
            // Advice only: without transparent huge pages this is ordinary memory.
            _ = madvise(aligned, byteCount, MADV_HUGEPAGE)
            block = mapped
            mappedLength = length
            bytes = aligned
        } else {
            guard let allocated = calloc(byteCount + 64, 1) else { fatalError("out of memory for \(byteCount) bytes") }
            block = allocated
            mappedLength = 0
            bytes = allocated.advanced(by: (64 - Int(bitPattern: allocated) % 64) % 64)
        }
    }

    deinit {
        if mappedLength > 0 { munmap(block, mappedLength) } else { free(block) }
    }
}
