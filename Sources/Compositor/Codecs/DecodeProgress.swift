import FoundationEssentials
import Platform

/// How far a picture being decoded on its own thread has got.
///
/// A JPEG decodes on one core, top to bottom; the resampler's first pass needs source
/// rows in the same order. So the renderer scales the rows already decoded while the
/// rest are still being decoded, and the two stages overlap instead of adding up.
/// A thread that gets ahead of the decoder sleeps until the next batch of rows is
/// published, so it takes no time from the decoder, or from another process when
/// several run at once.
public final class DecodeProgress: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = Condition()
    private var rowsDone = 0
    private var hasEnded = false
    private var error: ImageDecodingError?

    /// Rows the decoder delivers between wake-ups: few enough wake-ups that their
    /// latency does not add up, often enough that the scaler is never far behind.
    static let rowsPerPublication = 64

    /// Waits until row `row` of the decoded image is there. False if decoding failed:
    /// the rows are then not to be trusted, and `finish` throws the error.
    public func waitForRow(_ row: Int) -> Bool {
        condition.withLock {
            while rowsDone <= row && !hasEnded { condition.wait() }
            return rowsDone > row
        }
    }

    /// Whether the decoder is still at work (neither finished nor failed).
    public var isDecoding: Bool {
        condition.withLock { !hasEnded }
    }

    /// Blocks until the decoder has stopped, finished or failed.
    public func waitForEnd() {
        _ = endingError()
    }

    /// Waits for the decoder to stop, and throws what stopped it early.
    public func finish() throws(ImageDecodingError) {
        if let error = endingError() { throw error }
    }

    /// Waits for the decoder to stop; what stopped it early, if anything.
    private func endingError() -> ImageDecodingError? {
        condition.withLock {
            while !hasEnded { condition.wait() }
            return error
        }
    }

    func published(rows: Int) {
        condition.withLock {
            rowsDone = rows
            condition.broadcast()
        }
    }

    func ended(with error: ImageDecodingError?) {
        condition.withLock {
            self.error = error
            hasEnded = true
            condition.broadcast()
        }
    }
}
