internal import CImaging
import Platform

/// A canvas whose 2 MiB pages, once its encoder is done with their rows, become the pages
/// of rows still to be drawn: a card's 12 MB canvas then asks the kernel for fewer fresh
/// pages. Fresh memory is dear where it matters most: on a VM that gives freed memory
/// back to its host, each fresh page comes back through a fault on the host, and a card
/// run a second after another process has churned memory took 8 ms longer
/// (docs/performance-log.md, "Why the card is slower in turn than alone").
///
/// Whoever writes rows first calls `prepare(rows:)`: a page not yet touched is then, when
/// one is free, an earlier page moved there (`mremap`, no copy and no clearing). Whoever
/// is the last reader of rows calls `release(rowsAbove:)`. Rows above a released point
/// read as zero once their page has moved: nothing may read them again, so only a
/// render whose pixels go to a PNG stream alone, and are known opaque (the stream then
/// never starts again from the top), uses this (`Renderer.renderTimed`'s `keepsPixels`).
final class CanvasPageReuse: @unchecked Sendable {
    private let base: UnsafeMutableRawPointer
    private let bytesPerRow: Int
    private let pageCount: Int
    private let lock = Lock()
    // Guarded by `lock`.
    /// Pages written to, or about to be (fresh or moved there).
    private var prepared: [Bool]
    /// Pages whose rows are all released, not yet moved (their indices).
    private var free: [Int] = []
    private var released = 0
    private var moves = 0

    private static let page = PixelMemory.hugePage

    /// For an image's `pixels`, when they lie on whole 2 MiB pages (a mapped block) and
    /// span at least three of them; nil otherwise.
    init?(pixels: UnsafeMutablePointer<UInt8>, bytesPerRow: Int, height: Int) {
        let bytes = bytesPerRow * height
        guard Int(bitPattern: pixels) % Self.page == 0, bytes >= 3 * Self.page else { return nil }
        base = UnsafeMutableRawPointer(pixels)
        self.bytesPerRow = bytesPerRow
        pageCount = (bytes + Self.page - 1) / Self.page
        prepared = Array(repeating: false, count: pageCount)
    }

    /// Pages moved so far (for the tests).
    var movedPages: Int { lock.withLock { moves } }

    /// `rows` are about to be written: each page they lie on that nothing has touched gets
    /// a free page moved there, if there is one.
    func prepare(rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        let first = rows.lowerBound * bytesPerRow / Self.page
        let last = min(pageCount - 1, (rows.upperBound * bytesPerRow - 1) / Self.page)
        lock.withLock {
            for index in first...last where !prepared[index] {
                prepared[index] = true
                guard let source = free.popLast() else { continue }
                // A failed move leaves both pages as they were: a fresh page is taken
                // there, as without this.
                if wg_move_pages(base + source * Self.page, base + index * Self.page, Self.page) == 0 { moves += 1 }
            }
        }
    }

    /// No row above `row` will be read or written again: the pages wholly above it that
    /// were written may be moved.
    func release(rowsAbove row: Int) {
        let end = min(pageCount, row * bytesPerRow / Self.page)
        lock.withLock {
            while released < end {
                if prepared[released] { free.append(released) }
                released += 1
            }
        }
    }
}
