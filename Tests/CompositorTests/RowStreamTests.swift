import Dispatch
import Files
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Compositor

/// A PNG begun while its image is drawn (`PNGRowStream`) and the rows a render says are
/// finished (`Renderer.renderTimed`'s `rowsFinished`, `RowFinisher`).
///
/// The stream's bytes are compared with `PNGEncoder.encode`'s, which the other codec
/// tests read back with independent readers (zlib, Pillow), and its image data is also
/// inflated here by zlib and compared with Up-filtered rows worked out in the test. A
/// render's finished rows are copied when they are reported and compared with the
/// canvas it returns: no row is drawn on after it is said to be finished.
@Suite struct RowStreamTests {
    /// Waits up to 30 s for the stream's thread to have compressed `count` bands (a busy
    /// test run may keep it from a core a while).
    static func waitForBands(_ stream: PNGRowStream, _ count: Int) -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while stream.bandsMadeWhileDrawing < count {
            guard ContinuousClock.now < deadline else { return false }
            usleep(1000)
        }
        return true
    }

    /// Rows reported finished from several threads, in any order and not on band
    /// boundaries, then the rest at `finish`: the bytes `PNGEncoder.encode` makes, in
    /// memory and in a file, opaque and translucent (the stream then starts again as RGBA).
    @Test(arguments: 0..<6, [false, true])
    func finishedRowsInAnyOrderMakeTheEncodersBytes(image index: Int, intoFile: Bool) throws {
        let (name, image) = PNGFileWriterTests.image(index)
        let note = "{\"made\":\"while drawing\"}"
        let expected = try PNGEncoder.encode(image, note: note)
        let rows = [0, 1, 127, 128, 129, 300, 384, image.height - 1, image.height / 2].shuffled()
        func stream(into file: GrowingFile?) throws -> [UInt8] {
            let stream = PNGRowStream(
                width: image.width, height: image.height, options: .fast, note: note, into: file)
            DispatchQueue.concurrentPerform(iterations: rows.count) { stream.rowsFinished(image, upTo: rows[$0]) }
            // The bands wholly above the largest row, unless a translucent one stopped them.
            let early = min(image.height, rows.max()!) / PNGEncoder.bandRows
            if image.isOpaque { #expect(Self.waitForBands(stream, early), "\(name): bands made while drawing") }
            return try stream.finish(image)
        }
        guard intoFile else {
            let got = try stream(into: nil)
            #expect(got == expected, "\(name)")
            if image.isOpaque {
                let inflated = PNGStreamTests.inflate(
                    PNGStreamTests.idat(got), expectedSize: image.height * (1 + 3 * image.width))
                #expect(inflated == PNGStreamTests.upRows(image), "\(name): zlib's reading of the rows")
            }
            return
        }
        try withTemporaryFolder { folder in
            let path = folder + "/out.png"
            let file = try #require(try GrowingFile.replacing(path))
            #expect(try stream(into: file).isEmpty)
            try file.finish()
            let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(written == expected, "\(name), in a file")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.png"])
        }
    }

    /// A stream closed without finishing (its render failed) stops its thread, which
    /// would otherwise wait for rows for ever and keep the stream alive.
    @Test func aClosedStreamLetsItsThreadEnd() throws {
        let image = randomImage(width: 200, height: 600, seed: 41, opaque: true)
        weak var released: PNGRowStream?
        do {
            let stream = PNGRowStream(width: 200, height: 600, options: .fast, note: nil, into: nil)
            released = stream
            stream.rowsFinished(image, upTo: 130)
            #expect(Self.waitForBands(stream, 1))
            stream.close()
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while released != nil, ContinuousClock.now < deadline { usleep(1000) }
        #expect(released == nil, "the stream's thread still holds it")
    }

    /// Rows reported after `close` start no thread, and `finish` then compresses every
    /// band itself (it once waited for ever for a thread marked running but never
    /// started: `finish` runs on a thread of its own here, so that fails, not hangs).
    @Test func rowsAfterCloseStartNoThread() throws {
        let image = randomImage(width: 150, height: 400, seed: 44, opaque: true)
        let stream = PNGRowStream(width: 150, height: 400, options: .fast, note: nil, into: nil)
        stream.close()
        stream.rowsFinished(image, upTo: 400)
        let finished = Mutex<[UInt8]?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            finished.withLock { $0 = try? stream.finish(image) }
            done.signal()
        }
        guard done.wait(timeout: .now() + 30) == .success else {
            Issue.record("finish did not return within 30 s")
            return
        }
        #expect(finished.withLock { $0 } == (try PNGEncoder.encode(image)))
        #expect(stream.bandsMadeWhileDrawing == 0)
    }

    /// A card-like scene over a picture still decoding (streamed through its ring, so the
    /// decoder is still at work when the render starts): solids and a gradient around the
    /// picture, then text with shadows (two lines overlapping), a shape, and text at the
    /// bottom; or labels whose paint contrasts with the picture under them (chosen while
    /// the rows below are still coming); or shapes alone, whose rows are known at once.
    /// Every row reported finished
    /// is the same when reported as in the canvas returned, and the canvas is the one
    /// drawn without reporting. With shapes alone, rows are reported before the end (text
    /// holds its rows until it is prepared, on a thread that may not be done in time).
    enum Overlays: CaseIterable { case shapes, text, contrastingText }

    @Test(arguments: Overlays.allCases)
    func rowsReportedFinishedAreNeverDrawnOnAgain(overlays: Overlays) throws {
        let jpeg = try JPEGEncoder.encode(randomImage(width: 600, height: 3000, seed: 43, opaque: true), quality: 90)
        // Not a DCT scale of the picture: its rows are filtered band by band, not copied.
        let (width, height) = (280, 1400)
        let font = try bundledFont()
        let shadow = TextShadow(color: Color.black.withOpacity(0.5), blur: 0.1, offsetY: 0.05)
        func text(_ words: String, y: Double, size: Double, paint: TextPaint? = nil) -> Layer {
            .text(
                TextLayer(
                    text: words, font: font, size: size, placement: .inkCentered(x: 140, y: y),
                    paint: paint ?? .fixed(.white, shadow: shadow)))
        }
        func disc(y: Double) -> Layer {
            .shape(ShapeLayer(.disc(radius: 12), centerX: 140, centerY: y, color: .white))
        }
        func scene(_ picture: DecodedPicture, lastLine: String = "Dec 21") -> Scene {
            let under: [Layer] = [
                .solid(.black), .picture(PictureLayer(picture: picture, opacity: 0.8)),
                .gradient(
                    LinearGradient(axis: .vertical, color: .black, stops: [.init(0, alpha: 0), .init(1, alpha: 0.6)])),
            ]
            let contrasting = TextPaint.contrasting(dark: .black, light: .white)
            let over: [Layer] =
                switch overlays {
                case .shapes: [disc(y: 900), disc(y: 910), disc(y: 1395)]
                case .text:
                    [
                        text("Winter", y: 400, size: 60), text("Solstice", y: 440, size: 50), disc(y: 900),
                        text(lastLine, y: 1330, size: 70),
                    ]
                case .contrastingText:
                    [
                        disc(y: 150), text("Winter", y: 160, size: 60, paint: contrasting),
                        text(lastLine, y: 700, size: 50, paint: contrasting),
                    ]
                }
            return Scene(width: width, height: height, layers: under + over)
        }
        func decoding() throws -> DecodedPicture {
            let picture = try ImageDecoder.decodePicture(
                jpeg, width: width, height: height, inBackground: true, streamed: true)
            try #require(picture.ringRows != nil && picture.progress?.isDecoding == true)
            return picture
        }

        let reports = Mutex<[(rows: Int, pixels: [UInt8])]>([])
        let picture = try decoding()
        let rendered = try Renderer(workers: 2).renderTimed(
            scene(picture),
            rowsFinished: { canvas, rows in
                let copy = [UInt8](UnsafeBufferPointer(start: canvas.pixels, count: rows * canvas.bytesPerRow))
                reports.withLock { $0.append((rows, copy)) }
            })
        try picture.finish()
        let canvas = rendered.image
        let reported = reports.withLock { $0 }
        if overlays == .shapes {
            #expect(reported.contains { $0.rows > 0 && $0.rows < height }, "no rows were finished before the end")
        }
        for (rows, pixels) in reported {
            #expect(rows <= height)
            #expect(memcmp(pixels, canvas.pixels, rows * canvas.bytesPerRow) == 0, "rows above \(rows) changed")
        }

        let again = try decoding()
        let plain = try Renderer(workers: 2).render(scene(again))
        try again.finish()
        #expect(memcmp(plain.pixels, canvas.pixels, height * canvas.bytesPerRow) == 0)

        // With text: a line the font cannot show fails the render as it would without
        // reporting, after the rows above it may have been reported (they are then thrown away).
        if overlays == .text {
            let failing = try decoding()
            #expect(throws: FontError.self) {
                try Renderer(workers: 2).renderTimed(scene(failing, lastLine: "冬至"), rowsFinished: { _, _ in })
            }
            try failing.finish()
        }
    }
}

