import FoundationEssentials
import Glibc
import Platform

/// Memory for pixel buffers: zero-filled straight from the kernel, or taken back from an
/// `ImageRecycler` as it was left.
///
/// A wallpaper's buffers are tens of megabytes each, touched once, in order. In 4 KiB
/// pages that is thousands of page faults per buffer, which cost more than the
/// arithmetic of some stages; so blocks of 2 MiB and more are mapped on a 2 MiB boundary
/// and marked for transparent huge pages, one fault per 2 MiB where the kernel allows
/// it. The mark covers whole huge pages, the block's last one too: a card's canvas
/// (11.9 MB) and its picture's ring (5.8 MB) each ended in a part huge page that took
/// about 450 faults of 4 KiB, a third of a card's page faults. Smaller blocks come from
/// calloc. Either way fresh memory is zero without a pass over it.
struct PixelMemory: ~Copyable {
    /// Aligned to at least 64 bytes.
    let bytes: UnsafeMutableRawPointer
    private let block: MappedBlock?
    private let allocated: UnsafeMutableRawPointer?
    /// Where a mapped block goes when this memory is released; nil unmaps it.
    private let recycler: ImageRecycler?

    static let hugePage = 2 << 20

    /// Fresh, zero-filled memory; or, with a `recycler` that kept a block large enough,
    /// that block, its contents as its last image left them. Large blocks go back to
    /// `recycler`, if any, when released.
    init(byteCount: Int, recycling recycler: ImageRecycler?) {
        if byteCount >= Self.hugePage, let kept = recycler?.take(byteCount: byteCount) {
            self.init(bytes: kept.aligned, block: kept, allocated: nil, recycler: recycler)
        } else {
            self.init(fresh: byteCount, returningTo: recycler)
        }
    }

    private init(fresh byteCount: Int, returningTo recycler: ImageRecycler?) {
        if byteCount >= Self.hugePage {
            // Whole huge pages, and room to start them on a 2 MiB boundary.
            let usable = (byteCount + Self.hugePage - 1) / Self.hugePage * Self.hugePage
            let length = usable + Self.hugePage
            guard let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                mapped != MAP_FAILED
            else { OutOfMemory.stop(byteCount) }
            let aligned = mapped.advanced(by: (Self.hugePage - Int(bitPattern: mapped) % Self.hugePage) % Self.hugePage)
            // Advice only: without transparent huge pages this is ordinary memory.
            _ = madvise(aligned, usable, MADV_HUGEPAGE)
            let block = MappedBlock(start: mapped, length: length, aligned: aligned, usable: usable)
            self.init(bytes: aligned, block: block, allocated: nil, recycler: recycler)
        } else {
            guard let memory = calloc(byteCount + 64, 1) else { OutOfMemory.stop(byteCount) }
            let aligned = memory.advanced(by: (64 - Int(bitPattern: memory) % 64) % 64)
            self.init(bytes: aligned, block: nil, allocated: memory, recycler: nil)
        }
    }

    private init(
        bytes: UnsafeMutableRawPointer, block: MappedBlock?, allocated: UnsafeMutableRawPointer?,
        recycler: ImageRecycler?
    ) {
        self.bytes = bytes
        self.block = block
        self.allocated = allocated
        self.recycler = recycler
    }

    deinit {
        if let block {
            if recycler?.keep(block) != true { munmap(block.start, block.length) }
        } else {
            free(allocated)
        }
    }
}

/// One mapping: where it starts, its length, and the 2 MiB-aligned part pixels use.
struct MappedBlock: @unchecked Sendable {
    let start: UnsafeMutableRawPointer
    let length: Int
    let aligned: UnsafeMutableRawPointer
    /// Bytes from `aligned` that may be used: the first request's size in whole huge pages.
    let usable: Int
}
