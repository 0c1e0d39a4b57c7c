import Foundation
import Synchronization

/// Memory for pixel buffers: zero-filled straight from the kernel, or recycled.
///
/// A wallpaper's buffers are tens of megabytes each, touched once, in order. In 4 KiB
/// pages that is thousands of page faults per buffer, which cost more than the
/// arithmetic of some stages; so blocks of 2 MiB and more are mapped on a 2 MiB boundary
/// and marked for transparent huge pages, one fault per 2 MiB where the kernel allows
/// it. Smaller blocks come from calloc. Either way new memory is zero without a pass
/// over it.
///
/// In a batch the same sizes come round card after card, and the kernel zeroing every
/// new mapping was a tenth of the work. So a released mapping is kept (a few, see
/// `Recycler`) and handed to the next buffer of about that size that will overwrite
/// all of it anyway: `init(uninitializedByteCount:)`.
struct PixelMemory: ~Copyable {
    /// Aligned to at least 64 bytes.
    let bytes: UnsafeMutableRawPointer
    private let block: UnsafeMutableRawPointer
    private let mappedLength: Int

    static let hugePage = 2 << 20

    /// Zero-filled memory.
    init(zeroedByteCount byteCount: Int) {
        if byteCount >= Self.hugePage {
            let (mapped, length) = Self.map(byteCount)
            self.init(block: mapped, mappedLength: length, bytes: Self.aligned(mapped))
        } else {
            guard let allocated = calloc(byteCount + 64, 1) else { fatalError("out of memory for \(byteCount) bytes") }
            self.init(
                block: allocated, mappedLength: 0,
                bytes: allocated.advanced(by: (64 - Int(bitPattern: allocated) % 64) % 64))
        }
    }

    /// Memory whose contents are undefined (perhaps an earlier buffer's pixels): for
    /// buffers every byte of which is written before it is read.
    init(uninitializedByteCount byteCount: Int) {
        if byteCount >= Self.hugePage, let recycled = Recycler.shared.take(atLeast: byteCount + Self.hugePage) {
            self.init(block: recycled.block, mappedLength: recycled.length, bytes: Self.aligned(recycled.block))
        } else {
            self.init(zeroedByteCount: byteCount)
        }
    }

    private init(block: UnsafeMutableRawPointer, mappedLength: Int, bytes: UnsafeMutableRawPointer) {
        self.block = block
        self.mappedLength = mappedLength
        self.bytes = bytes
    }

    deinit {
        if mappedLength > 0 {
            if !Recycler.shared.keep(Recycler.Block(block: block, length: mappedLength)) { munmap(block, mappedLength) }
        } else {
            free(block)
        }
    }

    /// A fresh mapping with room for `byteCount` bytes from a 2 MiB boundary on.
    private static func map(_ byteCount: Int) -> (UnsafeMutableRawPointer, Int) {
        let length = byteCount + hugePage
        guard let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        else { fatalError("out of memory for \(byteCount) bytes") }
        // Advice only: without transparent huge pages this is ordinary memory.
        _ = madvise(aligned(mapped), byteCount, MADV_HUGEPAGE)
        return (mapped, length)
    }

    private static func aligned(_ mapped: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        mapped.advanced(by: (hugePage - Int(bitPattern: mapped) % hugePage) % hugePage)
    }
}

/// Released mappings kept for reuse: at most `capacity` bytes of them, the oldest given
/// back to the kernel first. A block is reused only for a request it fits without
/// wasting more than a quarter of it.
final class Recycler: Sendable {
    struct Block: @unchecked Sendable {
        let block: UnsafeMutableRawPointer
        let length: Int
    }

    static let shared = Recycler(capacity: 96 << 20)

    private let capacity: Int
    private let blocks = Mutex<[Block]>([])

    init(capacity: Int) { self.capacity = capacity }

    func take(atLeast length: Int) -> Block? {
        blocks.withLock { blocks in
            guard let index = blocks.lastIndex(where: { $0.length >= length && $0.length - length <= $0.length / 4 })
            else { return nil }
            return blocks.remove(at: index)
        }
    }

    /// Keeps `block` for reuse; false if it is too big to keep (the caller unmaps it).
    func keep(_ block: Block) -> Bool {
        guard block.length <= capacity else { return false }
        let evicted: [Block] = blocks.withLock { blocks in
            blocks.append(block)
            var evicted: [Block] = []
            while blocks.reduce(0, { $0 + $1.length }) > capacity { evicted.append(blocks.removeFirst()) }
            return evicted
        }
        for old in evicted { munmap(old.block, old.length) }
        return true
    }
}