/// `RowFinisher` driven band by band, its text prepared already: bands are "composited"
/// by copying them from a picture into a canvas that is black until then, so a paint
/// chosen, or an overlay drawn, before the rows under it arrive comes out different from
/// drawing the layers in order over the whole picture, which is the reference. The disc
/// and the last line straddle bands, so rows reported before they are drawn would show.
@Suite struct RowFinisherTests {
    /// `layers` (text and shapes) drawn whole, one after another, over a copy of `picture`.
    static func drawnInOrder(_ layers: [Layer], over picture: Image) throws -> Image {
        let reference = picture.copy()
        for layer in layers {
            switch layer {
            case .text(let text): try TextPainter.draw(text, on: reference)
            case .shape(let shape): shape.mask.blend(color: shape.color.premultiplied, onto: reference)
            default: Issue.record("only text and shapes here")
            }
        }
        return reference
    }

    /// A finisher for `layers` over a canvas `width` by `height`, their text prepared.
    static func finisher(
        for layers: [Layer], width: Int, height: Int, rowsFinished: @escaping @Sendable (Image, Int) -> Void
    ) throws -> RowFinisher {
        var prepared: [Int: Result<TextPainter.Prepared?, FontError>] = [:]
        for (index, layer) in layers.enumerated() {
            guard case .text(let text) = layer else { continue }
            prepared[index] = .success(try TextPainter.prepare(text, canvasWidth: width, canvasHeight: height))
        }
        let scene = Scene(width: width, height: height, layers: layers)
        return RowFinisher(
            overlays: try #require(RowFinisher.overlays(of: scene, 0..<layers.count)),
            textAhead: .done(prepared), canvasHeight: height, rowsFinished: rowsFinished)
    }

