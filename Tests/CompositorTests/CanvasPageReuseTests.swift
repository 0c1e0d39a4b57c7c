import Testing

@testable import Compositor

/// A canvas's pages, once its last reader is done with their rows, become the pages of
/// rows still to be written, and every row written keeps its pixels.
struct CanvasPageReuseTests {
    /// Rows written band by band, a reader taking them three bands behind and releasing
    /// what it took: pages are moved, and every row reads back what was written until its
    /// reader releases it, including rows on moved pages; rows whose page moved away read
    /// as zero.
    @Test func movedPagesKeepEveryRowUntilItIsReleased() throws {
        let (width, height, band) = (1170, 2532, 128)
        let canvas = Image(width: width, height: height, recycling: nil, reusingPages: true)
        let reuse = try #require(canvas.pageReuse)
        func value(_ y: Int) -> UInt8 { UInt8(truncatingIfNeeded: y &* 37 &+ 11) | 1 }
        var wrongRows: [Int] = []
        func read(_ rows: Range<Int>) {
            for y in rows {
                let row = canvas.row(y)
                let last = canvas.bytesPerRow - 1
                if row[0] != value(y) || row[last] != value(y) || row[last / 2] != value(y) { wrongRows.append(y) }
            }
        }
        var released = 0
        for start in stride(from: 0, to: height, by: band) {
            let rows = start..<min(height, start + band)
            reuse.prepare(rows: rows)
            for y in rows { canvas.row(y).update(repeating: value(y), count: canvas.bytesPerRow) }
            let reader = max(0, start - 3 * band)
            read(released..<reader)
            released = reader
            reuse.release(rowsAbove: released)
        }
        read(released..<height)
        #expect(reuse.movedPages >= 2)
        #expect(
            wrongRows.count == 0, "rows that lost their pixels before their release, the first: \(wrongRows.prefix(5))")
        // The first page moved away: its rows are fresh zero pages now.
        #expect(canvas.row(0)[0] == 0)
    }

    /// Nothing moves until something is released, and an image under three huge pages, or
    /// one asked for without it, has no reuse.
    @Test func reuseOnlyWhereAsked() throws {
        let canvas = Image(width: 1170, height: 2532, recycling: nil, reusingPages: true)
        let reuse = try #require(canvas.pageReuse)
        reuse.prepare(rows: 0..<2532)
        #expect(reuse.movedPages == 0)
        #expect(Image(width: 1170, height: 2532).pageReuse == nil)
        #expect(Image(width: 400, height: 800, recycling: nil, reusingPages: true).pageReuse == nil)
    }

    /// The renderer passes pages down only for a canvas known opaque: an opaque solid
    /// first, or a whole picture whose decoder says its pixels are opaque.
    @Test func onlyAnOpaqueCanvasPassesItsPagesDown() {
        let jpegLike = DecodedPicture(
            image: Image(width: 4, height: 4), height: 4, fullWidth: 4, fullHeight: 4, offsetX: 0, offsetY: 0,
            progress: DecodeProgress(rowsAreOpaque: true))
        let other = DecodedPicture(Image(width: 4, height: 4))
        let opaqueSolid = AreaCompositor.Operation.solid(SIMD4(1, 1, 1, 1))
        let faintSolid = AreaCompositor.Operation.solid(SIMD4(0.5, 0.5, 0.5, 0.5))
        #expect(Renderer.isOpaque(under: [], picture: PictureLayer(picture: jpegLike), opacity: 1))
        #expect(!Renderer.isOpaque(under: [], picture: PictureLayer(picture: jpegLike), opacity: 0.6))
        #expect(!Renderer.isOpaque(under: [], picture: PictureLayer(picture: other), opacity: 1))
        #expect(Renderer.isOpaque(under: [opaqueSolid], picture: PictureLayer(picture: other), opacity: 0.6))
        #expect(!Renderer.isOpaque(under: [faintSolid], picture: PictureLayer(picture: jpegLike), opacity: 1))
    }
}
