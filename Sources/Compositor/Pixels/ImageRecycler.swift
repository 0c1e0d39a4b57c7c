import FoundationEssentials
import Glibc
import Platform

/// Large pixel buffers handed back by images that are gone, for new images whose every
/// pixel will be written.
///
/// A batch of cards makes the same few large buffers once per card (the decoded
/// picture, the scaled picture that becomes the card). Fresh, each costs the kernel
/// page faults and a zero-fill the next stage overwrites at once (9 % of `wallgen
/// terms`' samples were the kernel zeroing pages). Taken from here they cost neither:
/// the batch's system time halves, though much of that comes back as cache misses,
/// since a reused block is cold where a fresh page was just zeroed. A recycled image holds
/// whatever its last user left, so only code that writes every pixel asks for one
/// (`Image(width:height:recycling:)`). Keeps at most `capacity` blocks; more are unmapped.
public final class ImageRecycler: @unchecked Sendable {
    private let lock = Lock()
    private var blocks: [MappedBlock] = []
    private let capacity: Int

    public init(capacity: Int = 6) {
        self.capacity = capacity
    }

    /// Blocks kept now (for tests).
    public var keptCount: Int { lock.withLock { blocks.count } }

    /// The smallest kept block with room for `byteCount`, if it is not more than twice
    /// that (a card's buffer should not hold a 4K one).
    func take(byteCount: Int) -> MappedBlock? {
        lock.withLock {
            let fitting = blocks.indices.filter { blocks[$0].usable >= byteCount && blocks[$0].usable <= 2 * byteCount }
            guard let best = fitting.min(by: { blocks[$0].usable < blocks[$1].usable }) else { return nil }
            return blocks.remove(at: best)
        }
    }

    /// Keeps `block` for a later image; false when full (the caller unmaps it).
    func keep(_ block: MappedBlock) -> Bool {
        lock.withLock {
            guard blocks.count < capacity else { return false }
            blocks.append(block)
            return true
        }
    }

    deinit {
        for block in blocks { munmap(block.start, block.length) }
    }
}