    /// A card's text is laid out bottom-up, so its first overlay is its lowest line.
    /// With every ink known, each band gets every overlay's part in it, in the scene's
    /// order, and is finished at once: no row waits for a line further down. Two lines
    /// overlap (the second's ink over the first's shadow) across a band's edge, so a band
    /// drawn in another order, or twice, would differ from the reference.
    @Test func bandsAreFinishedAsTheyArriveWhateverTheOrderOfTheLines() throws {
        let (width, height) = (240, 1024)
        let picture = randomImage(width: width, height: height, seed: 7, opaque: true)
        let font = try bundledFont()
        let shadow = TextShadow(color: Color.black.withOpacity(0.6), blur: 0.15, offsetY: 0.1)
        func line(_ words: String, y: Double, size: Double) -> Layer {
            .text(
                TextLayer(
                    text: words, font: font, size: size, placement: .inkCentered(x: 120, y: y),
                    paint: .fixed(.white.withOpacity(0.9), shadow: shadow)))
        }
        let layers: [Layer] = [
            line("Dec 21", y: 900, size: 40), line("Solstice", y: 650, size: 50), line("Winter", y: 620, size: 60),
            .shape(ShapeLayer(.disc(radius: 10), centerX: 120, centerY: 128, color: .white)),
        ]
        let reference = try Self.drawnInOrder(layers, over: picture)

        let canvas = Image(width: width, height: height)
        let reports = Mutex<[Int]>([])
        let finisher = try Self.finisher(
            for: layers, width: width, height: height, rowsFinished: { _, rows in reports.withLock { $0.append(rows) } }
        )
        for band in stride(from: 0, to: height, by: 64) {
            let rows = band..<min(height, band + 64)
            canvas.row(rows.lowerBound).update(
                from: picture.row(rows.lowerBound), count: rows.count * canvas.bytesPerRow)
            finisher.composited(rows, of: canvas)
            // Finished as soon as composited, the lines below still to come.
            #expect(reports.withLock { $0.last } == rows.upperBound, "band \(rows)")
            let finished = rows.upperBound * canvas.bytesPerRow
            #expect(memcmp(canvas.pixels, reference.pixels, finished) == 0, "rows above \(rows.upperBound)")
        }
        try finisher.finish(on: canvas)
        #expect(memcmp(canvas.pixels, reference.pixels, height * canvas.bytesPerRow) == 0)
    }

