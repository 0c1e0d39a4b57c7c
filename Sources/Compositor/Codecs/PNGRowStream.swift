import Files
import Platform
import Synchronization

/// A PNG compressed while its image is still being drawn: each band of rows is filtered
/// and deflated as soon as nothing more will be drawn on it (`Renderer.renderTimed`'s
/// `rowsFinished`), and `finish` compresses the rest. The same bytes as
/// `PNGEncoder.encode`.
///
/// A card's picture decodes on one core, top to bottom, and the resampler follows it on
/// another; the finished bands are compressed on a thread of the stream's own beside
/// them, instead of all at the end. Not on the resampler's thread: it is the busier of
/// the two while the picture decodes, and compressing there made the decoder wait for
/// room in its ring. Not at a lower priority either: at Linux's idle priority the card
/// took 42 ms on a quiet machine against 44 ms at the normal one, but 496 ms against 72
/// on a loaded one (two busy processes), `finish` waiting for a band the thread could not
/// get a core to end; at nice 10 and 19, 101 and 184 ms.
///
/// Bands are compressed as RGB, the way an opaque image is written. A band with a
/// translucent pixel stops that, and `finish` writes the image again as RGBA.
public final class PNGRowStream: @unchecked Sendable {
    private let options: PNGEncodingOptions
    private let note: String?
    private let file: GrowingFile?
    private let writer: PNGFileWriter?
    private let bands: BandResults
    private let width: Int
    private let height: Int
    private let bandCount: Int
    private let condition = Condition()
    // Guarded by `condition`.
    private var image: Image?
    private var finishedRows = 0
    private var nextBand = 0
    private var isClosing = false
    private var threadIsRunning = false
    /// The stream's thread is compressing a band (not waiting for rows, nor ended).
    private var isCompressing = false
    /// Bands the stream's thread has compressed (for the tests).
    private let madeWhileDrawing = Atomic<Int>(0)
    var bandsMadeWhileDrawing: Int { madeWhileDrawing.load(ordering: .relaxed) }

    /// A stream for an image `width` by `height`, written into `file` as its bands are
    /// made when given (as `PNGEncoder.encode(_:into:)` does), otherwise kept for `finish`.
    public init(width: Int, height: Int, options: PNGEncodingOptions, note: String?, into file: GrowingFile?) {
        self.width = width
        self.height = height
        self.options = options
        self.note = note
        self.file = file
        writer = file.map { file in
            PNGFileWriter(
                into: file, width: width, height: height, keepsAlpha: false, note: note,
                levelClass: PNGEncoder.levelClass(options))
        }
        bandCount = (height + PNGEncoder.bandRows - 1) / PNGEncoder.bandRows
        bands = BandResults(count: bandCount, writer: writer, sharing: nil)
    }

    /// Rows of `image` above `row` are finished: the stream's thread (started by the
    /// first call) compresses each band wholly among them. Never waits for it. Calls may
    /// come from several threads, in any order; the largest `row` so far counts.
    public func rowsFinished(_ image: Image, upTo row: Int) {
        precondition(image.width == width && image.height == height, "the stream's image size")
        let starts = condition.withLock {
            finishedRows = max(finishedRows, row)
            self.image = image
            condition.broadcast()
            let starts = !threadIsRunning && !isClosing
            if starts { threadIsRunning = true }
            return starts
        }
        if starts { startDetachedThread { self.compressWhileDrawing() } }
    }

    /// The stream's thread: compresses finished bands until `finish`.
    private func compressWhileDrawing() {
        let buffer = PNGEncoder.bandBuffer(width: width, keepsAlpha: false)
        defer { buffer.deallocate() }
        while let (index, image) = nextBandToCompress() {
            guard
                PNGEncoder.compressBand(
                    index, of: image, keepsAlpha: false, options: options, buffer: buffer, into: bands)
            else { break }  // translucent: `finish` starts again as RGBA
            madeWhileDrawing.add(1, ordering: .relaxed)
            // The next band's filter reads this band's last row; nothing reads those above.
            image.pageReuse?.release(rowsAbove: PNGEncoder.rows(ofBand: index, height: height).upperBound - 1)
        }
        condition.withLock {
            isCompressing = false
            threadIsRunning = false
            condition.broadcast()
        }
    }

    /// The next band wholly above the finished rows, claimed, waiting for one; nil once
    /// `finish` has begun, the file has failed, or a band was translucent (the image is
    /// then written again as RGBA). The band before, if any, is made: `finish` may be
    /// waiting for it.
    private func nextBandToCompress() -> (Int, Image)? {
        condition.withLock {
            isCompressing = false
            if isClosing { condition.broadcast() }
            while true {
                guard !isClosing, nextBand < bandCount, writer?.hasFailed != true, !bands.foundTranslucent,
                    let image
                else { return nil }
                if PNGEncoder.rows(ofBand: nextBand, height: height).upperBound <= finishedRows {
                    defer { nextBand += 1 }
                    isCompressing = true
                    return (nextBand, image)
                }
                condition.wait()
            }
        }
    }

    /// Stops the stream's thread after its band, without waiting: for a render that
    /// failed, whose stream is never finished. `finish` after it still works.
    public func close() {
        condition.withLock {
            isClosing = true
            condition.broadcast()
        }
    }

    /// The whole image is drawn: stops the stream's thread after its band, compresses the
    /// bands not yet made on up to `workers` threads, and returns the PNG's bytes, or
    /// nothing when they went into the file (put in place by its `finish`).
    ///
    /// Only a band the thread is compressing is waited for. A thread waiting for rows
    /// ends when it next wakes, claiming nothing more; waiting for that too cost 0.2 to 0.8
    /// ms at the end of every card, the thread's wake-up waiting for a busy core.
    public func finish(_ image: Image, workers: Int = Parallel.availableCores) throws(ImageEncodingError) -> [UInt8] {
        precondition(image.width == width && image.height == height, "the stream's image size")
        condition.withLock {
            isClosing = true
            condition.broadcast()
            while isCompressing { condition.wait() }
        }
        if let pieces = try PNGEncoder.compress(
            image, keepsAlpha: false, options: options, workers: workers, sharing: nil, into: writer, started: bands)
        {
            guard let writer else {
                return PNGContainer.file(
                    width: width, height: height, keepsAlpha: false, stream: pieces, note: note, workers: workers)
            }
            writer.finish()
            return []
        }
        // A translucent pixel: what was written as RGB goes, and the image is encoded whole.
        // (Never a canvas whose pages were passed down: it is drawn only when known opaque.)
        precondition(image.pageReuse == nil, "a canvas whose pages are passed down is opaque")
        guard let file else { return try PNGEncoder.encode(image, options: options, workers: workers, note: note) }
        file.restart()
        try PNGEncoder.encode(image, into: file, options: options, workers: workers, note: note)
        return []
    }
}
