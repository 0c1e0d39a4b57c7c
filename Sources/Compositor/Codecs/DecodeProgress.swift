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
///
/// A streamed picture's rows go through a ring of `ringRows` rows (see
/// `DecodedPicture.ringRows`): the reader says which rows it no longer needs as it
/// waits for the next, and the decoder waits, the other way round, until the rows it
/// is about to overwrite are among them.
public final class DecodeProgress: @unchecked Sendable {
    /// Rows of the ring, for a streamed picture; nil when every row has its own memory.
    let ringRows: Int?
    /// Every pixel decoded is opaque (a JPEG's are).
    let rowsAreOpaque: Bool
    // Guarded by `condition`.
    private let condition = Condition()
    private var rowsDone = 0
    private var hasEnded = false
    private var error: ImageDecodingError?
    /// Rows above this one will not be read again.
    private var released = 0
    private var decoderIsWaiting = false
    private var ringIsClaimed = false
    /// The end has a condition of its own: the resampler's other threads wait for it
    /// (they have nothing to do while the decoder has their core), and each batch of rows
    /// broadcast on `condition` would otherwise wake them for nothing, about 50 times a card.
    private let end = Condition()
    // Guarded by `end`; set after `hasEnded` and `error`.
    private var endReached = false

    init(ringRows: Int? = nil, rowsAreOpaque: Bool = false) {
        self.ringRows = ringRows
        self.rowsAreOpaque = rowsAreOpaque
    }

    /// Rows the decoder delivers between wake-ups: few enough wake-ups that their
    /// latency does not add up, often enough that the scaler is never far behind.
    static let rowsPerPublication = 64

    /// Waits until row `row` of the decoded image is there, having said that no row
    /// above `needed` will be read again (which, in a ring, lets the decoder write over
    /// them). False if decoding failed: the rows are then not to be trusted, and
    /// `finish` throws the error.
    public func waitForRow(_ row: Int, needingFrom needed: Int = 0) -> Bool {
        condition.withLock {
            if needed > released {
                released = needed
                if decoderIsWaiting { condition.broadcast() }
            }
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

    /// Waits for the decoder to stop, and throws what stopped it early. The reader is
    /// done: the decoder no longer waits for it to read any row.
    public func finish() throws(ImageDecodingError) {
        releaseEveryRow()
        if let error = endingError() { throw error }
    }

    /// Whether this is the first reader of a ring's rows. A ring is read once, in order:
    /// a second resampling would find rows long overwritten.
    func claimRing() -> Bool {
        condition.withLock {
            defer { ringIsClaimed = true }
            return !ringIsClaimed
        }
    }

    /// Says no row will be read again, so a decoder waiting for room in its ring goes
    /// on to the end (a picture dropped unread: see `DecodedPicture`).
    func releaseEveryRow() {
        condition.withLock {
            released = Int.max / 2
            if decoderIsWaiting { condition.broadcast() }
        }
    }

    /// For the decoder of a ring: waits until rows up to `end` may be written, that is
    /// until the rows they would overwrite will not be read again.
    func waitForRoom(upTo end: Int) {
        guard let ringRows else { return }
        condition.withLock {
            while end > released + ringRows {
                decoderIsWaiting = true
                condition.wait()
            }
            decoderIsWaiting = false
        }
    }

    /// Waits for the decoder to stop; what stopped it early, if anything.
    private func endingError() -> ImageDecodingError? {
        end.withLock {
            while !endReached { end.wait() }
        }
        return condition.withLock { error }
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
        end.withLock {
            endReached = true
            end.broadcast()
        }
    }
}