    @Test func contrastingTextIsPaintedAndDrawnOnceItsRowsArrive() throws {
        let (width, height) = (240, 1024)
        // Light everywhere: a contrasting paint over it is dark, over black it would be light.
        let picture = solidImage(width: width, height: height, PremultipliedPixel(r: 235, g: 240, b: 250, a: 255))
        let font = try bundledFont()
        let contrasting = TextPaint.contrasting(dark: .black, light: .white)
        let layers: [Layer] = [
            .text(
                TextLayer(
                    text: "Winter", font: font, size: 50, placement: .inkCentered(x: 120, y: 300), paint: contrasting)),
            .shape(ShapeLayer(.disc(radius: 10), centerX: 120, centerY: 128, color: .white)),
            .text(
                TextLayer(
                    text: "Dec 21", font: font, size: 40, placement: .inkCentered(x: 120, y: 640),
                    paint: .fixed(.white, shadow: TextShadow(color: .black, blur: 0.1, offsetY: 0.05)))),
        ]
        let reference = try Self.drawnInOrder(layers, over: picture)

        let canvas = Image(width: width, height: height)
        let reports = Mutex<[Int]>([])
        let finisher = try Self.finisher(
            for: layers, width: width, height: height, rowsFinished: { _, rows in reports.withLock { $0.append(rows) } }
        )
        var finishedEarly: [(rows: Int, pixels: [UInt8])] = []
        for band in stride(from: 0, to: height, by: 128) {
            let rows = band..<min(height, band + 128)
            canvas.row(rows.lowerBound).update(
                from: picture.row(rows.lowerBound), count: rows.count * canvas.bytesPerRow)
            finisher.composited(rows, of: canvas)
            if let last = reports.withLock({ $0.last }) {
                finishedEarly.append(
                    (last, [UInt8](UnsafeBufferPointer(start: canvas.pixels, count: last * canvas.bytesPerRow))))
            }
        }
        try finisher.finish(on: canvas)

        #expect(memcmp(canvas.pixels, reference.pixels, height * canvas.bytesPerRow) == 0)
        // Every row was reported finished before `finish`: the contrasting label was
        // painted and drawn as soon as its rows were there.
        #expect(reports.withLock { $0.max() } == height)
        for (rows, pixels) in finishedEarly {
            #expect(memcmp(pixels, reference.pixels, rows * canvas.bytesPerRow) == 0, "rows above \(rows)")
        }
    }
}
