import Dispatch

/// An item's place among the `jobs` a batch makes at once, which the item may give to
/// the next one once it has only its file left to put in place.
///
/// Every file wallgen writes is flushed to the disk and renamed over the old one, so a
/// power cut leaves the old picture or the new one; that flush waits on the disk, not a
/// CPU, for 3 to 7 ms a card on an ordinary disk (and far longer on a network file
/// system), and an item that held its place through it left a core idle meanwhile.
/// `writing()` gives the place to the next item while this one writes. At most `jobs`
/// items write at once, so a slow disk holds the batch back instead of filling memory
/// with finished pictures.
public final class BatchSlot: @unchecked Sendable {
    private let computing: DispatchSemaphore
    private let writers: DispatchSemaphore
    /// Touched only by the item's own thread.
    private var isWriting = false

    init(computing: DispatchSemaphore, writers: DispatchSemaphore) {
        self.computing = computing
        self.writers = writers
    }

    /// The item's computing is done and what is left writes its file: the next item
    /// starts (once fewer than `jobs` items are writing). Call it after the last work
    /// that needs a core (rendering, encoding, a thumbnail), with the picture's pixels
    /// let go; a second call does nothing.
    public func writing() {
        guard !isWriting else { return }
        writers.wait()
        isWriting = true
        computing.signal()
    }

    /// The item is finished: its place, whichever it holds, is free.
    func end() {
        if isWriting { writers.signal() } else { computing.signal() }
    }
}
