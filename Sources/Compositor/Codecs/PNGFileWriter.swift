import Deflate
import Files
import Platform

/// A PNG written into its file while its bands are still being compressed: the same
/// bytes as `PNGContainer.file`, but each band goes out as soon as every band before it
/// is done, so writing the file (and the kernel's flushing of it, started here) overlaps
/// the encoding instead of following it, and the file is never assembled in memory.
///
/// Whichever worker finishes a band that completes the run from the start writes that
/// run, while the other workers go on compressing; one writes at a time. The zlib
/// stream (header, bands, Adler-32) is cut into IDAT chunks of
/// `PNGContainer.idatLength`, each copied into one buffer with its length, type and
/// CRC and written in one call; the last, shorter chunk waits for the end.
final class PNGFileWriter: @unchecked Sendable {
    private let file: GrowingFile
    private let lock = Lock()
    // Guarded by `lock`.
    private var done: [Int: ZlibStream.Band] = [:]
    private var nextBand = 0
    private var isWriting = false

    // Touched only by the one writer at a time (handed over under `lock`).
    private var adler = Adler32.initial
    /// The stream's bytes not yet in a chunk, as (piece, where its unwritten part starts).
    private var queue: [(piece: [UInt8], start: Int)] = []
    private var queued = 0
    /// One chunk's length, type, data and CRC.
    private var chunk: [UInt8]
    /// IDAT chunks written so far: the kernel is asked to start writing the file out only
    /// when there is something new for it (most bands only join the queue).
    private var chunksWritten = 0

    /// Writes the PNG's head and the zlib header at once.
    init(into file: GrowingFile, width: Int, height: Int, keepsAlpha: Bool, note: String?, levelClass: UInt8) {
        self.file = file
        chunk = [UInt8](repeating: 0, count: 12 + PNGContainer.idatLength)
        PNGContainer.head(width: width, height: height, keepsAlpha: keepsAlpha, note: note).withUnsafeBytes {
            file.append($0)
        }
        enqueue(ZlibStream.header(levelClass: levelClass))
    }

    /// Band `index` is compressed: writes it, and those after it already done, if every
    /// band before it has been written (or is being written by another worker, who then
    /// writes this one too).
    func bandIsDone(_ index: Int, _ band: ZlibStream.Band) {
        lock.withLock { done[index] = band }
        while true {
            let run: [ZlibStream.Band] = lock.withLock {
                guard !isWriting else { return [] }
                var run: [ZlibStream.Band] = []
                while let next = done.removeValue(forKey: nextBand) {
                    run.append(next)
                    nextBand += 1
                }
                isWriting = !run.isEmpty
                return run
            }
            if run.isEmpty { return }
            let chunksBefore = chunksWritten
            for band in run {
                adler = Adler32.combine(adler, band.adler, secondLength: band.length)
                enqueue(band.bytes)
            }
            if chunksWritten > chunksBefore { file.startWriteback() }
            lock.withLock { isWriting = false }
        }
    }

    /// After the last band: the Adler-32, the last chunk, IEND.
    func finish() {
        // A failed write stopped the encoding part-way: nothing more is written.
        guard !file.hasFailed else { return }
        lock.withLock { precondition(done.isEmpty && !isWriting, "a band was left unwritten") }
        enqueue(ZlibStream.trailer(adler: adler))
        if queued > 0 { writeChunk(length: queued) }
        PNGContainer.tail.withUnsafeBytes { file.append($0) }
        file.startWriteback()
    }

    /// Whether writing has failed: the encoding may stop, nothing will be put in place.
    var hasFailed: Bool { file.hasFailed }

    private func enqueue(_ piece: [UInt8]) {
        guard !piece.isEmpty else { return }
        queue.append((piece, 0))
        queued += piece.count
        while queued >= PNGContainer.idatLength { writeChunk(length: PNGContainer.idatLength) }
    }

    /// Writes the next `length` queued bytes as one IDAT chunk.
    private func writeChunk(length: Int) {
        chunk.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            var filled = 0
            while filled < length {
                let (piece, start) = queue[0]
                let taken = min(piece.count - start, length - filled)
                piece.withUnsafeBufferPointer {
                    (base + 8 + filled).update(from: $0.baseAddress! + start, count: taken)
                }
                filled += taken
                if start + taken == piece.count {
                    queue.removeFirst()
                } else {
                    queue[0].start = start + taken
                }
            }
            queued -= length
            PNGContainer.sealIDAT(at: base, length: length)
            file.append(UnsafeRawBufferPointer(start: base, count: 12 + length))
            chunksWritten += 1
        }
    }
}
