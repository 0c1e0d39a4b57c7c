import Foundation
import Synchronization

/// How far a picture being decoded on its own thread has got.
///
/// A JPEG decodes on one core, top to bottom; the resampler's first pass needs source
/// rows in the same order. So the renderer scales the rows already decoded while the
/// rest are still being decoded, and the two stages overlap instead of adding up.
public final class DecodeProgress: Sendable {
    private let rowsDone = Atomic<Int>(0)
    private let failed = Atomic<Bool>(false)
    private let outcome = Mutex<ImageDecodingError?>(nil)
    private let ended = DispatchSemaphore(value: 0)

    /// Waits until row `row` of the decoded image is there. False if decoding failed:
    /// the rows are then not to be trusted, and `finish` throws the error.
    public func waitForRow(_ row: Int) -> Bool {
        while rowsDone.load(ordering: .acquiring) <= row {
            if failed.load(ordering: .acquiring) { return false }
            // Yield, not sleep: a row takes microseconds, and a spare core, if any, is
            // the decoder's to take.
            sched_yield()
        }
        return true
    }

    /// Blocks (without spinning) until the decoder has stopped, finished or failed.
    public func waitForEnd() {
        ended.wait()
        ended.signal()  // every later wait returns at once
    }

    /// Waits for the decoder to stop, and throws what stopped it early.
    public func finish() throws(ImageDecodingError) {
        waitForEnd()
        if let error = outcome.withLock({ $0 }) { throw error }
    }

    func published(rows: Int) {
        rowsDone.store(rows, ordering: .releasing)
    }

    func ended(with error: ImageDecodingError?) {
        outcome.withLock { $0 = error }
        if error != nil { failed.store(true, ordering: .releasing) }
        ended.signal()
    }
}
